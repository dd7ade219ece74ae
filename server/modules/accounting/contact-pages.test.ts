import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add, convert } from '../../../common/money.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { withTenant } from '../../db/tenancy.js';
import { bankAccounts, transactions } from '../banking/schema.js';
import { post, systemAccount } from '../ledger/service.js';
import { addMember } from '../users/test-helpers.js';
import { roles } from '../tenancy/schema.js';
import { contacts, currencies } from './schema.js';

let t: TestApp;
let owner: TestClient;
let clerk: TestClient;
let kito: number;
let idle: number;
let zebra: number;
let foreign: number;

// the customer's payments (income) in three currencies, and a refund (expense) that is not a payment
const PAYMENTS = [
  { paidAt: '2026-01-05', amount: '100.00', currencyCode: 'USD', currencyRate: '1' },
  { paidAt: '2026-02-10', amount: '259.00', currencyCode: 'KES', currencyRate: '129.5' },
  { paidAt: '2026-03-01', amount: '10.00', currencyCode: 'EUR', currencyRate: '0.9' },
  { paidAt: '2026-03-02', amount: '0.07', currencyCode: 'KES', currencyRate: '129.5' },
];

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Alpha');
  const b = await seedTenant(t.database, 'Beta');
  await withTenant(t.database, a.tenantId, async (tx) => {
    const tenantId = a.tenantId;
    await tx.insert(currencies).values([
      { tenantId, code: 'KES', name: 'Kenyan Shilling', rate: '129.5', symbol: 'KSh' },
      { tenantId, code: 'EUR', name: 'Euro', rate: '0.9', symbol: '€' },
    ]);
    const made = await tx
      .insert(contacts)
      .values([
        { tenantId, type: 'customer' as const, name: 'Kito Bakery', email: 'hello@kito.test', currencyCode: 'KES' },
        { tenantId, type: 'customer' as const, name: 'Idle Customer' },
        { tenantId, type: 'vendor' as const, name: 'Zebra Supplies' },
      ])
      .returning({ id: contacts.id });
    [kito, idle, zebra] = made.map((m) => m.id);
    const accounts = await tx
      .insert(bankAccounts)
      .values(['USD', 'KES', 'EUR'].map((code) => ({ tenantId, name: `Till ${code}`, number: code, currencyCode: code, openingDate: '2026-01-01' })))
      .returning({ id: bankAccounts.id, code: bankAccounts.currencyCode });
    const account = (code: string) => accounts.find((x) => x.code === code)!.id;
    await tx.insert(transactions).values([
      ...PAYMENTS.map((p, i) => ({ tenantId, type: 'income' as const, number: `TRA-${i + 1}`, bankAccountId: account(p.currencyCode), contactId: kito, ...p })),
      { tenantId, type: 'expense' as const, number: 'TRA-9', bankAccountId: account('USD'), contactId: kito, paidAt: '2026-04-01', amount: '5', currencyCode: 'USD', currencyRate: '1' },
      { tenantId, type: 'expense' as const, number: 'TRA-10', bankAccountId: account('USD'), contactId: zebra, paidAt: '2026-02-20', amount: '50', currencyCode: 'USD', currencyRate: '1' },
    ]);
    // the open balances: Kito was invoiced 40 and paid 15 of it; we owe Zebra 30
    const receivables = await systemAccount(tx, tenantId, 'receivables');
    const payables = await systemAccount(tx, tenantId, 'payables');
    const income = await systemAccount(tx, tenantId, 'uncategorised_income');
    const expense = await systemAccount(tx, tenantId, 'uncategorised_expense');
    const line = (ledgerAccountId: number, amount: string, contactId: number | null = null) => ({ ledgerAccountId, amount, currencyCode: 'USD', rate: '1', contactId });
    await post(tx, tenantId, { date: '2026-03-01', description: 'Invoice', sourceType: 'test', sourceId: 1, lines: [line(receivables, '40', kito), line(income, '-40')] });
    await post(tx, tenantId, { date: '2026-03-05', description: 'Payment', sourceType: 'test', sourceId: 2, lines: [line(income, '15'), line(receivables, '-15', kito)] });
    await post(tx, tenantId, { date: '2026-03-06', description: 'Bill', sourceType: 'test', sourceId: 3, lines: [line(expense, '30'), line(payables, '-30', zebra)] });
  });
  [{ id: foreign }] = await withTenant(t.database, b.tenantId, (tx) =>
    tx.insert(contacts).values({ tenantId: b.tenantId, type: 'customer', name: 'Beta only' }).returning({ id: contacts.id }),
  );
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  const [role] = await withTenant(t.database, a.tenantId, (tx) =>
    tx.insert(roles).values({ tenantId: a.tenantId, name: 'Sales clerk', slug: 'sales-clerk', permissions: ['customers.view'] }).returning({ id: roles.id }),
  );
  const m = await addMember(t.database, a.tenantId, role.id, 'clerk@alpha.test');
  clerk = new TestClient(t.app);
  await clerk.login(m.email, m.password);
});
afterAll(() => t.close());

