import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withTenant } from '../../db/tenancy.js';
import { rows } from '../../db/client.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { addMember, roleId } from './test-helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedTenant>>;
let b: Awaited<ReturnType<typeof seedTenant>>;
let owner: TestClient;
let beta: TestClient;
let viewer: Awaited<ReturnType<typeof addMember>>;
let viewerClient: TestClient;

const signIn = async (m: { email: string; password: string }) => {
  const c = new TestClient(t.app);
  await c.login(m.email, m.password);
  return c;
};

beforeAll(async () => {
  t = await createTestApp();
  a = await seedTenant(t.database, 'Alpha');
  b = await seedTenant(t.database, 'Beta');
  viewer = await addMember(t.database, a.tenantId, 'viewer', 'viewer@alpha.test', 'Vera Viewer');
  // 15 more members, so the owner, the viewer and these make 17: two pages of 15
  for (let i = 1; i <= 15; i++) {
    await addMember(t.database, a.tenantId, i % 2 ? 'accountant' : 'campaign-manager', `m${String(i).padStart(2, '0')}@alpha.test`, `Member ${String(i).padStart(2, '0')}`);
  }
  owner = await signIn(a);
  beta = await signIn(b);
  viewerClient = await signIn(viewer);
});
afterAll(() => t.close());

describe('GET /users/json (members)', () => {
  it('is a paginator of 15, sorted by name, with the member fields and the user id as id', async () => {
    const p = (await owner.get('/users/json', { json: true })).json();
    expect(p).toMatchObject({ current_page: 1, per_page: 15, total: 17, last_page: 2, from: 1, to: 15 });
    expect(Object.keys(p.data[0]).sort()).toEqual(['avatar_url', 'email', 'id', 'joined_at', 'last_activity_at', 'name', 'role', 'status'].sort());
    // names sort case-insensitively: "Alpha Owner", "Member 01", …, "Vera Viewer"
    expect(p.data[0]).toMatchObject({ id: a.userId, name: 'Alpha Owner', email: a.email, avatar_url: null, status: 'active' });
    // signing in is activity; a member who never did has none
    await t.app.activity.flush();
    const fresh = (await owner.get('/users/json', { json: true })).json();
    expect(fresh.data[0].last_activity_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(fresh.data[1].last_activity_at).toBeNull();
    expect(p.data[0].role).toEqual({ id: await roleId(t.database, a.tenantId, 'owner'), name: 'Owner' });
    expect(p.data[0].joined_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(p.data[1].name).toBe('Member 01');
    const p2 = (await owner.get('/users/json?page=2', { json: true })).json();
    expect(p2.data.map((u: { name: string }) => u.name)).toEqual(['Member 15', 'Vera Viewer']);
    const desc = (await owner.get('/users/json?sort_by=name&sort_order=desc&per_page=1', { json: true })).json();
    expect(desc.data[0].name).toBe('Vera Viewer');
  });

  it('searches name and email, filters by status and role, and never shows another tenant', async () => {
    const byName = (await owner.get('/users/json?search=vera', { json: true })).json();
    expect(byName.data.map((u: { email: string }) => u.email)).toEqual(['viewer@alpha.test']);
    const byEmail = (await owner.get('/users/json?search=m1', { json: true })).json();
    expect(byEmail.total).toBe(6);
    const accountant = await roleId(t.database, a.tenantId, 'accountant');
    expect((await owner.get(`/users/json?role_id=${accountant}`, { json: true })).json().total).toBe(8);
    expect((await owner.get('/users/json?status=inactive', { json: true })).json().total).toBe(0);
    expect((await owner.get('/users/json?status=sleeping', { json: true })).statusCode).toBe(422);
    const others = (await beta.get('/users/json', { json: true })).json();
    expect(others.data.map((u: { email: string }) => u.email)).toEqual([b.email]);
  });

  it('GET /users/get-user/{id} reads one member; another tenant\'s user is a 404', async () => {
    const res = await owner.get(`/users/get-user/${viewer.userId}`, { json: true });
    expect(res.json().data).toMatchObject({ id: viewer.userId, name: 'Vera Viewer', role: { name: 'Viewer' } });
    const other = await owner.get(`/users/get-user/${b.userId}`, { json: true });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'User not found.' });
  });
});

