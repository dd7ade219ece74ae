import type { TableFilter } from './query';

/** The status filter above a list of records that can be disabled (customers, vendors, items…): `?enabled=true|false`. */
export const ENABLED_FILTER = {
  name: 'enabled',
  label: 'Status',
  options: [
    { value: '', label: 'All' },
    { value: 'true', label: 'Enabled' },
    { value: 'false', label: 'Disabled' },
  ],
} as const satisfies TableFilter;

/**
 * A filter's choices as its select shows them: with "All" first when the filter starts unfiltered
 * ('') but declares no choice for it, so the select never shows one choice ("Income summary")
 * while the list shows every row.
 */
export function filterChoices(filter: TableFilter): ReadonlyArray<{ value: string; label: string }> {
  if (filter.defaultValue || filter.options.some((o) => o.value === '')) return filter.options;
  return [{ value: '', label: 'All' }, ...filter.options];
}
