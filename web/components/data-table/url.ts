import { DEFAULT_PER_PAGE, PER_PAGE_OPTIONS, type SortState, type TableFilter, type TableQueryState } from './query';

// A list's state in its address (`urlState` on the DataTable): ?search=…&type=purchase&sort=created_at&order=asc&page=2.
// Only what differs from the table's defaults is written, so an untouched list keeps a bare address.

type Defaults = { perPage?: number; sort?: SortState };

const SORT_ID = /^[\w.]{1,64}$/;

/** The table's state read from a query string; anything unreadable or unknown falls back to the default. */
export function tableStateFromUrl(query: URLSearchParams, filters: readonly TableFilter[], defaults: Defaults = {}): TableQueryState {
  const perPageText = Number(query.get('per_page'));
  const perPage = (PER_PAGE_OPTIONS as readonly number[]).includes(perPageText) ? perPageText : (defaults.perPage ?? DEFAULT_PER_PAGE);
  const page = Math.max(1, Math.trunc(Number(query.get('page'))) || 1);
  const sortId = query.get('sort');
  const sort = sortId && SORT_ID.test(sortId) ? { id: sortId, desc: query.get('order') !== 'asc' } : (defaults.sort ?? null);
  const chosen: Record<string, string> = {};
  for (const f of filters) {
    const value = query.get(f.name);
    // a value the filter does not offer (an old link, a typo) is ignored rather than sent
    chosen[f.name] = value !== null && f.options.some((o) => o.value === value) ? value : (f.defaultValue ?? '');
  }
  return { page, perPage, search: query.get('search') ?? '', sort, filters: chosen };
}

/** The query keys of the table's state (undefined: left out of the address). */
export function tableStateToUrl(state: TableQueryState, filters: readonly TableFilter[], defaults: Defaults = {}): Record<string, string | undefined> {
  const defaultSort = defaults.sort ?? null;
  const sameSort = JSON.stringify(state.sort) === JSON.stringify(defaultSort);
  const out: Record<string, string | undefined> = {
    search: state.search.trim() || undefined,
    page: state.page > 1 ? String(state.page) : undefined,
    per_page: state.perPage !== (defaults.perPage ?? DEFAULT_PER_PAGE) ? String(state.perPage) : undefined,
    sort: sameSort ? undefined : (state.sort?.id ?? ''),
    order: sameSort || !state.sort ? undefined : state.sort.desc ? 'desc' : 'asc',
  };
  for (const f of filters) {
    const value = state.filters[f.name] ?? '';
    out[f.name] = value === (f.defaultValue ?? '') ? undefined : value;
  }
  return out;
}
