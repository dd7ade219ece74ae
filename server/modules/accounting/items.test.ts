import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { withTenant } from '../../db/tenancy.js';
import { addMember } from '../users/test-helpers.js';
import { categories, items, itemTaxes, taxes } from './schema.js';

let t: TestApp;
let owner: TestClient;
let other: TestClient;
let viewer: TestClient;
let tenantA: number;
let vat: number;
let excise: number;
let levy: number;
let general: number;
let incomeCategory: number;
let foreignTax: number;
let foreignCategory: number;
let foreignItem: number;

// the resource layer's `exists` wording: the field's name without its _id
const CATEGORY_INVALID = 'The selected category is invalid.';

const itemCategory = (tx: Parameters<Parameters<typeof withTenant>[2]>[0], tenantId: number) =>
  tx.select({ id: categories.id }).from(categories).where(and(eq(categories.tenantId, tenantId), eq(categories.type, 'item')));

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Alpha');
  const b = await seedTenant(t.database, 'Beta');
  tenantA = a.tenantId;
  await withTenant(t.database, a.tenantId, async (tx) => {
    const made = await tx
      .insert(taxes)
      .values([
        { tenantId: a.tenantId, name: 'VAT', rate: '16' },
        { tenantId: a.tenantId, name: 'Excise', rate: '2.5' },
        { tenantId: a.tenantId, name: 'Levy', rate: '0.125' },
      ])
      .returning({ id: taxes.id });
    [vat, excise, levy] = made.map((m) => m.id);
    [{ id: general }] = await itemCategory(tx, a.tenantId);
    [{ id: incomeCategory }] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.tenantId, a.tenantId), eq(categories.type, 'income')))
      .limit(1);
    // 20 items for paging and search; every one carries VAT
    const rows = await tx
      .insert(items)
      .values(Array.from({ length: 20 }, (_, i) => ({ tenantId: a.tenantId, name: `Widget ${String(i + 1).padStart(2, '0')}`, salePrice: `${i + 1}.5`, categoryId: general })))
      .returning({ id: items.id });
    await tx.insert(itemTaxes).values(rows.map((r) => ({ tenantId: a.tenantId, itemId: r.id, taxId: vat })));
  });
  await withTenant(t.database, b.tenantId, async (tx) => {
    [{ id: foreignTax }] = await tx.insert(taxes).values({ tenantId: b.tenantId, name: 'Beta VAT', rate: '18' }).returning({ id: taxes.id });
    [{ id: foreignCategory }] = await itemCategory(tx, b.tenantId);
    [{ id: foreignItem }] = await tx.insert(items).values({ tenantId: b.tenantId, name: 'Beta gadget', salePrice: '9' }).returning({ id: items.id });
  });
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  const v = await addMember(t.database, a.tenantId, 'viewer', 'viewer@alpha.test');
  viewer = new TestClient(t.app);
  await viewer.login(v.email, v.password);
});
afterAll(() => t.close());

