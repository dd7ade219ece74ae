import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { withTenant } from '../../db/tenancy.js';
import { currencies } from '../accounting/schema.js';
import { roles } from '../tenancy/schema.js';
import { addMember } from '../users/test-helpers.js';

let t: TestApp;
let owner: TestClient;
let viewer: TestClient;
let account: number;
let transaction: number;
let transfer: number;
let foreign: { account: number; transaction: number; transfer: number };

const make = async (c: TestClient, url: string, body: unknown) => {
  const res = await c.json('POST', url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
};

async function books(c: TestClient) {
  const a = await make(c, '/banking/accounts/store', { name: 'Till', number: '001', currency_code: 'USD', opening_balance: '100' });
  const b = await make(c, '/banking/accounts/store', { name: 'Safe', number: '002', currency_code: 'USD' });
  const tr = await make(c, '/banking/transactions/store', { type: 'income', bank_account_id: a, paid_at: '2026-03-01', amount: '25' });
  const tf = await make(c, '/banking/transfers/store', { from_account_id: a, to_account_id: b, transferred_at: '2026-03-02', amount: '10' });
  return { account: a, transaction: tr, transfer: tf };
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Alpha');
  const b = await seedTenant(t.database, 'Beta');
  await withTenant(t.database, a.tenantId, (tx) =>
    tx.insert(currencies).values({ tenantId: a.tenantId, code: 'KES', name: 'Kenyan Shilling', rate: '129.5', symbol: 'KSh' }),
  );
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  ({ account, transaction, transfer } = await books(owner));
  const other = new TestClient(t.app);
  await other.login(b.email, b.password);
  foreign = await books(other);
  const [role] = await withTenant(t.database, a.tenantId, (tx) =>
    tx
      .insert(roles)
      .values({ tenantId: a.tenantId, name: 'Bank viewer', slug: 'bank-viewer', permissions: ['accounts.view', 'transactions.view', 'transfers.view'] })
      .returning({ id: roles.id }),
  );
  const m = await addMember(t.database, a.tenantId, role.id, 'viewer@alpha.test');
  viewer = new TestClient(t.app);
  await viewer.login(m.email, m.password);
});
afterAll(() => t.close());

const ids = () => ({ Accounts: account, Transactions: transaction, Transfers: transfer });
const BASES = { Accounts: '/banking/accounts', Transactions: '/banking/transactions', Transfers: '/banking/transfers' } as const;

describe('banking pages', () => {
  it('renders Index, Create, Show and Edit of accounts, transactions and transfers with the id only', async () => {
    for (const [group, base] of Object.entries(BASES) as [keyof typeof BASES, string][]) {
      const id = ids()[group];
      expect((await owner.get(base, { inertia: true })).json().component).toBe(`${group}/Index`);
      expect((await owner.get(`${base}/create`, { inertia: true })).json().component).toBe(`${group}/Create`);
      const show = (await owner.get(`${base}/${id}`, { inertia: true })).json();
      expect(show.component).toBe(`${group}/Show`);
      expect(show.props.id).toBe(id);
      const edit = (await owner.get(`${base}/${id}/edit`, { inertia: true })).json();
      expect(edit.component).toBe(`${group}/Edit`);
      expect(edit.props.id).toBe(id);
    }
  });

  it('hands the forms the currencies (default first, with rate and format), accounts, income/expense categories and payment methods', async () => {
    const page = (await owner.get('/banking/transactions/create', { inertia: true })).json().props;
    expect(page.currencies.map((c: { code: string }) => c.code)).toEqual(['USD', 'KES']);
    expect(page.currencies[1]).toMatchObject({ code: 'KES', rate: '129.50000000', symbol: 'KSh', is_default: false, precision: 2 });
    expect(page.accounts.map((x: { name: string }) => x.name)).toEqual(['Safe', 'Till']);
    expect(new Set(page.categories.map((c: { type: string }) => c.type))).toEqual(new Set(['income', 'expense']));
    expect(page.paymentMethods.length).toBeGreaterThan(0);
    // an accounts page needs only the currencies
    const accounts = (await owner.get('/banking/accounts', { inertia: true })).json().props;
    expect(accounts.accounts).toBeUndefined();
    expect(accounts.currencies).toHaveLength(2);
  });

  it("answers 404 for another tenant's record, an unknown id and a bad id on Show and Edit", async () => {
    for (const [group, base] of Object.entries(BASES) as [keyof typeof BASES, string][]) {
      for (const id of [String(foreign[group === 'Accounts' ? 'account' : group === 'Transactions' ? 'transaction' : 'transfer']), '999999', 'abc']) {
        expect((await owner.get(`${base}/${id}`, { inertia: true })).statusCode, `${base}/${id}`).toBe(404);
        expect((await owner.get(`${base}/${id}/edit`, { inertia: true })).statusCode, `${base}/${id}/edit`).toBe(404);
      }
    }
  });

  it('lets a viewer see the lists and records but not the create and edit pages (403)', async () => {
    for (const [group, base] of Object.entries(BASES) as [keyof typeof BASES, string][]) {
      expect((await viewer.get(base, { inertia: true })).statusCode).toBe(200);
      expect((await viewer.get(`${base}/${ids()[group]}`, { inertia: true })).statusCode).toBe(200);
      expect((await viewer.get(`${base}/create`, { inertia: true })).statusCode).toBe(403);
      expect((await viewer.get(`${base}/${ids()[group]}/edit`, { inertia: true })).statusCode).toBe(403);
    }
  });
});