describe('role changes, deactivation and removal', () => {
  it('changes a member\'s role; the new role\'s permissions apply on the next request', async () => {
    const m = await addMember(t.database, a.tenantId, 'viewer', 'promote@alpha.test', 'Promoted');
    const c = await signIn(m);
    expect((await c.json('POST', '/roles/store', { name: 'X' })).statusCode).toBe(403);
    const admin = await roleId(t.database, a.tenantId, 'admin');
    const res = await owner.json('PUT', `/users/update-role/${m.userId}`, { role_id: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Role updated successfully.', data: { id: m.userId, role: { id: admin, name: 'Admin' } } });
    expect((await c.get('/roles/active-permissions', { json: true })).json().permissions).toContain('roles.create');
    const bad = await owner.json('PUT', `/users/update-role/${m.userId}`, { role_id: await roleId(t.database, b.tenantId, 'viewer') });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.role_id).toEqual(['The selected role is invalid.']);
    expect((await owner.json('PUT', `/users/update-role/${m.userId}`, { role_id: 'x' })).statusCode).toBe(422);
  });

  it('a deactivated member keeps the account but loses the company until reactivated', async () => {
    const m = await addMember(t.database, a.tenantId, 'accountant', 'pause@alpha.test', 'Paused');
    const c = await signIn(m);
    const off = await owner.json('POST', `/users/deactivate/${m.userId}`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: 'User deactivated successfully.', data: { status: 'inactive' } });
    expect((await c.get('/roles/active-permissions', { json: true })).json().permissions).toEqual([]);
    expect((await c.get('/settings/accounting/taxes/json', { json: true })).statusCode).toBe(403);
    expect((await owner.get('/users/json?status=inactive', { json: true })).json().data.map((u: { id: number }) => u.id)).toEqual([m.userId]);
    const on = await owner.json('POST', `/users/reactivate/${m.userId}`);
    expect(on.json()).toMatchObject({ message: 'User reactivated successfully.', data: { status: 'active' } });
    // the session lost its tenant while inactive: signing in again brings the company back
    const again = await signIn(m);
    expect((await again.get('/roles/active-permissions', { json: true })).json().permissions).toContain('taxes.view');
  });

  it('removing takes the membership away, not the account', async () => {
    const m = await addMember(t.database, a.tenantId, 'accountant', 'leaver@alpha.test', 'Leaver');
    const res = await owner.json('DELETE', `/users/remove/${m.userId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User removed from the company.' });
    expect((await owner.get(`/users/get-user/${m.userId}`, { json: true })).statusCode).toBe(404);
    const account = await t.database.query('select id from users where id = $1', [m.userId]);
    expect(account).toHaveLength(1);
    const c = await signIn(m);
    expect((await c.get('/roles/active-permissions', { json: true })).json().permissions).toEqual([]);
  });

  it('keeps at least one active owner; nobody deactivates or removes themselves', async () => {
    const ownerRole = await roleId(t.database, a.tenantId, 'owner');
    const adminRole = await roleId(t.database, a.tenantId, 'admin');
    const LAST = 'A company needs at least one active owner.';
    // the only owner cannot step down
    const demote = await owner.json('PUT', `/users/update-role/${a.userId}`, { role_id: adminRole });
    expect(demote.statusCode).toBe(422);
    expect(demote.json()).toEqual({ message: LAST, errors: { role_id: [LAST] } });
    expect((await owner.json('POST', `/users/deactivate/${a.userId}`)).json().errors.user).toEqual(['You cannot deactivate yourself.']);
    expect((await owner.json('DELETE', `/users/remove/${a.userId}`)).json().errors.user).toEqual(['You cannot remove yourself from the company.']);

    // with a second owner, one may go inactive …
    const second = await addMember(t.database, a.tenantId, ownerRole, 'second-owner@alpha.test', 'Second Owner');
    const c2 = await signIn(second);
    expect((await c2.json('POST', `/users/deactivate/${a.userId}`)).statusCode).toBe(200);
    // … but an inactive owner does not count: the second is now the last active one
    const last = await c2.json('PUT', `/users/update-role/${second.userId}`, { role_id: adminRole });
    expect(last.statusCode).toBe(422);
    expect(last.json().message).toBe(LAST);
    expect((await c2.json('POST', `/users/reactivate/${a.userId}`)).statusCode).toBe(200);
    // two active owners again: one may be demoted, then the other cannot be removed
    expect((await owner.json('PUT', `/users/update-role/${second.userId}`, { role_id: adminRole })).statusCode).toBe(200);
    const stillOwner = await withTenant(t.database, a.tenantId, (tx) =>
      rows<{ n: number }>(tx, sql`select count(*)::int as n from memberships where role_id = ${ownerRole} and status = 'active'`),
    );
    expect(stillOwner[0].n).toBe(1);
  });

  it('nobody manages a member, or gives a role, that grants more than they hold', async () => {
    const adm = await addMember(t.database, a.tenantId, 'admin', 'adm@alpha.test', 'Adm');
    const c = await signIn(adm);
    const refused = await c.json('POST', `/users/deactivate/${a.userId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You cannot manage a member whose role has permissions you do not hold.');
    const ownerRole = await roleId(t.database, a.tenantId, 'owner');
    const target = await addMember(t.database, a.tenantId, 'accountant', 'target@alpha.test', 'Target');
    const escalate = await c.json('PUT', `/users/update-role/${target.userId}`, { role_id: ownerRole });
    expect(escalate.statusCode).toBe(403);
    expect((await c.json('POST', `/users/deactivate/${target.userId}`)).statusCode).toBe(200);
  });

  it("another tenant's user is a 404 on every member route", async () => {
    const betaViewer = await roleId(t.database, b.tenantId, 'viewer');
    for (const [method, url, body] of [
      ['PUT', `/users/update-role/${b.userId}`, { role_id: betaViewer }],
      ['POST', `/users/deactivate/${b.userId}`],
      ['POST', `/users/reactivate/${b.userId}`],
      ['DELETE', `/users/remove/${b.userId}`],
    ] as const) {
      const res = await owner.json(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await beta.get('/users/json', { json: true })).json().data[0].status).toBe('active');
  });

  it('a Viewer may list members but gets 403 on every write', async () => {
    expect((await viewerClient.get('/users/json', { json: true })).statusCode).toBe(200);
    expect((await viewerClient.get('/users/invitations', { json: true })).statusCode).toBe(200);
    const target = a.userId;
    for (const [method, url, body] of [
      ['POST', '/users/invite', { email: 'x@alpha.test', role_id: await roleId(t.database, a.tenantId, 'viewer') }],
      ['DELETE', '/users/invitations/1'],
      ['PUT', `/users/update-role/${target}`, { role_id: 1 }],
      ['POST', `/users/deactivate/${target}`],
      ['POST', `/users/reactivate/${target}`],
      ['DELETE', `/users/remove/${target}`],
    ] as const) {
      const res = await viewerClient.json(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
