import {
  createColumnHelper,
  metaHelper,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';

/** Per-column settings the DataTable reads. */
export type DataTableColumnMeta = {
  /** The column's name where the header cell is not shown (stacked rows on phones, sort menu). */
  label?: string;
  /** Align the cells (numbers and amounts: `end`). */
  align?: 'start' | 'end' | 'center';
  /** The server's name for sorting by this column, when it is not the column id. */
  sortKey?: string;
  /** Classes of the body cells. */
  className?: string;
  /** Classes of the header cell (a width, say). */
  headerClassName?: string;
};

/**
 * The table features every DataTable uses: sorting and paging are done by the server (manual),
 * selection is kept by row id.
 */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  columnMeta: metaHelper<DataTableColumnMeta>(),
});

export type DataTableFeatures = typeof dataTableFeatures;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of different value types share one array
export type DataTableColumn<Row extends RowData> = ColumnDef<DataTableFeatures, Row, any>;

/**
 * The column helper for a DataTable's rows, at module scope of the page:
 * `const col = columnHelper<Notification>(); const columns = col.columns([col.accessor('title', { header: 'Title', enableSorting: true })])`.
 * Columns do not sort unless they say `enableSorting: true` (the server decides what it sorts by).
 */
export function columnHelper<Row extends RowData>() {
  return createColumnHelper<DataTableFeatures, Row>();
}