describe('items resource (/sales/items)', () => {
  it('pages 15 by name with each row\'s taxes and category, searches, filters and lists all', async () => {
    const p = (await owner.get('/sales/items/json', { json: true })).json();
    expect(p).toMatchObject({ current_page: 1, per_page: 15, total: 20, last_page: 2, path: '/sales/items/json' });
    expect(p.data[0]).toMatchObject({
      name: 'Widget 01',
      sale_price: '1.5000',
      purchase_price: null,
      category_id: general,
      category: { id: general, name: 'General' },
      enabled: true,
      taxes: [{ id: vat, name: 'VAT', rate: '16' }],
    });
    expect(p.data.every((i: { taxes: unknown[] }) => i.taxes.length === 1)).toBe(true);
    expect((await owner.get('/sales/items/json?page=2', { json: true })).json().data).toHaveLength(5);
    const s = (await owner.get('/sales/items/json?search=widget%201', { json: true })).json();
    expect(s.data.map((i: { name: string }) => i.name)).toEqual(['Widget 10', 'Widget 11', 'Widget 12', 'Widget 13', 'Widget 14', 'Widget 15', 'Widget 16', 'Widget 17', 'Widget 18', 'Widget 19']);
    expect((await owner.get(`/sales/items/json?category_id=${general}&per_page=1`, { json: true })).json().total).toBe(20);
    expect((await owner.get('/sales/items/json?enabled=false', { json: true })).json().total).toBe(0);
    const all = (await owner.get('/sales/items/json?paginate=false', { json: true })).json();
    expect(all).toHaveLength(20);
    expect(all[19].taxes).toEqual([{ id: vat, name: 'VAT', rate: '16' }]);
    const sorted = (await owner.get('/sales/items/json?sort_by=sale_price&sort_order=desc&per_page=1', { json: true })).json();
    expect(sorted.data[0]).toMatchObject({ name: 'Widget 20', sale_price: '20.5000' });
  });

  it('stores an item with its taxes in one transaction, reads it at show/ and get-item/, replaces and keeps taxes on update, deletes', async () => {
    const created = await owner.json('POST', '/sales/items/store', {
      name: ' Espresso beans 1kg ',
      description: 'Single origin',
      sale_price: '24.99',
      purchase_price: 12,
      category_id: general,
      tax_ids: [vat, excise, vat],
    });
    expect(created.statusCode).toBe(201);
    const data = created.json().data;
    expect(created.json().message).toBe('Item created successfully.');
    expect(data).toMatchObject({ name: 'Espresso beans 1kg', sale_price: '24.9900', purchase_price: '12.0000', category: { name: 'General' }, enabled: true });
    expect(data.taxes).toEqual([
      { id: excise, name: 'Excise', rate: '2.5' },
      { id: vat, name: 'VAT', rate: '16' },
    ]);
    for (const url of [`/sales/items/show/${data.id}`, `/sales/items/get-item/${data.id}`]) {
      const got = await owner.get(url, { json: true });
      expect(got.statusCode, url).toBe(200);
      expect(got.json().data).toEqual(data);
    }

    const renamed = await owner.json('PUT', `/sales/items/update/${data.id}`, { name: 'Espresso beans', sale_price: null });
    expect(renamed.statusCode).toBe(200);
    // taxes not sent: kept; the other price is still there, so one price may be cleared
    expect(renamed.json().data).toMatchObject({ name: 'Espresso beans', sale_price: null, purchase_price: '12.0000', enabled: true });
    expect(renamed.json().data.taxes.map((x: { id: number }) => x.id)).toEqual([excise, vat]);

    const retaxed = await owner.json('PUT', `/sales/items/update/${data.id}`, { tax_ids: [levy] });
    expect(retaxed.json().data.taxes).toEqual([{ id: levy, name: 'Levy', rate: '0.125' }]);
    const untaxed = await owner.json('PUT', `/sales/items/update/${data.id}`, { tax_ids: [] });
    expect(untaxed.json().data.taxes).toEqual([]);

    const deleted = await owner.json('DELETE', `/sales/items/delete/${data.id}`);
    expect(deleted.json()).toEqual({ message: 'Item deleted successfully.' });
    expect((await owner.get(`/sales/items/show/${data.id}`, { json: true })).statusCode).toBe(404);
    const left = await withTenant(t.database, tenantA, (tx) => tx.select().from(itemTaxes).where(eq(itemTaxes.itemId, data.id)));
    expect(left).toEqual([]);
  });

  it('answers 422 for bad prices, a missing price, a category that is not an item category, and unknown taxes, and writes nothing', async () => {
    const count = async () => (await owner.get('/sales/items/json?per_page=1', { json: true })).json().total;
    const before = await count();
    const bad = await owner.json('POST', '/sales/items/store', { name: '', sale_price: '-1', purchase_price: '1.23456', category_id: 'general', tax_ids: 'vat', enabled: 'yes' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      name: ['The name field is required.'],
      sale_price: ['The sale price field must be at least 0.'],
      purchase_price: ['The purchase price field must have at most 4 decimal places.'],
      category_id: ['The selected category is invalid.'],
      tax_ids: ['The tax ids field must be an array.'],
      enabled: ['The enabled field must be true or false.'],
    });
    const noPrice = await owner.json('POST', '/sales/items/store', { name: 'Free thing' });
    expect(noPrice.statusCode).toBe(422);
    expect(noPrice.json().errors).toEqual({
      sale_price: ['The sale price field is required when purchase price is not present.'],
      purchase_price: ['The purchase price field is required when sale price is not present.'],
    });
    const wrongCategory = await owner.json('POST', '/sales/items/store', { name: 'X', sale_price: '1', category_id: incomeCategory, tax_ids: [vat, 99999999] });
    expect(wrongCategory.statusCode).toBe(422);
    expect(wrongCategory.json().errors).toEqual({ category_id: [CATEGORY_INVALID], tax_ids: ['The selected tax ids is invalid.'] });
    expect(await count()).toBe(before);

    // an update that would leave no price is refused and changes nothing
    const [{ id }] = (await owner.get('/sales/items/json?search=Widget%2001', { json: true })).json().data;
    const cleared = await owner.json('PUT', `/sales/items/update/${id}`, { sale_price: null, tax_ids: [excise] });
    expect(cleared.statusCode).toBe(422);
    const still = (await owner.get(`/sales/items/show/${id}`, { json: true })).json().data;
    expect(still).toMatchObject({ sale_price: '1.5000', taxes: [{ id: vat }] });
  });

  it("never reveals or uses another tenant's rows: 404 on its item, 422 on its tax or category", async () => {
    for (const [method, url, body] of [
      ['GET', `/sales/items/show/${foreignItem}`],
      ['GET', `/sales/items/get-item/${foreignItem}`],
      ['PUT', `/sales/items/update/${foreignItem}`, { name: 'hijack' }],
      ['DELETE', `/sales/items/delete/${foreignItem}`],
    ] as const) {
      const res = await owner.json(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: 'Item not found.' });
    }
    expect((await other.get(`/sales/items/show/${foreignItem}`, { json: true })).json().data.name).toBe('Beta gadget');
    expect((await other.get('/sales/items/json', { json: true })).json().total).toBe(1);
    expect((await owner.get('/sales/items/json?search=Beta', { json: true })).json().total).toBe(0);

    const borrowed = await owner.json('POST', '/sales/items/store', { name: 'Smuggled', sale_price: '1', category_id: foreignCategory, tax_ids: [foreignTax] });
    expect(borrowed.statusCode).toBe(422);
    expect(borrowed.json().errors).toEqual({ category_id: [CATEGORY_INVALID], tax_ids: ['The selected tax ids is invalid.'] });
    const [{ id }] = (await owner.get('/sales/items/json?search=Widget%2002', { json: true })).json().data;
    expect((await owner.json('PUT', `/sales/items/update/${id}`, { tax_ids: [vat, foreignTax] })).statusCode).toBe(422);
    const links = await withTenant(t.database, tenantA, (tx) =>
      tx.select({ n: sql<number>`count(*)::int` }).from(itemTaxes).where(eq(itemTaxes.itemId, id)),
    );
    expect(links[0].n).toBe(1);
  });

  it('lets a Viewer read items but not write them (403)', async () => {
    expect((await viewer.get('/sales/items/json', { json: true })).statusCode).toBe(200);
    const [{ id }] = (await viewer.get('/sales/items/json?per_page=1', { json: true })).json().data;
    for (const [method, url, body] of [
      ['POST', '/sales/items/store', { name: 'Nope', sale_price: '1' }],
      ['PUT', `/sales/items/update/${id}`, { name: 'Nope' }],
      ['DELETE', `/sales/items/delete/${id}`],
    ] as const) {
      const res = await viewer.json(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await owner.get(`/sales/items/show/${id}`, { json: true })).json().data.name).toBe('Widget 01');
  });
});

