import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { withTenant } from '../../db/tenancy.js';
import { currencies, items, itemTaxes, taxes } from '../accounting/schema.js';
import { storeAccountingSetting } from '../accounting-settings/service.js';
import { ACCOUNTING_SETTING_DEFAULTS } from '../../../common/schemas/accounting-settings.js';
import { roles } from '../tenancy/schema.js';
import { addMember } from '../users/test-helpers.js';
import { seedContact, seedDocument } from './page-fixtures.js';
import { readEstimateToken } from './public.js';

let t: TestApp;
let owner: TestClient;
let clerk: TestClient;
let stranger: TestClient;
const mine = { invoice: 0, bill: 0, estimate: 0 };
const theirs = { invoice: 0, bill: 0, estimate: 0 };
let alphaId: number;

const PAGES = [
  { type: 'invoice', group: 'Invoices', base: '/sales/invoices' },
  { type: 'estimate', group: 'Estimates', base: '/sales/estimates' },
  { type: 'bill', group: 'Bills', base: '/purchases/bills' },
] as const;

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Alpha');
  const b = await seedTenant(t.database, 'Beta');
  alphaId = a.tenantId;
  await withTenant(t.database, a.tenantId, async (tx) => {
    await tx.insert(currencies).values({ tenantId: a.tenantId, code: 'EUR', name: 'Euro', rate: '0.5', symbol: '€' });
    const [vat] = await tx.insert(taxes).values({ tenantId: a.tenantId, name: 'VAT', rate: '16', type: 'normal' }).returning({ id: taxes.id });
    const [design] = await tx.insert(items).values({ tenantId: a.tenantId, name: 'Design', description: 'An hour of design', salePrice: '80' }).returning({ id: items.id });
    await tx.insert(itemTaxes).values({ tenantId: a.tenantId, itemId: design.id, taxId: vat.id });
    await tx.insert(items).values({ tenantId: a.tenantId, name: 'Retired', enabled: false });
    await storeAccountingSetting(tx, a.tenantId, 'invoices', { ...ACCOUNTING_SETTING_DEFAULTS.invoices, payment_terms: 14, notes: 'Thank you for your business.', footer: 'Alpha Ltd, Nairobi' });
  });
  const customer = await seedContact(t.database, a.tenantId, 'customer', 'Acme');
  const vendor = await seedContact(t.database, a.tenantId, 'vendor', 'Supplies Co');
  // invoices: one overdue sent (120), one open sent in EUR (50 EUR = 100 USD), one draft (30), one paid (999: counted nowhere)
  mine.invoice = await seedDocument(t.database, a.tenantId, { type: 'invoice', contactId: customer, number: 'INV-00001', status: 'sent', dueAt: '2020-01-31', total: '120' });
  await seedDocument(t.database, a.tenantId, { type: 'invoice', contactId: customer, number: 'INV-00002', status: 'sent', dueAt: '2099-12-31', total: '50', currencyCode: 'EUR', currencyRate: '0.5' });
  await seedDocument(t.database, a.tenantId, { type: 'invoice', contactId: customer, number: 'INV-00003', total: '30' });
  await seedDocument(t.database, a.tenantId, { type: 'invoice', contactId: customer, number: 'INV-00004', status: 'paid', total: '999' });
  mine.bill = await seedDocument(t.database, a.tenantId, { type: 'bill', contactId: vendor, number: 'BILL-1', status: 'received', dueAt: '2099-01-01', total: '40' });
  mine.estimate = await seedDocument(t.database, a.tenantId, { type: 'estimate', contactId: customer, number: 'EST-1', status: 'sent', total: '75' });

  const bCustomer = await seedContact(t.database, b.tenantId, 'customer', 'Other');
  const bVendor = await seedContact(t.database, b.tenantId, 'vendor', 'Other vendor');
  theirs.invoice = await seedDocument(t.database, b.tenantId, { type: 'invoice', contactId: bCustomer, number: 'INV-00001', total: '10' });
  theirs.bill = await seedDocument(t.database, b.tenantId, { type: 'bill', contactId: bVendor, number: 'BILL-1', total: '10' });
  theirs.estimate = await seedDocument(t.database, b.tenantId, { type: 'estimate', contactId: bCustomer, number: 'EST-1', total: '10' });

  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  // a clerk who may see invoices and create them, but not edit them, and nothing of bills or estimates
  const [role] = await withTenant(t.database, a.tenantId, (tx) =>
    tx.insert(roles).values({ tenantId: a.tenantId, name: 'Invoice clerk', slug: 'invoice-clerk', permissions: ['invoices.view', 'invoices.create'] }).returning({ id: roles.id }),
  );
  const m = await addMember(t.database, a.tenantId, role.id, 'clerk@alpha.test');
  clerk = new TestClient(t.app);
  await clerk.login(m.email, m.password);
  stranger = new TestClient(t.app);
  await stranger.login(b.email, b.password);
});
afterAll(() => t.close());

