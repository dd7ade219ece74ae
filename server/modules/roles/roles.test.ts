import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_AREAS, PERMISSIONS } from '../../../common/permissions.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { addMember, roleId } from '../users/test-helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedTenant>>;
let owner: TestClient;
let viewer: TestClient;
let admin: TestClient;
let beta: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  a = await seedTenant(t.database, 'Alpha');
  const b = await seedTenant(t.database, 'Beta');
  const v = await addMember(t.database, a.tenantId, 'viewer', 'viewer@alpha.test');
  const ad = await addMember(t.database, a.tenantId, 'admin', 'admin@alpha.test');
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  viewer = new TestClient(t.app);
  await viewer.login(v.email, v.password);
  admin = new TestClient(t.app);
  await admin.login(ad.email, ad.password);
  beta = new TestClient(t.app);
  await beta.login(b.email, b.password);
});
afterAll(() => t.close());

type Role = { id: number; name: string; slug: string; permissions: string[]; built_in: boolean; users_count: number };

describe('built-in roles', () => {
  it('every tenant starts with Owner, Admin, Accountant, Campaign manager, Organiser and Viewer, as the registry defines them', async () => {
    const list: Role[] = (await owner.get('/roles/json?paginate=false', { json: true })).json();
    expect(list.map((r) => r.name)).toEqual(['Owner', 'Admin', 'Accountant', 'Campaign manager', 'Organiser', 'Viewer']);
    expect(list.every((r) => r.built_in)).toBe(true);
    const by = Object.fromEntries(list.map((r) => [r.slug, r]));
    expect(by.owner.permissions).toEqual([...PERMISSIONS]);
    expect(by.owner.users_count).toBe(1);
    expect(by.viewer.users_count).toBe(1);
    // Viewer: only *.view, and not other people's activity
    expect(by.viewer.permissions.length).toBeGreaterThan(10);
    expect(by.viewer.permissions.every((p) => p.endsWith('.view'))).toBe(true);
    expect(by.viewer.permissions).not.toContain('user_logs.view');
    // everyone has the dashboard and their notifications; only Owner and Admin read others' logs
    for (const r of list) {
      expect(r.permissions, r.name).toContain('dashboard.view');
      expect(r.permissions, r.name).toContain('notifications.view');
      expect(r.permissions.includes('user_logs.view'), r.name).toBe(['owner', 'admin'].includes(r.slug));
    }
    expect(by.admin.permissions).not.toContain('roles.delete');
    expect(by.admin.permissions).not.toContain('subscriptions.update');
    // an Admin holds every other built-in role's permissions, so it may give any of them
    for (const r of list.filter((x) => x.slug !== 'owner')) {
      expect(r.permissions.filter((p) => !by.admin.permissions.includes(p)), r.name).toEqual([]);
    }
    expect(by.accountant.permissions).toContain('invoices.create');
    expect(by.accountant.permissions).not.toContain('contacts.view');
    expect(by['campaign-manager'].permissions).toContain('sms.send');
    expect(by.organiser.permissions).toContain('events.update');
    expect(by.organiser.permissions).not.toContain('campaigns.update');
  });
});

