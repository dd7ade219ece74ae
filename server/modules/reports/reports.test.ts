import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { add } from '../../../common/money.js';
import { financialYearOf, todayIn } from '../../../common/reports/periods.js';
import type { ReportData } from '../../../common/reports/types.js';
import { withTenant } from '../../db/tenancy.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { addMember } from '../users/test-helpers.js';
import { categories, contacts, currencies, taxes } from '../accounting/schema.js';
import { documents } from '../documents/schema.js';
import { transactions } from '../banking/schema.js';
import { ledgerAccounts } from '../ledger/schema.js';
import { post, reverse, systemAccount } from '../ledger/service.js';

let t: TestApp;
let owner: TestClient;
let other: TestClient;
let viewer: TestClient;
let noReports: TestClient;
let tenantA: number;
let salesId: number;
let generalId: number;
let usdId: number;

const ok = async (c: TestClient, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const res = await c.json(method, url, body);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};
/** a definition with custom dates, and its figures */
async function report(type: string, settings: Record<string, unknown>, c = owner): Promise<ReportData> {
  const made = await ok(c, 'POST', '/reports/store', { name: `${type} test`, type, settings });
  return (await ok(c, 'GET', `/reports/${made.data.id}/data`)).data as ReportData;
}
const H1 = { range: 'custom', date_from: '2026-01-01', date_to: '2026-06-30' };
const row = (d: ReportData, label: string) => d.rows.find((r) => r.label === label)?.values;

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Alpha');
  const b = await seedTenant(t.database, 'Beta');
  tenantA = a.tenantId;
  await withTenant(t.database, a.tenantId, async (tx) => {
    await tx.insert(currencies).values({ tenantId: a.tenantId, code: 'EUR', name: 'Euro', rate: '0.9', symbol: '€' });
    const cats = await tx.select({ id: categories.id, name: categories.name }).from(categories).where(sql`tenant_id = ${a.tenantId}`);
    salesId = cats.find((c) => c.name === 'Sales')!.id;
    generalId = cats.find((c) => c.name === 'General expenses')!.id;
  });
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  const v = await addMember(t.database, a.tenantId, 'viewer', 'viewer@alpha.test');
  viewer = new TestClient(t.app);
  await viewer.login(v.email, v.password);
  const o = await addMember(t.database, a.tenantId, 'organiser', 'organiser@alpha.test');
  noReports = new TestClient(t.app);
  await noReports.login(o.email, o.password);

  // the books: 1,000 opening in USD; sales 500 (Jan), 300 (Feb), 90 EUR = 100 USD (Apr); rent 200 (Feb);
  // 100 USD moved to the EUR account (Mar) changes no income or expense
  const usd = await ok(owner, 'POST', '/banking/accounts/store', { name: 'Main', number: '1', currency_code: 'USD', opening_balance: '1000', opening_date: '2026-01-01' });
  const eur = await ok(owner, 'POST', '/banking/accounts/store', { name: 'Euro', number: '2', currency_code: 'EUR', opening_date: '2026-01-01' });
  usdId = usd.data.id;
  const tx = (type: string, bank: number, paid_at: string, amount: string, category_id: number) =>
    ok(owner, 'POST', '/banking/transactions/store', { type, bank_account_id: bank, paid_at, amount, category_id });
  await tx('income', usd.data.id, '2026-01-15', '500', salesId);
  await tx('income', usd.data.id, '2026-02-10', '300', salesId);
  await tx('expense', usd.data.id, '2026-02-20', '200', generalId);
  await tx('income', eur.data.id, '2026-04-05', '90', salesId);
  await ok(owner, 'POST', '/banking/transfers/store', { from_account_id: usd.data.id, to_account_id: eur.data.id, transferred_at: '2026-03-01', amount: '100' });
  // outside the range: must not count
  await tx('income', usd.data.id, '2025-12-31', '7', salesId);
}, 60_000);
afterAll(() => t.close());

