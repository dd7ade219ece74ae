import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isImportantPage, type LogEntry } from '../../../common/analytics/user-logs.js';
import { withTenant } from '../../db/tenancy.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { activityLogs } from '../activity/schema.js';
import { roles } from '../tenancy/schema.js';
import { addMember } from './test-helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedTenant>>;
let b: Awaited<ReturnType<typeof seedTenant>>;
let owner: TestClient;
let viewerClient: TestClient;
let viewer: Awaited<ReturnType<typeof addMember>>;
let alice: Awaited<ReturnType<typeof addMember>>;
let bob: Awaited<ReturnType<typeof addMember>>;
let carol: Awaited<ReturnType<typeof addMember>>;

type Seed = { type: 'page_visit' | 'activity'; at: string; route?: string; url?: string; description?: string; action?: string; resource?: string };
const pv = (at: string, route: string, url = route, description = `Visited ${url}`): Seed => ({ type: 'page_visit', at, route, url, description });
const act = (at: string, action: string, resource: string, description: string): Seed => ({
  type: 'activity',
  at,
  route: `/${resource}/${action === 'create' ? 'store' : `${action}/:id`}`,
  url: `/${resource}/${action === 'create' ? 'store' : `${action}/7`}`,
  action,
  resource,
  description,
});

// Alice's timeline: 14 page visits (6 of them not "important") and 8 actions, 1–8 March 2026
const ALICE: Seed[] = [
  pv('2026-03-01T08:00:00Z', '/dashboard'),
  pv('2026-03-01T08:05:00Z', '/accounting/contacts'),
  act('2026-03-01T08:06:00Z', 'create', 'contacts', 'Created contact Kito'),
  pv('2026-03-01T22:30:00Z', '/accounting/contacts', '/accounting/contacts?page=2'), // 2 March in Nairobi
  pv('2026-03-02T09:00:00Z', '/', '/', 'Visited home'),
  act('2026-03-02T09:10:00Z', 'update', 'taxes', 'Updated VAT rate'),
  pv('2026-03-03T10:00:00Z', '/reports', '/reports?x=/assets/logo.png'),
  pv('2026-03-03T10:01:00Z', '/api.status', '/api.status'),
  act('2026-03-03T10:02:00Z', 'create', 'contacts', 'Created contact Baraka'),
  pv('2026-03-04T11:00:00Z', '/users/:id/activity', '/users/4/activity'),
  pv('2026-03-04T11:01:00Z', '/HEARTBEAT', '/heartbeat'),
  act('2026-03-04T11:02:00Z', 'delete', 'contacts', 'Deleted contact 100% Pure_Water'),
  pv('2026-03-05T12:00:00Z', '/settings/accounting/taxes'),
  act('2026-03-05T12:05:00Z', 'update', 'taxes', 'Updated withholding tax'),
  pv('2026-03-06T13:00:00Z', '/sales/invoices'),
  pv('2026-03-06T13:01:00Z', '/sales/invoices', '/sales/invoices/3'),
  act('2026-03-06T13:02:00Z', 'create', 'invoices', 'Created invoice INV-3'),
  pv('2026-03-07T14:00:00Z', '/profile'),
  act('2026-03-07T14:05:00Z', 'update', 'profile', 'Updated profile'),
  pv('2026-03-08T15:00:00Z', '/telescope/requests'),
  pv('2026-03-08T15:01:00Z', '/sales/items'),
  act('2026-03-08T15:02:00Z', 'export', 'reports', 'Exported sales report'),
];

async function seed(tenantId: number, userId: number, entries: Seed[]) {
  await withTenant(t.database, tenantId, (tx) =>
    tx.insert(activityLogs).values(
      entries.map((e) => ({
        tenantId,
        userId,
        type: e.type,
        actionType: e.action ?? null,
        resourceType: e.resource ?? null,
        description: e.description ?? null,
        url: e.url ?? '/',
        method: e.type === 'page_visit' ? 'GET' : 'POST',
        routeName: e.route ?? null,
        occurredAt: e.at,
      })),
    ),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  a = await seedTenant(t.database, 'Alpha');
  b = await seedTenant(t.database, 'Beta');
  viewer = await addMember(t.database, a.tenantId, 'viewer', 'viewer@alpha.test', 'Victor Viewer');
  alice = await addMember(t.database, a.tenantId, 'accountant', 'alice@alpha.test', 'Alice Achieng');
  bob = await addMember(t.database, a.tenantId, 'accountant', 'bob@alpha.test', 'bob Baraka');
  carol = await addMember(t.database, a.tenantId, 'campaign-manager', 'carol@alpha.test', 'Carol Chebet');
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  viewerClient = new TestClient(t.app);
  await viewerClient.login(viewer.email, viewer.password);
  // from here on only the seeded entries exist
  await t.app.activity.flush();
  t.app.activity.enabled = false;
  await t.database.query('delete from activity_logs');
  await seed(a.tenantId, alice.userId, ALICE);
  await seed(a.tenantId, bob.userId, [pv('2026-03-09T10:00:00Z', '/sales/items'), act('2026-03-10T10:00:00Z', 'create', 'items', 'Created item'), act('2026-03-10T11:00:00Z', 'create', 'items', 'Created item 2')]);
  await seed(a.tenantId, viewer.userId, [pv('2026-02-01T10:00:00Z', '/reports')]);
  await seed(b.tenantId, b.userId, Array.from({ length: 40 }, (_, i) => pv(`2026-03-0${(i % 9) + 1}T10:00:00Z`, '/beta-secret')));
});
afterAll(() => t.close());

