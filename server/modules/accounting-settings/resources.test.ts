import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { withTenant } from '../../db/tenancy.js';
import { bankAccounts, transactions } from '../banking/schema.js';
import { post, systemAccount } from '../ledger/service.js';
import { addMember } from '../users/test-helpers.js';
import { categories, contacts, currencies, items, itemTaxes, taxes } from '../accounting/schema.js';

let t: TestApp;
let owner: TestClient;
let viewer: TestClient;
let beta: TestClient;
let tenantA: number;
let tenantB: number;
const betaIds: Record<string, number> = {};

type Json = Record<string, unknown>;
const list = async (c: TestClient, url: string) => (await c.get(url, { json: true })).json();
const tx = <T>(tenantId: number, fn: Parameters<typeof withTenant<T>>[2]) => withTenant(t.database, tenantId, fn);

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Alpha');
  const b = await seedTenant(t.database, 'Beta');
  tenantA = a.tenantId;
  tenantB = b.tenantId;
  // Beta's own records, for the cross-tenant checks
  await tx(tenantB, async (db) => {
    const [c] = await db.insert(currencies).values({ tenantId: tenantB, code: 'EUR', name: 'Euro', rate: '0.9' }).returning({ id: currencies.id });
    const [k] = await db.insert(categories).values({ tenantId: tenantB, name: 'Beta sales', type: 'income' }).returning({ id: categories.id });
    const [x] = await db.insert(taxes).values({ tenantId: tenantB, name: 'Beta VAT', rate: '18' }).returning({ id: taxes.id });
    Object.assign(betaIds, { currency: c.id, category: k.id, tax: x.id });
  });
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  beta = new TestClient(t.app);
  await beta.login(b.email, b.password);
  betaIds.method = (await list(beta, '/settings/accounting/offline-payments/json')).data[0].id;
  const v = await addMember(t.database, tenantA, 'viewer', 'viewer@alpha.test');
  viewer = new TestClient(t.app);
  await viewer.login(v.email, v.password);
});
afterAll(() => t.close());

