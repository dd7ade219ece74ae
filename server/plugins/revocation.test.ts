import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, seedTenant, type TestApp } from '../testing/app.js';
import { TestClient } from '../testing/client.js';
import { addMember } from '../modules/users/test-helpers.js';

/**
 * Every signed-in request reads its session row and the auth epoch; the user, membership, role
 * and tenant are remembered per process only while that epoch stands (migration 0009): what an
 * owner takes away is gone on the member's very next request, whichever way it was taken,
 * including straight in the database by another process.
 */
let t: TestApp;
let owner: TestClient;
let member: TestClient;
let memberId: number;
let roleId: number;
let tenantId: number;
let seq = 0;

const contacts = (c: TestClient) => c.get('/accounting/contacts/json', { json: true });
const permissions = async (c: TestClient) => (await c.get('/roles/active-permissions', { json: true })).json().permissions as string[];

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Revoker');
  tenantId = a.tenantId;
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
});
afterAll(async () => t?.close());

// each test: a fresh role that may view customers, a fresh member holding it, signed in
beforeEach(async () => {
  seq += 1;
  const role = await owner.json('POST', '/roles/store', { name: `Clerk ${seq}`, permissions: ['customers.view'] });
  expect(role.statusCode).toBe(201);
  roleId = role.json().data.id;
  const m = await addMember(t.database, tenantId, roleId, `clerk${seq}@revoker.test`);
  memberId = m.userId;
  member = new TestClient(t.app);
  await member.login(m.email, m.password);
  expect((await contacts(member)).statusCode).toBe(200);
  expect(await permissions(member)).toEqual(['customers.view']);
});

describe('revocation takes effect on the very next request', () => {
  it('a permission taken from the role', async () => {
    const res = await owner.json('PUT', `/roles/update/${roleId}`, { name: `Clerk ${seq}`, permissions: ['vendors.view'] });
    expect(res.statusCode).toBe(200);
    const next = await contacts(member);
    expect(next.statusCode).toBe(200);
    // vendors only now: the customers are out of sight
    expect(next.json().data.every((c: { type: string }) => c.type === 'vendor')).toBe(true);
    expect(await permissions(member)).toEqual(['vendors.view']);
  });

  it('the role changed for another', async () => {
    const vendorsOnly = await owner.json('POST', '/roles/store', { name: `Buyer ${seq}`, permissions: ['vendors.view'] });
    expect((await owner.json('PUT', `/users/update-role/${memberId}`, { role_id: vendorsOnly.json().data.id })).statusCode).toBe(200);
    expect(await permissions(member)).toEqual(['vendors.view']);
    expect((await contacts(member)).json().data.every((c: { type: string }) => c.type === 'vendor')).toBe(true);
  });

  it('the membership deactivated', async () => {
    expect((await owner.json('POST', `/users/deactivate/${memberId}`)).statusCode).toBe(200);
    expect((await contacts(member)).statusCode).toBe(403);
    expect(await permissions(member)).toEqual([]);
  });

  it('the membership removed', async () => {
    expect((await owner.json('DELETE', `/users/remove/${memberId}`)).statusCode).toBe(200);
    expect((await contacts(member)).statusCode).toBe(403);
    expect(await permissions(member)).toEqual([]);
  });

  it('the session ended elsewhere (signed out of other browsers, or deleted)', async () => {
    await t.database.query('delete from sessions where user_id = $1', [memberId]);
    const next = await contacts(member);
    expect(next.statusCode).toBe(401);
  });

  it('a permission taken straight in the database, by another process', async () => {
    // warm: the member's context is remembered by this process
    expect(await permissions(member)).toEqual(['customers.view']);
    await t.database.scoped({ tenantId }, (tx) => tx.execute(sql`update roles set permissions = '["vendors.view"]'::jsonb where id = ${roleId}`));
    expect(await permissions(member)).toEqual(['vendors.view']);
  });

  it('a membership deactivated straight in the database', async () => {
    expect(await permissions(member)).toEqual(['customers.view']);
    await t.database.scoped({ tenantId }, (tx) => tx.execute(sql`update memberships set status = 'inactive' where user_id = ${memberId}`));
    expect((await contacts(member)).statusCode).toBe(403);
  });

  it("the user's name and the company's name changed straight in the database", async () => {
    const shared = async () => {
      const props = (await member.get('/dashboard', { inertia: true })).json().props;
      return { user: props.auth.user as { name: string }, tenant: props.tenant as { name: string } };
    };
    const before = await shared();
    await t.database.query('update users set name = $2 where id = $1', [memberId, `Renamed ${seq}`]);
    await t.database.query("update tenants set settings = settings || jsonb_build_object('name', $2::text) where id = $1", [tenantId, `Company ${seq}`]);
    const after = await shared();
    expect(before.user.name).not.toBe(`Renamed ${seq}`);
    expect(after.user.name).toBe(`Renamed ${seq}`);
    expect(after.tenant.name).toBe(`Company ${seq}`);
  });
});
