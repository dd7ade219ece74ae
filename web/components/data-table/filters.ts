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
