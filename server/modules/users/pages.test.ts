import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../common/permissions.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { addMember, roleId } from './test-helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedTenant>>;
let b: Awaited<ReturnType<typeof seedTenant>>;
let owner: TestClient;
let accountant: TestClient;

async function signIn(who: { email: string; password: string }) {
  const c = new TestClient(t.app);
  await c.login(who.email, who.password);
  return c;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await seedTenant(t.database, 'Alpha');
  b = await seedTenant(t.database, 'Beta');
  owner = await signIn(a);
  accountant = await signIn(await addMember(t.database, a.tenantId, 'accountant', 'counter@alpha.test'));
});
afterAll(() => t.close());

describe('administration pages', () => {
  it('renders the Users page with the tenant\'s roles (id and name only)', async () => {
    const res = await owner.get('/users', { inertia: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().component).toBe('Users/Index');
    const roles = res.json().props.roles as { id: number; name: string }[];
    expect(roles.map((r) => r.name)).toContain('Owner');
    expect(roles.map((r) => r.name)).toContain('Accountant');
    expect(Object.keys(roles[0]).sort()).toEqual(['id', 'name']);
    const other = await roleId(t.database, b.tenantId, 'owner');
    expect(roles.map((r) => r.id)).not.toContain(other);
  });

  it('renders the Roles, Roles/Create and Permissions pages', async () => {
    expect((await owner.get('/roles', { inertia: true })).json().component).toBe('Roles/Index');
    expect((await owner.get('/roles/create', { inertia: true })).json().component).toBe('Roles/Create');
    expect((await owner.get('/permissions', { inertia: true })).json().component).toBe('Permissions');
  });

  it('renders Roles/Edit with the role; the Owner role carries every permission', async () => {
    const viewer = await roleId(t.database, a.tenantId, 'viewer');
    const res = await owner.get(`/roles/${viewer}/edit`, { inertia: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().component).toBe('Roles/Edit');
    expect(res.json().props.role).toMatchObject({ id: viewer, slug: 'viewer', built_in: true });
    expect(Array.isArray(res.json().props.role.permissions)).toBe(true);
    const ownerRole = await roleId(t.database, a.tenantId, 'owner');
    const ownerPage = await owner.get(`/roles/${ownerRole}/edit`, { inertia: true });
    expect(ownerPage.json().props.role.permissions).toEqual([...PERMISSIONS]);
  });

  it('answers 404 for another tenant\'s role, an unknown id and a malformed id', async () => {
    const foreign = await roleId(t.database, b.tenantId, 'viewer');
    expect((await owner.get(`/roles/${foreign}/edit`, { inertia: true })).statusCode).toBe(404);
    expect((await owner.get('/roles/999999/edit', { inertia: true })).statusCode).toBe(404);
    expect((await owner.get('/roles/abc/edit', { inertia: true })).statusCode).toBe(404);
  });

  it('answers 403 to a member without the permission', async () => {
    const viewer = await roleId(t.database, a.tenantId, 'viewer');
    for (const url of ['/users', '/roles', '/roles/create', `/roles/${viewer}/edit`, '/permissions']) {
      expect((await accountant.get(url, { inertia: true })).statusCode, url).toBe(403);
    }
  });
});
