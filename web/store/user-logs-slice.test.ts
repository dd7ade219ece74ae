import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimelineAnswer, UserLogsRow } from '@common/schemas/users';
import {
  fetchTimeline,
  fetchUserMetrics,
  fetchUsers,
  initialUserLogsState,
  openUserTimeline,
  preloadTimeline,
  resetUserLogs,
  scopeUserLogs,
  setTimelineFilters,
  setTimelinePage,
  userLogsReducer,
} from './user-logs-slice';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('react-toastify', () => ({ toast: { error: toastError } }));

const makeStore = () => configureStore({ reducer: { userLogs: userLogsReducer } });

type Reply = { status?: number; body?: unknown } | Error;
let replies: Reply[] = [];
let calls: string[] = [];
const fetchMock = vi.fn(async (url: string) => {
  calls.push(url);
  const reply = replies.shift() ?? { body: {} };
  if (reply instanceof Error) throw reply;
  return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), { status: reply.status ?? 200 });
});

const user = (id: number, name: string): UserLogsRow => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.test`,
  avatar_url: null,
  role: null,
  status: 'active',
  activity_count: 3,
  page_visits: 2,
  actions: 1,
  last_activity: null,
});
const usersAnswer = (rows: UserLogsRow[], page = 1) => ({
  data: rows,
  pagination: { current_page: page, total_pages: 2, per_page: 15, total: 20, has_next: page < 2, has_prev: page > 1 },
});
const timelineAnswer = (ids: number[], isAdmin = true): TimelineAnswer => ({
  timeline: ids.map((id) => ({
    id,
    type: id % 2 ? 'page_visit' : 'activity',
    timestamp: '2026-03-01T10:00:00Z',
    action_type: null,
    resource_type: null,
    route_name: '/sales/invoices',
    description: null,
    url: '/sales/invoices',
    method: 'GET',
  })),
  pagination: { current_page: 1, total_pages: 1, per_page: 20, total: ids.length, has_next: false, has_prev: false, access_total: 7, action_total: 4 },
  isAdmin,
  filters: { type: 'all', search: null, date_from: null, date_to: null },
  user: { id: 4, name: 'Amani', email: 'amani@example.test', avatar_url: null, role: null },
});
const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

beforeEach(() => {
  replies = [];
  calls = [];
  fetchMock.mockClear();
  toastError.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('users list', () => {
  it('loads with the defaults (page 1, 15, name ascending, no search) and stores users and pagination', async () => {
    const store = makeStore();
    replies.push({ body: usersAnswer([user(1, 'Amani')]) });
    const pending = store.dispatch(fetchUsers());
    expect(store.getState().userLogs.loading).toBe(true);
    await pending;
    expect(query(calls[0])).toEqual({ page: '1', per_page: '15', sort_by: 'name', sort_order: 'asc' });
    const s = store.getState().userLogs;
    expect(s.loading).toBe(false);
    expect(s.error).toBeNull();
    expect(s.users.map((u) => u.name)).toEqual(['Amani']);
    expect(s.pagination.total).toBe(20);
  });

  it('reads the rows from `users` when the answer has no `data`', async () => {
    const store = makeStore();
    replies.push({ body: { users: [user(2, 'Baraka')], pagination: usersAnswer([]).pagination } });
    await store.dispatch(fetchUsers());
    expect(store.getState().userLogs.users.map((u) => u.id)).toEqual([2]);
  });

  it('reuses a cached answer younger than 5 minutes, refetches an older one or a forced one', async () => {
    const store = makeStore();
    replies.push({ body: usersAnswer([user(1, 'Amani')]) }, { body: usersAnswer([user(1, 'Amani v2')]) }, { body: usersAnswer([user(1, 'Amani v3')]) });
    await store.dispatch(fetchUsers());
    vi.setSystemTime(new Date('2026-03-10T12:04:59Z'));
    await store.dispatch(fetchUsers());
    expect(calls).toHaveLength(1);
    vi.setSystemTime(new Date('2026-03-10T12:05:00Z'));
    await store.dispatch(fetchUsers());
    expect(calls).toHaveLength(2);
    expect(store.getState().userLogs.users[0].name).toBe('Amani v2');
    await store.dispatch(fetchUsers({ force: true }));
    expect(calls).toHaveLength(3);
    expect(store.getState().userLogs.users[0].name).toBe('Amani v3');
  });

  it('a new search goes back to page 1 and skips the cache', async () => {
    const store = makeStore();
    replies.push({ body: usersAnswer([user(1, 'A')], 2) }, { body: usersAnswer([user(1, 'A')]) }, { body: usersAnswer([]) }, { body: usersAnswer([user(1, 'A')]) });
    await store.dispatch(fetchUsers({ page: 2 }));
    await store.dispatch(fetchUsers({ search: 'ama' }));
    expect(query(calls[1])).toMatchObject({ page: '1', search: 'ama' });
    expect(store.getState().userLogs.searchQuery).toBe('ama');
    await store.dispatch(fetchUsers({ search: '' }));
    expect(query(calls[2]).search).toBeUndefined();
    // back to "ama" within 5 minutes: a search still asks the server again
    await store.dispatch(fetchUsers({ search: 'ama' }));
    expect(calls).toHaveLength(4);
  });

  it('records the sort it asked for', async () => {
    const store = makeStore();
    replies.push({ body: usersAnswer([]) });
    await store.dispatch(fetchUsers({ sortField: 'activity_count', sortOrder: 'desc' }));
    expect(query(calls[0])).toMatchObject({ sort_by: 'activity_count', sort_order: 'desc' });
    expect(store.getState().userLogs).toMatchObject({ sortField: 'activity_count', sortOrder: 'desc' });
  });
});

describe('failure message fallback order', () => {
  it("uses the server's message first", async () => {
    const store = makeStore();
    replies.push({ status: 500, body: { message: 'Database is down' } });
    await store.dispatch(fetchUsers());
    expect(store.getState().userLogs).toMatchObject({ loading: false, error: 'Database is down' });
    expect(toastError).toHaveBeenCalledWith('Database is down');
  });

  it("then the error's own message", async () => {
    const store = makeStore();
    replies.push(new TypeError('Failed to fetch'));
    await store.dispatch(fetchTimeline({ userId: 4 }));
    expect(store.getState().userLogs.error).toBe('Failed to fetch');
    expect(toastError).toHaveBeenCalledWith('Failed to fetch');
  });

  it('then the fixed sentences', async () => {
    const store = makeStore();
    replies.push({ status: 502, body: undefined }, { status: 500, body: { message: '' } });
    await store.dispatch(fetchUsers());
    expect(store.getState().userLogs.error).toBe('Failed to load users data');
    await store.dispatch(fetchTimeline({ userId: 4 }));
    expect(store.getState().userLogs.error).toBe('Failed to load timeline data');
    expect(toastError.mock.calls).toEqual([['Failed to load users data'], ['Failed to load timeline data']]);
  });

  it('a new fetch clears the error', async () => {
    const store = makeStore();
    replies.push({ status: 500, body: {} }, { body: usersAnswer([]) });
    await store.dispatch(fetchUsers());
    expect(store.getState().userLogs.error).not.toBeNull();
    const next = store.dispatch(fetchUsers({ force: true }));
    expect(store.getState().userLogs.error).toBeNull();
    await next;
    expect(store.getState().userLogs.error).toBeNull();
  });
});

describe('timeline', () => {
  it('without a user id: an empty list and no call', async () => {
    const store = makeStore();
    await store.dispatch(fetchTimeline({ userId: null }));
    await store.dispatch(fetchTimeline({ userId: undefined }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.getState().userLogs).toMatchObject({ timeline: [], filteredTimeline: [], loading: false, error: null });
  });

  it('stores the timeline, its paging, the tab counts as stats and the admin flag', async () => {
    const store = makeStore();
    replies.push({ body: timelineAnswer([1, 2, 3], false) });
    await store.dispatch(fetchTimeline({ userId: 4 }));
    expect(calls[0].split('?')[0]).toBe('/users/4/logs/json');
    expect(query(calls[0])).toEqual({ page: '1', per_page: '20', type: 'all' });
    const s = store.getState().userLogs;
    expect(s.timeline.map((e) => e.id)).toEqual([1, 2, 3]);
    expect(s.stats).toEqual({ total: 11, pages: 7, actions: 4 });
    expect(s).toMatchObject({ isAdmin: false, currentUserId: 4 });
  });

  it('sends the filters it has; search, date_from and date_to only when non-empty', async () => {
    const store = makeStore();
    replies.push({ body: timelineAnswer([]) }, { body: timelineAnswer([]) });
    store.dispatch(setTimelineFilters({ type: 'actions', dateFrom: '2026-03-01' }));
    await store.dispatch(fetchTimeline({ userId: 4 }));
    expect(query(calls[0])).toEqual({ page: '1', per_page: '20', type: 'actions', date_from: '2026-03-01' });
    store.dispatch(setTimelineFilters({ search: 'invoice', dateFrom: '', dateTo: '2026-03-09' }));
    await store.dispatch(fetchTimeline({ userId: 4 }));
    expect(query(calls[1])).toEqual({ page: '1', per_page: '20', type: 'actions', search: 'invoice', date_to: '2026-03-09' });
  });

  it('cached timeline younger than 2 min is reused, older is refetched', async () => {
    const store = makeStore();
    replies.push({ body: timelineAnswer([1]) }, { body: timelineAnswer([1, 3]) });
    await store.dispatch(fetchTimeline({ userId: 4 }));
    vi.setSystemTime(new Date('2026-03-10T12:01:59Z'));
    await store.dispatch(fetchTimeline({ userId: 4 }));
    expect(calls).toHaveLength(1);
    vi.setSystemTime(new Date('2026-03-10T12:02:00Z'));
    await store.dispatch(fetchTimeline({ userId: 4 }));
    expect(calls).toHaveLength(2);
    expect(store.getState().userLogs.timeline.map((e) => e.id)).toEqual([1, 3]);
  });

  it('a new search resets to page 1 and forces a refresh even of a cached answer', async () => {
    const store = makeStore();
    replies.push({ body: timelineAnswer([1]) }, { body: timelineAnswer([3]) }, { body: timelineAnswer([5]) }, { body: timelineAnswer([7]) });
    store.dispatch(setTimelineFilters({ search: 'tax' }));
    await store.dispatch(fetchTimeline({ userId: 4 }));
    store.dispatch(setTimelinePage(3));
    await store.dispatch(fetchTimeline({ userId: 4 }));
    expect(query(calls[1]).page).toBe('3');
    store.dispatch(setTimelineFilters({ search: '' }));
    store.dispatch(setTimelineFilters({ search: 'tax' }));
    expect(store.getState().userLogs.timelinePagination.current_page).toBe(1);
    await store.dispatch(fetchTimeline({ userId: 4 }));
    expect(calls).toHaveLength(3);
    expect(query(calls[2])).toMatchObject({ page: '1', search: 'tax' });
    // the force is used once: the same query again comes from the cache
    await store.dispatch(fetchTimeline({ userId: 4 }));
    expect(calls).toHaveLength(3);
  });

  it('keeps the client-side filter in step with the tab', async () => {
    const store = makeStore();
    replies.push({ body: timelineAnswer([1, 2, 3, 4]) });
    await store.dispatch(fetchTimeline({ userId: 4 }));
    store.dispatch(setTimelineFilters({ type: 'actions' }));
    expect(store.getState().userLogs.filter).toBe('actions');
    expect(store.getState().userLogs.filteredTimeline.map((e) => e.id)).toEqual([2, 4]);
  });

  it('preloads another timeline into the cache quietly, then uses it without a call', async () => {
    const store = makeStore();
    replies.push({ body: timelineAnswer([9]) });
    await store.dispatch(preloadTimeline({ userId: 5 }));
    expect(store.getState().userLogs).toMatchObject({ loading: false, timeline: [] });
    await store.dispatch(preloadTimeline({ userId: 5 }));
    store.dispatch(openUserTimeline(5));
    await store.dispatch(fetchTimeline({ userId: 5 }));
    expect(calls).toEqual(['/users/5/logs/json?page=1&per_page=20&type=all']);
    expect(store.getState().userLogs.timeline.map((e) => e.id)).toEqual([9]);
  });

  it('a failed preload shows nothing and stores no error', async () => {
    const store = makeStore();
    replies.push({ status: 500, body: { message: 'nope' } });
    await store.dispatch(preloadTimeline({ userId: 5 }));
    expect(store.getState().userLogs.error).toBeNull();
    expect(toastError).not.toHaveBeenCalled();
  });
});

describe('metrics, scope and reset', () => {
  it('stores the detailed metrics of the user on screen', async () => {
    const store = makeStore();
    replies.push({ body: { data: { total: 12 } } });
    store.dispatch(openUserTimeline(4));
    await store.dispatch(fetchUserMetrics({ userId: 4 }));
    expect(calls).toEqual(['/users/4/logs/metrics']);
    expect(store.getState().userLogs.detailedMetrics).toEqual({ total: 12 });
  });

  it('reset restores initial state (keeping whose data it is)', async () => {
    const store = makeStore();
    store.dispatch(scopeUserLogs('1:1'));
    replies.push({ body: usersAnswer([user(1, 'A')]) }, { body: timelineAnswer([1]) });
    await store.dispatch(fetchUsers({ search: 'a' }));
    store.dispatch(setTimelineFilters({ type: 'pages', search: 'x', dateFrom: '2026-03-01' }));
    await store.dispatch(fetchTimeline({ userId: 4 }));
    expect(store.getState().userLogs).not.toEqual({ ...initialUserLogsState, scope: '1:1' });
    store.dispatch(resetUserLogs());
    expect(store.getState().userLogs).toEqual({ ...initialUserLogsState, scope: '1:1' });
  });

  it('another signed-in user or company starts from scratch; the same scope keeps the cache', async () => {
    const store = makeStore();
    store.dispatch(scopeUserLogs('1:1'));
    replies.push({ body: usersAnswer([user(1, 'A')]) });
    await store.dispatch(fetchUsers());
    store.dispatch(scopeUserLogs('1:1'));
    expect(store.getState().userLogs.users).toHaveLength(1);
    store.dispatch(scopeUserLogs('2:7'));
    expect(store.getState().userLogs).toEqual({ ...initialUserLogsState, scope: '2:7' });
  });

  it('opening another user starts at their page 1 with the filters kept', () => {
    let s = userLogsReducer(undefined, setTimelineFilters({ type: 'actions' }));
    s = userLogsReducer(s, setTimelinePage(4));
    s = userLogsReducer(s, openUserTimeline(9));
    expect(s).toMatchObject({ currentUserId: 9, timeline: [], timelineFilters: { type: 'actions' } });
    expect(s.timelinePagination.current_page).toBe(1);
  });
});

describe('one request per query', () => {
  it('the same timeline query already on its way is not asked twice', async () => {
    const store = makeStore();
    replies.push({ body: timelineAnswer([1]) }, { body: timelineAnswer([2]) }, { body: timelineAnswer([3]) });
    const first = store.dispatch(fetchTimeline({ userId: 4 }));
    const second = store.dispatch(fetchTimeline({ userId: 4 }));
    await Promise.all([first, second]);
    expect(calls).toHaveLength(1);
    store.dispatch(setTimelinePage(2));
    const third = store.dispatch(fetchTimeline({ userId: 4 }));
    const forced = store.dispatch(fetchTimeline({ userId: 4, force: true }));
    await Promise.all([third, forced]);
    expect(calls).toHaveLength(3);
  });
});

describe('preloads on their way', () => {
  it('a timeline asked for while its preload is on the way waits for it instead of asking again', async () => {
    const store = makeStore();
    let release: (r: Response) => void = () => {};
    fetchMock.mockImplementationOnce(async (url: string) => {
      calls.push(url);
      return new Promise<Response>((resolve) => (release = resolve));
    });
    const preload = store.dispatch(preloadTimeline({ userId: 5 }));
    store.dispatch(openUserTimeline(5));
    const shown = store.dispatch(fetchTimeline({ userId: 5 }));
    await Promise.resolve();
    release(new Response(JSON.stringify(timelineAnswer([11]))));
    await Promise.all([preload, shown]);
    expect(calls).toHaveLength(1);
    expect(store.getState().userLogs.timeline.map((e) => e.id)).toEqual([11]);
  });

  it('a preload that finishes after a change of account or company is dropped', async () => {
    const store = makeStore();
    store.dispatch(scopeUserLogs('1:1'));
    let release: (r: Response) => void = () => {};
    fetchMock.mockImplementationOnce(async (url: string) => {
      calls.push(url);
      return new Promise<Response>((resolve) => (release = resolve));
    });
    const preload = store.dispatch(preloadTimeline({ userId: 5 }));
    await Promise.resolve();
    store.dispatch(scopeUserLogs('2:9'));
    release(new Response(JSON.stringify(timelineAnswer([11]))));
    await preload;
    expect(store.getState().userLogs.cache.timeline).toEqual({});
  });
});