describe('contact summary (/accounting/contacts/summary/{id})', () => {
  it("totals a customer's payments in the default currency as the ledger converts them, with dates and the receivable balance", async () => {
    const res = await owner.get(`/accounting/contacts/summary/${kito}`, { json: true });
    expect(res.statusCode).toBe(200);
    // 100 + 259/129.5 (2.00) + 10/0.9 (11.11) + 0.07/129.5 (0.00): the refund of 5 is no payment
    const expected = add(...PAYMENTS.map((p) => convert(p.amount, p.currencyRate, '1', 2)));
    expect(expected).toBe('113.1100');
    expect(res.json().data).toEqual({
      contact_id: kito,
      type: 'customer',
      currency: { code: 'USD', name: 'US Dollar', precision: 2, symbol: '$', symbol_first: true, decimal_mark: '.', thousands_separator: ',' },
      total_paid: '113.11',
      transactions_count: 4,
      first_paid_at: '2026-01-05',
      last_paid_at: '2026-03-02',
      balance: '25.00',
      balance_account: 'receivables',
    });
  });

  it("answers a vendor's expense payments and what we owe it as a positive payable, and zeros for a contact without any", async () => {
    const vendor = (await owner.get(`/accounting/contacts/summary/${zebra}`, { json: true })).json().data;
    expect(vendor).toMatchObject({ type: 'vendor', total_paid: '50.00', transactions_count: 1, first_paid_at: '2026-02-20', balance: '30.00', balance_account: 'payables' });
    const none = (await owner.get(`/accounting/contacts/summary/${idle}`, { json: true })).json().data;
    expect(none).toMatchObject({ total_paid: '0.00', transactions_count: 0, first_paid_at: null, last_paid_at: null, balance: '0.00' });
  });

  it("answers 404 for another tenant's contact and bad ids, and by the contact's type for a customers-only role", async () => {
    for (const id of [String(foreign), '999999', 'abc']) {
      expect((await owner.get(`/accounting/contacts/summary/${id}`, { json: true })).statusCode, id).toBe(404);
    }
    expect((await clerk.get(`/accounting/contacts/summary/${kito}`, { json: true })).statusCode).toBe(200);
    expect((await clerk.get(`/accounting/contacts/summary/${zebra}`, { json: true })).statusCode).toBe(404);
  });

  it('refuses to delete a contact that has transactions (422 with the reason) and keeps it', async () => {
    const res = await owner.json('DELETE', `/accounting/contacts/delete/${kito}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This contact is in use and cannot be deleted.');
    expect((await owner.get(`/accounting/contacts/get-contact/${kito}`, { json: true })).statusCode).toBe(200);
  });
});

describe('the customer and vendor lists', () => {
  type Row = { id: number; name: string; balance: string };
  const list = async (type: string) => {
    const res = await owner.get(`/accounting/contacts/json?type=${type}&per_page=50`, { json: true });
    expect(res.statusCode, res.body).toBe(200);
    return Object.fromEntries((res.json().data as Row[]).map((r) => [r.id, add(r.balance, '0')]));
  };

  it("answer each contact's open receivable or payable with the page, as its summary sums it", async () => {
    const customers = await list('customer');
    expect(customers[kito]).toBe(add('25', '0'));
    expect(customers[idle]).toBe(add('0', '0'));
    expect((await list('vendor'))[zebra]).toBe(add('30', '0'));
    const summary = (await owner.get(`/accounting/contacts/summary/${kito}`, { json: true })).json().data;
    expect(customers[kito]).toBe(add(summary.balance, '0'));
  });

  it("give the list pages the default currency's format, so the balance shows in it", async () => {
    const page = (await owner.get('/sales/customers', { inertia: true })).json();
    expect(page.props.currency).toMatchObject({ code: 'USD', precision: 2, thousands_separator: ',', decimal_mark: '.' });
  });
});

describe('customer and vendor pages', () => {
  it('renders Customers/Index, Create (currencies, default first), Show and Edit with the contact', async () => {
    expect((await owner.get('/sales/customers', { inertia: true })).json().component).toBe('Customers/Index');
    const create = (await owner.get('/sales/customers/create', { inertia: true })).json();
    expect(create.component).toBe('Customers/Create');
    expect(create.props.currencies).toEqual([
      { code: 'USD', name: 'US Dollar', is_default: true },
      { code: 'EUR', name: 'Euro', is_default: false },
      { code: 'KES', name: 'Kenyan Shilling', is_default: false },
    ]);
    const show = (await owner.get(`/sales/customers/${kito}`, { inertia: true })).json();
    expect(show.component).toBe('Customers/Show');
    expect(show.props.contact).toMatchObject({ id: kito, name: 'Kito Bakery', type: 'customer', currency_code: 'KES', email: 'hello@kito.test' });
    const edit = (await owner.get(`/sales/customers/${kito}/edit`, { inertia: true })).json();
    expect(edit.component).toBe('Customers/Edit');
    expect(edit.props.contact.id).toBe(kito);
    expect(edit.props.currencies).toHaveLength(3);
  });

  it('renders the Vendors pages under /purchases/vendors', async () => {
    expect((await owner.get('/purchases/vendors', { inertia: true })).json().component).toBe('Vendors/Index');
    expect((await owner.get('/purchases/vendors/create', { inertia: true })).json().component).toBe('Vendors/Create');
    const show = (await owner.get(`/purchases/vendors/${zebra}`, { inertia: true })).json();
    expect(show).toMatchObject({ component: 'Vendors/Show', props: { contact: { id: zebra, name: 'Zebra Supplies' } } });
    expect((await owner.get(`/purchases/vendors/${zebra}/edit`, { inertia: true })).json().component).toBe('Vendors/Edit');
  });

  it("answers 404 for a vendor under customers (and back), another tenant's contact and bad ids; 403 without the permission", async () => {
    for (const url of [`/sales/customers/${zebra}`, `/purchases/vendors/${kito}/edit`, `/sales/customers/${foreign}`, `/sales/customers/${foreign}/edit`, '/sales/customers/0', '/purchases/vendors/abc']) {
      const res = await owner.get(url, { inertia: true });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await clerk.get(`/sales/customers/${kito}`, { inertia: true })).statusCode).toBe(200);
    for (const url of ['/sales/customers/create', `/sales/customers/${kito}/edit`, '/purchases/vendors', `/purchases/vendors/${zebra}`]) {
      expect((await clerk.get(url, { inertia: true })).statusCode, url).toBe(403);
    }
  });
});
