import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { withTenant } from '../../../db/tenancy.js';
import { createTestApp, seedTenant, type TestApp } from '../../../testing/app.js';
import { TestClient } from '../../../testing/client.js';
import { readXlsxRows, upload, waitForImport, xlsxFile } from '../../../http/import/testing.js';
import { addMember } from '../../users/test-helpers.js';
import { contacts, currencies } from '../../accounting/schema.js';
import { journalEntries } from '../../ledger/schema.js';
import { trialBalance } from '../../ledger/service.js';

let t: TestApp;
let tenantA: number;
let owner: TestClient;
let beta: TestClient;
let viewer: TestClient;
const acc: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Alpha');
  const b = await seedTenant(t.database, 'Beta');
  tenantA = a.tenantId;
  await withTenant(t.database, a.tenantId, async (tx) => {
    await tx.insert(currencies).values({ tenantId: a.tenantId, code: 'KES', name: 'Kenyan Shilling', rate: '129.5', symbol: 'KSh' });
    await tx.insert(contacts).values({ tenantId: a.tenantId, type: 'customer', name: 'Kito Bakery', email: 'orders@kito.test' });
  });
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  beta = new TestClient(t.app);
  await beta.login(b.email, b.password);
  viewer = new TestClient(t.app);
  await viewer.login((await addMember(t.database, a.tenantId, 'viewer', 'v@alpha.test')).email, 'correct-horse-battery');
  for (const [name, number, currency_code] of [['Main bank', '0011', 'USD'], ['Till', '0022', 'USD'], ['M-Pesa', '0033', 'KES']]) {
    const res = await owner.json('POST', '/banking/accounts/store', { name, number, currency_code, opening_balance: '1000' });
    acc[name] = res.json().data.id;
  }
  // Beta has an account named like Alpha's: never used by Alpha's import
  await beta.json('POST', '/banking/accounts/store', { name: 'Beta vault', number: '9999', currency_code: 'USD' });
});
afterAll(() => t.close());

const balance = async (id: number) => Number((await owner.get(`/banking/accounts/get-account/${id}`, { json: true })).json().data.current_balance);
const entries = () =>
  withTenant(t.database, tenantA, async (tx) => (await tx.select({ n: count() }).from(journalEntries).where(eq(journalEntries.tenantId, tenantA)))[0].n);
const balanced = async () => {
  const rows = await withTenant(t.database, tenantA, (tx) => trialBalance(tx, tenantA));
  const byCurrency = new Map<string, number>();
  for (const r of rows) byCurrency.set(r.currency_code, (byCurrency.get(r.currency_code) ?? 0) + Number(r.balance));
  return [...byCurrency.values()].every((v) => Math.abs(v) < 1e-9);
};

describe('transaction import (posts to the ledger through the banking service)', () => {
  it('refuses unknown accounts, categories of the wrong type, unknown contacts and bad amounts, row by row, and posts nothing', async () => {
    const before = await entries();
    const file = [
      'Type,Date,Amount,Account,Category,Contact,Payment method',
      'income,2026-01-05,100,Main bank,Sales,Kito Bakery,Cash',
      'expense,2026-01-06,40,Beta vault,,,',
      'expense,2026-01-07,10,Till,Sales,,',
      'refund,2026-02-30,-5,Till,,nobody@x.test,Cheque',
    ].join('\n');
    const up = (await upload(owner, '/banking/transactions', 'bank.csv', file)).json();
    expect(up.mapping).toEqual({ type: 'Type', paid_at: 'Date', amount: 'Amount', account: 'Account', category: 'Category', contact: 'Contact', payment_method: 'Payment method' });
    const preview = (await owner.json('POST', `/banking/transactions/import/preview/${up.id}`, { mapping: up.mapping })).json();
    expect(preview).toMatchObject({ total: 4, valid: 1, invalid: 3 });
    expect(preview.errors).toEqual([
      { row: 3, field: 'account', message: 'There is no bank account named or numbered "Beta vault".' },
      { row: 4, field: 'category', message: '"Sales" is not an expense category.' },
      { row: 5, field: 'type', message: 'The type must be income or expense.' },
      { row: 5, field: 'paid_at', message: 'The paid at field must be a valid date.' },
      { row: 5, field: 'amount', message: 'The amount field must be greater than 0.' },
      { row: 5, field: 'contact', message: 'There is no customer or vendor with the name or email "nobody@x.test".' },
      { row: 5, field: 'payment_method', message: 'There is no payment method "Cheque".' },
    ]);
    expect((await owner.json('POST', `/banking/transactions/import/commit/${up.id}`, {})).statusCode).toBe(422);
    expect(await entries()).toBe(before);
  });

  it('imports income and expenses by account name or number (XLSX dates too): numbered, posted, balances moved, ledger balanced', async () => {
    const [bank, till, mpesa] = [await balance(acc['Main bank']), await balance(acc.Till), await balance(acc['M-Pesa'])];
    const before = await entries();
    const buf = await xlsxFile([
      ['Kind', 'Value date', 'Total', 'Account number', 'Category', 'Payee', 'Memo'],
      ['Deposit', new Date(Date.UTC(2026, 0, 10)), 250.5, '0011', 'sales', 'orders@kito.test', 'Market day'],
      ['withdrawal', '2026-01-11', '20', 'Till', 'General expenses', null, null],
      ['income', '2026-01-12', '1295', 'M-Pesa', null, 'Kito Bakery', null],
    ]);
    const up = (await upload(owner, '/banking/transactions', 'statement.xlsx', buf)).json();
    const preview = (await owner.json('POST', `/banking/transactions/import/preview/${up.id}`, { mapping: up.mapping })).json();
    expect(preview).toMatchObject({ total: 3, valid: 3, invalid: 0 });
    expect((await owner.json('POST', `/banking/transactions/import/commit/${up.id}`, {})).statusCode).toBe(202);
    expect(await waitForImport(owner, '/banking/transactions', up.id)).toMatchObject({ state: 'done', imported: 3 });

    expect(await entries()).toBe(before + 3);
    expect(await balance(acc['Main bank'])).toBeCloseTo(bank + 250.5);
    expect(await balance(acc.Till)).toBeCloseTo(till - 20);
    expect(await balance(acc['M-Pesa'])).toBeCloseTo(mpesa + 1295);
    expect(await balanced()).toBe(true);

    const list = (await owner.get('/banking/transactions/json?sort_by=number&sort_order=asc', { json: true })).json().data;
    expect(list.map((r: { number: string }) => r.number)).toEqual(['TRA-00001', 'TRA-00002', 'TRA-00003']);
    expect(list[0]).toMatchObject({ type: 'income', paid_at: '2026-01-10', account_name: 'Main bank', category_name: 'Sales', contact_name: 'Kito Bakery', description: 'Market day' });
    expect(list[2]).toMatchObject({ currency_code: 'KES', amount_default: '10.00' });
    // the next one made by hand continues the numbering
    const next = await owner.json('POST', '/banking/transactions/store', { type: 'income', bank_account_id: acc.Till, paid_at: '2026-01-13', amount: '1' });
    expect(next.json().data.number).toBe('TRA-00004');
  });

  it('another tenant cannot see, preview or commit the import (404); a Viewer gets 403', async () => {
    const up = (await upload(owner, '/banking/transactions', 't.csv', 'Type,Date,Amount,Account\nincome,2026-01-01,1,Till\n')).json();
    expect((await beta.json('POST', `/banking/transactions/import/commit/${up.id}`, { mapping: up.mapping })).statusCode).toBe(404);
    expect((await viewer.json('POST', `/banking/transactions/import/preview/${up.id}`, { mapping: up.mapping })).statusCode).toBe(403);
    expect((await viewer.get('/banking/transactions/import', { inertia: true })).statusCode).toBe(403);
    expect((await owner.get('/banking/transactions/import', { inertia: true })).json().component).toBe('Transactions/Import');
  });
});

