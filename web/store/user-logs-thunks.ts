import { createAsyncThunk, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { toast } from 'react-toastify';
import type { UserLogMetrics } from '@common/analytics/user-logs';
import type { TimelineAnswer } from '@common/schemas/users';
import { errorMessage } from '@/lib/errors';
import { getJson } from './user-logs-http';
import {
  cacheKey,
  isFresh,
  METRICS_FAILURE,
  normaliseUsersAnswer,
  TIMELINE_CACHE_TTL_MS,
  TIMELINE_FAILURE,
  timelineParams,
  USERS_CACHE_TTL_MS,
  USERS_FAILURE,
  usersParams,
  type TimelineQuery,
  type UsersAnswer,
  type UsersQuery,
} from './user-logs-query';
import { resolveUsersQuery, timelineQueryOf, type UserLogsState, type UsersFetchArgs } from './user-logs-state';

// The user-logs loads (SPEC §4 "Logs loading", §8, §9): each answer is cached with its arrival time
// and reused while younger than its TTL unless the fetch is forced; a failure shows an error toast
// (the server's message, else the error's, else the fixed sentence) and is stored as the error.

type MetricsAnswer = { data: UserLogMetrics };
type State = { userLogs: UserLogsState };
type ThunkApi = { state: State; rejectValue: string };
type Dispatch = ThunkDispatch<State, unknown, UnknownAction>;

type UsersLoad = { query: UsersQuery; force: boolean };

/** What every load answers besides its data: whose data it is (the scope when it started). */
type Scoped = { scope: string | null };

export const loadUsers = createAsyncThunk<{ key: string; answer: UsersAnswer; at: number; cached: boolean } & Scoped, UsersLoad, ThunkApi>(
  'userLogs/fetchUsers',
  async ({ query, force }, { getState, rejectWithValue, signal }) => {
    const { cache, scope } = getState().userLogs;
    const params = usersParams(query);
    const key = cacheKey('/users/logs', params);
    const hit = cache.users[key];
    if (!force && isFresh(hit, USERS_CACHE_TTL_MS, Date.now())) return { key, answer: hit.data, at: hit.timestamp, cached: true, scope };
    try {
      const raw = await getJson<Parameters<typeof normaliseUsersAnswer>[0]>('/users/logs', params, signal);
      return { key, answer: normaliseUsersAnswer(raw, query), at: Date.now(), cached: false, scope };
    } catch (err) {
      const message = errorMessage(err, USERS_FAILURE);
      toast.error(message);
      return rejectWithValue(message);
    }
  },
);

/** GET /users/logs for the arguments over the state, or its cached answer when younger than 5 minutes and not forced. */
export const fetchUsers = (args?: UsersFetchArgs) => (dispatch: Dispatch, getState: () => State) =>
  dispatch(loadUsers(resolveUsersQuery(getState().userLogs, args)));

export type TimelineFetchArgs = { userId: number | null | undefined; force?: boolean };
type TimelineLoad = { userId: number | null; query: TimelineQuery; force: boolean };
export const timelineKeyOf = (userId: number, query: TimelineQuery) => cacheKey(`/users/${userId}/logs/json`, timelineParams(query));

export const loadTimeline = createAsyncThunk<{ key: string | null; answer: TimelineAnswer | null; at: number; cached: boolean } & Scoped, TimelineLoad, ThunkApi>(
  'userLogs/fetchTimeline',
  async ({ userId, query, force }, { getState, rejectWithValue, signal }) => {
    const { cache, scope } = getState().userLogs;
    if (!userId) return { key: null, answer: null, at: Date.now(), cached: false, scope };
    const path = `/users/${userId}/logs/json`;
    const params = timelineParams(query);
    const key = timelineKeyOf(userId, query);
    const hit = cache.timeline[key];
    if (!force && isFresh(hit, TIMELINE_CACHE_TTL_MS, Date.now())) return { key, answer: hit.data, at: hit.timestamp, cached: true, scope };
    try {
      return { key, answer: await getJson<TimelineAnswer>(path, params, signal), at: Date.now(), cached: false, scope };
    } catch (err) {
      const message = errorMessage(err, TIMELINE_FAILURE);
      toast.error(message);
      return rejectWithValue(message);
    }
  },
);

// Preloads on their way, per store: a timeline asked for meanwhile waits for it instead of asking twice.
const preloading = new WeakMap<Dispatch, Map<string, Promise<unknown>>>();
const preloadsOf = (dispatch: Dispatch) => {
  let map = preloading.get(dispatch);
  if (!map) preloading.set(dispatch, (map = new Map()));
  return map;
};

/**
 * GET /users/{id}/logs/json for the state's filters and page, or the cached answer when younger
 * than 2 minutes and not forced (a new search forces once). Without a user id: an empty list and
 * no call (SPEC §5). The same query already on its way (asked for or preloaded) is not asked twice.
 */
export const fetchTimeline = ({ userId, force }: TimelineFetchArgs) => async (dispatch: Dispatch, getState: () => State) => {
  const s = getState().userLogs;
  const query = timelineQueryOf(s);
  const forced = Boolean(force) || s.timelineForce;
  if (userId && !forced) {
    const key = timelineKeyOf(userId, query);
    if (s.loading && s.requests.timelineKey === key) return;
    const preload = preloadsOf(dispatch).get(key);
    if (preload) await preload;
  }
  await dispatch(loadTimeline({ userId: userId || null, query, force: forced }));
};

export const loadPreload = createAsyncThunk<{ key: string; answer: TimelineAnswer; at: number } & Scoped, { userId: number; query: TimelineQuery }, ThunkApi>(
  'userLogs/preloadTimeline',
  async ({ userId, query }, { getState, signal }) => {
    const scope = getState().userLogs.scope;
    const answer = await getJson<TimelineAnswer>(`/users/${userId}/logs/json`, timelineParams(query), signal);
    return { key: timelineKeyOf(userId, query), answer, at: Date.now(), scope };
  },
);

/**
 * Fills the cache with page 1 of another user's timeline under the current filters (the previous
 * and next users, SPEC §9), quietly: no loading flag, no toast. Skipped when already fresh.
 */
export const preloadTimeline = ({ userId }: { userId: number }) => async (dispatch: Dispatch, getState: () => State) => {
  const s = getState().userLogs;
  const query = timelineQueryOf(s, 1);
  const key = timelineKeyOf(userId, query);
  const preloads = preloadsOf(dispatch);
  if (preloads.has(key) || isFresh(s.cache.timeline[key], TIMELINE_CACHE_TTL_MS, Date.now())) return;
  const done = dispatch(loadPreload({ userId, query }));
  preloads.set(key, done);
  try {
    await done;
  } finally {
    preloads.delete(key);
  }
};

/** GET /users/{id}/logs/metrics (the derived metrics of SPEC §3), cached like the timeline. */
export const fetchUserMetrics = createAsyncThunk<{ key: string; metrics: UserLogMetrics; at: number; cached: boolean } & Scoped, { userId: number; force?: boolean }, ThunkApi>(
  'userLogs/fetchUserMetrics',
  async ({ userId, force }, { getState, rejectWithValue, signal }) => {
    const { cache, scope } = getState().userLogs;
    const key = `/users/${userId}/logs/metrics`;
    const hit = cache.metrics[key];
    if (!force && isFresh(hit, TIMELINE_CACHE_TTL_MS, Date.now())) return { key, metrics: hit.data, at: hit.timestamp, cached: true, scope };
    try {
      const answer = await getJson<MetricsAnswer>(key, {}, signal);
      return { key, metrics: answer.data, at: Date.now(), cached: false, scope };
    } catch (err) {
      return rejectWithValue(errorMessage(err, METRICS_FAILURE));
    }
  },
);
