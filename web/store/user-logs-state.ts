import type { UserLogMetrics } from '@common/analytics/user-logs';
import type { LogsPagination, TimelineAnswer, TimelineEntry, TimelineType, UserLogsRow } from '@common/schemas/users';
import {
  TIMELINE_PER_PAGE,
  USERS_PER_PAGE,
  type CacheEntry,
  type SortOrder,
  type TimelineFilters,
  type TimelineQuery,
  type UserLogSort,
  type UsersAnswer,
  type UsersQuery,
} from './user-logs-query';

// The shape of the user-logs state (SPEC §3 "User-logs state") and the queries it stands for.

export type TimelinePagination = LogsPagination & { access_total: number; action_total: number };

export type UserLogsState = {
  users: UserLogsRow[];
  timeline: TimelineEntry[];
  /** the timeline under the current filter tab (the server filters too; this keeps a cached answer honest) */
  filteredTimeline: TimelineEntry[];
  stats: { total: number; pages: number; actions: number };
  detailedMetrics: UserLogMetrics | null;
  loading: boolean;
  error: string | null;
  metricsLoading: boolean;
  metricsError: string | null;
  /** the timeline filter tab */
  filter: TimelineType;
  cache: {
    users: Record<string, CacheEntry<UsersAnswer>>;
    timeline: Record<string, CacheEntry<TimelineAnswer>>;
    metrics: Record<string, CacheEntry<UserLogMetrics>>;
  };
  currentUserId: number | null;
  isAdmin: boolean;
  pagination: LogsPagination;
  timelinePagination: TimelinePagination;
  searchQuery: string;
  sortField: UserLogSort;
  sortOrder: SortOrder;
  timelineFilters: TimelineFilters;
  /** the next timeline fetch skips the cache (a new search asked for fresh data) */
  timelineForce: boolean;
  /** the latest users / timeline / metrics request: an older one finishing late does not overwrite it */
  requests: { users: string | null; timeline: string | null; metrics: string | null; timelineKey: string | null };
  /** whose data this is ("tenant:viewer"): another account or company starts from scratch */
  scope: string | null;
};

const emptyPaging = (perPage: number): LogsPagination => ({ current_page: 1, total_pages: 1, per_page: perPage, total: 0, has_next: false, has_prev: false });

export const initialUserLogsState: UserLogsState = {
  users: [],
  timeline: [],
  filteredTimeline: [],
  stats: { total: 0, pages: 0, actions: 0 },
  detailedMetrics: null,
  loading: false,
  error: null,
  metricsLoading: false,
  metricsError: null,
  filter: 'all',
  cache: { users: {}, timeline: {}, metrics: {} },
  currentUserId: null,
  isAdmin: false,
  pagination: emptyPaging(USERS_PER_PAGE),
  timelinePagination: { ...emptyPaging(TIMELINE_PER_PAGE), access_total: 0, action_total: 0 },
  searchQuery: '',
  sortField: 'name',
  sortOrder: 'asc',
  timelineFilters: { search: '', type: 'all', dateFrom: '', dateTo: '' },
  timelineForce: false,
  requests: { users: null, timeline: null, metrics: null, timelineKey: null },
  scope: null,
};

export type UsersFetchArgs = Partial<UsersQuery> & { force?: boolean };

/** The users query a fetch asks for: its arguments over the state; a new search starts at page 1 and skips the cache. */
export function resolveUsersQuery(s: UserLogsState, args: UsersFetchArgs = {}): { query: UsersQuery; force: boolean } {
  const search = (args.search ?? s.searchQuery).trim();
  const searching = search !== s.searchQuery;
  return {
    query: {
      page: searching ? 1 : (args.page ?? s.pagination.current_page),
      perPage: args.perPage ?? s.pagination.per_page,
      search,
      sortField: args.sortField ?? s.sortField,
      sortOrder: args.sortOrder ?? s.sortOrder,
    },
    force: Boolean(args.force) || searching,
  };
}

/** The timeline query the state stands for (filters, page and page size). */
export function timelineQueryOf(s: UserLogsState, page = s.timelinePagination.current_page): TimelineQuery {
  return { ...s.timelineFilters, page, perPage: s.timelinePagination.per_page };
}
