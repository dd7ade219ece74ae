import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { addMember } from '../users/test-helpers.js';
import { categories, contacts, currencies } from '../accounting/schema.js';
import { trialBalance } from '../ledger/service.js';

let t: TestApp;
let owner: TestClient;
let other: TestClient;
let viewer: TestClient;
let tenantA: number;
let salesId: number;
let generalId: number;
let customerId: number;

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Alpha');
  const b = await seedTenant(t.database, 'Beta');
  tenantA = a.tenantId;
  await withTenant(t.database, a.tenantId, async (tx) => {
    // default USD; 1 USD buys 0.9 EUR and 129.5 KES
    await tx.insert(currencies).values([
      { tenantId: a.tenantId, code: 'EUR', name: 'Euro', rate: '0.9', symbol: '€' },
      { tenantId: a.tenantId, code: 'KES', name: 'Kenyan Shilling', rate: '129.5', symbol: 'KSh' },
    ]);
    const cats = await tx.select({ id: categories.id, name: categories.name }).from(categories).where(sql`tenant_id = ${a.tenantId}`);
    salesId = cats.find((c) => c.name === 'Sales')!.id;
    generalId = cats.find((c) => c.name === 'General expenses')!.id;
    [{ id: customerId }] = await tx.insert(contacts).values({ tenantId: a.tenantId, type: 'customer', name: 'Kito Bakery' }).returning({ id: contacts.id });
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

const account = async (c: TestClient, body: Record<string, unknown>) => {
  const res = await c.json('POST', '/banking/accounts/store', { name: 'Acc', number: '001', currency_code: 'USD', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; current_balance: string; opening_date: string };
};
const balance = async (id: number) => (await owner.get(`/banking/accounts/get-account/${id}`, { json: true })).json().data.current_balance as string;
const tb = () => withTenant(t.database, tenantA, (tx) => trialBalance(tx, tenantA));

/** per currency, the trial balance's debits equal its credits, and so do the default-currency amounts */
async function expectBalancedBooks() {
  const lines = await tb();
  const per = new Map<string, number>();
  let base = 0;
  for (const l of lines) {
    per.set(l.currency_code, (per.get(l.currency_code) ?? 0) + Math.round(Number(l.balance) * 10_000));
    base += Math.round(Number(l.base_balance) * 10_000);
  }
  for (const [code, sum] of per) expect(sum, `trial balance in ${code}`).toBe(0);
  expect(base, 'trial balance in the default currency').toBe(0);
}

describe('bank accounts (/banking/accounts)', () => {
  it('posts the opening balance; the current balance comes from the ledger and follows edits', async () => {
    const a = await account(owner, { name: 'Main KES', currency_code: 'KES', opening_balance: '1000.50' });
    expect(a.current_balance).toBe('1000.5000');
    expect(a.opening_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const upd = await owner.json('PUT', `/banking/accounts/update/${a.id}`, { opening_balance: '250' });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ message: 'Account updated successfully.', data: { current_balance: '250.0000' } });
    // the first entry was reversed, not changed
    const entries = await withTenant(t.database, tenantA, (tx) =>
      rows<{ n: number }>(tx, sql`select count(*)::int as n from journal_entries where source_type = 'opening_balance' and source_id = ${a.id}`),
    );
    expect(entries[0].n).toBe(3);
    await expectBalancedBooks();
  });

  it('keeps fields left out of an update (no defaults reapplied)', async () => {
    const a = await account(owner, { name: 'Petty cash', enabled: false });
    const upd = await owner.json('PUT', `/banking/accounts/update/${a.id}`, { name: 'Petty cash box' });
    expect(upd.json().data).toMatchObject({ name: 'Petty cash box', enabled: false, opening_balance: '0.0000' });
  });

  it('refuses bad input with 422 and writes nothing', async () => {
    const before = (await owner.get('/banking/accounts/json', { json: true })).json().total;
    const bad = await owner.json('POST', '/banking/accounts/store', { name: '', number: '1', currency_code: 'XYZ', opening_balance: '1.23456' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'opening_balance']);
    const unknown = await owner.json('POST', '/banking/accounts/store', { name: 'X', number: '1', currency_code: 'XYZ' });
    expect(unknown.json().errors).toEqual({ currency_code: ['The selected currency code is invalid.'] });
    const float = await owner.json('POST', '/banking/accounts/store', { name: 'X', number: '1', currency_code: 'USD', opening_balance: 'abc' });
    expect(float.json().errors.opening_balance).toEqual(['The opening balance field must be a number.']);
    expect((await owner.get('/banking/accounts/json', { json: true })).json().total).toBe(before);
  });

  it('deletes an account with only its opening balance; one with transactions is in use (422)', async () => {
    const lone = await account(owner, { name: 'Lonely', opening_balance: '10' });
    expect((await owner.json('DELETE', `/banking/accounts/delete/${lone.id}`)).statusCode).toBe(200);
    const busy = await account(owner, { name: 'Busy' });
    await owner.json('POST', '/banking/transactions/store', { type: 'income', bank_account_id: busy.id, paid_at: '2026-03-01', amount: '5' });
    const del = await owner.json('DELETE', `/banking/accounts/delete/${busy.id}`);
    expect(del.statusCode).toBe(422);
    expect(del.json().message).toBe('This account is in use and cannot be deleted.');
    const cur = await owner.json('PUT', `/banking/accounts/update/${busy.id}`, { currency_code: 'EUR' });
    expect(cur.json().errors).toEqual({ currency_code: ['The currency of an account with transactions cannot be changed.'] });
    await expectBalancedBooks();
  });
});

describe('transactions (/banking/transactions)', () => {
  it('income raises and expense lowers the balance, numbered per company, in the account currency at its rate', async () => {
    const a = await account(owner, { name: 'Shop till', currency_code: 'KES', opening_balance: '100' });
    const inc = await owner.json('POST', '/banking/transactions/store', {
      type: 'income',
      bank_account_id: a.id,
      paid_at: '2026-04-02',
      amount: '259',
      category_id: salesId,
      contact_id: customerId,
      payment_method: 'offline_payments.cash.1',
    });
    expect(inc.statusCode, inc.body).toBe(201);
    expect(inc.json().data).toMatchObject({
      type: 'income',
      currency_code: 'KES',
      currency_rate: '129.50000000',
      amount: '259.0000',
      amount_default: '2.00',
      account_name: 'Shop till',
      category_name: 'Sales',
      contact_name: 'Kito Bakery',
    });
    expect(inc.json().data.number).toMatch(/^TRA-\d{5}$/);
    const exp = await owner.json('POST', '/banking/transactions/store', { type: 'expense', bank_account_id: a.id, paid_at: '2026-04-03', amount: '59', category_id: generalId });
    expect(exp.statusCode).toBe(201);
    expect(Number(exp.json().data.number.slice(4))).toBe(Number(inc.json().data.number.slice(4)) + 1);
    expect(await balance(a.id)).toBe('300.0000');
    // editing reposts: 259 → 300 income
    const upd = await owner.json('PUT', `/banking/transactions/update/${inc.json().data.id}`, { amount: '300' });
    expect(upd.statusCode).toBe(200);
    expect(await balance(a.id)).toBe('341.0000');
    // deleting reverses
    expect((await owner.json('DELETE', `/banking/transactions/delete/${exp.json().data.id}`)).statusCode).toBe(200);
    expect(await balance(a.id)).toBe('400.0000');
    await expectBalancedBooks();
  });

  it('lists with filters, date range and search, and refuses wrong currency, category type and other tenants’ records', async () => {
    const a = await account(owner, { name: 'Filter bank' });
    for (const [d, amt] of [['2026-01-10', '1'], ['2026-02-10', '2'], ['2026-03-10', '3']]) {
      await owner.json('POST', '/banking/transactions/store', { type: 'income', bank_account_id: a.id, paid_at: d, amount: amt, reference: `ref-${amt}` });
    }
    const feb = (await owner.get(`/banking/transactions/json?bank_account_id=${a.id}&date_from=2026-02-01&date_to=2026-02-28`, { json: true })).json();
    expect(feb.data.map((r: { amount: string }) => r.amount)).toEqual(['2.0000']);
    const searched = (await owner.get(`/banking/transactions/json?bank_account_id=${a.id}&search=ref-3`, { json: true })).json();
    expect(searched.total).toBe(1);
    const badDate = await owner.get('/banking/transactions/json?date_from=2026-13-01', { json: true });
    expect(badDate.statusCode).toBe(422);
    const cur = await owner.json('POST', '/banking/transactions/store', { type: 'income', bank_account_id: a.id, paid_at: '2026-01-01', amount: '1', currency_code: 'EUR' });
    expect(cur.json().errors).toEqual({ currency_code: ["The currency must be the account's currency (USD)."] });
    const cat = await owner.json('POST', '/banking/transactions/store', { type: 'income', bank_account_id: a.id, paid_at: '2026-01-01', amount: '1', category_id: generalId });
    expect(cat.json().errors).toEqual({ category_id: ['The selected category is not an income category.'] });
    // Beta cannot use Alpha's account, nor see Alpha's transactions
    const foreign = await other.json('POST', '/banking/transactions/store', { type: 'income', bank_account_id: a.id, paid_at: '2026-01-01', amount: '1' });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.bank_account_id).toEqual(['The selected bank account is invalid.']);
    expect((await other.get('/banking/transactions/json', { json: true })).json().total).toBe(0);
    const id = feb.data[0].id;
    expect((await other.get(`/banking/transactions/get-transaction/${id}`, { json: true })).statusCode).toBe(404);
    expect((await other.json('PUT', `/banking/transactions/update/${id}`, { amount: '9' })).statusCode).toBe(404);
    expect((await other.json('DELETE', `/banking/transactions/delete/${id}`)).statusCode).toBe(404);
    expect((await other.get(`/banking/accounts/get-account/${a.id}`, { json: true })).statusCode).toBe(404);
  });

  it('a Viewer reads but may not write (403)', async () => {
    const a = await account(owner, { name: 'Viewer bank' });
    expect((await viewer.get('/banking/transactions/json', { json: true })).statusCode).toBe(200);
    expect((await viewer.json('POST', '/banking/transactions/store', { type: 'income', bank_account_id: a.id, paid_at: '2026-01-01', amount: '1' })).statusCode).toBe(403);
    expect((await viewer.json('POST', '/banking/accounts/store', { name: 'V', number: '1', currency_code: 'USD' })).statusCode).toBe(403);
    expect((await viewer.json('DELETE', `/banking/accounts/delete/${a.id}`)).statusCode).toBe(403);
  });
});

describe('transfers (/banking/transfers)', () => {
  it('moves the same amount between accounts of one currency', async () => {
    const from = await account(owner, { name: 'USD one', opening_balance: '100' });
    const to = await account(owner, { name: 'USD two' });
    const res = await owner.json('POST', '/banking/transfers/store', { from_account_id: from.id, to_account_id: to.id, transferred_at: '2026-05-01', amount: '40' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ amount: '40.0000', to_amount: '40.0000', from_account_name: 'USD one', to_account_name: 'USD two' });
    expect(await balance(from.id)).toBe('60.0000');
    expect(await balance(to.id)).toBe('40.0000');
    const same = await owner.json('POST', '/banking/transfers/store', { from_account_id: from.id, to_account_id: from.id, transferred_at: '2026-05-01', amount: '1' });
    expect(same.json().errors).toEqual({ to_account_id: ['The to account and from account must be different.'] });
  });

  it('converts between currencies at the rates and balances each currency through currency trading', async () => {
    const eur = await account(owner, { name: 'EUR acc', currency_code: 'EUR', opening_balance: '90' });
    const kes = await account(owner, { name: 'KES acc', currency_code: 'KES' });
    const res = await owner.json('POST', '/banking/transfers/store', { from_account_id: eur.id, to_account_id: kes.id, transferred_at: '2026-05-02', amount: '9' });
    // 9 EUR / 0.9 * 129.5 = 1295 KES
    expect(res.json().data).toMatchObject({ to_amount: '1295.0000', from_rate: '0.90000000', to_rate: '129.50000000', amount_default: '10.00' });
    expect(await balance(eur.id)).toBe('81.0000');
    expect(await balance(kes.id)).toBe('1295.0000');
    // a description edit keeps the amounts; an amount edit recomputes them
    const id = res.json().data.id;
    expect((await owner.json('PUT', `/banking/transfers/update/${id}`, { description: 'Float' })).json().data.to_amount).toBe('1295.0000');
    expect((await owner.json('PUT', `/banking/transfers/update/${id}`, { amount: '18' })).json().data.to_amount).toBe('2590.0000');
    expect(await balance(kes.id)).toBe('2590.0000');
    await expectBalancedBooks();
  });
});

// the ledger's own rules (append-only, the balance trigger) are tested in ledger/ledger.test.ts
describe('the ledger under banking', () => {
  it('sums to zero in every currency after a randomised sequence of operations, and bank balances match their movements', async () => {
    let seed = 20261123;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const amount = () => `${1 + rnd(5000)}.${String(rnd(100)).padStart(2, '0')}`;
    const codes = ['USD', 'EUR', 'KES'];
    const accts: number[] = [];
    for (let i = 0; i < 4; i++) accts.push((await account(owner, { name: `Rand ${i}`, currency_code: codes[i % 3], opening_balance: amount() })).id);
    const txIds: number[] = [];
    const trIds: number[] = [];
    for (let step = 0; step < 60; step++) {
      const op = rnd(7);
      const day = `2026-0${1 + rnd(9)}-1${rnd(10)}`;
      if (op <= 2) {
        const type = rnd(2) ? 'income' : 'expense';
        const r = await owner.json('POST', '/banking/transactions/store', {
          type,
          bank_account_id: accts[rnd(accts.length)],
          paid_at: day,
          amount: amount(),
          category_id: rnd(2) ? (type === 'income' ? salesId : generalId) : null,
          contact_id: rnd(2) ? customerId : null,
          currency_rate: rnd(3) === 0 ? `1.${rnd(1000)}` : undefined,
        });
        expect(r.statusCode, r.body).toBe(201);
        txIds.push(r.json().data.id);
      } else if (op === 3 && txIds.length) {
        const id = txIds[rnd(txIds.length)];
        const r = await owner.json('PUT', `/banking/transactions/update/${id}`, { amount: amount(), bank_account_id: accts[rnd(accts.length)] });
        expect(r.statusCode, r.body).toBe(200);
      } else if (op === 4) {
        const from = rnd(accts.length);
        const to = (from + 1 + rnd(accts.length - 1)) % accts.length;
        const r = await owner.json('POST', '/banking/transfers/store', { from_account_id: accts[from], to_account_id: accts[to], transferred_at: day, amount: amount() });
        expect(r.statusCode, r.body).toBe(201);
        trIds.push(r.json().data.id);
      } else if (op === 5 && trIds.length) {
        const id = trIds.splice(rnd(trIds.length), 1)[0];
        expect((await owner.json('DELETE', `/banking/transfers/delete/${id}`)).statusCode).toBe(200);
      } else if (txIds.length) {
        const id = txIds.splice(rnd(txIds.length), 1)[0];
        expect((await owner.json('DELETE', `/banking/transactions/delete/${id}`)).statusCode).toBe(200);
      }
      if (step % 20 === 19) {
        const a = accts[rnd(accts.length)];
        expect((await owner.json('PUT', `/banking/accounts/update/${a}`, { opening_balance: amount() })).statusCode).toBe(200);
      }
    }
    await expectBalancedBooks();
    // each account's ledger balance = opening + incomes − expenses − transfers out + transfers in
    for (const id of accts) {
      const acc = (await owner.get(`/banking/accounts/get-account/${id}`, { json: true })).json().data;
      const [m] = await withTenant(t.database, tenantA, (tx) =>
        rows<{ total: string }>(
          tx,
          sql`select (${acc.opening_balance}::numeric
                + coalesce((select sum(case when type = 'income' then amount else -amount end) from transactions where bank_account_id = ${id}), 0)
                - coalesce((select sum(amount) from transfers where from_account_id = ${id}), 0)
                + coalesce((select sum(to_amount) from transfers where to_account_id = ${id}), 0))::numeric(20,4)::text as total`,
        ),
      );
      expect(acc.current_balance, `balance of account ${id}`).toBe(m.total);
    }
  });
});
