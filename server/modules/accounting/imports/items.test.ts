import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { createTestApp, seedTenant, type TestApp } from '../../../testing/app.js';
import { TestClient } from '../../../testing/client.js';
import { withTenant } from '../../../db/tenancy.js';
import { categories, taxes } from '../schema.js';
import { upload, waitForImport, xlsxFile } from '../../../http/import/testing.js';
import { addMember } from '../../users/test-helpers.js';

const BASE = '/sales/items';
let t: TestApp;
let owner: TestClient;
let viewer: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Alpha');
  const b = await seedTenant(t.database, 'Beta');
  await withTenant(t.database, a.tenantId, async (tx) => {
    await tx.insert(categories).values([
      { tenantId: a.tenantId, name: 'Bread', type: 'item' },
      { tenantId: a.tenantId, name: 'Rent', type: 'expense' },
    ]);
    await tx.insert(taxes).values([
      { tenantId: a.tenantId, name: 'VAT', rate: '16' },
      { tenantId: a.tenantId, name: 'Levy', rate: '1.5' },
    ]);
  });
  // Beta has a category and a tax of the same names: Alpha's import must never use them
  await withTenant(t.database, b.tenantId, async (tx) => {
    await tx.insert(categories).values({ tenantId: b.tenantId, name: 'Cakes', type: 'item' });
    await tx.insert(taxes).values({ tenantId: b.tenantId, name: 'Sugar tax', rate: '5' });
  });
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  viewer = new TestClient(t.app);
  await viewer.login((await addMember(t.database, a.tenantId, 'viewer', 'v@alpha.test')).email, 'correct-horse-battery');
});
afterAll(() => t.close());

describe('item import', () => {
  it('resolves categories and taxes by name (any case), lists every unknown one per row, and imports nothing while any row is wrong', async () => {
    const file = [
      'Product,Price,Cost,Category,Tax',
      'Loaf,4.50,2.10,bread,"VAT, levy"',
      'Bun,1.2,,Cakes,',
      'Cake,,,Bread,Sugar tax',
      'Rent item,3,,Rent,',
      'Roll,abc,,,',
    ].join('\n');
    const up = (await upload(owner, BASE, 'items.csv', file)).json();
    expect(up.mapping).toEqual({ name: 'Product', sale_price: 'Price', purchase_price: 'Cost', category: 'Category', taxes: 'Tax' });
    const preview = (await owner.json('POST', `${BASE}/import/preview/${up.id}`, { mapping: up.mapping })).json();
    expect(preview).toMatchObject({ total: 5, valid: 1, invalid: 4 });
    expect(preview.errors).toEqual([
      { row: 3, field: 'category', message: 'There is no item category named "Cakes".' },
      { row: 4, field: 'sale_price', message: 'The sale price field is required when purchase price is not present.' },
      { row: 4, field: 'taxes', message: 'There is no tax named "Sugar tax".' },
      { row: 5, field: 'category', message: 'There is no item category named "Rent".' },
      { row: 6, field: 'sale_price', message: 'The sale price field must be a number.' },
    ]);
    const commit = await owner.json('POST', `${BASE}/import/commit/${up.id}`, {});
    expect(commit.statusCode).toBe(422);
    expect((await owner.get(`${BASE}/json`, { json: true })).json().total).toBe(0);
  });

  it('imports a good XLSX with category and taxes linked, and the export shows them by name', async () => {
    const buf = await xlsxFile([
      ['Name', 'Description', 'Sale price', 'Purchase price', 'Category', 'Taxes', 'Enabled'],
      ['Loaf', 'Daily', 4.5, 2.1, 'Bread', 'VAT; Levy', 'yes'],
      ['Bag', null, 0.1, null, null, null, 'no'],
    ]);
    const up = (await upload(owner, BASE, 'items.xlsx', buf)).json();
    const preview = (await owner.json('POST', `${BASE}/import/preview/${up.id}`, { mapping: up.mapping })).json();
    expect(preview).toMatchObject({ total: 2, valid: 2, invalid: 0 });
    expect((await owner.json('POST', `${BASE}/import/commit/${up.id}`, {})).statusCode).toBe(202);
    expect(await waitForImport(owner, BASE, up.id)).toMatchObject({ state: 'done', imported: 2, message: '2 items imported.' });

    const list = (await owner.get(`${BASE}/json`, { json: true })).json();
    expect(list.total).toBe(2);
    const loaf = list.data.find((i: { name: string }) => i.name === 'Loaf');
    expect(loaf).toMatchObject({ description: 'Daily', category: { name: 'Bread' }, enabled: true });
    expect(Number(loaf.sale_price)).toBe(4.5);
    expect(loaf.taxes.map((x: { name: string }) => x.name)).toEqual(['Levy', 'VAT']);
    expect(list.data.find((i: { name: string }) => i.name === 'Bag')).toMatchObject({ enabled: false, category: null, taxes: [] });

    const csv = parse((await owner.get(`${BASE}/export`)).body.replace(/^\ufeff/, '')) as string[][];
    const header = csv[0];
    const row = csv.find((r) => r.includes('Loaf'))!;
    expect(row[header.indexOf('Category')]).toBe('Bread');
    expect(row[header.indexOf('Taxes')]).toBe('Levy, VAT');
  });

  it('a Viewer cannot import items (403) and the Items/Import page needs items.import', async () => {
    expect((await upload(viewer, BASE, 'i.csv', 'Name,Price\nA,1\n')).statusCode).toBe(403);
    expect((await viewer.get(`${BASE}/import`, { inertia: true })).statusCode).toBe(403);
    const page = (await owner.get(`${BASE}/import`, { inertia: true })).json();
    expect(page.component).toBe('Items/Import');
  });
});
