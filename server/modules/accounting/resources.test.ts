import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, seedTenant, testPasswordHash, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { withTenant } from '../../db/tenancy.js';
import { memberships, roles, users } from '../tenancy/schema.js';
import { contacts, currencies, taxes } from './schema.js';

let t: TestApp;
let owner: TestClient;
let other: TestClient;
let tenantA: number;
let tenantBContact: number;

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Alpha');
  const b = await seedTenant(t.database, 'Beta');
  tenantA = a.tenantId;
  await withTenant(t.database, a.tenantId, async (tx) => {
    await tx.insert(currencies).values({ tenantId: a.tenantId, code: 'KES', name: 'Kenyan Shilling', rate: '129.5', symbol: 'KSh' });
    await tx.insert(contacts).values(
      Array.from({ length: 23 }, (_, i) => ({
        tenantId: a.tenantId,
        type: 'customer' as const,
        name: `Customer ${String(i + 1).padStart(2, '0')}`,
        email: `c${i + 1}@alpha.test`,
      })),
    );
    await tx.insert(contacts).values([
      { tenantId: a.tenantId, type: 'vendor' as const, name: 'Vendor Zebra', email: 'zebra@vendors.test' },
      { tenantId: a.tenantId, type: 'vendor' as const, name: 'Vendor 100% Pure_Water', enabled: false },
    ]);
    await tx.insert(taxes).values(
      Array.from({ length: 9 }, (_, i) => ({ tenantId: a.tenantId, name: `Tax ${i + 1}`, rate: String(i + 0.5) })),
    );
  });
  const [bc] = await withTenant(t.database, b.tenantId, (tx) =>
    tx.insert(contacts).values({ tenantId: b.tenantId, type: 'customer', name: 'Beta only' }).returning({ id: contacts.id }),
  );
  tenantBContact = bc.id;
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
});
afterAll(() => t.close());

