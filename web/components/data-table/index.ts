export { DataTable } from './DataTable';
export { columnHelper, dataTableFeatures, type DataTableColumn, type DataTableColumnMeta, type DataTableFeatures } from './features';
export { PER_PAGE_OPTIONS, buildListParams, toPage, type ListParams, type SortState, type TableFilter } from './query';
export type { ListQueryFn, ListQueryHook, ListResult } from './sources';
export type { BulkAction, DataTableProps } from './types';
export { useDebouncedValue } from './use-debounced-value';
export { exportHref, type ExportFormat } from './export';
export { ExportMenu } from './ExportMenu';