describe('report definitions (/reports)', () => {
  it('creates, reads, updates, lists and deletes a definition; bad input is a 422 that writes nothing', async () => {
    const made = await owner.json('POST', '/reports/store', { name: 'P&L by quarter', type: 'profit_loss', settings: { period: 'quarter' } });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      message: 'Report created successfully.',
      data: { name: 'P&L by quarter', type: 'profit_loss', description: null, settings: { period: 'quarter', range: 'this_year', date_from: null, date_to: null, as_of: null } },
    });
    const id = made.json().data.id;
    expect((await ok(owner, 'GET', `/reports/get-report/${id}`)).data.name).toBe('P&L by quarter');
    const upd = await ok(owner, 'PUT', `/reports/update/${id}`, { name: 'P&L', description: 'Quarterly' });
    expect(upd).toMatchObject({ message: 'Report updated successfully.', data: { name: 'P&L', description: 'Quarterly', settings: { period: 'quarter' } } });
    const list = await ok(owner, 'GET', '/reports/json?search=P%26L');
    expect(list.data.map((r: { id: number }) => r.id)).toContain(id);

    const before = (await ok(owner, 'GET', '/reports/json')).total;
    const bad = await owner.json('POST', '/reports/store', { name: '', type: 'cash_magic', settings: { range: 'custom', date_from: '2026-05-01', date_to: '2026-04-01' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      name: ['The name field is required.'],
      type: ['The selected type is invalid.'],
      'settings.date_to': ['The date to field must be a date after or equal to date from.'],
    });
    const noDates = await owner.json('POST', '/reports/store', { name: 'x', type: 'profit_loss', settings: { range: 'custom' } });
    expect(noDates.json().errors).toEqual({
      'settings.date_from': ['The date from field is required for custom dates.'],
      'settings.date_to': ['The date to field is required for custom dates.'],
    });
    const tooLong = await owner.json('POST', '/reports/store', { name: 'x', type: 'profit_loss', settings: { range: 'custom', date_from: '2000-01-01', date_to: '2026-01-01' } });
    expect(tooLong.json().errors).toEqual({ 'settings.date_to': ['A report covers at most ten years.'] });
    expect((await ok(owner, 'GET', '/reports/json')).total).toBe(before);

    expect(await ok(owner, 'DELETE', `/reports/delete/${id}`)).toEqual({ message: 'Report deleted successfully.' });
    expect((await owner.json('GET', `/reports/get-report/${id}`)).statusCode).toBe(404);
  });

  it('keeps definitions and figures to their company: another company gets 404, a role without reports.view 403', async () => {
    const made = await ok(owner, 'POST', '/reports/store', { name: 'Mine', type: 'income_summary' });
    const id = made.data.id;
    for (const url of [`/reports/get-report/${id}`, `/reports/${id}/data`, `/reports/${id}/export?format=csv`]) {
      expect((await other.json('GET', url)).statusCode, url).toBe(404);
    }
    expect((await other.json('PUT', `/reports/update/${id}`, { name: 'Theirs' })).statusCode).toBe(404);
    expect((await other.json('DELETE', `/reports/delete/${id}`)).statusCode).toBe(404);
    expect((await other.get(`/reports/${id}`, { inertia: true })).statusCode).toBe(404);
    expect((await ok(owner, 'GET', `/reports/get-report/${id}`)).data.name).toBe('Mine');

    for (const url of ['/reports/json', `/reports/${id}/data`, `/reports/get-report/${id}`]) {
      expect((await noReports.json('GET', url)).statusCode, url).toBe(403);
    }
    // a viewer reads the figures but may neither change nor export them
    expect((await viewer.json('GET', `/reports/${id}/data`)).statusCode).toBe(200);
    expect((await viewer.json('POST', '/reports/store', { name: 'x', type: 'income_summary' })).statusCode).toBe(403);
    expect((await viewer.json('GET', `/reports/${id}/export?format=csv`)).statusCode).toBe(403);
    expect((await owner.json('GET', '/reports/abc/data')).statusCode).toBe(404);
  });

  it('creates the standard definitions once (one per type)', async () => {
    const some = await owner.json('POST', '/reports/standard', { types: ['balance_sheet'] });
    expect(some.json()).toEqual({ message: 'Standard reports created successfully.', added: 1 });
    const first = await owner.json('POST', '/reports/standard', {});
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: 'Standard reports created successfully.', added: 8 });
    expect((await owner.json('POST', '/reports/standard', {})).json()).toEqual({ message: 'The standard reports already exist.', added: 0 });
    expect((await owner.json('POST', '/reports/standard', { types: ['cash'] })).statusCode).toBe(422);
    const types = (await ok(owner, 'GET', '/reports/json?paginate=false')).map((r: { type: string }) => r.type);
    for (const type of ['income_summary', 'expense_summary', 'income_expense', 'profit_loss', 'tax_summary', 'receivables_ageing', 'payables_ageing', 'trial_balance', 'balance_sheet']) {
      expect(types).toContain(type);
    }
  });
});

