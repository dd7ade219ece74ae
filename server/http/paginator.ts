import type { Paginator, PaginatorLink } from '../../common/schemas/list-query.js';

/**
 * Builds Laravel's paginator object; page URLs keep the caller's other query parameters.
 * `estimated` marks a total that is the planner's estimate of a large list (list-totals.ts).
 */
export function paginator<T>(
  data: T[],
  o: { total: number; estimated?: boolean; page: number; perPage: number; path: string; query: Record<string, unknown> },
): Paginator<T> {
  const lastPage = Math.max(1, Math.ceil(o.total / o.perPage));
  const url = (p: number) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(o.query)) if (v !== undefined && v !== null && k !== 'page') q.set(k, String(v));
    q.set('page', String(p));
    return `${o.path}?${q.toString()}`;
  };
  const from = data.length ? (o.page - 1) * o.perPage + 1 : null;
  const links: PaginatorLink[] = [
    { url: o.page > 1 ? url(o.page - 1) : null, label: '&laquo; Previous', active: false },
    ...pageWindow(o.page, lastPage).map((p) =>
      p === null ? { url: null, label: '...', active: false } : { url: url(p), label: String(p), active: p === o.page },
    ),
    { url: o.page < lastPage ? url(o.page + 1) : null, label: 'Next &raquo;', active: false },
  ];
  return {
    current_page: o.page,
    data,
    first_page_url: url(1),
    from,
    last_page: lastPage,
    last_page_url: url(lastPage),
    links,
    next_page_url: o.page < lastPage ? url(o.page + 1) : null,
    path: o.path,
    per_page: o.perPage,
    prev_page_url: o.page > 1 ? url(o.page - 1) : null,
    to: from === null ? null : from + data.length - 1,
    total: o.total,
    // only on an estimate, so an ordinary list keeps exactly Laravel's keys
    ...(o.estimated ? { total_estimated: true } : {}),
  };
}

/** Laravel's UrlWindow: all pages when few, else both ends plus the neighbourhood of the current page. */
export function pageWindow(page: number, last: number): (number | null)[] {
  if (last <= 10) return range(1, last);
  if (page <= 6) return [...range(1, 8), null, last - 1, last];
  if (page > last - 6) return [1, 2, null, ...range(last - 7, last)];
  return [1, 2, null, ...range(page - 3, page + 3), null, last - 1, last];
}

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
