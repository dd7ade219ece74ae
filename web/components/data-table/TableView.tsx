import { functionalUpdate, useTable, type Header, type RowData, type RowSelectionState } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, CircleX, RefreshCw, SearchX } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '@/lib/errors';
import { cx } from '../cx';
import { EmptyState } from '../display/EmptyState';
import { Skeleton } from '../display/Skeleton';
import { Button } from '../form/Button';
import type { TableController } from './controller';
import { dataTableFeatures, type DataTableColumn, type DataTableFeatures } from './features';
import { Pagination } from './Pagination';
import { Toolbar } from './Toolbar';
import { nextSort, pageSummary, toPage } from './query';
import type { ListResult } from './sources';
import type { BulkAction, DataTableProps } from './types';

const EMPTY_ROWS: never[] = [];

type ViewProps<Row extends RowData> = { result: ListResult<Row>; controller: TableController; props: DataTableProps<Row> };

/** A checkbox whose "some selected" state shows as a dash. */
function SelectBox({ checked, indeterminate = false, label, onChange, disabled }: { checked: boolean; indeterminate?: boolean; label: string; onChange: (event: unknown) => void; disabled?: boolean }) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      ref={(el) => {
        if (el) el.indeterminate = indeterminate && !checked;
      }}
      onChange={onChange}
      className="size-4 rounded border-slate-300 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    />
  );
}

function headerText<Row extends RowData>(header: Header<DataTableFeatures, Row, unknown>): string {
  const def = header.column.columnDef;
  if (def.meta?.label) return def.meta.label;
  return typeof def.header === 'string' ? def.header : header.column.id;
}

const ALIGN = { start: 'text-start', end: 'text-end', center: 'text-center' } as const;