describe('figures from the ledger', () => {
  it('income summary: per category per month, in the default currency, with a total row and column', async () => {
    const d = await report('income_summary', { ...H1, period: 'month' });
    expect(d.range).toEqual({ from: '2026-01-01', to: '2026-06-30' });
    expect(d.columns).toEqual(['Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026', 'May 2026', 'Jun 2026', 'Total']);
    expect(d.currency.code).toBe('USD');
    expect(row(d, 'Sales')).toEqual(['500.0000', '300.0000', '0.0000', '100.0000', '0.0000', '0.0000', '900.0000']);
    expect(row(d, 'Total income')).toEqual(['500.0000', '300.0000', '0.0000', '100.0000', '0.0000', '0.0000', '900.0000']);
    expect(d.chart).toMatchObject({ type: 'bar', labels: d.columns.slice(0, -1), series: [{ label: 'Income' }] });
    expect(d.empty).toBeNull();
  });

  it('expense summary and income vs expense by quarter', async () => {
    const e = await report('expense_summary', { ...H1, period: 'quarter' });
    expect(e.columns).toEqual(['Q1 2026', 'Q2 2026', 'Total']);
    expect(row(e, 'General expenses')).toEqual(['200.0000', '0.0000', '200.0000']);
    const ie = await report('income_expense', { ...H1, period: 'quarter' });
    expect(row(ie, 'Income')).toEqual(['800.0000', '100.0000', '900.0000']);
    expect(row(ie, 'Expenses')).toEqual(['200.0000', '0.0000', '200.0000']);
    expect(row(ie, 'Difference')).toEqual(['600.0000', '100.0000', '700.0000']);
  });

  it('profit and loss: income and expense accounts, totals and net profit per period; a reading may override the period', async () => {
    const made = await ok(owner, 'POST', '/reports/store', { name: 'PL', type: 'profit_loss', settings: { ...H1, period: 'month' } });
    const d = (await ok(owner, 'GET', `/reports/${made.data.id}/data?period=year`)).data as ReportData;
    expect(d.columns).toEqual(['2026', 'Total']);
    expect(d.rows.map((r) => [r.kind, r.label, r.values[0] ?? null])).toEqual([
      ['section', 'Income', null],
      ['row', 'Sales', '900.0000'],
      ['total', 'Total income', '900.0000'],
      ['section', 'Expenses', null],
      ['row', 'General expenses', '200.0000'],
      ['total', 'Total expenses', '200.0000'],
      ['grand', 'Net profit', '700.0000'],
    ]);
    const bad = await owner.json('GET', `/reports/${made.data.id}/data?period=week&as_of=2026-02-30`);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['as_of', 'period']);
  });

  it('trial balance: debits equal credits on a date', async () => {
    const d = await report('trial_balance', { as_of: '2026-06-30' });
    expect(d.as_of).toBe('2026-06-30');
    expect(d.columns).toEqual(['Debit', 'Credit']);
    // the 7 of 31 December 2025 is in the balances too
    expect(row(d, 'Main')).toEqual(['1507.0000', '0.0000']);
    expect(row(d, 'Euro')).toEqual(['200.0000', '0.0000']);
    expect(row(d, 'Sales')).toEqual(['0.0000', '907.0000']);
    expect(row(d, 'General expenses')).toEqual(['200.0000', '0.0000']);
    expect(row(d, 'Opening balance equity')).toEqual(['0.0000', '1000.0000']);
    expect(row(d, 'Total')).toEqual(['1907.0000', '1907.0000']);
  });

  it('balance sheet: assets = liabilities + equity, with the year’s earnings in equity', async () => {
    const d = await report('balance_sheet', { as_of: '2026-06-30' });
    expect(row(d, 'Total assets')).toEqual(['1707.0000']);
    expect(row(d, 'Current year earnings')).toEqual(['700.0000']);
    // the 7 of December 2025 is last year's: retained, not current
    expect(row(d, 'Retained earnings')).toEqual(['7.0000']);
    expect(row(d, 'Opening balance equity')).toEqual(['1000.0000']);
    expect(row(d, 'Total equity')).toEqual(['1707.0000']);
    expect(row(d, 'Total liabilities and equity')).toEqual(row(d, 'Total assets'));
    const lastYear = await report('balance_sheet', { as_of: '2025-12-31' });
    expect(row(lastYear, 'Retained earnings')).toBeUndefined();
    expect(row(lastYear, 'Current year earnings')).toEqual(['7.0000']);
    const fy = await report('balance_sheet', { as_of: '2026-01-01' });
    expect(row(fy, 'Total assets')).toEqual(['1007.0000']);
    expect(row(fy, 'Total liabilities and equity')).toEqual(['1007.0000']);
  });

  it('a definition without dates reads the current financial year', async () => {
    const d = await report('income_summary', { period: 'quarter' });
    expect(d.range).toEqual(financialYearOf(todayIn('UTC'), '01-01'));
    expect(d.columns).toHaveLength(5);
  });
});