describe('currencies (/settings/accounting/currencies)', () => {
  it('lists the default currency a company starts with, pages and searches, and answers the default and the catalogue', async () => {
    const p = await list(owner, '/settings/accounting/currencies/json?per_page=5');
    expect(p).toMatchObject({ current_page: 1, per_page: 5, total: 1 });
    expect(p.data[0]).toMatchObject({ code: 'USD', name: 'US Dollar', rate: '1', precision: 2, symbol: '$', is_default: true, enabled: true });
    const def = await owner.get('/settings/accounting/currencies/default', { json: true });
    expect(def.json().data).toMatchObject({ code: 'USD', rate: '1', is_default: true });
    const cat = (await list(owner, '/settings/accounting/currencies/catalogue')).data as { code: string; added: boolean }[];
    expect(cat.find((c) => c.code === 'USD')?.added).toBe(true);
    expect(cat.find((c) => c.code === 'KES')).toMatchObject({ added: false, symbol: 'KSh' });
  });

  it('stores a currency with an exact rate, refuses a duplicate code, a zero rate and a bad precision with 422', async () => {
    const ok = await owner.json('POST', '/settings/accounting/currencies/store', { code: 'kes', name: 'Kenyan Shilling', rate: '129.50000001', symbol: 'KSh' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ message: 'Currency created successfully.', data: { code: 'KES', rate: '129.50000001', is_default: false } });
    const dup = await owner.json('POST', '/settings/accounting/currencies/store', { code: 'KES', name: 'Again', rate: '1' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ code: ['The code has already been taken.'] });
    const bad = await owner.json('POST', '/settings/accounting/currencies/store', { code: 'TZS', name: 'Shilling', rate: '0', precision: 7, decimal_mark: '' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['decimal_mark', 'precision', 'rate']);
    const same = await owner.json('POST', '/settings/accounting/currencies/store', { code: 'TZS', name: 'Shilling', rate: '2500', decimal_mark: ',', thousands_separator: ',' });
    expect(same.json().errors).toEqual({ thousands_separator: ['The thousands separator must differ from the decimal mark.'] });
    expect((await list(owner, '/settings/accounting/currencies/json?search=shilling')).total).toBe(1);
  });

  it('keeps exactly one default: making KES the default un-defaults USD, sets its rate to 1 and re-bases the others; back again', async () => {
    await owner.json('POST', '/settings/accounting/currencies/store', { code: 'EUR', name: 'Euro', rate: '0.9' });
    const kes = (await list(owner, '/settings/accounting/currencies/json?search=KES')).data[0];
    await owner.json('PUT', `/settings/accounting/currencies/update/${kes.id}`, { rate: '125' });
    const res = await owner.json('PUT', `/settings/accounting/currencies/update/${kes.id}`, { is_default: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ code: 'KES', is_default: true, rate: '1', enabled: true });
    const all = (await list(owner, '/settings/accounting/currencies/json?list_all=true')) as Json[];
    expect(all.filter((c) => c.is_default).map((c) => c.code)).toEqual(['KES']);
    // rates are now against KES: 1 KES buys 1/125 USD and 0.9/125 EUR
    expect(Object.fromEntries(all.map((c) => [c.code, c.rate]))).toEqual({ EUR: '0.0072', KES: '1', USD: '0.008' });
    expect((await owner.get('/settings/accounting/currencies/default', { json: true })).json().data.code).toBe('KES');

    const usd = all.find((c) => c.code === 'USD')!;
    await owner.json('PUT', `/settings/accounting/currencies/update/${usd.id}`, { is_default: true });
    const after = (await list(owner, '/settings/accounting/currencies/json?list_all=true')) as Json[];
    expect(after.filter((c) => c.is_default).map((c) => c.code)).toEqual(['USD']);
    expect(Object.fromEntries(after.map((c) => [c.code, c.rate]))).toEqual({ EUR: '0.9', KES: '125', USD: '1' });
    await owner.json('DELETE', `/settings/accounting/currencies/delete/${after.find((c) => c.code === 'EUR')!.id}`);
  });

  it('refuses a new default whose re-based rates would not fit (422), and changes nothing', async () => {
    const big = (await owner.json('POST', '/settings/accounting/currencies/store', { code: 'VND', name: 'Dong', rate: '9000000000' })).json().data;
    const tiny = (await owner.json('POST', '/settings/accounting/currencies/store', { code: 'XBT', name: 'Tiny', rate: '0.00001' })).json().data;
    const res = await owner.json('PUT', `/settings/accounting/currencies/update/${tiny.id}`, { is_default: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ is_default: ['Rates against XBT would be too large to keep; check its rate first.'] });
    expect((await list(owner, '/settings/accounting/currencies/default')).data.code).toBe('USD');
    expect((await list(owner, `/settings/accounting/currencies/get-currency/${big.id}`)).data.rate).toBe('9000000000');
    for (const c of [big, tiny]) await owner.json('DELETE', `/settings/accounting/currencies/delete/${c.id}`);
  });

  it('refuses to un-default, disable, re-rate or delete the default currency (422), and leaves it as it was', async () => {
    const usd = (await list(owner, '/settings/accounting/currencies/default')).data;
    for (const [body, field] of [
      [{ is_default: false }, 'is_default'],
      [{ enabled: false }, 'enabled'],
      [{ rate: '2' }, 'rate'],
    ] as const) {
      const res = await owner.json('PUT', `/settings/accounting/currencies/update/${usd.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    const del = await owner.json('DELETE', `/settings/accounting/currencies/delete/${usd.id}`);
    expect(del.statusCode).toBe(422);
    expect(del.json().errors).toEqual({ id: ['The default currency cannot be deleted.'] });
    expect((await list(owner, '/settings/accounting/currencies/default')).data).toMatchObject({ code: 'USD', enabled: true, rate: '1' });
  });

  it('a currency in use (a contact pays in it) cannot be deleted nor change its code; unused it can', async () => {
    const made = await owner.json('POST', '/settings/accounting/currencies/store', { code: 'GBP', name: 'Pound', rate: '0.79' });
    const gbp = made.json().data;
    await tx(tenantA, (db) => db.insert(contacts).values({ tenantId: tenantA, type: 'customer', name: 'London Ltd', currencyCode: 'GBP' }));
    const del = await owner.json('DELETE', `/settings/accounting/currencies/delete/${gbp.id}`);
    expect(del.statusCode).toBe(422);
    expect(del.json()).toEqual({ message: 'This currency is in use and cannot be deleted.', errors: { id: ['This currency is in use and cannot be deleted.'] } });
    const recode = await owner.json('PUT', `/settings/accounting/currencies/update/${gbp.id}`, { code: 'GBX' });
    expect(recode.json().errors).toEqual({ code: ['The code cannot be changed once the currency is in use.'] });
    // other fields still change
    expect((await owner.json('PUT', `/settings/accounting/currencies/update/${gbp.id}`, { rate: '0.8' })).json().data.rate).toBe('0.8');

    const tzs = (await owner.json('POST', '/settings/accounting/currencies/store', { code: 'TZS', name: 'Shilling', rate: '2500' })).json().data;
    expect((await owner.json('PUT', `/settings/accounting/currencies/update/${tzs.id}`, { code: 'UGX' })).json().data.code).toBe('UGX');
    expect((await owner.json('DELETE', `/settings/accounting/currencies/delete/${tzs.id}`)).json()).toEqual({ message: 'Currency deleted successfully.' });
  });

  it('the default cannot change once amounts are posted in the books', async () => {
    const c = await seedTenant(t.database, 'Gamma');
    await tx(c.tenantId, async (db) => {
      await db.insert(currencies).values({ tenantId: c.tenantId, code: 'KES', name: 'Kenyan Shilling', rate: '129' });
      const [cash, equity] = [await systemAccount(db, c.tenantId, 'receivables'), await systemAccount(db, c.tenantId, 'owner_equity')];
      await post(db, c.tenantId, {
        date: '2026-01-05',
        description: 'Capital',
        sourceType: 'test',
        sourceId: 1,
        lines: [
          { ledgerAccountId: cash, currencyCode: 'USD', amount: '100', rate: '1' },
          { ledgerAccountId: equity, currencyCode: 'USD', amount: '-100', rate: '1' },
        ],
      });
    });
    const gamma = new TestClient(t.app);
    await gamma.login(c.email, c.password);
    const kes = (await list(gamma, '/settings/accounting/currencies/json?search=KES')).data[0];
    const res = await gamma.json('PUT', `/settings/accounting/currencies/update/${kes.id}`, { is_default: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.is_default[0]).toMatch(/cannot change once amounts have been posted/);
    expect((await list(gamma, '/settings/accounting/currencies/default')).data.code).toBe('USD');
  });
});

describe('categories (/settings/accounting/categories)', () => {
  let sales: Json;

  it('lists the five starting categories, filters by type, and stores one with a parent of the same type', async () => {
    const p = await list(owner, '/settings/accounting/categories/json');
    expect(p.data.map((c: Json) => c.name)).toEqual(['Deposit', 'General', 'General expenses', 'Other', 'Sales']);
    const income = await list(owner, '/settings/accounting/categories/json?type=income&paginate=false');
    expect(income.map((c: Json) => c.name)).toEqual(['Deposit', 'Sales']);
    sales = income.find((c: Json) => c.name === 'Sales');
    const res = await owner.json('POST', '/settings/accounting/categories/store', { name: 'Online sales', type: 'income', color: '#50c793', parent_id: sales.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Online sales', color: '#50C793', parent_id: sales.id, parent_name: 'Sales', enabled: true });
  });

  it('nests one level only, with the same type, and a parent cannot get a parent (422s)', async () => {
    const child = (await list(owner, '/settings/accounting/categories/json?search=online')).data[0];
    const expense = (await list(owner, '/settings/accounting/categories/json?type=expense')).data[0];
    const cases: [string, string, Json, string][] = [
      ['POST', '/settings/accounting/categories/store', { name: 'Deep', type: 'income', parent_id: child.id }, 'categories nest one level only'],
      ['POST', '/settings/accounting/categories/store', { name: 'Mixed', type: 'expense', parent_id: sales.id }, 'same type (expense)'],
      ['POST', '/settings/accounting/categories/store', { name: 'Nowhere', type: 'income', parent_id: betaIds.category }, 'The selected parent id is invalid.'],
      ['PUT', `/settings/accounting/categories/update/${sales.id}`, { parent_id: expense.id }, 'same type (income)'],
      ['PUT', `/settings/accounting/categories/update/${sales.id}`, { parent_id: sales.id }, 'cannot be its own parent'],
    ];
    for (const [method, url, body, message] of cases) {
      const res = await owner.json(method as 'POST', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors.parent_id[0]).toContain(message);
    }
    const deposit = (await list(owner, '/settings/accounting/categories/json?search=deposit')).data[0];
    const parented = await owner.json('PUT', `/settings/accounting/categories/update/${sales.id}`, { parent_id: deposit.id });
    expect(parented.json().errors).toEqual({ parent_id: ['A category with subcategories cannot get a parent.'] });
    const bad = await owner.json('POST', '/settings/accounting/categories/store', { name: '', type: 'asset', color: 'red' });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['color', 'name', 'type']);
  });

  it('a category in use cannot be deleted or change type (an item uses it; a parent has children)', async () => {
    const general = (await list(owner, '/settings/accounting/categories/json?type=item')).data[0];
    await tx(tenantA, (db) => db.insert(items).values({ tenantId: tenantA, name: 'Chair', categoryId: general.id }));
    const del = await owner.json('DELETE', `/settings/accounting/categories/delete/${general.id}`);
    expect(del.statusCode).toBe(422);
    expect(del.json().message).toBe('This category is in use and cannot be deleted.');
    const retype = await owner.json('PUT', `/settings/accounting/categories/update/${general.id}`, { type: 'other' });
    expect(retype.json().errors).toEqual({ type: ['The type cannot be changed once the category is in use.'] });
    expect((await owner.json('DELETE', `/settings/accounting/categories/delete/${sales.id}`)).statusCode).toBe(422);
    const other = (await list(owner, '/settings/accounting/categories/json?type=other')).data[0];
    expect((await owner.json('PUT', `/settings/accounting/categories/update/${other.id}`, { type: 'expense' })).json().data.type).toBe('expense');
    expect((await owner.json('DELETE', `/settings/accounting/categories/delete/${other.id}`)).statusCode).toBe(200);
  });
});

describe('offline payment methods (/settings/accounting/offline-payments)', () => {
  it('lists by position, generates a code from the name, refuses a duplicate code', async () => {
    const p = await list(owner, '/settings/accounting/offline-payments/json');
    expect(p.data.map((m: Json) => [m.name, m.code, m.position])).toEqual([
      ['Cash', 'offline_payments.cash.1', 1],
      ['Bank transfer', 'offline_payments.bank_transfer.2', 2],
      ['Mobile money', 'offline_payments.mobile_money.3', 3],
    ]);
    const made = await owner.json('POST', '/settings/accounting/offline-payments/store', { name: 'Chèque à la banque', instructions: 'Payable to Alpha Ltd' });
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({ name: 'Chèque à la banque', code: 'offline_payments.cheque_a_la_banque.4', position: 4, enabled: true });
    const dup = await owner.json('POST', '/settings/accounting/offline-payments/store', { name: 'Cash again', code: 'offline_payments.cash.1' });
    expect(dup.json().errors).toEqual({ code: ['The code has already been taken.'] });
    const bad = await owner.json('POST', '/settings/accounting/offline-payments/store', { name: ' ', code: 'has spaces', position: -1 });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['code', 'name', 'position']);
  });

  it('a method paid with cannot be deleted nor re-coded; an unused one can', async () => {
    const cash = (await list(owner, '/settings/accounting/offline-payments/json?search=cash')).data[0];
    await tx(tenantA, async (db) => {
      const [acc] = await db
        .insert(bankAccounts)
        .values({ tenantId: tenantA, name: 'Till', number: '001', currencyCode: 'USD', openingDate: '2026-01-01' })
        .returning({ id: bankAccounts.id });
      await db.insert(transactions).values({
        tenantId: tenantA,
        type: 'income',
        number: 'TRA-1',
        bankAccountId: acc.id,
        paidAt: '2026-01-02',
        amount: '10',
        currencyCode: 'USD',
        currencyRate: '1',
        paymentMethod: cash.code,
      });
    });
    const del = await owner.json('DELETE', `/settings/accounting/offline-payments/delete/${cash.id}`);
    expect(del.json().errors).toEqual({ id: ['This payment method is in use and cannot be deleted.'] });
    const recode = await owner.json('PUT', `/settings/accounting/offline-payments/update/${cash.id}`, { code: 'cash' });
    expect(recode.json().errors).toEqual({ code: ['The code cannot be changed once the payment method is in use.'] });
    const cheque = (await list(owner, '/settings/accounting/offline-payments/json?search=cheque')).data[0];
    expect((await owner.json('PUT', `/settings/accounting/offline-payments/update/${cheque.id}`, { code: 'cheque', position: 9 })).json().data).toMatchObject({ code: 'cheque', position: 9 });
    expect((await owner.json('DELETE', `/settings/accounting/offline-payments/delete/${cheque.id}`)).json()).toEqual({ message: 'Payment method deleted successfully.' });
  });
});

describe('taxes (/settings/accounting/taxes)', () => {
  it('pages 7 per page for the Taxes page, list_all answers a plain array, and a tax on an item cannot be deleted', async () => {
    for (let i = 1; i <= 8; i++) await owner.json('POST', '/settings/accounting/taxes/store', { name: `Tax ${i}`, rate: `${i}.5` });
    const p = await list(owner, '/settings/accounting/taxes/json?per_page=7');
    expect(p).toMatchObject({ per_page: 7, total: 8, last_page: 2, to: 7 });
    const all = await list(owner, '/settings/accounting/taxes/json?list_all=true');
    expect(Array.isArray(all) && all.length).toBe(8);
    const tax = p.data[0];
    const updated = await owner.json('PUT', `/settings/accounting/taxes/update/${tax.id}`, { name: 'VAT', rate: '16', type: 'inclusive' });
    expect(updated.json().data).toMatchObject({ name: 'VAT', rate: 16, type: 'inclusive' });
    await tx(tenantA, async (db) => {
      const [item] = await db.insert(items).values({ tenantId: tenantA, name: 'Desk' }).returning({ id: items.id });
      await db.insert(itemTaxes).values({ tenantId: tenantA, itemId: item.id, taxId: tax.id });
    });
    const del = await owner.json('DELETE', `/settings/accounting/taxes/delete/${tax.id}`);
    expect(del.json().message).toBe('This tax is in use and cannot be deleted.');
    expect((await owner.json('DELETE', `/settings/accounting/taxes/delete/${p.data[1].id}`)).statusCode).toBe(200);
  });
});

describe('every resource: other tenants and read-only users', () => {
  const resources = [
    { base: '/settings/accounting/currencies', singular: 'currency', label: 'Currency', beta: () => betaIds.currency, body: { code: 'CHF', name: 'Franc', rate: '0.9' } },
    { base: '/settings/accounting/categories', singular: 'category', label: 'Category', beta: () => betaIds.category, body: { name: 'X', type: 'other' } },
    { base: '/settings/accounting/taxes', singular: 'tax', label: 'Tax', beta: () => betaIds.tax, body: { name: 'X', rate: '1' } },
    { base: '/settings/accounting/offline-payments', singular: 'payment-method', label: 'Payment method', beta: () => betaIds.method, body: { name: 'X' } },
  ];

  it.each(resources)("$base: another tenant's id is 404 on get, update and delete, and its rows never show", async (r) => {
    const id = r.beta();
    for (const [method, url, body] of [
      ['GET', `${r.base}/get-${r.singular}/${id}`],
      ['PUT', `${r.base}/update/${id}`, { name: 'hijack' }],
      ['DELETE', `${r.base}/delete/${id}`],
    ] as const) {
      const res = await owner.json(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: `${r.label} not found.` });
    }
    const mine = (await list(owner, `${r.base}/json?list_all=true`)) as Json[];
    expect(mine.some((row) => row.id === id)).toBe(false);
    expect((await beta.get(`${r.base}/get-${r.singular}/${id}`, { json: true })).json().data.name).not.toBe('hijack');
  });

  it.each(resources)('$base: the Viewer role reads but gets 403 on every write', async (r) => {
    const rows = (await list(viewer, `${r.base}/json?list_all=true`)) as Json[];
    expect(rows.length).toBeGreaterThan(0);
    const before = rows.length;
    for (const [method, url, body] of [
      ['POST', `${r.base}/store`, r.body],
      ['PUT', `${r.base}/update/${rows[0].id}`, { name: 'Viewer was here' }],
      ['DELETE', `${r.base}/delete/${rows[rows.length - 1].id}`],
    ] as const) {
      const res = await viewer.json(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const after = (await list(owner, `${r.base}/json?list_all=true`)) as Json[];
    expect(after.length).toBe(before);
    expect(after.some((row) => row.name === 'Viewer was here')).toBe(false);
  });
});