describe('GET /users/logs', () => {
  it('answers every member with counts, page visits, actions and last activity; sorted by name; paged', async () => {
    const res = await owner.get('/users/logs', { json: true });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ current_page: 1, total_pages: 1, per_page: 15, total: 5, has_next: false, has_prev: false });
    expect(body.data.map((u: { name: string }) => u.name)).toEqual(['Alice Achieng', 'Alpha Owner', 'bob Baraka', 'Carol Chebet', 'Victor Viewer']);
    expect(body.data[0]).toEqual({
      id: alice.userId,
      name: 'Alice Achieng',
      email: 'alice@alpha.test',
      avatar_url: null,
      role: { id: alice.roleId, name: 'Accountant' },
      status: 'active',
      activity_count: 22,
      page_visits: 14,
      actions: 8,
      last_activity: '2026-03-08T15:02:00Z',
    });
    expect(body.data[3]).toMatchObject({ name: 'Carol Chebet', activity_count: 0, page_visits: 0, actions: 0, last_activity: null });
  });

  it('sorts by activity count, last activity and email, either way, members without activity last', async () => {
    const names = async (q: string) => ((await owner.get(`/users/logs?${q}`, { json: true })).json().data as { name: string }[]).map((u) => u.name);
    expect(await names('sort_by=activity_count&sort_order=desc')).toEqual(['Alice Achieng', 'bob Baraka', 'Victor Viewer', 'Alpha Owner', 'Carol Chebet']);
    expect(await names('sort_by=last_activity&sort_order=desc')).toEqual(['bob Baraka', 'Alice Achieng', 'Victor Viewer', 'Alpha Owner', 'Carol Chebet']);
    expect(await names('sort_by=last_activity&sort_order=asc')).toEqual(['Victor Viewer', 'Alice Achieng', 'bob Baraka', 'Alpha Owner', 'Carol Chebet']);
    expect(await names('sort_by=email&sort_order=desc')).toEqual(['Victor Viewer', 'Carol Chebet', 'bob Baraka', 'Alpha Owner', 'Alice Achieng']);
  });

  it('pages and searches; the totals follow the search', async () => {
    const p2 = (await owner.get('/users/logs?per_page=2&page=2', { json: true })).json();
    expect(p2.pagination).toEqual({ current_page: 2, total_pages: 3, per_page: 2, total: 5, has_next: true, has_prev: true });
    expect(p2.data.map((u: { name: string }) => u.name)).toEqual(['bob Baraka', 'Carol Chebet']);
    const past = (await owner.get('/users/logs?per_page=2&page=9', { json: true })).json();
    expect(past).toEqual({ data: [], pagination: { current_page: 9, total_pages: 3, per_page: 2, total: 5, has_next: false, has_prev: true } });
    const found = (await owner.get('/users/logs?search=BARAKA', { json: true })).json();
    expect(found.data.map((u: { email: string }) => u.email)).toEqual(['bob@alpha.test']);
    expect(found.pagination.total).toBe(1);
  });

  it('needs user_logs.view (a Viewer sees no one else’s activity counts); bad queries are 422', async () => {
    expect((await viewerClient.get('/users/logs', { json: true })).statusCode).toBe(403);
    const acc = new TestClient(t.app);
    await acc.login(alice.email, alice.password);
    expect((await acc.get('/users/logs', { json: true })).statusCode).toBe(403);
    const [logsOnly] = await withTenant(t.database, a.tenantId, (tx) =>
      tx.insert(roles).values({ tenantId: a.tenantId, name: 'Auditor', slug: 'auditor', permissions: ['user_logs.view'] }).returning({ id: roles.id }),
    );
    const auditor = await addMember(t.database, a.tenantId, logsOnly.id, 'auditor@alpha.test', 'Auditor');
    const au = new TestClient(t.app);
    await au.login(auditor.email, auditor.password);
    expect((await au.get('/users/logs', { json: true })).statusCode).toBe(200);
    for (const q of ['sort_by=password', 'sort_order=sideways', 'per_page=0', 'per_page=101', 'page=0', 'page=abc', `search=${'a'.repeat(256)}`]) {
      const res = await owner.get(`/users/logs?${q}`, { json: true });
      expect(res.statusCode, q).toBe(422);
      expect(res.json().errors).toBeDefined();
    }
  });
});

