import type { RowData } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { readUrlParams, writeUrlParams } from '@/lib/url-state';
import type { DataTableColumn } from './features';
import { buildListParams, DEFAULT_PER_PAGE, type ListParams, type SortState } from './query';
import type { DataTableProps } from './types';
import { tableStateFromUrl, tableStateToUrl } from './url';
import { useDebouncedValue } from './use-debounced-value';

export type TableController = {
  searchInput: string;
  setSearchInput: (value: string) => void;
  /** A search or a non-default filter is active. */
  narrowed: boolean;
  clearSearch: () => void;
  filters: Record<string, string>;
  setFilter: (name: string, value: string) => void;
  sort: SortState;
  setSort: (sort: SortState) => void;
  perPage: number;
  setPerPage: (perPage: number) => void;
  page: number;
  setPage: (page: number) => void;
  /** What the list call sends for this state. */
  params: ListParams;
};

function columnIdOf<Row extends RowData>(column: DataTableColumn<Row>): string | undefined {
  const c = column as { id?: string; accessorKey?: unknown };
  return c.id ?? (typeof c.accessorKey === 'string' ? c.accessorKey : undefined);
}

/** The table's query state (search, filters, sort, page, page size) and the params it makes. */
export function useTableController<Row extends RowData>(props: DataTableProps<Row>): TableController {
  const filterDefs = props.filters ?? [];
  const initialFilters = () => Object.fromEntries(filterDefs.map((f) => [f.name, f.defaultValue ?? '']));
  const defaults = { perPage: props.defaultPerPage, sort: props.defaultSort ?? null };
  // with `urlState`, the first state is the address's (a reload, a shared link)
  const [fromUrl] = useState(() => (props.urlState ? tableStateFromUrl(readUrlParams(), filterDefs, defaults) : null));
  const [searchInput, setSearchInput] = useState(fromUrl?.search ?? '');
  const search = useDebouncedValue(searchInput, 300).trim();
  const [filters, setFilters] = useState<Record<string, string>>(fromUrl?.filters ?? initialFilters);
  const [sort, setSort] = useState<SortState>(fromUrl ? fromUrl.sort : (props.defaultSort ?? null));
  const [perPage, setPerPage] = useState(fromUrl?.perPage ?? props.defaultPerPage ?? DEFAULT_PER_PAGE);

  // The page belongs to one search/filter/sort/size: changing any of them starts again at page 1.
  const scope = JSON.stringify([search, filters, sort, perPage]);
  const [pageState, setPageState] = useState({ scope, page: fromUrl?.page ?? 1 });
  const page = pageState.scope === scope ? pageState.page : 1;

  const urlKeys = props.urlState ? JSON.stringify(tableStateToUrl({ page, perPage, search, sort, filters }, filterDefs, defaults)) : null;
  useEffect(() => {
    if (urlKeys) writeUrlParams(JSON.parse(urlKeys) as Record<string, string | undefined>);
  }, [urlKeys]);

  const sortKey = sort ? (props.columns.find((c) => columnIdOf(c) === sort.id)?.meta?.sortKey ?? sort.id) : null;
  const params = buildListParams(
    { page, perPage, search, sort: sort && sortKey ? { id: sortKey, desc: sort.desc } : null, filters },
    filterDefs,
    props.params,
  );

  return {
    searchInput,
    setSearchInput,
    narrowed: search !== '' || filterDefs.some((f) => (filters[f.name] ?? '') !== (f.defaultValue ?? '')),
    clearSearch: () => {
      setSearchInput('');
      setFilters(initialFilters());
    },
    filters,
    setFilter: (name, value) => setFilters((prev) => ({ ...prev, [name]: value })),
    sort,
    setSort,
    perPage,
    setPerPage,
    page,
    setPage: (next) => setPageState({ scope, page: Math.max(1, Math.trunc(next)) }),
    params,
  };
}
