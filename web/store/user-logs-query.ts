import type { Paginator } from '@common/schemas/list-query';
import type { LogsPagination, TimelineType, UserLogsRow } from '@common/schemas/users';
import { isImportantPage, type LogEntry } from '@common/analytics/user-logs';

// The pure half of the user-logs state (SPEC §3 "User-logs state", §4 "Logs loading", §9):
// constants, cache freshness, the query strings of the two list calls and the paging adapter.

/** SPEC §9: users cache 5 minutes, timeline cache 2 minutes. */
export const USERS_CACHE_TTL_MS = 5 * 60_000;
export const TIMELINE_CACHE_TTL_MS = 2 * 60_000;
/** SPEC §9: users list 15 per page, timeline 20. */
export const USERS_PER_PAGE = 15;
export const TIMELINE_PER_PAGE = 20;
/** SPEC §9: the adjacent users' timelines are preloaded 1 s (previous) and 2 s (next) later. */
export const PRELOAD_PREVIOUS_MS = 1_000;
export const PRELOAD_NEXT_MS = 2_000;

export const USERS_FAILURE = 'Failed to load users data';
export const TIMELINE_FAILURE = 'Failed to load timeline data';
export const METRICS_FAILURE = 'Failed to load analytics';

export type UserLogSort = 'name' | 'email' | 'last_activity' | 'activity_count';
export type SortOrder = 'asc' | 'desc';

/** A cached answer and when it arrived (ms since the epoch). */
export type CacheEntry<T> = { data: T; timestamp: number };

/** True when the entry exists and is younger than `ttl` at `now`. */
export function isFresh<T>(entry: CacheEntry<T> | undefined, ttl: number, now: number): entry is CacheEntry<T> {
  return entry !== undefined && now - entry.timestamp < ttl;
}

export type UsersQuery = { page: number; perPage: number; search: string; sortField: UserLogSort; sortOrder: SortOrder };
export type TimelineFilters = { search: string; type: TimelineType; dateFrom: string; dateTo: string };
export type TimelineQuery = TimelineFilters & { page: number; perPage: number };

/** GET /users/logs parameters: page, per_page, sort_by and sort_order always; search only when non-empty. */
export function usersParams(q: UsersQuery): Record<string, string> {
  const params: Record<string, string> = {
    page: String(q.page),
    per_page: String(q.perPage),
    sort_by: q.sortField,
    sort_order: q.sortOrder,
  };
  const search = q.search.trim();
  if (search) params.search = search;
  return params;
}

/** GET /users/{id}/logs/json parameters: search, date_from and date_to only when non-empty (SPEC §5). */
export function timelineParams(q: TimelineQuery): Record<string, string> {
  const params: Record<string, string> = { page: String(q.page), per_page: String(q.perPage), type: q.type };
  const search = q.search.trim();
  if (search) params.search = search;
  if (q.dateFrom.trim()) params.date_from = q.dateFrom.trim();
  if (q.dateTo.trim()) params.date_to = q.dateTo.trim();
  return params;
}

/** A stable cache key for a call: the path and its parameters in name order. */
export function cacheKey(path: string, params: Record<string, string>): string {
  const query = Object.keys(params)
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(params[k])}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

/**
 * The timeline filter of SPEC §4 applied to entries on the client: actions are `activity`, pages
 * `page_visit`, important pages the page visits that are not dashboards, health checks, assets…
 */
export function filterTimeline<T extends LogEntry>(entries: readonly T[], type: TimelineType): T[] {
  switch (type) {
    case 'actions':
      return entries.filter((e) => e.type === 'activity');
    case 'pages':
      return entries.filter((e) => e.type === 'page_visit');
    case 'important_pages':
      return entries.filter(isImportantPage);
    default:
      return [...entries];
  }
}

/**
 * GET /users/logs answers `{ data (or users), pagination }`, not Laravel's paginator: this turns
 * it into one so the DataTable reads it like every other list.
 */
export function logsPaginator<Row>(rows: readonly Row[], p: LogsPagination, path = ''): Paginator<Row> {
  const from = p.total > 0 && rows.length > 0 ? (p.current_page - 1) * p.per_page + 1 : null;
  return {
    current_page: p.current_page,
    data: [...rows],
    per_page: p.per_page,
    total: p.total,
    last_page: Math.max(1, p.total_pages),
    from,
    to: from === null ? null : from + rows.length - 1,
    links: [],
    path,
    first_page_url: '',
    last_page_url: '',
    next_page_url: null,
    prev_page_url: null,
  };
}

/** The users list's answer, whichever key carries the rows (SPEC §7: "data (or users)"). */
export type UsersAnswer = { data: UserLogsRow[]; pagination: LogsPagination };
export function normaliseUsersAnswer(raw: { data?: UserLogsRow[]; users?: UserLogsRow[]; pagination?: LogsPagination }, q: UsersQuery): UsersAnswer {
  const data = raw.data ?? raw.users ?? [];
  const pagination = raw.pagination ?? {
    current_page: q.page,
    per_page: q.perPage,
    total: data.length,
    total_pages: 1,
    has_next: false,
    has_prev: q.page > 1,
  };
  return { data, pagination };
}