describe('contacts resource (/accounting/contacts)', () => {
  it('lists customers as a Laravel paginator, 15 per page, sorted by name', async () => {
    const res = await owner.get('/accounting/contacts/json?type=customer', { json: true });
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(Object.keys(p).sort()).toEqual(
      ['current_page', 'data', 'first_page_url', 'from', 'last_page', 'last_page_url', 'links', 'next_page_url', 'path', 'per_page', 'prev_page_url', 'to', 'total'].sort(),
    );
    expect(p).toMatchObject({ current_page: 1, per_page: 15, from: 1, to: 15, total: 23, last_page: 2, path: '/accounting/contacts/json', prev_page_url: null });
    expect(p.next_page_url).toBe('/accounting/contacts/json?type=customer&page=2');
    expect(p.data[0]).toMatchObject({ name: 'Customer 01', type: 'customer', email: 'c1@alpha.test', enabled: true, currency_code: 'USD' });
    expect(p.data[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(p.data.every((c: { type: string }) => c.type === 'customer')).toBe(true);
    expect(p.links.map((l: { label: string }) => l.label)).toEqual(['&laquo; Previous', '1', '2', 'Next &raquo;']);
    const page2 = (await owner.get('/accounting/contacts/json?type=customer&page=2', { json: true })).json();
    expect(page2).toMatchObject({ current_page: 2, from: 16, to: 23 });
    expect(page2.data).toHaveLength(8);
  });

  it('searches (with LIKE wildcards taken literally), filters with filter_by/filter, and returns plain arrays on paginate=false / list_all=true', async () => {
    const search = (await owner.get('/accounting/contacts/json?search=customer%202', { json: true })).json();
    expect(search.data.map((c: { name: string }) => c.name)).toEqual(['Customer 20', 'Customer 21', 'Customer 22', 'Customer 23']);
    const literal = (await owner.get('/accounting/contacts/json?search=100%25', { json: true })).json();
    expect(literal.data.map((c: { name: string }) => c.name)).toEqual(['Vendor 100% Pure_Water']);
    const underscore = (await owner.get('/accounting/contacts/json?search=e_W', { json: true })).json();
    expect(underscore.total).toBe(1);
    const vendors = (await owner.get('/accounting/contacts/json?filter_by=type&filter=vendor', { json: true })).json();
    expect(vendors.total).toBe(2);
    const disabled = (await owner.get('/accounting/contacts/json?enabled=false', { json: true })).json();
    expect(disabled.data.map((c: { name: string }) => c.name)).toEqual(['Vendor 100% Pure_Water']);
    const all = (await owner.get('/accounting/contacts/json?type=customer&paginate=false', { json: true })).json();
    expect(Array.isArray(all)).toBe(true);
    expect(all).toHaveLength(23);
    const all2 = (await owner.get('/accounting/contacts/json?list_all=true', { json: true })).json();
    expect(all2).toHaveLength(25);
    const sorted = (await owner.get('/accounting/contacts/json?sort_by=name&sort_order=desc&per_page=2', { json: true })).json();
    expect(sorted.data.map((c: { name: string }) => c.name)).toEqual(['Vendor Zebra', 'Vendor 100% Pure_Water']);
  });

  it('refuses a currency the company does not have (422) and defaults to its default currency', async () => {
    const bad = await owner.json('POST', '/accounting/contacts/store', { type: 'customer', name: 'Far Away', currency_code: 'XYZ' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ currency_code: ['The selected currency code is invalid.'] });
    const defaulted = await owner.json('POST', '/accounting/contacts/store', { type: 'vendor', name: 'Near By' });
    expect(defaulted.statusCode).toBe(201);
    expect(defaulted.json().data.currency_code).toBe('USD');
    await owner.json('DELETE', `/accounting/contacts/delete/${defaulted.json().data.id}`);
  });

  it('stores (201), reads, updates and deletes a customer, with the contract messages', async () => {
    const created = await owner.json('POST', '/accounting/contacts/store', {
      type: 'customer',
      name: '  Kito Bakery ',
      email: 'Hello@Kito.Test',
      currency_code: 'kes',
      website: 'https://kito.test',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: 'Customer created successfully.',
      data: { name: 'Kito Bakery', email: 'hello@kito.test', currency_code: 'KES', website: 'https://kito.test', phone: null },
    });
    const id = created.json().data.id;
    const got = await owner.get(`/accounting/contacts/get-contact/${id}`, { json: true });
    expect(got.json().data).toMatchObject({ id, name: 'Kito Bakery' });
    const updated = await owner.json('PUT', `/accounting/contacts/update/${id}`, { phone: '+254700000001', enabled: false });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ message: 'Customer updated successfully.', data: { id, name: 'Kito Bakery', phone: '+254700000001', enabled: false } });
    // an update changes only what it is sent: the default of `enabled` is not filled in again
    const renamed = await owner.json('PUT', `/accounting/contacts/update/${id}`, { name: 'Kito Bakery Ltd' });
    expect(renamed.json().data).toMatchObject({ name: 'Kito Bakery Ltd', phone: '+254700000001', enabled: false, currency_code: 'KES' });
    const deleted = await owner.json('DELETE', `/accounting/contacts/delete/${id}`);
    expect(deleted.json()).toEqual({ message: 'Customer deleted successfully.' });
    // and a vendor is named a vendor
    const vendor = await owner.json('POST', '/accounting/contacts/store', { type: 'vendor', name: 'Tembo Couriers' });
    expect(vendor.json().message).toBe('Vendor created successfully.');
    expect((await owner.json('DELETE', `/accounting/contacts/delete/${vendor.json().data.id}`)).json()).toEqual({ message: 'Vendor deleted successfully.' });
    expect((await owner.get(`/accounting/contacts/get-contact/${id}`, { json: true })).statusCode).toBe(404);
  });

  it("answers 404 for another tenant's id on every verb and changes nothing", async () => {
    const id = tenantBContact;
    for (const [method, url, body] of [
      ['GET', `/accounting/contacts/get-contact/${id}`],
      ['PUT', `/accounting/contacts/update/${id}`, { name: 'hijack' }],
      ['DELETE', `/accounting/contacts/delete/${id}`],
    ] as const) {
      const res = await owner.json(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: 'Contact not found.' });
    }
    const still = await other.get(`/accounting/contacts/get-contact/${id}`, { json: true });
    expect(still.json().data.name).toBe('Beta only');
    const list = (await other.get('/accounting/contacts/json', { json: true })).json();
    expect(list.total).toBe(1);
  });

  it('validates input with 422 in Laravel shape and writes nothing', async () => {
    const before = (await owner.get('/accounting/contacts/json?list_all=true', { json: true })).json().length;
    const res = await owner.json('POST', '/accounting/contacts/store', {
      type: 'supplier',
      name: 'x'.repeat(300),
      email: 'not-an-email',
      currency_code: 'KENYA',
      enabled: 'maybe',
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toMatch(/\(and \d+ more errors\)$/);
    expect(body.errors).toMatchObject({
      type: ['The selected type is invalid.'],
      name: ['The name field must not be greater than 255 characters.'],
      email: expect.any(Array),
      currency_code: ['The currency code must be a 3-letter ISO code.'],
      enabled: ['The enabled field must be true or false.'],
    });
    const missing = await owner.json('POST', '/accounting/contacts/store', {});
    expect(missing.json().errors).toMatchObject({ type: ['The type field is required.'], name: ['The name field is required.'] });
    const after = (await owner.get('/accounting/contacts/json?list_all=true', { json: true })).json().length;
    expect(after).toBe(before);
  });

  it('rejects bad list queries with 422, bad ids with 404', async () => {
    for (const q of ['per_page=0', 'per_page=abc', 'per_page=10000', 'page=-1', 'sort_by=password', 'filter_by=secret&filter=1', 'enabled=maybe', 'type=alien', `search=${'a'.repeat(300)}`]) {
      const res = await owner.get(`/accounting/contacts/json?${q}`, { json: true });
      expect(res.statusCode, q).toBe(422);
      expect(res.json().errors).toBeDefined();
    }
    for (const id of ['abc', '0', '-5', '1.5', '99999999999999999999', "1'or'1"]) {
      const res = await owner.get(`/accounting/contacts/get-contact/${encodeURIComponent(id)}`, { json: true });
      expect(res.statusCode, id).toBe(404);
    }
  });

  it('respects permissions by contact type: a vendor-only role never sees or writes customers', async () => {
    const vendorOnly = await withTenant(t.database, tenantA, async (tx) => {
      const [role] = await tx
        .insert(roles)
        .values({ tenantId: tenantA, name: 'Vendor clerk', slug: 'vendor-clerk', permissions: ['vendors.view', 'vendors.create'] })
        .returning({ id: roles.id });
      return role.id;
    });
    const [u] = await t.database.db
      .insert(users)
      .values({ name: 'Clerk', email: 'clerk@alpha.test', passwordHash: await testPasswordHash() })
      .returning({ id: users.id });
    await withTenant(t.database, tenantA, (tx) => tx.insert(memberships).values({ tenantId: tenantA, userId: u.id, roleId: vendorOnly }));
    const clerk = new TestClient(t.app);
    await clerk.login('clerk@alpha.test', 'correct-horse-battery');
    const list = (await clerk.get('/accounting/contacts/json?list_all=true', { json: true })).json();
    expect(list.map((c: { type: string }) => c.type)).toEqual(['vendor', 'vendor']);
    expect((await clerk.get('/accounting/contacts/json?type=customer', { json: true })).statusCode).toBe(403);
    const forbidden = await clerk.json('POST', '/accounting/contacts/store', { type: 'customer', name: 'Nope' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'This action is unauthorized.' });
    expect((await clerk.json('POST', '/accounting/contacts/store', { type: 'vendor', name: 'Fine' })).statusCode).toBe(201);
    expect((await clerk.get('/settings/accounting/taxes/json', { json: true })).statusCode).toBe(403);
    const perms = (await clerk.get('/roles/active-permissions', { json: true })).json();
    expect(perms.permissions).toEqual(['vendors.view', 'vendors.create']);
  });
});

describe('taxes resource (/settings/accounting/taxes)', () => {
  it('pages with per_page (7 for the Taxes page), searches, and list_all returns every tax', async () => {
    const p = (await owner.get('/settings/accounting/taxes/json?per_page=7', { json: true })).json();
    expect(p).toMatchObject({ current_page: 1, per_page: 7, total: 9, last_page: 2 });
    expect(p.data[0]).toMatchObject({ name: 'Tax 1', rate: 0.5, type: 'normal', enabled: true });
    const def = (await owner.get('/settings/accounting/taxes/json', { json: true })).json();
    expect(def.per_page).toBe(15);
    const s = (await owner.get('/settings/accounting/taxes/json?search=tax%209', { json: true })).json();
    expect(s.data.map((x: { name: string }) => x.name)).toEqual(['Tax 9']);
    const all = (await owner.get('/settings/accounting/taxes/json?list_all=true', { json: true })).json();
    expect(all).toHaveLength(9);
  });

  it('stores an exact decimal rate and validates type and rate', async () => {
    const ok = await owner.json('POST', '/settings/accounting/taxes/store', { name: 'VAT', rate: '16.125', type: 'inclusive' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ name: 'VAT', rate: 16.125, type: 'inclusive', enabled: true });
    const [stored] = await withTenant(t.database, tenantA, (tx) =>
      tx.select({ rate: sql<string>`${taxes.rate}::text` }).from(taxes).where(sql`${taxes.id} = ${ok.json().data.id}`),
    );
    expect(stored.rate).toBe('16.1250');
    const bad = await owner.json('POST', '/settings/accounting/taxes/store', { name: 'X', rate: 'ten', type: 'sales' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['rate', 'type']);
  });
});
