import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '@common/schemas/users';
import {
  cacheKey,
  filterTimeline,
  isFresh,
  logsPaginator,
  normaliseUsersAnswer,
  TIMELINE_CACHE_TTL_MS,
  timelineParams,
  USERS_CACHE_TTL_MS,
  usersParams,
} from './user-logs-query';

const entry = (id: number, type: TimelineEntry['type'], url: string, route: string | null = url): TimelineEntry => ({
  id,
  type,
  timestamp: '2026-03-01T10:00:00Z',
  action_type: type === 'activity' ? 'create' : null,
  resource_type: type === 'activity' ? 'contacts' : null,
  route_name: route,
  description: null,
  url,
  method: type === 'activity' ? 'POST' : 'GET',
});

describe('cache freshness', () => {
  it('uses 5 minutes for users and 2 minutes for timelines', () => {
    expect(USERS_CACHE_TTL_MS).toBe(300_000);
    expect(TIMELINE_CACHE_TTL_MS).toBe(120_000);
  });

  it('is fresh while younger than the TTL, stale from the TTL on, and never without an entry', () => {
    const entry = { data: 1, timestamp: 1_000_000 };
    expect(isFresh(entry, TIMELINE_CACHE_TTL_MS, 1_000_000)).toBe(true);
    expect(isFresh(entry, TIMELINE_CACHE_TTL_MS, 1_000_000 + 119_999)).toBe(true);
    expect(isFresh(entry, TIMELINE_CACHE_TTL_MS, 1_000_000 + 120_000)).toBe(false);
    expect(isFresh(undefined, TIMELINE_CACHE_TTL_MS, 0)).toBe(false);
  });
});

describe('query building', () => {
  it('timeline: search, date_from and date_to omitted when empty (or blank)', () => {
    expect(timelineParams({ page: 1, perPage: 20, type: 'all', search: '', dateFrom: '', dateTo: '' })).toEqual({ page: '1', per_page: '20', type: 'all' });
    expect(timelineParams({ page: 2, perPage: 20, type: 'pages', search: '   ', dateFrom: ' ', dateTo: '' })).toEqual({ page: '2', per_page: '20', type: 'pages' });
  });

  it('timeline: sends each of them when it has a value, trimmed', () => {
    expect(timelineParams({ page: 3, perPage: 20, type: 'actions', search: ' invoice ', dateFrom: '2026-03-01', dateTo: '2026-03-08' })).toEqual({
      page: '3',
      per_page: '20',
      type: 'actions',
      search: 'invoice',
      date_from: '2026-03-01',
      date_to: '2026-03-08',
    });
    expect(timelineParams({ page: 1, perPage: 20, type: 'all', search: '', dateFrom: '', dateTo: '2026-03-08' })).toEqual({
      page: '1',
      per_page: '20',
      type: 'all',
      date_to: '2026-03-08',
    });
  });

  it('users: page, per_page and the sort always; search only when non-empty', () => {
    expect(usersParams({ page: 1, perPage: 15, search: ' ', sortField: 'name', sortOrder: 'asc' })).toEqual({
      page: '1',
      per_page: '15',
      sort_by: 'name',
      sort_order: 'asc',
    });
    expect(usersParams({ page: 2, perPage: 15, search: 'amani', sortField: 'activity_count', sortOrder: 'desc' })).toMatchObject({ search: 'amani', sort_by: 'activity_count' });
  });

  it('cache keys do not depend on the order of the parameters', () => {
    expect(cacheKey('/users/logs', { page: '1', search: 'a b' })).toBe(cacheKey('/users/logs', { search: 'a b', page: '1' }));
    expect(cacheKey('/users/logs', { page: '1' })).not.toBe(cacheKey('/users/logs', { page: '2' }));
    expect(cacheKey('/users/4/logs/metrics', {})).toBe('/users/4/logs/metrics');
  });
});

describe('the timeline filter (SPEC §4)', () => {
  const entries = [
    entry(1, 'page_visit', '/dashboard'),
    entry(2, 'page_visit', '/sales/invoices'),
    entry(3, 'activity', '/contacts/store'),
    entry(4, 'page_visit', '/build/assets/app.js', null),
    entry(5, 'page_visit', '/reports', 'api.reports'),
    entry(6, 'page_visit', '/settings/accounting/taxes'),
  ];
  it('all keeps everything, actions the activities, pages the visits', () => {
    expect(filterTimeline(entries, 'all').map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(filterTimeline(entries, 'actions').map((e) => e.id)).toEqual([3]);
    expect(filterTimeline(entries, 'pages').map((e) => e.id)).toEqual([1, 2, 4, 5, 6]);
  });
  it('important_pages drops dashboards, assets and api routes', () => {
    expect(filterTimeline(entries, 'important_pages').map((e) => e.id)).toEqual([2, 6]);
  });
});

describe('the users answer as a paginator', () => {
  it('reads data or users, and numbers the rows of the page', () => {
    const rows = [{ id: 1 }, { id: 2 }] as never[];
    const p = { current_page: 2, total_pages: 3, per_page: 15, total: 32, has_next: true, has_prev: true };
    expect(normaliseUsersAnswer({ users: rows, pagination: p }, { page: 2, perPage: 15, search: '', sortField: 'name', sortOrder: 'asc' }).data).toBe(rows);
    const page = logsPaginator(rows, p);
    expect(page).toMatchObject({ current_page: 2, last_page: 3, per_page: 15, total: 32, from: 16, to: 17 });
  });
  it('has no from/to when empty', () => {
    const page = logsPaginator([], { current_page: 1, total_pages: 1, per_page: 15, total: 0, has_next: false, has_prev: false });
    expect(page).toMatchObject({ from: null, to: null, last_page: 1, total: 0 });
  });
});