describe('transfer import', () => {
  it('checks accounts and refuses a transfer to the same account', async () => {
    const file = ['From account,To account,Date,Amount', 'Main bank,Main bank,2026-01-20,5', 'Main bank,Nowhere,2026-01-20,5'].join('\n');
    const up = (await upload(owner, '/banking/transfers', 'tr.csv', file)).json();
    const preview = (await owner.json('POST', `/banking/transfers/import/preview/${up.id}`, { mapping: up.mapping })).json();
    expect(preview.errors).toEqual([
      { row: 2, field: 'to_account', message: 'The to account and from account must be different.' },
      { row: 3, field: 'to_account', message: 'There is no bank account named or numbered "Nowhere".' },
    ]);
  });

  it('imports transfers (also across currencies at the stored rates) and posts each one', async () => {
    const [bank, till, mpesa] = [await balance(acc['Main bank']), await balance(acc.Till), await balance(acc['M-Pesa'])];
    const before = await entries();
    const file = ['From account,To account,Date,Amount,Reference', 'Main bank,Till,2026-01-21,100,TR-1', '0011,0033,2026-01-22,10,TR-2'].join('\n');
    const up = (await upload(owner, '/banking/transfers', 'tr.csv', file)).json();
    expect((await owner.json('POST', `/banking/transfers/import/preview/${up.id}`, { mapping: up.mapping })).json()).toMatchObject({ valid: 2, invalid: 0 });
    expect((await owner.json('POST', `/banking/transfers/import/commit/${up.id}`, {})).statusCode).toBe(202);
    expect(await waitForImport(owner, '/banking/transfers', up.id)).toMatchObject({ state: 'done', imported: 2, message: '2 transfers imported.' });
    expect(await entries()).toBe(before + 2);
    expect(await balance(acc['Main bank'])).toBeCloseTo(bank - 110);
    expect(await balance(acc.Till)).toBeCloseTo(till + 100);
    expect(await balance(acc['M-Pesa'])).toBeCloseTo(mpesa + 1295);
    expect(await balanced()).toBe(true);
    const list = (await owner.get('/banking/transfers/json?search=TR-2', { json: true })).json().data;
    expect(list[0]).toMatchObject({ from_account_name: 'Main bank', to_account_name: 'M-Pesa', to_currency: 'KES' });
    expect(Number(list[0].to_amount)).toBe(1295);
  });
});

describe('exports of banking lists', () => {
  it('exports transactions with the list filters, dates as dates in XLSX', async () => {
    const res = await owner.get('/banking/transactions/export?type=expense');
    const lines = res.body.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0].split(',').slice(0, 4)).toEqual(['ID', 'Number', 'Type', 'Bank account ID']);
    expect(lines[1]).toContain('TRA-00002');
    const none = await beta.get('/banking/transactions/export');
    expect(none.body.replace(/^\ufeff/, '').trim().split('\r\n')).toHaveLength(1);
    const x = await owner.get('/banking/transactions/export?format=xlsx');
    expect(x.statusCode).toBe(200);
    const rows = await readXlsxRows(x.rawPayload);
    const header = rows[0] as string[];
    expect(rows[1][header.indexOf('Paid at')]).toBeInstanceOf(Date);
    expect(typeof rows[1][header.indexOf('Amount')]).toBe('number');
  });
});
