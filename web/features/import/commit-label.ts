import { formatCount } from '@common/format';

/**
 * The import button's words: the count only when that many rows will be imported. A file with
 * errors imports nothing (all or nothing), so its disabled button claims no count.
 */
export function commitLabel(preview: { valid: number; invalid: number }, label: string): string {
  if (preview.invalid > 0) return `Import ${label} (fix the errors first)`;
  if (preview.valid === 0) return `No ${label} to import`;
  return `Import ${formatCount(preview.valid)} ${label}`;
}
