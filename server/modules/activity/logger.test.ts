import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { addMember, roleId } from '../users/test-helpers.js';
import { deriveAction } from './logger.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedTenant>>;
let owner: TestClient;

interface Row {
  tenant_id: number;
  user_id: number;
  type: string;
  action_type: string | null;
  resource_type: string | null;
  resource_id: string | null;
  description: string | null;
  url: string;
  method: string;
  route_name: string | null;
  ip_address: string | null;
  user_agent: string | null;
}

/** everything logged in a tenant, oldest first (after the buffer is written) */
async function logged(tenantId = a.tenantId): Promise<Row[]> {
  await t.app.activity.flush();
  return withTenant(t.database, tenantId, (tx) => rows<Row>(tx, sql`select * from activity_logs order by id`));
}
const clear = () => t.app.activity.flush().then(() => t.database.query('delete from activity_logs'));

beforeAll(async () => {
  t = await createTestApp();
  a = await seedTenant(t.database, 'Alpha');
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
});
beforeEach(async () => {
  t.app.activity.enabled = true;
  await clear();
});
afterAll(() => t.close());

describe('page visits', () => {
  it('records an authenticated HTML or Inertia page visit with its route, url, user, tenant, IP and user agent', async () => {
    const html = await owner.get('/dashboard?tab=2', { headers: { 'user-agent': 'KaziTest/1.0' } });
    expect(html.headers['content-type']).toMatch(/text\/html/);
    await owner.get('/notifications', { inertia: true });
    const log = await logged();
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({
      tenant_id: a.tenantId,
      user_id: a.userId,
      type: 'page_visit',
      action_type: null,
      url: '/dashboard?tab=2',
      method: 'GET',
      route_name: '/dashboard',
      description: 'Visited /dashboard',
      ip_address: '127.0.0.1',
      user_agent: 'KaziTest/1.0',
    });
    expect(log[1]).toMatchObject({ type: 'page_visit', route_name: '/notifications', url: '/notifications' });
  });

  it('never records JSON or script calls, redirects, errors, stale-version reloads or guests', async () => {
    await owner.get('/users/json', { json: true });
    await owner.get('/roles/active-permissions', { json: true });
    await owner.get('/notifications/json', { json: true });
    await owner.get('/settings/company/json', { headers: { accept: 'application/json' } });
    await owner.get('/'); // 302 to the dashboard
    await owner.get('/no-such-page');
    await owner.get('/dashboard', { inertia: true, headers: { 'x-inertia-version': 'stale' } }); // 409
    await new TestClient(t.app).get('/login');
    await new TestClient(t.app).get('/dashboard'); // guest: redirected to /login
    expect(await logged()).toEqual([]);
  });
});

describe('actions', () => {
  it('records successful writes with action, resource, id, description and the route pattern', async () => {
    const role = (await owner.json('POST', '/roles/store', { name: 'Auditors', permissions: ['invoices.view'] })).json().data;
    await owner.json('PUT', `/roles/update/${role.id}`, { name: 'Auditors 2' });
    await owner.json('DELETE', `/roles/delete/${role.id}`);
    const contact = (await owner.json('POST', '/accounting/contacts/store', { type: 'customer', name: 'Kito' })).json().data;
    await owner.json('PUT', `/accounting/contacts/update/${contact.id}`, { name: 'Kito 2' });
    const tax = (await owner.json('POST', '/settings/accounting/taxes/store', { name: 'VAT', rate: 16 })).json().data;
    await owner.json('DELETE', `/settings/accounting/taxes/delete/${tax.id}`);
    await owner.json('POST', '/notifications/mark-all-read');
    const log = await logged();
    const brief = log.map((r) => [r.type, r.method, r.route_name, r.action_type, r.resource_type, r.resource_id, r.description]);
    expect(brief).toEqual([
      ['activity', 'POST', '/roles/store', 'create', 'role', null, 'Created role "Auditors"'],
      ['activity', 'PUT', '/roles/update/:id', 'update', 'role', String(role.id), `Updated role #${role.id}`],
      ['activity', 'DELETE', '/roles/delete/:id', 'delete', 'role', String(role.id), `Deleted role #${role.id}`],
      ['activity', 'POST', '/accounting/contacts/store', 'create', 'contacts', null, 'Created contacts'],
      ['activity', 'PUT', '/accounting/contacts/update/:id', 'update', 'contacts', String(contact.id), `Updated contacts #${contact.id}`],
      ['activity', 'POST', '/settings/accounting/taxes/store', 'create', 'taxes', null, 'Created taxes'],
      ['activity', 'DELETE', '/settings/accounting/taxes/delete/:id', 'delete', 'taxes', String(tax.id), `Deleted taxes #${tax.id}`],
      ['activity', 'POST', '/notifications/mark-all-read', 'mark-all-read', 'notifications', null, 'Mark all read notifications'],
    ]);
    expect(log[1]).toMatchObject({ url: `/roles/update/${role.id}`, tenant_id: a.tenantId, user_id: a.userId });
  });

  it('never records failed writes: 422, 403, 404, nor an Inertia form sent back with errors (303)', async () => {
    await owner.json('POST', '/roles/store', { name: '' });
    await owner.json('PUT', '/roles/update/999999', { name: 'X' });
    const back = await owner.post('/roles/store', { name: '' }, { inertia: true, headers: { referer: 'http://kazi.test/roles/create' } });
    expect(back.statusCode).toBe(303);
    expect(await logged()).toEqual([]);
    const v = await addMember(t.database, a.tenantId, 'viewer', 'viewer-fail@alpha.test');
    const viewer = new TestClient(t.app);
    await viewer.login(v.email, v.password);
    await clear();
    await viewer.json('POST', '/roles/store', { name: 'Nope' });
    expect(await logged()).toEqual([]);
  });

  it('records sign-in into the tenant the session lands in, and sign-out from the tenant it had', async () => {
    const m = await addMember(t.database, a.tenantId, 'accountant', 'signin@alpha.test');
    const c = new TestClient(t.app);
    await c.login(m.email, m.password);
    await c.post('/logout', undefined, { inertia: true });
    const log = await logged();
    expect(log.map((r) => [r.user_id, r.action_type, r.resource_type, r.description, r.route_name])).toEqual([
      [m.userId, 'login', 'session', 'Signed in', '/login'],
      [m.userId, 'logout', 'session', 'Signed out', '/logout'],
    ]);
    expect(log.every((r) => r.tenant_id === a.tenantId)).toBe(true);
  });

  it('records member management with the route-declared action', async () => {
    const m = await addMember(t.database, a.tenantId, 'accountant', 'managed@alpha.test');
    await owner.json('POST', `/users/deactivate/${m.userId}`);
    await owner.json('POST', `/users/reactivate/${m.userId}`);
    await owner.json('PUT', `/users/update-role/${m.userId}`, { role_id: await roleId(t.database, a.tenantId, 'viewer') });
    await owner.json('DELETE', `/users/remove/${m.userId}`);
    const log = await logged();
    expect(log.map((r) => [r.action_type, r.resource_type, r.resource_id, r.description])).toEqual([
      ['deactivate', 'user', String(m.userId), `Deactivated user #${m.userId}`],
      ['reactivate', 'user', String(m.userId), `Reactivated user #${m.userId}`],
      ['update', 'user', String(m.userId), `Changed the role of user #${m.userId}`],
      ['delete', 'user', String(m.userId), `Removed user #${m.userId} from the company`],
    ]);
  });
});