describe('roles resource (/roles)', () => {
  it('stores a role (slug from the name, permissions deduplicated in registry order), reads, updates and deletes it', async () => {
    const created = await owner.json('POST', '/roles/store', { name: '  Sales Team ', permissions: ['contacts.view', 'invoices.view', 'contacts.view'] });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: 'Role created successfully.',
      data: { name: 'Sales Team', slug: 'sales-team', permissions: ['invoices.view', 'contacts.view'], built_in: false, users_count: 0 },
    });
    const id = created.json().data.id;
    expect((await owner.get(`/roles/get-role/${id}`, { json: true })).json().data).toMatchObject({ id, name: 'Sales Team' });

    const updated = await owner.json('PUT', `/roles/update/${id}`, { name: 'Sales Crew', permissions: ['invoices.view', 'invoices.create'] });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ message: 'Role updated successfully.', data: { slug: 'sales-crew', permissions: ['invoices.view', 'invoices.create'] } });
    // a partial update keeps the rest
    const renamed = await owner.json('PUT', `/roles/update/${id}`, { name: 'Sellers' });
    expect(renamed.json().data).toMatchObject({ name: 'Sellers', slug: 'sellers', permissions: ['invoices.view', 'invoices.create'] });

    const search = (await owner.get('/roles/json?search=sell', { json: true })).json();
    expect(search).toMatchObject({ total: 1, per_page: 15 });
    expect(search.data[0].name).toBe('Sellers');

    const deleted = await owner.json('DELETE', `/roles/delete/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Role deleted successfully.' });
    expect((await owner.get(`/roles/get-role/${id}`, { json: true })).statusCode).toBe(404);
  });

  it('refuses unknown permissions, a taken name (any case or punctuation) and a name without letters, with 422', async () => {
    const unknown = await owner.json('POST', '/roles/store', { name: 'Ghosts', permissions: ['contacts.view', 'contacts.haunt', 'root'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      'permissions.1': ['The permission "contacts.haunt" does not exist.'],
      'permissions.2': ['The permission "root" does not exist.'],
    });
    const notArray = await owner.json('POST', '/roles/store', { name: 'Ghosts', permissions: 'contacts.view' });
    expect(notArray.statusCode).toBe(422);
    for (const name of ['admin', 'ADMIN!', 'Campaign  Manager', 'owner']) {
      const taken = await owner.json('POST', '/roles/store', { name, permissions: [] });
      expect(taken.statusCode, name).toBe(422);
      expect(taken.json().errors.name, name).toEqual(['The name has already been taken.']);
    }
    const symbols = await owner.json('POST', '/roles/store', { name: '!!!', permissions: [] });
    expect(symbols.json().errors.name).toEqual(['The name field must contain a letter or a digit.']);
    const missing = await owner.json('POST', '/roles/store', {});
    expect(missing.json().errors).toEqual({ name: ['The name field is required.'], permissions: ['The permissions field is required.'] });
    const clerk = (await owner.json('POST', '/roles/store', { name: 'Clerk', permissions: [] })).json().data;
    const rename = await owner.json('PUT', `/roles/update/${clerk.id}`, { name: 'Accountant' });
    expect(rename.statusCode).toBe(422);
    expect(rename.json().errors.name).toEqual(['The name has already been taken.']);
    // keeping its own name is not a clash
    expect((await owner.json('PUT', `/roles/update/${clerk.id}`, { name: 'clerk' })).statusCode).toBe(200);
    const names = ((await owner.get('/roles/json?paginate=false', { json: true })).json() as Role[]).map((r) => r.name);
    expect(names).not.toContain('Ghosts');
  });

  it('concurrent stores of one name: exactly one is created, the others are told the name is taken (never a 500)', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => owner.json('POST', '/roles/store', { name: 'Racers', permissions: [] })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422, 422]);
    for (const r of answers.filter((x) => x.statusCode === 422)) expect(r.json().errors.name).toEqual(['The name has already been taken.']);
  });

  it('the Owner role cannot be edited or deleted (403); other built-in roles can be edited', async () => {
    const ownerRole = await roleId(t.database, a.tenantId, 'owner');
    const edit = await owner.json('PUT', `/roles/update/${ownerRole}`, { name: 'Boss' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ message: 'The Owner role cannot be edited.' });
    const del = await owner.json('DELETE', `/roles/delete/${ownerRole}`);
    expect(del.statusCode).toBe(403);
    expect(del.json()).toEqual({ message: 'The Owner role cannot be deleted.' });
    const organiser = await roleId(t.database, a.tenantId, 'organiser');
    const ok = await owner.json('PUT', `/roles/update/${organiser}`, { permissions: ['events.view', 'dashboard.view'] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'Organiser', built_in: true, permissions: ['events.view', 'dashboard.view'] });
  });

  it('a role in use by a member cannot be deleted (422 with a clear message)', async () => {
    const viewerRole = await roleId(t.database, a.tenantId, 'viewer');
    const res = await owner.json('DELETE', `/roles/delete/${viewerRole}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.role).toEqual(['This role is assigned to 1 user. Give them another role before deleting it.']);
    expect((await owner.get(`/roles/get-role/${viewerRole}`, { json: true })).json().data.users_count).toBe(1);
  });

  it('a Viewer reads roles but gets 403 on every write', async () => {
    expect((await viewer.get('/roles/json', { json: true })).statusCode).toBe(200);
    const clerk = await roleId(t.database, a.tenantId, 'accountant');
    for (const [method, url, body] of [
      ['POST', '/roles/store', { name: 'Mine', permissions: [] }],
      ['PUT', `/roles/update/${clerk}`, { name: 'Mine' }],
      ['DELETE', `/roles/delete/${clerk}`],
    ] as const) {
      const res = await viewer.json(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ message: 'This action is unauthorized.' });
    }
  });

  it('nobody grants a permission they do not hold (an Admin lacks subscriptions.update and roles.delete)', async () => {
    const refused = await admin.json('POST', '/roles/store', { name: 'Billing', permissions: ['subscriptions.update', 'roles.delete', 'invoices.view'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You cannot grant permissions you do not hold (roles.delete, subscriptions.update).');
    const ok = await admin.json('POST', '/roles/store', { name: 'Billing', permissions: ['invoices.view', 'subscriptions.view'] });
    expect(ok.statusCode).toBe(201);
    // a role that already holds one may still be edited in the rest
    const id = (await owner.json('POST', '/roles/store', { name: 'Treasurer', permissions: ['subscriptions.update'] })).json().data.id;
    const edited = await admin.json('PUT', `/roles/update/${id}`, { name: 'Treasury', permissions: ['subscriptions.update', 'invoices.view'] });
    expect(edited.statusCode).toBe(200);
  });

  it("answers 404 for another tenant's role on every verb and changes nothing", async () => {
    const alphaAdmin = await roleId(t.database, a.tenantId, 'admin');
    for (const [method, url, body] of [
      ['GET', `/roles/get-role/${alphaAdmin}`],
      ['PUT', `/roles/update/${alphaAdmin}`, { name: 'Hijacked' }],
      ['DELETE', `/roles/delete/${alphaAdmin}`],
    ] as const) {
      const res = await beta.json(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: 'Role not found.' });
    }
    expect((await owner.get(`/roles/get-role/${alphaAdmin}`, { json: true })).json().data.name).toBe('Admin');
  });
});

