import type { ListQuery, Paginator } from '@common/schemas/list-query';
import { formatCompactCount, formatCount } from '@common/format';

// What a DataTable sends and how it reads the answer: the list query of the HTTP contract
// (page, per_page, search, sort_by/sort_order, filters) and Laravel's paginator object.

export const PER_PAGE_OPTIONS = [10, 15, 25, 50, 100] as const;
export const DEFAULT_PER_PAGE = 15;

/**
 * The query parameters of a list call: the shared list query (common/schemas/list-query.ts, what
 * every list endpoint validates) with the page size always sent; extra keys are a table's own
 * filters or fixed params.
 */
export type ListParams = ListQuery & { per_page: number } & { [param: string]: string | number | boolean | undefined };

/**
 * A select filter above the table. By default its value goes out as its own query parameter
 * (`?type=customer`, or `?filter=unread` with `param: 'filter'`); `mode: 'filter_by'` sends the
 * contract's generic pair instead (`filter_by=<name>&filter=<value>`).
 */
export type TableFilter = {
  name: string;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The value chosen at first; '' (no filter) when left out. */
  defaultValue?: string;
  /** The query parameter; `name` by default. */
  param?: string;
  mode?: 'param' | 'filter_by';
};

export type SortState = { id: string; desc: boolean } | null;

export type TableQueryState = {
  page: number;
  perPage: number;
  search: string;
  sort: SortState;
  /** Chosen value of each filter, by filter name ('' = none). */
  filters: Record<string, string>;
};

/**
 * The list call's parameters for the table's state. Empty search and filters are left out
 * (SPEC §5: sent only when non-empty); `fixed` parameters (a contact type…) are always sent.
 */
export function buildListParams(
  state: TableQueryState,
  filterDefs: readonly TableFilter[] = [],
  fixed: Record<string, string | number | boolean | undefined> = {},
): ListParams {
  const params: ListParams = { ...fixed, page: Math.max(1, Math.trunc(state.page) || 1), per_page: state.perPage };
  const search = state.search.trim();
  if (search) params.search = search;
  if (state.sort) {
    params.sort_by = state.sort.id;
    params.sort_order = state.sort.desc ? 'desc' : 'asc';
  }
  for (const def of filterDefs) {
    const value = state.filters[def.name] ?? def.defaultValue ?? '';
    if (value === '') continue;
    if (def.mode === 'filter_by') {
      params.filter_by = def.name;
      params.filter = value;
    } else {
      params[def.param ?? def.name] = value;
    }
  }
  return params;
}

/** A stable text key of the parameters (selection is kept per key: a new query clears it). */
export function paramsKey(params: ListParams): string {
  return Object.keys(params)
    .filter((k) => params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${String(params[k])}`)
    .join('&');
}

export type PageSlice<T> = Pick<Paginator<T>, 'current_page' | 'data' | 'per_page' | 'from' | 'to' | 'total' | 'last_page' | 'total_estimated'>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * An answer as one page: a paginator as it is, a plain array (SPEC §3: "many lists can come back
 * either as a plain array or as a paged object") as a single page holding everything.
 */
export function toPage<T>(answer: Paginator<T> | readonly T[] | { data: Paginator<T> | readonly T[] } | null | undefined): PageSlice<T> | null {
  if (answer == null) return null;
  if (Array.isArray(answer)) {
    const total = answer.length;
    return { current_page: 1, data: answer as T[], per_page: total, from: total ? 1 : null, to: total ? total : null, total, last_page: 1 };
  }
  if (isRecord(answer) && 'current_page' in answer) return answer as Paginator<T>;
  if (isRecord(answer) && 'data' in answer && (Array.isArray(answer.data) || isRecord(answer.data))) {
    return toPage(answer.data as Paginator<T> | readonly T[]);
  }
  return null;
}

/**
 * "Showing 16 to 30 of 42 results" (or "No results"); a large list's estimated total reads
 * "of about 1.2M results" (the server marks it `total_estimated`).
 */
export function pageSummary(page: Pick<PageSlice<unknown>, 'from' | 'to' | 'total' | 'total_estimated'>): string {
  if (!page.total || page.from == null || page.to == null) return 'No results';
  const total = page.total_estimated ? `about ${formatCompactCount(page.total)}` : formatCount(page.total);
  return `Showing ${formatCount(page.from)} to ${formatCount(page.to)} of ${total} ${page.total === 1 ? 'result' : 'results'}`;
}

/**
 * The page numbers to offer around the current one: always the first and last, up to `around`
 * on each side of the current page, and null for a gap ("…").
 */
export function pageWindow(current: number, last: number, around = 1): Array<number | null> {
  if (last <= 1) return [1];
  const pages = new Set<number>([1, last]);
  for (let p = current - around; p <= current + around; p += 1) if (p >= 1 && p <= last) pages.add(p);
  // Fill a gap of exactly one page with that page rather than "…".
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && p - prev > 2) out.push(null);
    out.push(p);
  });
  return out;
}

/**
 * The sort that a click on a column's header asks for: a new column starts in its first direction
 * (ascending, or descending for `descFirst` columns such as dates); the sorted column flips.
 */
export function nextSort(current: SortState, columnId: string, descFirst = false): SortState {
  if (!current || current.id !== columnId) return { id: columnId, desc: descFirst };
  return { id: columnId, desc: !current.desc };
}