describe('tax summary and ageing', () => {
  it('tax summary: collected on sales and paid on purchases per tax; a reversal lowers what was collected; empty without taxes', async () => {
    const none = await report('tax_summary', H1);
    expect(none.rows).toEqual([]);
    expect(none.empty).toBe('No tax was collected or paid in this period.');

    await withTenant(t.database, tenantA, async (tx) => {
      const [vat] = await tx.insert(taxes).values({ tenantId: tenantA, name: 'VAT 16%', rate: '16' }).returning({ id: taxes.id });
      const [acc] = await tx.insert(ledgerAccounts).values({ tenantId: tenantA, code: '2201', name: 'VAT 16%', type: 'liability', taxId: vat.id }).returning({ id: ledgerAccounts.id });
      const ar = await systemAccount(tx, tenantA, 'receivables');
      const ap = await systemAccount(tx, tenantA, 'payables');
      const line = (ledgerAccountId: number, amount: string) => ({ ledgerAccountId, amount, currencyCode: 'USD', rate: '1' });
      const income = await systemAccount(tx, tenantA, 'uncategorised_income');
      const expense = await systemAccount(tx, tenantA, 'uncategorised_expense');
      await post(tx, tenantA, { date: '2026-05-03', description: 'Invoice', sourceType: 'test', sourceId: 1, lines: [line(ar, '116'), line(income, '-100'), line(acc.id, '-16')] });
      await post(tx, tenantA, { date: '2026-05-10', description: 'Bill', sourceType: 'test', sourceId: 2, lines: [line(expense, '50'), line(acc.id, '8'), line(ap, '-58')] });
      const gone = await post(tx, tenantA, { date: '2026-06-01', description: 'Invoice 2', sourceType: 'test', sourceId: 3, lines: [line(ar, '58'), line(income, '-50'), line(acc.id, '-8')] });
      await reverse(tx, tenantA, gone);
    });
    const d = await report('tax_summary', { range: 'custom', date_from: '2026-04-01', date_to: '2026-06-30', period: 'month' });
    expect(d.columns).toEqual(['Apr 2026', 'May 2026', 'Jun 2026', 'Total']);
    expect(d.rows.map((r) => [r.kind, r.label, ...r.values])).toEqual([
      ['section', 'VAT 16%'],
      ['row', 'Collected on sales', '0.0000', '16.0000', '0.0000', '16.0000'],
      ['row', 'Paid on purchases', '0.0000', '8.0000', '0.0000', '8.0000'],
      ['total', 'Net VAT 16%', '0.0000', '8.0000', '0.0000', '8.0000'],
      ['grand', 'Net tax payable', '0.0000', '8.0000', '0.0000', '8.0000'],
    ]);
    // the balance sheet still balances with a liability and receivables in it
    const bs = await report('balance_sheet', { as_of: '2026-06-30' });
    expect(row(bs, 'Total liabilities and equity')).toEqual(row(bs, 'Total assets'));
    expect(row(bs, 'VAT 16%')).toEqual(['8.0000']);
  });

  it('receivables and payables ageing: outstanding per contact in buckets past due, less payments, in the default currency', async () => {
    await withTenant(t.database, tenantA, async (tx) => {
      const [kito, juma, supplier] = await tx
        .insert(contacts)
        .values([
          { tenantId: tenantA, type: 'customer', name: 'Kito Bakery' },
          { tenantId: tenantA, type: 'customer', name: 'Juma Stores' },
          { tenantId: tenantA, type: 'vendor', name: 'Paper Mill' },
        ])
        .returning({ id: contacts.id, name: contacts.name });
      const doc = (type: 'invoice' | 'bill', n: string, c: { id: number; name: string }, status: string, issued: string, due: string | null, total: string, currency = 'USD', rate = '1') => ({
        tenantId: tenantA, type, documentNumber: n, status, issuedAt: issued, dueAt: due, currencyCode: currency, currencyRate: rate, contactId: c.id, contactName: c.name, total,
      });
      const made = await tx
        .insert(documents)
        .values([
          doc('invoice', 'INV-1', kito, 'sent', '2026-06-01', '2026-07-15', '100'), // not yet due on 30 June: current
          doc('invoice', 'INV-2', kito, 'partial', '2026-05-01', '2026-06-10', '300'), // 20 days late, 120 paid
          doc('invoice', 'INV-3', juma, 'sent', '2026-01-01', '2026-03-01', '90', 'EUR', '0.9'), // 121 days late, 100 USD
          doc('invoice', 'INV-4', juma, 'draft', '2026-01-01', '2026-01-31', '999'), // drafts are not owed
          doc('invoice', 'INV-5', juma, 'cancelled', '2026-01-01', '2026-01-31', '999'),
          doc('invoice', 'INV-6', juma, 'paid', '2026-02-01', '2026-02-15', '50'), // paid in full
          doc('invoice', 'INV-7', juma, 'sent', '2026-07-02', '2026-07-30', '500'), // issued after the date
          doc('bill', 'BILL-1', supplier, 'received', '2026-04-01', '2026-05-01', '250'), // 60 days late
        ])
        .returning({ id: documents.id, n: documents.documentNumber });
      const id = (n: string) => made.find((m) => m.n === n)!.id;
      const pay = (documentId: number, type: 'income' | 'expense', amount: string, paidAt: string, number: string) => ({
        tenantId: tenantA, type, number, bankAccountId: usdId, paidAt, amount, currencyCode: 'USD', currencyRate: '1', documentId,
      });
      await tx.insert(transactions).values([
        pay(id('INV-2'), 'income', '120', '2026-06-15', 'PAY-1'),
        pay(id('INV-6'), 'income', '50', '2026-02-15', 'PAY-2'),
        pay(id('BILL-1'), 'expense', '10', '2026-07-05', 'PAY-3'), // after the date: still owed on 30 June
      ]);
    });
    const r = await report('receivables_ageing', { as_of: '2026-06-30' });
    expect(r.columns).toEqual(['Current', '1–30 days', '31–60 days', '61–90 days', 'Over 90 days', 'Total']);
    expect(r.rows.map((x) => [x.label, ...x.values])).toEqual([
      ['Juma Stores', '0.0000', '0.0000', '0.0000', '0.0000', '100.0000', '100.0000'],
      ['Kito Bakery', '100.0000', '180.0000', '0.0000', '0.0000', '0.0000', '280.0000'],
      ['Total', '100.0000', '180.0000', '0.0000', '0.0000', '100.0000', '380.0000'],
    ]);
    const p = await report('payables_ageing', { as_of: '2026-06-30' });
    expect(p.rows.map((x) => [x.label, ...x.values])).toEqual([
      ['Paper Mill', '0.0000', '0.0000', '250.0000', '0.0000', '0.0000', '250.0000'],
      ['Total', '0.0000', '0.0000', '250.0000', '0.0000', '0.0000', '250.0000'],
    ]);
    const later = await report('payables_ageing', { as_of: '2026-07-30' }); // 90 days late
    expect(row(later, 'Paper Mill')).toEqual(['0.0000', '0.0000', '0.0000', '240.0000', '0.0000', '240.0000']);
    expect((await report('receivables_ageing', { as_of: '2025-12-31' })).empty).toBe('Nothing is outstanding on this date.');
  });
});

