import type { RowData } from '@tanstack/react-table';
import { useTableController, type TableController } from './controller';
import { usePromiseList, type ListQueryFn, type ListQueryHook } from './sources';
import { TableView } from './TableView';
import type { DataTableProps } from './types';

/**
 * The one list table of the app: server-side pages of Laravel's paginator, a debounced search,
 * sortable columns (sort_by/sort_order), select filters, rows per page, row selection with bulk
 * actions, and its loading, empty and error states. Built on TanStack Table with manual paging
 * and sorting. Rows come from an RTK Query hook (`useQuery`) or a `query` function.
 */
export function DataTable<Row extends RowData>(props: DataTableProps<Row>) {
  const controller = useTableController(props);
  if (props.useQuery) return <HookSource useQuery={props.useQuery} controller={controller} props={props} />;
  if (props.query) return <PromiseSource query={props.query} controller={controller} props={props} />;
  throw new Error('DataTable needs `useQuery` or `query`.');
}

type SourceProps<Row extends RowData> = { controller: TableController; props: DataTableProps<Row> };

function HookSource<Row extends RowData>({ useQuery, controller, props }: SourceProps<Row> & { useQuery: ListQueryHook<Row> }) {
  const result = useQuery(controller.params);
  return <TableView result={result} controller={controller} props={props} />;
}

function PromiseSource<Row extends RowData>({ query, controller, props }: SourceProps<Row> & { query: ListQueryFn<Row> }) {
  const result = usePromiseList(query, controller.params);
  return <TableView result={result} controller={controller} props={props} />;
}
