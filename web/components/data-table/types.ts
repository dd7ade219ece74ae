import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { ButtonVariant } from '../form/Button';
import type { DataTableColumn } from './features';
import type { SortState, TableFilter } from './query';
import type { ListQueryFn, ListQueryHook } from './sources';

/** An action on the selected rows ("Mark as read", "Delete"). The selection is cleared when it ends. */
export type BulkAction<Row> = {
  label: string;
  /** Runs with the selected rows of the page on screen and their ids. */
  onAction: (rows: Row[], ids: string[]) => unknown;
  variant?: ButtonVariant;
  icon?: ReactNode;
};

export type DataTableProps<Row extends RowData> = {
  /** Column definitions made with `columnHelper<Row>()` (module scope or memoised). */
  columns: readonly DataTableColumn<Row>[];
  /** The row's id (selection and React keys). */
  getRowId: (row: Row) => string | number;
  /** The table's accessible name (its caption, read by screen readers). */
  label: string;
  /** Where rows come from: an RTK Query hook of a list endpoint… */
  useQuery?: ListQueryHook<Row>;
  /** …or a function returning a paginator (or a plain array). */
  query?: ListQueryFn<Row>;
  /** Fixed query parameters sent with every call (`{ type: 'customer' }`). */
  params?: Record<string, string | number | boolean | undefined>;
  /** A search box (debounced 300 ms; a new search starts at page 1). */
  search?: boolean | { placeholder?: string; label?: string };
  filters?: readonly TableFilter[];
  /** 15 unless said otherwise (SPEC §9); the choices are 10, 15, 25, 50, 100. */
  defaultPerPage?: number;
  /** The sort shown at first (the server's default order, say `{ id: 'created_at', desc: true }`). */
  defaultSort?: SortState;
  /** Checkboxes on every row, for bulk actions. */
  selectable?: boolean;
  bulkActions?: readonly BulkAction<Row>[];
  /** Buttons at the end of each row. */
  rowActions?: (row: Row) => ReactNode;
  /** Names a row for its checkbox ("Select Invoice INV-001"). */
  rowLabel?: (row: Row) => string;
  rowClassName?: (row: Row) => string | undefined;
  /** Controls at the end of the toolbar ("Mark all as read", "New customer"). */
  toolbar?: ReactNode;
  /** The list's export endpoint (`/accounting/contacts/export`): an Export menu (CSV, XLSX) of the list as searched, filtered and sorted. */
  exportUrl?: string;
  /** What an empty list says (when no search or filter is active). */
  empty?: { title: string; description?: ReactNode; action?: ReactNode };
  /** The sentence for a failed load when the server gave none. */
  errorFallback?: string;
  /** Keep the search, filters, sort, page and page size in the address (`?type=purchase&page=2`): a reload or a shared link shows the same list. */
  urlState?: boolean;
  /** On phones, show each row as a card of label/value lines (default) instead of scrolling sideways. */
  stacked?: boolean;
  className?: string;
};