describe('document pages', () => {
  it('renders Index, Create, Show and Edit of invoices, estimates and bills with the type and the id', async () => {
    for (const p of PAGES) {
      const id = mine[p.type];
      const index = (await owner.get(p.base, { inertia: true })).json();
      expect(index.component).toBe(`${p.group}/Index`);
      expect(index.props.type).toBe(p.type);
      const create = (await owner.get(`${p.base}/create`, { inertia: true })).json();
      expect(create.component).toBe(`${p.group}/Create`);
      const show = (await owner.get(`${p.base}/${id}`, { inertia: true })).json();
      expect(show.component).toBe(`${p.group}/Show`);
      expect(show.props).toMatchObject({ type: p.type, id });
      const edit = (await owner.get(`${p.base}/${id}/edit`, { inertia: true })).json();
      expect(edit.component).toBe(`${p.group}/Edit`);
      expect(edit.props).toMatchObject({ type: p.type, id });
    }
  });

  it('hands the form the currencies with their rate and format, the categories of the side, the taxes and the invoice settings', async () => {
    const invoice = (await owner.get('/sales/invoices/create', { inertia: true })).json().props;
    expect(invoice.currencies.map((c: { code: string }) => c.code)).toEqual(['USD', 'EUR']);
    expect(invoice.currencies[1]).toMatchObject({ code: 'EUR', rate: '0.50000000', symbol: '€', is_default: false, precision: 2 });
    expect(invoice.taxes).toEqual([{ id: expect.any(Number), name: 'VAT', rate: '16', type: 'normal', enabled: true }]);
    expect(invoice.settings).toMatchObject({ payment_terms: 14, notes: 'Thank you for your business.', footer: 'Alpha Ltd, Nairobi', item_name: 'Items', price_name: 'Price', quantity_name: 'Quantity' });
    expect(invoice.categories.length).toBeGreaterThan(0);
    expect(invoice.items).toEqual([{ id: expect.any(Number), name: 'Design', description: 'An hour of design', sale_price: '80.0000', purchase_price: null, tax_ids: [invoice.taxes[0].id] }]);
    const incomeNames = invoice.categories.map((c: { name: string }) => c.name);
    const bill = (await owner.get('/purchases/bills/create', { inertia: true })).json().props;
    const expenseNames = bill.categories.map((c: { name: string }) => c.name);
    expect(expenseNames.length).toBeGreaterThan(0);
    expect(expenseNames.some((n: string) => incomeNames.includes(n))).toBe(false);
  });

  it('shows the stat cards in the default currency: overdue, open and draft invoices, net of nothing paid yet', async () => {
    const { stats } = (await owner.get('/sales/invoices', { inertia: true })).json().props;
    expect(stats).toEqual([
      { key: 'overdue', amount: '120.00', count: 1 },
      { key: 'open', amount: '100.00', count: 1 },
      { key: 'draft', amount: '30.00', count: 1 },
    ]);
    const estimates = (await owner.get('/sales/estimates', { inertia: true })).json().props.stats;
    expect(estimates).toEqual([
      { key: 'draft', amount: '0.00', count: 0 },
      { key: 'sent', amount: '75.00', count: 1 },
      { key: 'approved', amount: '0.00', count: 0 },
    ]);
    const bills = (await owner.get('/purchases/bills', { inertia: true })).json().props.stats;
    expect(bills[1]).toEqual({ key: 'open', amount: '40.00', count: 1 });
  });

  it("gives an invoice's Show page the company, the bank accounts and payment methods, and an estimate's its public link", async () => {
    const invoice = (await owner.get(`/sales/invoices/${mine.invoice}`, { inertia: true })).json().props;
    expect(invoice.company.name).toBe('Alpha');
    expect(Array.isArray(invoice.accounts)).toBe(true);
    expect(invoice.paymentMethods.length).toBeGreaterThan(0);
    expect(invoice.publicUrl).toBeUndefined();
    const estimate = (await owner.get(`/sales/estimates/${mine.estimate}`, { inertia: true })).json().props;
    expect(estimate.publicUrl).toMatch(/^http:\/\/kazi\.test\/estimates\/view\/[\w-]+$/);
    const token = estimate.publicUrl.split('/').pop();
    expect(readEstimateToken(t.config.appKey, token)).toEqual({ tenantId: alphaId, id: mine.estimate });
    // the link opens the public page
    expect((await new TestClient(t.app).get(new URL(estimate.publicUrl).pathname, { inertia: true })).json().component).toBe('Estimates/Public');
  });

  it("answers 404 for another tenant's document, another type's id, an unknown id and a bad id on Show and Edit", async () => {
    for (const p of PAGES) {
      const otherType = p.type === 'invoice' ? mine.bill : mine.invoice;
      for (const id of [String(theirs[p.type]), String(otherType), '999999', 'abc', '0']) {
        expect((await owner.get(`${p.base}/${id}`, { inertia: true })).statusCode, `${p.base}/${id}`).toBe(404);
        expect((await owner.get(`${p.base}/${id}/edit`, { inertia: true })).statusCode, `${p.base}/${id}/edit`).toBe(404);
      }
      // and the other tenant cannot open ours
      expect((await stranger.get(`${p.base}/${mine[p.type]}`, { inertia: true })).statusCode).toBe(404);
    }
  });

  it('asks for the permission of each page (403): view, create, update, per type', async () => {
    expect((await clerk.get('/sales/invoices', { inertia: true })).statusCode).toBe(200);
    expect((await clerk.get('/sales/invoices/create', { inertia: true })).statusCode).toBe(200);
    expect((await clerk.get(`/sales/invoices/${mine.invoice}`, { inertia: true })).statusCode).toBe(200);
    expect((await clerk.get(`/sales/invoices/${mine.invoice}/edit`, { inertia: true })).statusCode).toBe(403);
    for (const url of ['/purchases/bills', '/sales/estimates', `/purchases/bills/${mine.bill}`, '/sales/estimates/create']) {
      expect((await clerk.get(url, { inertia: true })).statusCode, url).toBe(403);
    }
    // a visitor is sent to the login page
    expect((await new TestClient(t.app).get('/sales/invoices')).statusCode).toBe(302);
  });
});