describe('exports (/reports/{id}/export)', () => {
  let id: number;
  // up to April: the tax test's invoices of May are not in these files
  beforeAll(async () => {
    id = (await ok(owner, 'POST', '/reports/store', { name: 'Income H1', type: 'income_summary', settings: { ...H1, date_to: '2026-04-30', period: 'quarter' } })).data.id;
  });

  it('CSV: the table with the codes, the periods and the totals', async () => {
    const res = await owner.get(`/reports/${id}/export?format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="income-h1-2026-01-01-2026-04-30.csv"');
    const lines = res.body.replace(/^\ufeff/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Code,Account,Q1 2026 (USD),Q2 2026 (USD),Total (USD)');
    expect(lines.slice(1)).toEqual([expect.stringMatching(/^4\d{3},Sales,800\.0000,100\.0000,900\.0000$/), ',Total income,800.0000,100.0000,900.0000']);
  });

  it('XLSX: numbers as numbers under the same headers', async () => {
    const res = await owner.get(`/reports/${id}/export?format=xlsx`);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['Code', 'Account', 'Q1 2026 (USD)', 'Q2 2026 (USD)', 'Total (USD)']);
    expect((ws.getRow(2).values as unknown[]).slice(2)).toEqual(['Sales', 800, 100, 900]);
    expect((ws.getRow(3).values as unknown[]).slice(2)).toEqual(['Total income', 800, 100, 900]);
  });

  it('PDF: a document (starts with %PDF); a bad format is a 422', async () => {
    const res = await owner.get(`/reports/${id}/export?format=pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const bad = await owner.json('GET', `/reports/${id}/export?format=doc`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ format: ['The selected format is invalid.'] });
  });

  it('every report type exports to PDF, including an empty one', async () => {
    await ok(owner, 'POST', '/reports/standard', {});
    const all = (await ok(owner, 'GET', '/reports/json?paginate=false')) as { id: number; type: string }[];
    for (const r of all) {
      const res = await owner.get(`/reports/${r.id}/export?format=pdf`);
      expect(res.statusCode, r.type).toBe(200);
      expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    }
    expect(add('0')).toBe('0.0000');
  });
});

