import type { ListParams } from './query';

export type ExportFormat = 'csv' | 'xlsx';

/**
 * The export link of a list for the table's current search, filters and sort (not its page:
 * an export is the whole list): `<url>?search=…&type=customer&format=csv`.
 */
export function exportHref(url: string, params: ListParams, format: ExportFormat): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (key === 'page' || key === 'per_page' || value === undefined || value === '') continue;
    query.set(key, String(value));
  }
  query.set('format', format);
  return `${url}${url.includes('?') ? '&' : '?'}${query.toString()}`;
}