describe('items pages', () => {
  it('renders Items/Index, Create and Edit with the default currency, item categories and taxes', async () => {
    const index = (await owner.get('/sales/items', { inertia: true })).json();
    expect(index.component).toBe('Items/Index');
    expect(index.props.currency).toEqual({ code: 'USD', precision: 2, symbol: '$', symbol_first: true, decimal_mark: '.', thousands_separator: ',' });
    expect(index.props.categories).toEqual([{ id: general, name: 'General' }]);
    const create = (await owner.get('/sales/items/create', { inertia: true })).json();
    expect(create.component).toBe('Items/Create');
    expect(create.props.taxes.map((x: { name: string; rate: string }) => `${x.name} ${x.rate}`)).toEqual(['Excise 2.5', 'Levy 0.125', 'VAT 16']);
    const [{ id }] = (await owner.get('/sales/items/json?per_page=1', { json: true })).json().data;
    const edit = (await owner.get(`/sales/items/${id}/edit`, { inertia: true })).json();
    expect(edit.component).toBe('Items/Edit');
    expect(edit.props.item).toMatchObject({ id, name: 'Widget 01', taxes: [{ id: vat }] });
  });

  it("answers 404 for another tenant's item page and 403 to a Viewer's create and edit", async () => {
    expect((await owner.get(`/sales/items/${foreignItem}/edit`, { inertia: true })).statusCode).toBe(404);
    expect((await owner.get('/sales/items/abc/edit', { inertia: true })).statusCode).toBe(404);
    expect((await viewer.get('/sales/items', { inertia: true })).statusCode).toBe(200);
    expect((await viewer.get('/sales/items/create', { inertia: true })).statusCode).toBe(403);
  });
});
