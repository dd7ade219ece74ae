import type { Column, RowData } from '@tanstack/react-table';
import { Search } from 'lucide-react';
import { cx } from '../cx';
import { filterChoices } from './filters';
import { selectClasses } from '../form/styles';
import type { TableController } from './controller';
import { ExportMenu } from './ExportMenu';
import type { DataTableFeatures } from './features';
import type { DataTableProps } from './types';

type ToolbarProps<Row extends RowData> = {
  controller: TableController;
  props: DataTableProps<Row>;
  /** Columns the server sorts by (offered in a select on phones, where headers are hidden). */
  sortable: Column<DataTableFeatures, Row, unknown>[];
  stacked: boolean;
};

/**
 * Above the table: the search box, the select filters, the phone sort menu and the page's own
 * controls. Nothing at all when it would hold none of them; phones only when the sort menu (hidden
 * from `sm` up, where the headers sort) is all it holds, so no list shows an empty bar.
 */
export function Toolbar<Row extends RowData>({ controller, props, sortable, stacked }: ToolbarProps<Row>) {
  const searchBox = props.search ? (typeof props.search === 'object' ? props.search : {}) : null;
  const phoneSort = stacked && sortable.length > 0;
  const everywhere = Boolean(searchBox || props.filters?.length || props.toolbar || props.exportUrl);
  if (!everywhere && !phoneSort) return null;
  return (
    <div className={cx('flex flex-wrap items-end gap-3 border-b border-slate-100 p-4 dark:border-slate-700', !everywhere && 'sm:hidden')} data-testid="table-toolbar">
      {searchBox && (
        <label className="relative min-w-48 flex-1 sm:max-w-xs">
          <span className="sr-only">{searchBox.label ?? 'Search'}</span>
          <Search aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
          <input
            type="search"
            value={controller.searchInput}
            onChange={(e) => controller.setSearchInput(e.target.value)}
            placeholder={searchBox.placeholder ?? 'Search…'}
            className={cx(selectClasses, 'ps-9 pe-3')}
          />
        </label>
      )}
      {props.filters?.map((f) => (
        <label key={f.name} className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400">
          {f.label}
          <select value={controller.filters[f.name] ?? ''} onChange={(e) => controller.setFilter(f.name, e.target.value)} className={cx(selectClasses, 'w-auto min-w-36')}>
            {filterChoices(f).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      ))}
      {phoneSort && (
        // The column headers are hidden on phones: sorting is offered here instead.
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 sm:hidden dark:text-slate-400">
          Sort by
          <select
            value={controller.sort ? `${controller.sort.id}:${controller.sort.desc ? 'desc' : 'asc'}` : ''}
            onChange={(e) => {
              const [id, dir] = e.target.value.split(':');
              controller.setSort(id ? { id, desc: dir === 'desc' } : null);
            }}
            className={cx(selectClasses, 'w-auto min-w-36')}
          >
            {!controller.sort && <option value="">Default order</option>}
            {sortable.flatMap((c) => {
              const name = c.columnDef.meta?.label ?? (typeof c.columnDef.header === 'string' ? c.columnDef.header : c.id);
              return [
                <option key={`${c.id}:asc`} value={`${c.id}:asc`}>{`${name} (ascending)`}</option>,
                <option key={`${c.id}:desc`} value={`${c.id}:desc`}>{`${name} (descending)`}</option>,
              ];
            })}
          </select>
        </label>
      )}
      {(props.toolbar || props.exportUrl) && (
        <div className="ms-auto flex flex-wrap items-center gap-2">
          {props.exportUrl && <ExportMenu url={props.exportUrl} params={controller.params} label={props.label} />}
          {props.toolbar}
        </div>
      )}
    </div>
  );
}