describe('GET /users/{userId}/logs/json', () => {
  const timeline = async (q = '', c = owner, user = alice.userId) => {
    const res = await c.get(`/users/${user}/logs/json${q ? `?${q}` : ''}`, { json: true });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('answers the newest 20 first, with the paging totals, isAdmin, the echoed filters and the user', async () => {
    const body = await timeline();
    expect(body.timeline).toHaveLength(20);
    expect(body.timeline[0]).toEqual({
      id: expect.any(Number),
      type: 'activity',
      timestamp: '2026-03-08T15:02:00Z',
      action_type: 'export',
      resource_type: 'reports',
      route_name: '/reports/export/:id',
      description: 'Exported sales report',
      url: '/reports/export/7',
      method: 'POST',
    });
    expect(body.pagination).toEqual({ current_page: 1, total_pages: 2, per_page: 20, total: 22, has_next: true, has_prev: false, access_total: 14, action_total: 8 });
    expect(body.isAdmin).toBe(true);
    expect(body.filters).toEqual({ type: 'all', search: null, date_from: null, date_to: null });
    expect(body.user).toMatchObject({ id: alice.userId, name: 'Alice Achieng', role: { name: 'Accountant' } });
    const p2 = await timeline('page=2');
    expect(p2.timeline.map((e: { timestamp: string }) => e.timestamp)).toEqual(['2026-03-01T08:05:00Z', '2026-03-01T08:00:00Z']);
    expect(p2.pagination).toMatchObject({ current_page: 2, has_next: false, has_prev: true });
  });

  it('filters by type: actions, pages, and important pages (the exclusion list, as the pure function reads it)', async () => {
    const actions = await timeline('type=actions&per_page=100');
    expect(actions.timeline).toHaveLength(8);
    expect(actions.timeline.every((e: { type: string }) => e.type === 'activity')).toBe(true);
    expect(actions.pagination).toMatchObject({ total: 8, access_total: 14, action_total: 8, total_pages: 1 });
    const pages = await timeline('type=pages&per_page=100');
    expect(pages.timeline).toHaveLength(14);
    expect(pages.timeline.every((e: { type: string }) => e.type === 'page_visit')).toBe(true);
    const important = await timeline('type=important_pages&per_page=100');
    expect(important.timeline.map((e: { url: string }) => e.url).sort()).toEqual(
      ['/accounting/contacts', '/accounting/contacts?page=2', '/users/4/activity', '/settings/accounting/taxes', '/sales/invoices', '/sales/invoices/3', '/profile', '/sales/items'].sort(),
    );
    expect(important.pagination).toMatchObject({ total: 8, access_total: 14, action_total: 8 });
    // SQL and the pure function agree on every entry
    const all = (await timeline('per_page=100')).timeline as (LogEntry & { id: number })[];
    expect(important.timeline.map((e: { id: number }) => e.id).sort()).toEqual(all.filter(isImportantPage).map((e) => e.id).sort());
    expect(important.filters.type).toBe('important_pages');
  });

  it('searches descriptions, urls, routes, actions and resources (case-insensitive, wildcards literal)', async () => {
    const taxes = await timeline('search=TAX');
    expect(taxes.timeline.map((e: { description: string }) => e.description)).toEqual(['Updated withholding tax', 'Visited /settings/accounting/taxes', 'Updated VAT rate']);
    expect(taxes.pagination).toMatchObject({ total: 3, access_total: 1, action_total: 2 });
    expect(taxes.filters.search).toBe('TAX');
    const literal = await timeline('search=100%25');
    expect(literal.timeline.map((e: { description: string }) => e.description)).toEqual(['Deleted contact 100% Pure_Water']);
    expect((await timeline('search=export')).pagination.total).toBe(1);
    const combined = await timeline('search=contact&type=actions');
    expect(combined.pagination).toMatchObject({ total: 3, access_total: 2, action_total: 3 });
  });

  it('date_from and date_to are inclusive calendar days, in UTC for a UTC company and in its own zone otherwise', async () => {
    const utc = await timeline('date_from=2026-03-02&date_to=2026-03-03&per_page=100');
    expect(utc.timeline.map((e: { timestamp: string }) => e.timestamp)).toEqual([
      '2026-03-03T10:02:00Z',
      '2026-03-03T10:01:00Z',
      '2026-03-03T10:00:00Z',
      '2026-03-02T09:10:00Z',
      '2026-03-02T09:00:00Z',
    ]);
    expect(utc.filters).toEqual({ type: 'all', search: null, date_from: '2026-03-02', date_to: '2026-03-03' });
    expect((await timeline('date_from=2026-03-08')).pagination.total).toBe(3);
    expect((await timeline('date_to=2026-03-01')).pagination.total).toBe(4);
    expect((await timeline('date_from=&date_to=')).pagination.total).toBe(22);
    await t.database.query("update tenants set timezone = 'Africa/Nairobi' where id = $1", [a.tenantId]);
    try {
      // 22:30 UTC on 1 March is 01:30 on 2 March in Nairobi (UTC+3)
      const nairobi = await timeline('date_from=2026-03-02&date_to=2026-03-02');
      expect(nairobi.timeline.map((e: { timestamp: string }) => e.timestamp)).toEqual(['2026-03-02T09:10:00Z', '2026-03-02T09:00:00Z', '2026-03-01T22:30:00Z']);
    } finally {
      await t.database.query("update tenants set timezone = 'UTC' where id = $1", [a.tenantId]);
    }
  });

  it('refuses bad queries with 422', async () => {
    for (const q of ['type=everything', 'date_from=2026-02-30', 'date_from=03/01/2026', 'date_from=2026-03-05&date_to=2026-03-01', 'per_page=0', 'page=-1', `search=${'s'.repeat(300)}`]) {
      const res = await owner.get(`/users/${alice.userId}/logs/json?${q}`, { json: true });
      expect(res.statusCode, q).toBe(422);
    }
  });

  it('everyone reads their own log; reading others needs user_logs.view (403); another tenant\'s user is a 404', async () => {
    const own = await timeline('', viewerClient, viewer.userId);
    expect(own.isAdmin).toBe(false);
    expect(own.pagination.total).toBe(1);
    const other = await viewerClient.get(`/users/${alice.userId}/logs/json`, { json: true });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('You may only see your own activity.');
    expect((await viewerClient.get(`/users/${alice.userId}/logs/metrics`, { json: true })).statusCode).toBe(403);
    const foreign = await owner.get(`/users/${b.userId}/logs/json`, { json: true });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'User not found.' });
    for (const id of ['abc', '0', '99999999999999999999']) {
      expect((await owner.get(`/users/${id}/logs/json`, { json: true })).statusCode, id).toBe(404);
    }
    expect((await new TestClient(t.app).get(`/users/${alice.userId}/logs/json`, { json: true })).statusCode).toBe(401);
  });
});

