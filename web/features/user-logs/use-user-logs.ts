import { useEffect, useMemo, useRef, useState } from 'react';
import type { Paginator } from '@common/schemas/list-query';
import { USER_LOG_SORTS, type UserLogsRow } from '@common/schemas/users';
import type { ListParams } from '@/components/data-table/query';
import type { ListResult } from '@/components/data-table/sources';
import { useSharedProps } from '@/lib/page';
import { useAppDispatch, useAppSelector } from '@/store';
import { cacheKey, logsPaginator, PRELOAD_NEXT_MS, PRELOAD_PREVIOUS_MS, usersParams, type UserLogSort } from '@/store/user-logs-query';
import { fetchTimeline, fetchUserMetrics, fetchUsers, openUserTimeline, preloadTimeline, scopeUserLogs } from '@/store/user-logs-slice';

/** The user-logs data belongs to the signed-in user in the current company; another one starts afresh. */
export function useUserLogsScope() {
  const { auth, tenant } = useSharedProps();
  const dispatch = useAppDispatch();
  const scope = `${tenant?.id ?? 0}:${auth?.user?.id ?? 0}`;
  useEffect(() => {
    dispatch(scopeUserLogs(scope));
  }, [dispatch, scope]);
}

const sortOf = (value: unknown): UserLogSort => (USER_LOG_SORTS.includes(value as UserLogSort) ? (value as UserLogSort) : 'name');

/**
 * The DataTable's source for GET /users/logs, through the `userLogs` slice (5-minute cache): the
 * table's params go to fetchUsers, the cached answer for those params comes back as a paginator.
 * The previous page stays on screen while the next one loads.
 */
export function useUserLogsSource(params: ListParams): ListResult<UserLogsRow> {
  useUserLogsScope();
  const dispatch = useAppDispatch();
  const { page, per_page: perPage, search = '', sort_by: sortBy, sort_order: sortOrder } = params;
  const query = useMemo(
    () => ({ page, perPage, search: String(search), sortField: sortOf(sortBy), sortOrder: sortOrder === 'desc' ? ('desc' as const) : ('asc' as const) }),
    [page, perPage, search, sortBy, sortOrder],
  );
  const key = cacheKey('/users/logs', usersParams(query));
  const [attempt, setAttempt] = useState(0);
  const forced = useRef(0);

  useEffect(() => {
    const force = attempt !== forced.current;
    forced.current = attempt;
    void dispatch(fetchUsers({ ...query, force }));
  }, [dispatch, query, attempt]);

  const entry = useAppSelector((s) => s.userLogs.cache.users[key]);
  const loading = useAppSelector((s) => s.userLogs.loading);
  const error = useAppSelector((s) => s.userLogs.error);
  const current = useMemo(() => (entry ? logsPaginator(entry.data.data, entry.data.pagination, '/users/logs') : undefined), [entry]);
  // the last page shown, kept on screen while the next one loads
  const [shown, setShown] = useState<Paginator<UserLogsRow> | undefined>(current);
  if (current && current !== shown) setShown(current);
  const data = current ?? shown;

  return {
    data,
    error: loading ? undefined : (error ?? undefined),
    isLoading: !data && !error,
    isFetching: loading || !current,
    refetch: () => setAttempt((n) => n + 1),
  };
}

/**
 * One user's timeline page: opens the user (their page 1, filters kept), loads the timeline
 * whenever the filters or the page change and the metrics when the user changes, and preloads
 * the previous and next users' timelines 1 s and 2 s later. `reload` (the reset) asks again.
 */
export function useUserTimeline(userId: number, neighbours: { previous: number | null; next: number | null }, reload: number) {
  useUserLogsScope();
  const dispatch = useAppDispatch();
  const filters = useAppSelector((s) => s.userLogs.timelineFilters);
  const page = useAppSelector((s) => s.userLogs.timelinePagination.current_page);
  const perPage = useAppSelector((s) => s.userLogs.timelinePagination.per_page);
  const { search, type, dateFrom, dateTo } = filters;

  useEffect(() => {
    dispatch(openUserTimeline(userId));
    void dispatch(fetchUserMetrics({ userId }));
  }, [dispatch, userId, reload]);

  useEffect(() => {
    void dispatch(fetchTimeline({ userId }));
  }, [dispatch, userId, search, type, dateFrom, dateTo, page, perPage, reload]);

  const { previous, next } = neighbours;
  useEffect(() => {
    const timers: number[] = [];
    if (previous) timers.push(window.setTimeout(() => void dispatch(preloadTimeline({ userId: previous })), PRELOAD_PREVIOUS_MS));
    if (next) timers.push(window.setTimeout(() => void dispatch(preloadTimeline({ userId: next })), PRELOAD_NEXT_MS));
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, [dispatch, previous, next, userId, reload]);
}