export function TableView<Row extends RowData>({ result, controller, props }: ViewProps<Row>) {
  const { page: current, perPage } = controller;
  const page = useMemo(() => toPage(result.data ?? null), [result.data]);
  const rows = (page?.data as Row[] | undefined) ?? (EMPTY_ROWS as Row[]);
  const selectable = Boolean(props.selectable);
  const stacked = props.stacked ?? true;

  // Selection belongs to one query (page, search, filters…): a new query starts with none.
  const selectionScope = JSON.stringify(controller.params);
  const [selection, setSelection] = useState<{ scope: string; value: RowSelectionState }>({ scope: selectionScope, value: {} });
  const rowSelection = selection.scope === selectionScope ? selection.value : {};
  const [running, setRunning] = useState<string | null>(null);

  const table = useTable({
    features: dataTableFeatures,
    columns: props.columns as DataTableColumn<Row>[],
    data: rows,
    getRowId: (row: Row) => String(props.getRowId(row)),
    defaultColumn: { enableSorting: false },
    manualSorting: true,
    manualPagination: true,
    pageCount: page?.last_page ?? 1,
    enableRowSelection: selectable,
    enableMultiSort: false,
    state: {
      sorting: controller.sort ? [controller.sort] : [],
      pagination: { pageIndex: current - 1, pageSize: perPage },
      rowSelection,
    },
    onSortingChange: (updater) => controller.setSort(functionalUpdate(updater, controller.sort ? [controller.sort] : [])[0] ?? null),
    onPaginationChange: (updater) => {
      const next = functionalUpdate(updater, { pageIndex: current - 1, pageSize: perPage });
      if (next.pageSize !== perPage) controller.setPerPage(next.pageSize);
      else controller.setPage(next.pageIndex + 1);
    },
    onRowSelectionChange: (updater) =>
      setSelection((prev) => ({ scope: selectionScope, value: functionalUpdate(updater, prev.scope === selectionScope ? prev.value : {}) })),
  });

  // Past the last page (its last rows were deleted, say): go to the new last page.
  const lastPage = page?.last_page ?? 1;
  const setPage = controller.setPage;
  useEffect(() => {
    if (page && page.total > 0 && page.data.length === 0 && current > lastPage) setPage(lastPage);
  }, [page, current, lastPage, setPage]);

  const selectedRows = table.getSelectedRowModel().rows.map((r) => r.original);
  const selectedIds = Object.keys(rowSelection);

  async function runBulk(action: BulkAction<Row>) {
    setRunning(action.label);
    try {
      await action.onAction(selectedRows, selectedIds);
      table.resetRowSelection(true);
    } finally {
      setRunning(null);
    }
  }

  const error = result.error ? errorMessage(result.error, props.errorFallback ?? 'The list could not be loaded.') : null;
  const columns = table.getAllLeafColumns();
  const columnCount = columns.length + (selectable ? 1 : 0) + (props.rowActions ? 1 : 0);
  const sortable = columns.filter((c) => c.getCanSort());

  const stack = (classes: string) => (stacked ? classes : '');

  return (
    <div className={cx('rounded-md bg-white shadow-sm ring-1 ring-slate-900/5 dark:bg-dark dark:ring-white/10', props.className)}>
      {/* renders nothing (or a phones-only bar) when it has nothing to hold */}
      <Toolbar controller={controller} props={props} sortable={sortable} stacked={stacked} />

      {selectable && selectedIds.length > 0 && (
        <div role="toolbar" aria-label="Bulk actions" className="flex flex-wrap items-center gap-3 border-b border-slate-100 bg-primary/5 px-4 py-2.5 text-sm dark:border-slate-700 dark:bg-primary/10">
          <span className="font-medium text-slate-900 dark:text-white">{selectedIds.length} selected</span>
          {props.bulkActions?.map((action) => (
            <Button key={action.label} size="sm" variant={action.variant ?? 'outline'} onClick={() => void runBulk(action)} disabled={running !== null} busy={running === action.label}>
              {action.icon}
              {action.label}
            </Button>
          ))}
          <Button size="sm" variant="ghost" className="ms-auto" onClick={() => table.resetRowSelection(true)} disabled={running !== null}>
            Clear selection
          </Button>
        </div>
      )}

      {page && error && (
        <div role="alert" className="flex flex-wrap items-center gap-3 border-b border-danger/20 bg-danger/5 px-4 py-2.5 text-sm text-red-700 dark:text-red-300">
          <CircleX aria-hidden="true" className="size-4" />
          {error}
          <Button size="sm" variant="ghost" onClick={() => void result.refetch()}>
            Try again
          </Button>
        </div>
      )}

      {/* Announces the outcome of a search, filter or page change. */}
      <p role="status" className="sr-only">
        {page ? pageSummary(page) : result.isLoading ? 'Loading' : ''}
      </p>

      <div className="overflow-x-auto">
        <table aria-busy={result.isFetching || undefined} className={cx('w-full text-sm', stack('max-sm:block'), result.isFetching && page && 'opacity-60 transition-opacity')}>
          <caption className="sr-only">{props.label}</caption>
          <thead className={stack('max-sm:hidden')}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} className="border-b border-slate-100 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase dark:border-slate-700 dark:bg-slate-800/50 dark:text-slate-400">
                {selectable && (
                  <th scope="col" className="w-10 px-4 py-3">
                    <SelectBox
                      label="Select all rows on this page"
                      checked={rows.length > 0 && table.getIsAllPageRowsSelected()}
                      indeterminate={table.getIsSomePageRowsSelected()}
                      onChange={table.getToggleAllPageRowsSelectedHandler()}
                      disabled={rows.length === 0}
                    />
                  </th>
                )}
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta;
                  const sorted = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  const content = header.isPlaceholder ? null : <table.FlexRender header={header} />;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={canSort ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                      className={cx('px-4 py-3 font-medium whitespace-nowrap', ALIGN[meta?.align ?? 'start'], meta?.headerClassName)}
                    >
                      {canSort ? (
                        <button
                          type="button"
                          onClick={() => controller.setSort(nextSort(controller.sort, header.column.id, header.column.columnDef.sortDescFirst))}
                          className={cx(
                            'group inline-flex items-center gap-1.5 rounded-sm uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:hover:text-white',
                            sorted && 'text-slate-900 dark:text-white',
                          )}
                        >
                          {content}
                          {sorted === 'asc' ? (
                            <ArrowUp aria-hidden="true" className="size-3.5" />
                          ) : sorted === 'desc' ? (
                            <ArrowDown aria-hidden="true" className="size-3.5" />
                          ) : (
                            <ArrowUpDown aria-hidden="true" className="size-3.5 opacity-40 group-hover:opacity-100" />
                          )}
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
                {props.rowActions && (
                  <th scope="col" className="px-4 py-3 text-end">
                    <span className="sr-only">Actions</span>
                  </th>
                )}
              </tr>
            ))}
          </thead>
          <tbody className={cx('divide-y divide-slate-100 dark:divide-slate-700', stack('max-sm:block'))}>
            {!page && result.isLoading &&
              Array.from({ length: Math.min(perPage, 8) }, (_, i) => (
                <tr key={`skeleton-${i}`} className={stack('max-sm:block max-sm:px-4 max-sm:py-3')}>
                  {Array.from({ length: columnCount }, (_, j) => (
                    <td key={j} className={cx('px-4 py-3.5', stack('max-sm:block max-sm:px-0 max-sm:py-1'))}>
                      <Skeleton className="h-4 w-full max-w-40" />
                    </td>
                  ))}
                </tr>
              ))}
            {!page && !result.isLoading && error && (
              <tr className={stack('max-sm:block')}>
                <td colSpan={columnCount} className={stack('max-sm:block')}>
                  <div role="alert">
                    <EmptyState
                      icon={<CircleX className="size-6 text-danger" />}
                      title="The list could not be loaded"
                      description={error}
                      action={
                        <Button variant="outline" size="sm" onClick={() => void result.refetch()}>
                          <RefreshCw aria-hidden="true" className="size-4" />
                          Try again
                        </Button>
                      }
                    />
                  </div>
                </td>
              </tr>
            )}
            {page && rows.length === 0 && (
              <tr className={stack('max-sm:block')}>
                <td colSpan={columnCount} className={stack('max-sm:block')}>
                  {controller.narrowed ? (
                    <EmptyState
                      icon={<SearchX className="size-6" />}
                      title="Nothing matches"
                      description="No rows match this search or these filters."
                      action={
                        <Button variant="outline" size="sm" onClick={controller.clearSearch}>
                          Clear search and filters
                        </Button>
                      }
                    />
                  ) : (
                    <EmptyState title={props.empty?.title ?? 'Nothing here yet'} description={props.empty?.description} action={props.empty?.action} />
                  )}
                </td>
              </tr>
            )}
            {table.getRowModel().rows.map((row) => {
              const selected = row.getIsSelected();
              return (
                <tr
                  key={row.id}
                  className={cx(
                    'transition-colors hover:bg-slate-50 dark:hover:bg-slate-700/40',
                    selected && 'bg-primary/5 dark:bg-primary/10',
                    stack('max-sm:block max-sm:px-4 max-sm:py-3'),
                    props.rowClassName?.(row.original),
                  )}
                >
                  {selectable && (
                    <td className={cx('w-10 px-4 py-3', stack('max-sm:block max-sm:px-0 max-sm:py-1'))}>
                      <SelectBox
                        label={`Select ${props.rowLabel?.(row.original) ?? `row ${row.id}`}`}
                        checked={selected}
                        onChange={row.getToggleSelectedHandler()}
                        disabled={!row.getCanSelect()}
                      />
                    </td>
                  )}
                  {row.getAllCells().map((cell) => {
                    const meta = cell.column.columnDef.meta;
                    const header = table.getFlatHeaders().find((h) => h.column.id === cell.column.id);
                    return (
                      <td
                        key={cell.id}
                        data-label={header ? headerText(header) : cell.column.id}
                        className={cx(
                          'px-4 py-3 text-slate-700 dark:text-slate-300',
                          ALIGN[meta?.align ?? 'start'],
                          stack(
                            'max-sm:flex max-sm:items-start max-sm:justify-between max-sm:gap-4 max-sm:px-0 max-sm:py-1 max-sm:text-end max-sm:before:shrink-0 max-sm:before:text-start max-sm:before:text-xs max-sm:before:font-medium max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-slate-400',
                          ),
                          meta?.className,
                        )}
                      >
                        <table.FlexRender cell={cell} />
                      </td>
                    );
                  })}
                  {props.rowActions && (
                    <td className={cx('px-4 py-3 text-end whitespace-nowrap', stack('max-sm:block max-sm:px-0 max-sm:pt-2'))}>
                      <div className="inline-flex items-center gap-1">{props.rowActions(row.original)}</div>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      {page && page.total > 0 && (
        <Pagination page={page} perPage={perPage} onPage={(p) => table.setPageIndex(p - 1)} onPerPage={(n) => table.setPageSize(n)} />
      )}
    </div>
  );
}
