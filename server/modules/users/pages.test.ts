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
let viewer: TestClient;
let viewerMember: Awaited<ReturnType<typeof addMember>>;
let zawadi: Awaited<ReturnType<typeof addMember>>;

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
  accountant = await signIn(await addMember(t.database, a.tenantId, 'accountant', 'counter@alpha.test', 'Baraka Counter'));
  viewerMember = await addMember(t.database, a.tenantId, 'viewer', 'viewer@alpha.test', 'Vera Viewer');
  viewer = await signIn(viewerMember);
  zawadi = await addMember(t.database, a.tenantId, 'viewer', 'zawadi@alpha.test', 'Zawadi Last');
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

describe('users logs pages', () => {
  it('renders Users/Logs/Index at /users/activity for the owner, and 403 for a Viewer', async () => {
    const res = await owner.get('/users/activity', { inertia: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().component).toBe('Users/Logs/Index');
    expect((await viewer.get('/users/activity', { inertia: true })).statusCode).toBe(403);
    expect((await accountant.get('/users/activity', { inertia: true })).statusCode).toBe(403);
  });

  it('renders Users/Logs/Show with the user and the members before and after them (name order)', async () => {
    // Alpha's members by name: Alpha Owner, Baraka Counter, Vera Viewer, Zawadi Last
    const res = await owner.get(`/users/${viewerMember.userId}/activity`, { inertia: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().component).toBe('Users/Logs/Show');
    const props = res.json().props;
    expect(props.user).toEqual({ id: viewerMember.userId, name: 'Vera Viewer', email: 'viewer@alpha.test', avatar_url: null, role: 'Viewer' });
    expect(props.previousUser).toMatchObject({ name: 'Baraka Counter' });
    expect(props.nextUser).toEqual({ id: zawadi.userId, name: 'Zawadi Last' });

    const first = (await owner.get(`/users/${a.userId}/activity`, { inertia: true })).json().props;
    expect(first.previousUser).toBeNull();
    expect(first.nextUser).toMatchObject({ name: 'Baraka Counter' });
    const last = (await owner.get(`/users/${zawadi.userId}/activity`, { inertia: true })).json().props;
    expect(last.previousUser).toEqual({ id: viewerMember.userId, name: 'Vera Viewer' });
    expect(last.nextUser).toBeNull();
  });

  it("lets a Viewer open their own timeline (without neighbours) but not another member's", async () => {
    const own = await viewer.get(`/users/${viewerMember.userId}/activity`, { inertia: true });
    expect(own.statusCode).toBe(200);
    expect(own.json().component).toBe('Users/Logs/Show');
    expect(own.json().props).toMatchObject({ user: { id: viewerMember.userId }, previousUser: null, nextUser: null });
    expect((await viewer.get(`/users/${a.userId}/activity`, { inertia: true })).statusCode).toBe(403);
    expect((await viewer.get(`/users/${zawadi.userId}/activity`, { inertia: true })).statusCode).toBe(403);
  });

  it("answers 404 for another tenant's user, an unknown id and a malformed id", async () => {
    expect((await owner.get(`/users/${b.userId}/activity`, { inertia: true })).statusCode).toBe(404);
    expect((await owner.get('/users/999999/activity', { inertia: true })).statusCode).toBe(404);
    expect((await owner.get('/users/abc/activity', { inertia: true })).statusCode).toBe(404);
  });
});