describe('GET /permissions/json', () => {
  it('lists every registry permission once, by section and area, with the roles holding it', async () => {
    const res = await owner.get('/permissions/json', { json: true });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const flat = body.data.flatMap((s: { areas: { permissions: { name: string }[] }[] }) => s.areas.flatMap((a) => a.permissions.map((p) => p.name)));
    expect(flat.sort()).toEqual([...PERMISSIONS].sort());
    expect(body.total).toBe(PERMISSIONS.length);
    const areas = body.data.flatMap((s: { areas: { area: string }[] }) => s.areas.map((a) => a.area));
    expect(areas.sort()).toEqual([...PERMISSION_AREAS].sort());
    const find = (name: string) =>
      body.data
        .flatMap((s: { areas: { permissions: { name: string; roles: { name: string }[] }[] }[] }) => s.areas.flatMap((a) => a.permissions))
        .find((p: { name: string }) => p.name === name);
    expect(find('roles.delete').roles.map((r: { name: string }) => r.name)).toEqual(['Owner']);
    expect(find('user_logs.view').roles.map((r: { name: string }) => r.name)).toEqual(['Owner', 'Admin']);
    const admin = body.data.find((s: { section: string }) => s.section === 'Administration');
    expect(admin.areas.find((a: { area: string }) => a.area === 'user_logs')).toMatchObject({ label: 'User logs' });
    expect(body.roles).toHaveLength(body.roles.length);
    expect(body.roles[0]).toMatchObject({ name: 'Owner', slug: 'owner', built_in: true });
  });

  it('needs roles.view', async () => {
    const c = await addMember(t.database, a.tenantId, 'accountant', 'accountant@alpha.test');
    const acc = new TestClient(t.app);
    await acc.login(c.email, c.password);
    expect((await acc.get('/permissions/json', { json: true })).statusCode).toBe(403);
    expect((await viewer.get('/permissions/json', { json: true })).statusCode).toBe(200);
  });
});