describe('the buffer', () => {
  const entry = (tenantId: number, n: number) => ({
    tenantId,
    userId: a.userId,
    type: 'activity' as const,
    actionType: 'create',
    url: `/bulk/${n}`,
    method: 'POST',
    occurredAt: new Date().toISOString(),
  });

  it('writes hundreds of entries in batches, and a failed batch is logged without losing the other tenants or failing requests', async () => {
    for (let i = 0; i < 449; i++) t.app.activity.push(entry(a.tenantId, i));
    // a NUL (which PostgreSQL text refuses) is dropped, not allowed to sink the batch
    t.app.activity.push({ ...entry(a.tenantId, 449), description: 'nul\u0000here' });
    // a tenant that does not exist: its insert fails (foreign key), the others are written
    t.app.activity.push(entry(987_654, 0));
    await t.app.activity.flush();
    expect(t.app.activity.pending).toBe(0);
    const [n] = await withTenant(t.database, a.tenantId, (tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from activity_logs`));
    expect(n.n).toBe(450);
    const [nul] = await withTenant(t.database, a.tenantId, (tx) => rows<{ description: string }>(tx, sql`select description from activity_logs where url = '/bulk/449'`));
    expect(nul.description).toBe('nulhere');
    expect((await owner.get('/dashboard')).statusCode).toBe(200);
    expect((await logged()).at(-1)).toMatchObject({ route_name: '/dashboard' });
  });

  it('records nothing while disabled', async () => {
    t.app.activity.enabled = false;
    await owner.get('/dashboard');
    await owner.json('POST', '/accounting/contacts/store', { type: 'customer', name: 'Off' });
    expect(await logged()).toEqual([]);
  });

  it('is written on close', async () => {
    const x = await createTestApp();
    try {
      const s = await seedTenant(x.database, 'Closing');
      const c = new TestClient(x.app);
      await c.login(s.email, s.password);
      await c.get('/dashboard');
      await x.app.close();
      const found = await withTenant(x.database, s.tenantId, (tx) => rows<{ type: string }>(tx, sql`select type from activity_logs order by id`));
      expect(found.map((r) => r.type)).toEqual(['activity', 'page_visit']);
    } finally {
      await x.close();
    }
  });
});

describe('deriveAction', () => {
  it('reads the action and the resource from the route pattern', () => {
    expect(deriveAction('/accounting/contacts/store', 'POST')).toEqual({ action: 'create', resource: 'contacts' });
    expect(deriveAction('/accounting/contacts/update/:id', 'PUT')).toEqual({ action: 'update', resource: 'contacts' });
    expect(deriveAction('/users/remove/:id', 'DELETE')).toEqual({ action: 'delete', resource: 'users' });
    expect(deriveAction('/surveys/results/export', 'POST')).toEqual({ action: 'export', resource: 'results' });
    expect(deriveAction('/tenants/switch/:id', 'POST')).toEqual({ action: 'switch', resource: 'tenants' });
    expect(deriveAction('/settings/profile/update-password', 'PUT')).toEqual({ action: 'update', resource: 'update-password' });
    expect(deriveAction('/media/folders/:id', 'DELETE')).toEqual({ action: 'delete', resource: 'folders' });
    expect(deriveAction('/register', 'POST')).toEqual({ action: 'register', resource: null });
  });
});
