import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, seedTenant, type TestApp } from '../testing/app.js';
import { TestClient } from '../testing/client.js';
import { contacts } from '../modules/accounting/schema.js';
import { rows } from './client.js';
import { withNoTenant, withTenant, withUser } from './tenancy.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedTenant>>;
let b: Awaited<ReturnType<typeof seedTenant>>;

beforeAll(async () => {
  // a route that forgets every tenant filter on purpose: only row-level security stands in the way
  t = await createTestApp({}, (app) =>
    app.get('/__test/unscoped-contacts', { config: { access: 'customers.view' } }, async (req) =>
      req.tenantTx((tx) => tx.select({ name: contacts.name, tenantId: contacts.tenantId }).from(contacts)),
    ),
  );
  a = await seedTenant(t.database, 'Alpha');
  b = await seedTenant(t.database, 'Beta');
  await withTenant(t.database, a.tenantId, (tx) =>
    tx.insert(contacts).values([
      { tenantId: a.tenantId, type: 'customer', name: 'Alpha customer 1' },
      { tenantId: a.tenantId, type: 'customer', name: 'Alpha customer 2' },
    ]),
  );
  await withTenant(t.database, b.tenantId, (tx) =>
    tx.insert(contacts).values([{ tenantId: b.tenantId, type: 'customer', name: 'Beta secret customer' }]),
  );
});
afterAll(() => t.close());

describe('row-level security', () => {
  it("a deliberately unscoped query inside tenant A's request sees only A's rows", async () => {
    const c = new TestClient(t.app);
    await c.login(a.email, a.password);
    const res = await c.get('/__test/unscoped-contacts', { json: true });
    expect(res.statusCode).toBe(200);
    const names = res.json().map((r: { name: string }) => r.name).sort();
    expect(names).toEqual(['Alpha customer 1', 'Alpha customer 2']);
    expect(res.json().every((r: { tenantId: number }) => r.tenantId === a.tenantId)).toBe(true);
  });

  it('a query with no tenant set sees nothing, in every tenant table', async () => {
    const counts = await withNoTenant(t.database, async (tx) => ({
      contacts: (await rows<{ n: number }>(tx, sql`select count(*)::int as n from contacts`))[0].n,
      roles: (await rows<{ n: number }>(tx, sql`select count(*)::int as n from roles`))[0].n,
      memberships: (await rows<{ n: number }>(tx, sql`select count(*)::int as n from memberships`))[0].n,
      tenants: (await rows<{ n: number }>(tx, sql`select count(*)::int as n from tenants`))[0].n,
      users: (await rows<{ n: number }>(tx, sql`select count(*)::int as n from users`))[0].n,
    }));
    expect(counts).toEqual({ contacts: 0, roles: 0, memberships: 0, tenants: 0, users: 0 });
  });

  it("cannot write a row into another tenant, even naming its id", async () => {
    await expect(
      withTenant(t.database, a.tenantId, (tx) =>
        tx.insert(contacts).values({ tenantId: b.tenantId, type: 'customer', name: 'smuggled' }),
      ),
    ).rejects.toThrow();
    const names = await withTenant(t.database, b.tenantId, (tx) => tx.select({ name: contacts.name }).from(contacts));
    expect(names.map((r) => r.name)).toEqual(['Beta secret customer']);
  });

  it("cannot update or delete another tenant's rows", async () => {
    await withTenant(t.database, a.tenantId, async (tx) => {
      await tx.execute(sql`update contacts set name = 'hijacked'`);
      await tx.execute(sql`delete from contacts where tenant_id = ${b.tenantId}`);
    });
    const names = await withTenant(t.database, b.tenantId, (tx) => tx.select({ name: contacts.name }).from(contacts));
    expect(names.map((r) => r.name)).toEqual(['Beta secret customer']);
  });

  it('the setting does not leak past the transaction', async () => {
    await withTenant(t.database, a.tenantId, async () => undefined);
    const after = await withNoTenant(t.database, (tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from contacts`));
    expect(after[0].n).toBe(0);
  });

  it('a user context sees only that user\'s memberships and tenants', async () => {
    const seen = await withUser(t.database, a.userId, (tx) =>
      rows<{ name: string }>(tx, sql`select name from tenants order by id`),
    );
    expect(seen.map((r) => r.name)).toEqual(['Alpha']);
  });

  it('the app role is neither superuser, owner nor BYPASSRLS', async () => {
    const [role] = await t.database.query<{ rolsuper: boolean; rolbypassrls: boolean }>(
      "select rolsuper, rolbypassrls from pg_roles where rolname = 'kazi_app'",
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
    const owned = await t.database.query(
      "select c.relname from pg_class c join pg_roles r on r.oid = c.relowner where r.rolname = 'kazi_app'",
    );
    expect(owned).toEqual([]);
  });
});