describe('GET /users/{userId}/logs/metrics', () => {
  it('derives the metrics of the last 30 days in the company time zone', async () => {
    // the three entries fall on one day (UTC, the company's zone): in the first 40 minutes after
    // midnight they are placed just before it, still within the last 24 hours
    const sinceMidnight = Date.now() % 86_400_000;
    const now = sinceMidnight > 41 * 60_000 ? Date.now() : Date.now() - sinceMidnight - 1;
    const iso = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    await seed(a.tenantId, carol.userId, [
      pv(iso(40), '/campaigns'),
      act(iso(35), 'create', 'campaigns', 'Created campaign'),
      act(iso(30), 'update', 'campaigns', 'Updated campaign'),
      pv(iso(60 * 24 * 40), '/campaigns'), // older than 30 days: left out
    ]);
    const res = await owner.get(`/users/${carol.userId}/logs/metrics`, { json: true });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ time_zone: 'UTC', window_days: 30, truncated: false });
    expect(body.data).toMatchObject({
      total: 3,
      page_visits: 1,
      user_actions: 2,
      last_24_hours: 3,
      sessions: { count: 1, average_minutes: 10 },
      pages: { unique: 1, top: [{ name: '/campaigns', count: 1 }] },
      actions: { unique: 2 },
      trend: { direction: 'stable', change: 0 },
    });
    expect(body.data.daily).toHaveLength(7);
    expect(['High', 'Medium', 'Low']).toContain(body.data.engagement.level);
    const own = await viewerClient.get(`/users/${viewer.userId}/logs/metrics`, { json: true });
    expect(own.json().data).toMatchObject({ total: 0, engagement: { score: 0, level: 'None' } });
  });
});

describe('the log stays in its tenant', () => {
  it("another tenant's entries never count", async () => {
    const [n] = await withTenant(t.database, a.tenantId, (tx) =>
      tx.select({ n: sql<number>`count(*)::int` }).from(activityLogs).where(sql`${activityLogs.routeName} = '/beta-secret'`),
    );
    expect(n.n).toBe(0);
    const beta = new TestClient(t.app);
    await beta.login(b.email, b.password);
    const body = (await beta.get('/users/logs', { json: true })).json();
    expect(body.data).toMatchObject([{ id: b.userId, activity_count: 40 }]);
  });
});
