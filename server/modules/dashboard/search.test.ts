import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenancy.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { addMember } from '../users/test-helpers.js';
import { roles } from '../tenancy/schema.js';

/** GET /search/json: the records behind the top bar's search (server/http/search.ts). */
let t: TestApp;
let owner: TestClient;
let other: TestClient;
let vendorsOnly: TestClient;
let ids: { customer: number; vendor: number; item: number; invoice: number; bill: number; estimate: number; transaction: number; otherCustomer: number };

type Group = { kind: string; label: string; items: { id: number; title: string; detail: string | null; href: string }[] };
const search = async (c: TestClient, q: string) => {
  const res = await c.json('GET', `/search/json?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Group[];
};
const created = async (c: TestClient, url: string, body: unknown) => {
  const res = await c.json('POST', url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; document_number?: string };
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Searchers');
  const b = await seedTenant(t.database, 'Elsewhere');
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  // a role that may see vendors and nothing else of accounting
  const role = await withTenant(t.database, a.tenantId, async (tx) => {
    const [r] = await tx.insert(roles).values({ tenantId: a.tenantId, name: 'Vendor clerk', slug: 'vendor-clerk', permissions: ['vendors.view', 'dashboard.view'] }).returning({ id: roles.id });
    return r.id;
  });
  const v = await addMember(t.database, a.tenantId, role, 'clerk@searchers.test');
  vendorsOnly = new TestClient(t.app);
  await vendorsOnly.login(v.email, v.password);

  const customer = await created(owner, '/accounting/contacts/store', { type: 'customer', name: 'Wanjiru Kamau', email: 'wanjiru@kamau.test', currency_code: 'USD' });
  const vendor = await created(owner, '/accounting/contacts/store', { type: 'vendor', name: 'Kamau Supplies', currency_code: 'USD' });
  const item = await created(owner, '/sales/items/store', { name: 'Kamau tea', sale_price: '10', purchase_price: '5' });
  const line = { item_id: item.id, name: 'Kamau tea', quantity: '1', price: '10', tax_ids: [] };
  const invoice = await created(owner, '/accounting/documents/store', { type: 'invoice', contact_id: customer.id, issued_at: '2026-03-01', items: [line] });
  const bill = await created(owner, '/accounting/documents/store', { type: 'bill', contact_id: vendor.id, issued_at: '2026-03-01', items: [line] });
  const estimate = await created(owner, '/accounting/documents/store', { type: 'estimate', contact_id: customer.id, issued_at: '2026-03-01', items: [line] });
  const account = await created(owner, '/banking/accounts/store', { name: 'Main', number: '001', currency_code: 'USD' });
  const transaction = await created(owner, '/banking/transactions/store', { type: 'income', bank_account_id: account.id, paid_at: '2026-03-02', amount: '10', reference: 'MPESA-QX7781' });
  const otherCustomer = await created(other, '/accounting/contacts/store', { type: 'customer', name: 'Kamau of Elsewhere', currency_code: 'USD' });
  ids = { customer: customer.id, vendor: vendor.id, item: item.id, invoice: invoice.id, bill: bill.id, estimate: estimate.id, transaction: transaction.id, otherCustomer: otherCustomer.id };
  expect(invoice.document_number).toMatch(/^INV-/);
});
afterAll(() => t?.close());

describe('GET /search/json', () => {
  it('finds customers, vendors, items, invoices, bills and estimates by name, grouped by kind, with their pages', async () => {
    const groups = await search(owner, 'kamau');
    expect(groups.map((g) => g.kind)).toEqual(['customers', 'vendors', 'items', 'invoices', 'bills', 'estimates']);
    const byKind = Object.fromEntries(groups.map((g) => [g.kind, g]));
    expect(byKind.customers).toEqual({ kind: 'customers', label: 'Customers', items: [{ id: ids.customer, title: 'Wanjiru Kamau', detail: 'wanjiru@kamau.test', href: `/sales/customers/${ids.customer}` }] });
    expect(byKind.vendors.items[0]).toMatchObject({ id: ids.vendor, title: 'Kamau Supplies', href: `/purchases/vendors/${ids.vendor}` });
    expect(byKind.items.items[0]).toMatchObject({ id: ids.item, title: 'Kamau tea', href: `/sales/items/show/${ids.item}` });
    expect(byKind.invoices.items[0]).toMatchObject({ id: ids.invoice, detail: 'Wanjiru Kamau', href: `/sales/invoices/${ids.invoice}` });
    expect(byKind.bills.items[0]).toMatchObject({ id: ids.bill, href: `/purchases/bills/${ids.bill}` });
    expect(byKind.estimates.items[0]).toMatchObject({ id: ids.estimate, href: `/sales/estimates/${ids.estimate}` });
  });

  it('finds an invoice by its number and a transaction by its reference', async () => {
    const [inv] = await search(owner, 'INV-00001');
    expect(inv.kind).toBe('invoices');
    expect(inv.items.map((i) => i.id)).toEqual([ids.invoice]);
    const [tx] = await search(owner, 'qx778');
    expect(tx).toMatchObject({ kind: 'transactions', items: [{ id: ids.transaction, title: 'MPESA-QX7781', href: `/banking/transactions/${ids.transaction}` }] });
  });

  it("never answers another company's records", async () => {
    const mine = (await search(owner, 'kamau')).flatMap((g) => g.items.map((i) => i.title));
    expect(mine).not.toContain('Kamau of Elsewhere');
    const theirs = await search(other, 'kamau');
    expect(theirs).toEqual([{ kind: 'customers', label: 'Customers', items: [expect.objectContaining({ id: ids.otherCustomer, title: 'Kamau of Elsewhere' })] }]);
  });

  it('searches only the kinds the user may view', async () => {
    const groups = await search(vendorsOnly, 'kamau');
    expect(groups.map((g) => g.kind)).toEqual(['vendors']);
  });

  it('answers nothing for fewer than three characters, and caps each kind at five', async () => {
    expect(await search(owner, 'ka')).toEqual([]);
    expect(await search(owner, '  ')).toEqual([]);
    for (let i = 0; i < 7; i++) await created(owner, '/accounting/contacts/store', { type: 'customer', name: `Zawadi ${i}`, currency_code: 'USD' });
    const [customers] = await search(owner, 'zawadi');
    expect(customers.items.map((x) => x.title)).toEqual(['Zawadi 0', 'Zawadi 1', 'Zawadi 2', 'Zawadi 3', 'Zawadi 4']);
  });

  it('takes wildcards literally and refuses a phrase that is too long', async () => {
    expect(await search(owner, '%%%')).toEqual([]);
    expect(await search(owner, '___')).toEqual([]);
    const long = await owner.json('GET', `/search/json?q=${'x'.repeat(201)}`);
    expect(long.statusCode).toBe(422);
  });

  it('needs a signed-in member who may view some kind', async () => {
    const guest = new TestClient(t.app);
    expect((await guest.json('GET', '/search/json?q=kamau')).statusCode).toBe(401);
  });
});