describe('dashboard widgets', () => {
  type Finance = import('../../../common/reports/widgets.js').FinanceWidgets;
  const finance = async (c: TestClient) => {
    const res = await c.get('/dashboard', { inertia: true });
    expect(res.statusCode).toBe(200);
    return res.json().props.finance as Finance | null;
  };

  it('shows receivables, payables, profit, cash flow and overdue invoices to whom may see them', async () => {
    const f = (await finance(owner))!;
    expect(f.currency.code).toBe('USD');
    expect(f.totals).not.toBeNull();
    expect(f.cashFlow).toHaveLength(6);
    // the issued invoices of the ageing test, all due by the end of July 2026: INV-1 (100), INV-2 (180 left), INV-3 (100 USD), INV-7 (500)
    expect(f.overdue).toEqual({ count: 4, amount: '880.00' });
    // the overdue list names those invoices, most days late first, and adds up to the same amount
    expect(f.overdueInvoices).toHaveLength(4);
    expect(f.overdueInvoices!.map((i) => i.days)).toEqual([...f.overdueInvoices!.map((i) => i.days)].sort((a, b) => b - a));
    expect(f.overdueInvoices!.reduce((sum, i) => add(sum, i.due), '0')).toBe(add(f.overdue!.amount, '0'));
    // income less expenses by category is this year's profit, as the profit and loss report says
    const net = f.categories!.reduce((sum, c) => add(sum, c.type === 'income' ? c.amount : `-${c.amount}`), '0');
    expect(net).toBe(add(f.totals!.profit, '0'));
    // every bank account's balance, as the accounts list answers it
    const accounts = (await ok(owner, 'GET', '/banking/accounts/json?paginate=false')) as { id: number; current_balance: string; enabled: boolean }[];
    const listed = Array.isArray(accounts) ? accounts : (accounts as unknown as { data: typeof accounts }).data;
    expect(f.accounts!.map((a) => [a.id, add(a.balance, '0')])).toEqual(listed.filter((a) => a.enabled).map((a) => [a.id, add(a.current_balance, '0')]).sort((a, b) => f.accounts!.findIndex((x) => x.id === a[0]) - f.accounts!.findIndex((x) => x.id === b[0])));
    expect(f.recent!.length).toBeGreaterThan(0);
    expect(await finance(noReports)).toBeNull();
    // a viewer holds reports.view and invoices.view
    expect((await finance(viewer))!.overdue).toEqual({ count: 4, amount: '880.00' });
  });
});
