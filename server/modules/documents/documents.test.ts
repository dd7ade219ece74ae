import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DOCUMENT_STATUSES, MANUAL_TRANSITIONS, type DocumentType } from '../../../common/documents/status.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { addMember } from '../users/test-helpers.js';
import { categories, contacts, currencies, items, taxes } from '../accounting/schema.js';
import { accountingSetting } from '../accounting-settings/service.js';
import { trialBalance } from '../ledger/service.js';
import { changeStatus } from './statuses.js';
import { createDocument } from './saving.js';
import { loadDocument } from './reading.js';
import { recordHistory } from './timeline.js';
import { roles } from '../tenancy/schema.js';

let t: TestApp;
let owner: TestClient;
let other: TestClient;
let clerk: TestClient;
let viewer: TestClient;
let tenantA: number;
let salesId: number;
let generalId: number;
let customerId: number;
let euroCustomerId: number;
let vendorId: number;
let breadId: number;
const tax: Record<'vat' | 'incl' | 'wht' | 'compound' | 'fixed' | 'off', number> = { vat: 0, incl: 0, wht: 0, compound: 0, fixed: 0, off: 0 };
let usdBank: number;
let eurBank: number;
let kesBank: number;

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Alpha');
  const b = await seedTenant(t.database, 'Beta');
  tenantA = a.tenantId;
  let clerkRole = 0;
  await withTenant(t.database, a.tenantId, async (tx) => {
    // default USD; 1 USD buys 0.9 EUR and 129.5 KES
    await tx.insert(currencies).values([
      { tenantId: a.tenantId, code: 'EUR', name: 'Euro', rate: '0.9', symbol: '€' },
      { tenantId: a.tenantId, code: 'KES', name: 'Kenyan Shilling', rate: '129.5', precision: 0, symbol: 'KSh' },
    ]);
    const cats = await tx.select({ id: categories.id, name: categories.name }).from(categories).where(sql`tenant_id = ${a.tenantId}`);
    salesId = cats.find((c) => c.name === 'Sales')!.id;
    generalId = cats.find((c) => c.name === 'General expenses')!.id;
    const made = await tx
      .insert(contacts)
      .values([
        { tenantId: a.tenantId, type: 'customer', name: 'Kito Bakery', email: 'kito@example.test', address: '1 Moi Avenue', city: 'Nairobi', currencyCode: 'USD' },
        { tenantId: a.tenantId, type: 'customer', name: 'Berlin Bakes', currencyCode: 'EUR' },
        { tenantId: a.tenantId, type: 'vendor', name: 'Flour Mills Ltd', currencyCode: 'USD' },
      ])
      .returning({ id: contacts.id });
    [customerId, euroCustomerId, vendorId] = made.map((m) => m.id);
    [{ id: breadId }] = await tx.insert(items).values({ tenantId: a.tenantId, name: 'Bread', salePrice: '50', categoryId: salesId }).returning({ id: items.id });
    const tx5 = await tx
      .insert(taxes)
      .values([
        { tenantId: a.tenantId, name: 'VAT', rate: '16', type: 'normal' },
        { tenantId: a.tenantId, name: 'VAT incl.', rate: '16', type: 'inclusive' },
        { tenantId: a.tenantId, name: 'Withholding', rate: '2', type: 'withholding' },
        { tenantId: a.tenantId, name: 'Surcharge', rate: '5', type: 'compound' },
        { tenantId: a.tenantId, name: 'Excise', rate: '1.5', type: 'fixed' },
        { tenantId: a.tenantId, name: 'Old levy', rate: '3', type: 'normal', enabled: false },
      ])
      .returning({ id: taxes.id });
    [tax.vat, tax.incl, tax.wht, tax.compound, tax.fixed, tax.off] = tx5.map((x) => x.id);
    [{ id: clerkRole }] = await tx
      .insert(roles)
      .values({
        tenantId: a.tenantId,
        name: 'Invoice clerk',
        slug: 'invoice-clerk',
        permissions: ['invoices.view', 'invoices.create', 'invoices.update', 'invoices.delete', 'customers.view'],
      })
      .returning({ id: roles.id });
  });
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  const c = await addMember(t.database, a.tenantId, clerkRole, 'clerk@alpha.test');
  clerk = new TestClient(t.app);
  await clerk.login(c.email, c.password);
  const v = await addMember(t.database, a.tenantId, 'viewer', 'viewer@alpha.test');
  viewer = new TestClient(t.app);
  await viewer.login(v.email, v.password);
  usdBank = await bank('USD');
  eurBank = await bank('EUR');
  kesBank = await bank('KES');
});
afterAll(() => t.close());

async function bank(code: string) {
  const res = await owner.json('POST', '/banking/accounts/store', { name: `Bank ${code}`, number: code, currency_code: code });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

type Doc = Record<string, unknown> & { id: number; status: string; document_number: string; total: string; amount_due: string; amount_paid: string };
const line = (more: Record<string, unknown> = {}) => ({ item_id: breadId, name: 'Bread', quantity: '2', price: '50', tax_ids: [tax.vat], ...more });
const body = (type: DocumentType, more: Record<string, unknown> = {}) => ({
  type,
  contact_id: type === 'bill' ? vendorId : customerId,
  issued_at: '2026-03-01',
  items: [line()],
  ...more,
});
async function store(type: DocumentType, more: Record<string, unknown> = {}, c = owner): Promise<Doc> {
  const res = await c.json('POST', '/accounting/documents/store', body(type, more));
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().message).toBe(`${type.charAt(0).toUpperCase()}${type.slice(1)} created successfully.`);
  return res.json().data;
}
const get = async (id: number, c = owner) => (await c.get(`/accounting/documents/get-document/${id}`, { json: true })).json().data as Doc;
async function status(id: number, to: string) {
  const res = await owner.json('POST', `/accounting/documents/update-status/${id}`, { status: to });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Doc;
}
async function pay(id: number, more: Record<string, unknown>) {
  return owner.json('POST', `/accounting/documents/payments/store/${id}`, { bank_account_id: usdBank, paid_at: '2026-03-10', ...more });
}
const tb = () => withTenant(t.database, tenantA, (tx) => trialBalance(tx, tenantA));
/** the balance of a system account (receivables, payables…) for one contact, per currency */
async function controlBalance(key: 'receivables' | 'payables', contactId: number) {
  const found = await withTenant(t.database, tenantA, (tx) =>
    rows<{ currency_code: string; total: string }>(
      tx,
      sql`select l.currency_code, sum(l.amount)::text as total from journal_lines l
            join ledger_accounts a on a.tenant_id = l.tenant_id and a.id = l.ledger_account_id
           where a.system_key = ${key} and l.contact_id = ${contactId} group by l.currency_code`,
    ),
  );
  return Object.fromEntries(found.map((r) => [r.currency_code, r.total]));
}
/** balance of one ledger account by code */
async function accountBalance(code: string) {
  const [r] = await withTenant(t.database, tenantA, (tx) =>
    rows<{ total: string | null }>(
      tx,
      sql`select sum(l.amount)::text as total from journal_lines l join ledger_accounts a on a.tenant_id = l.tenant_id and a.id = l.ledger_account_id where a.code = ${code}`,
    ),
  );
  return r.total;
}

/** per currency, the trial balance's debits equal its credits, and so do the default-currency amounts */
async function expectBalancedBooks() {
  const lines = await tb();
  const per = new Map<string, bigint>();
  let base = 0n;
  const units = (v: string) => BigInt(Math.round(Number(v) * 10_000));
  for (const l of lines) {
    per.set(l.currency_code, (per.get(l.currency_code) ?? 0n) + units(l.balance));
    base += units(l.base_balance);
  }
  for (const [code, sum] of per) expect(sum, `trial balance in ${code}`).toBe(0n);
  expect(base, 'trial balance in the default currency').toBe(0n);
}

describe('store, edit, list and delete (/accounting/documents)', () => {
  it('stores an invoice with defaults: number from the settings, due date from the payment terms, the contact’s currency and a copy of the contact', async () => {
    const inv = await store('invoice');
    expect(inv).toMatchObject({
      type: 'invoice',
      status: 'draft',
      document_number: 'INV-00001',
      issued_at: '2026-03-01',
      due_at: '2026-03-31',
      currency_code: 'USD',
      currency_rate: '1.00000000',
      contact_name: 'Kito Bakery',
      contact_email: 'kito@example.test',
      contact_address: '1 Moi Avenue\nNairobi',
      sub_total: '100.0000',
      tax_total: '16.0000',
      total: '116.0000',
      amount_paid: '0.0000',
      amount_due: '116.0000',
      total_default: '116.00',
      overdue: false,
      allowed_statuses: ['sent', 'cancelled'],
      payments: [],
      converted_invoice_id: null,
    });
    expect(inv.items).toEqual([
      expect.objectContaining({ item_id: breadId, name: 'Bread', quantity: '2.0000', price: '50.0000', sub_total: '100.0000', total: '116.0000', taxes: [expect.objectContaining({ tax_id: tax.vat, name: 'VAT', amount: '16.0000' })] }),
    ]);
    expect(inv.totals).toEqual({
      sub_total: '100.0000',
      discount_total: '0.0000',
      taxes: [{ tax_id: tax.vat, name: 'VAT', type: 'normal', rate: '16.0000', amount: '16.0000', included: false }],
      tax_total: '16.0000',
      total: '116.0000',
    });
    // the next one takes the next number, and the setting moved on
    expect((await store('invoice')).document_number).toBe('INV-00002');
    const settings = await withTenant(t.database, tenantA, (tx) => accountingSetting(tx, tenantA, 'invoices'));
    expect(settings.number_next).toBe(3);
    // bills and estimates have their own counters
    expect((await store('bill')).document_number).toBe('BILL-00001');
    expect((await store('estimate')).document_number).toBe('EST-00001');
    expect((await store('estimate')).document_number).toBe('EST-00002');
    // the single read answers the same document
    expect(await get(inv.id)).toMatchObject({ id: inv.id, total: '116.0000', items: [expect.objectContaining({ name: 'Bread' })] });
  });

  it('computes discounts and every kind of tax, per line and per document', async () => {
    const inv = await store('invoice', {
      discount_type: 'percent',
      discount_rate: '10',
      items: [
        line({ quantity: '1', price: '116', tax_ids: [tax.incl] }),
        line({ item_id: null, name: 'Delivery', quantity: '2', price: '25', discount_type: 'amount', discount_rate: '10', tax_ids: [tax.vat, tax.compound, tax.fixed, tax.wht] }),
      ],
    });
    const full = await get(inv.id);
    const taxesBy = Object.fromEntries((full.totals as { taxes: { name: string; amount: string; included: boolean }[] }).taxes.map((x) => [x.name, x]));
    // line 1: 116 − 10% = 104.40, of which VAT incl. 104.40 − 104.40/1.16 = 14.40 (net 90.00)
    expect(taxesBy['VAT incl.']).toMatchObject({ amount: '14.4000', included: true });
    // line 2: 50 − 10 = 40, − 10% = 36; VAT 5.76; excise 2 × 1.5 = 3; surcharge 5% of (36 + 5.76 + 3) = 2.24; withholding −0.72
    expect(taxesBy.VAT.amount).toBe('5.7600');
    expect(taxesBy.Excise.amount).toBe('3.0000');
    expect(taxesBy.Surcharge.amount).toBe('2.2400');
    expect(taxesBy.Withholding.amount).toBe('-0.7200');
    expect(full).toMatchObject({ sub_total: '166.0000', discount_total: '25.6000', tax_total: '10.2800', total: '150.6800' });
    // issued: the books balance and each tax has its own liability account (2201…)
    await status(inv.id, 'sent');
    await expectBalancedBooks();
    const taxAccounts = await withTenant(t.database, tenantA, (tx) =>
      rows<{ code: string; name: string }>(tx, sql`select code, name from ledger_accounts where tax_id is not null order by code`),
    );
    expect(taxAccounts.map((a) => a.code).every((c) => Number(c) >= 2201 && Number(c) <= 2299)).toBe(true);
    expect(taxAccounts.map((a) => a.name).sort()).toEqual(['Excise', 'Surcharge', 'VAT', 'VAT incl.', 'Withholding']);
    const wht = taxAccounts.find((a) => a.name === 'Withholding')!.code;
    expect(await accountBalance(wht)).toBe('0.7200'); // a debit
  });

  it('names every field of a bad document in one 422: no contact, an empty date, an empty line name, a bad quantity, a due date before the issue date', async () => {
    const res = await owner.json('POST', '/accounting/documents/store', {
      type: 'invoice',
      issued_at: '',
      items: [{ name: '', quantity: 'two', price: '5', tax_ids: [] }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      contact_id: ['The contact id field is required.'],
      issued_at: ['The issued at field must match the format Y-m-d.', 'The issued at field must be a valid date.'],
      'items.0.name': ['The name field is required.'],
      'items.0.quantity': [expect.stringMatching(/quantity/)],
    });
    const due = await owner.json('POST', '/accounting/documents/store', { type: 'invoice', issued_at: '2026-03-10', due_at: '2026-03-01', items: [{ name: '', quantity: '1', price: '5' }] });
    expect(due.json().errors).toEqual({
      contact_id: ['The contact id field is required.'],
      due_at: ['The due at field must be a date after or equal to issued at.'],
      'items.0.name': ['The name field is required.'],
    });
  });

  it('refuses a contact of the wrong kind, unknown items and taxes, disabled taxes and a taken number (422, nothing written)', async () => {
    const before = (await owner.get('/accounting/documents/json?type=invoice', { json: true })).json().total;
    const vendor = await owner.json('POST', '/accounting/documents/store', body('invoice', { contact_id: vendorId }));
    expect(vendor.statusCode).toBe(422);
    expect(vendor.json().errors).toEqual({ contact_id: ['The selected contact is not a customer.'] });
    const nobody = await owner.json('POST', '/accounting/documents/store', body('invoice', { contact_id: 999999 }));
    expect(nobody.json().errors).toEqual({ contact_id: ['The selected contact is invalid.'] });
    const currency = await owner.json('POST', '/accounting/documents/store', body('invoice', { currency_code: 'XYZ' }));
    expect(currency.json().errors).toEqual({ currency_code: ['The selected currency code is invalid.'] });
    const customer = await owner.json('POST', '/accounting/documents/store', body('bill', { contact_id: customerId }));
    expect(customer.json().errors).toEqual({ contact_id: ['The selected contact is not a vendor.'] });
    const bad = await owner.json('POST', '/accounting/documents/store', body('invoice', { items: [line({ item_id: 999999 }), line({ tax_ids: [999999] }), line({ tax_ids: [tax.off] })] }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'items.0.item_id': ['The selected item is invalid.'],
      'items.1.tax_ids': ['The selected tax is invalid.'],
      'items.2.tax_ids': ['The tax Old levy is disabled.'],
    });
    const cat = await owner.json('POST', '/accounting/documents/store', body('invoice', { category_id: generalId }));
    expect(cat.json().errors).toEqual({ category_id: ['The selected category is not an income category.'] });
    const taken = await owner.json('POST', '/accounting/documents/store', body('invoice', { document_number: 'INV-00001' }));
    expect(taken.json().errors).toEqual({ document_number: ['The document number has already been taken.'] });
    const empty = await owner.json('POST', '/accounting/documents/store', body('invoice', { items: [] }));
    expect(empty.json().errors).toEqual({ items: ['A document needs at least one line.'] });
    const due = await owner.json('POST', '/accounting/documents/store', body('invoice', { due_at: '2026-02-01' }));
    expect(due.json().errors).toEqual({ due_at: ['The due at field must be a date after or equal to issued at.'] });
    expect((await owner.get('/accounting/documents/json?type=invoice', { json: true })).json().total).toBe(before);
  });

  it('edits a draft freely; the type cannot change', async () => {
    const inv = await store('invoice');
    const res = await owner.json('PUT', `/accounting/documents/update/${inv.id}`, body('invoice', { notes: 'Thanks', items: [line({ quantity: '3' }), line({ name: 'Cake', item_id: null, price: '10', tax_ids: [] })] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Invoice updated successfully.');
    // 3 × 50 + VAT 16% (24) and 2 × 10 without tax
    expect(res.json().data).toMatchObject({ notes: 'Thanks', sub_total: '170.0000', tax_total: '24.0000', total: '194.0000', document_number: inv.document_number });
    expect(res.json().data.items.map((l: { name: string }) => l.name)).toEqual(['Bread', 'Cake']);
    const type = await owner.json('PUT', `/accounting/documents/update/${inv.id}`, body('bill'));
    expect(type.statusCode).toBe(422);
    expect(type.json().errors).toEqual({ type: ['The type of a document cannot be changed.'] });
  });

  it('editing an issued invoice reverses its entry and posts the new figures', async () => {
    const inv = await store('invoice', { contact_id: customerId });
    await status(inv.id, 'sent');
    const before = await controlBalance('receivables', customerId);
    const res = await owner.json('PUT', `/accounting/documents/update/${inv.id}`, body('invoice', { items: [line({ quantity: '1' })] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'sent', total: '58.0000' });
    const after = await controlBalance('receivables', customerId);
    expect(Number(after.USD) - Number(before.USD)).toBeCloseTo(-58, 4);
    const [{ n }] = await withTenant(t.database, tenantA, (tx) =>
      rows<{ n: number }>(tx, sql`select count(*)::int as n from journal_entries where source_type = 'document' and source_id = ${inv.id}`),
    );
    expect(n).toBe(3);
    await expectBalancedBooks();
  });

  it('lists by type with search, status filter, sort and paging, and what Index pages show', async () => {
    const late = await store('invoice', { issued_at: '2025-01-01', due_at: '2025-01-31', contact_id: euroCustomerId });
    await status(late.id, 'sent');
    const page = (await owner.get('/accounting/documents/json?type=invoice&search=berlin', { json: true })).json();
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({
      document_number: late.document_number,
      contact_name: 'Berlin Bakes',
      currency_code: 'EUR',
      status: 'sent',
      overdue: true,
      total: '116.0000',
      amount_paid: '0.0000',
      amount_due: '116.0000',
      total_default: '128.89',
    });
    const overdue = (await owner.get('/accounting/documents/json?type=invoice&status=overdue', { json: true })).json();
    expect(overdue.data.map((d: Doc) => d.id)).toContain(late.id);
    expect(overdue.data.every((d: Doc) => d.overdue === true && d.status !== 'draft')).toBe(true);
    const drafts = (await owner.get('/accounting/documents/json?type=invoice&status=draft', { json: true })).json();
    expect(drafts.data.every((d: Doc) => d.status === 'draft')).toBe(true);
    const bills = (await owner.get('/accounting/documents/json?type=bill', { json: true })).json();
    expect(bills.data.every((d: Doc) => d.type === 'bill')).toBe(true);
    const sorted = (await owner.get('/accounting/documents/json?type=invoice&sort_by=document_number&sort_order=asc&per_page=2&page=1', { json: true })).json();
    expect(sorted.data.map((d: Doc) => d.document_number)).toEqual(['INV-00001', 'INV-00002']);
    expect(sorted.per_page).toBe(2);
    const bad = await owner.get('/accounting/documents/json?sort_by=notes', { json: true });
    expect(bad.statusCode).toBe(422);
    const csv = await owner.get('/accounting/documents/export?type=invoice&search=berlin', { json: true });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Berlin Bakes');
  });

  it('deletes drafts and cancelled documents; issued ones are cancelled first; estimates unless converted', async () => {
    const draft = await store('invoice');
    const gone = await owner.json('DELETE', `/accounting/documents/delete/${draft.id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBe('Invoice deleted successfully.');
    expect((await owner.get(`/accounting/documents/get-document/${draft.id}`, { json: true })).statusCode).toBe(404);
    const sent = await store('bill');
    await status(sent.id, 'received');
    const refused = await owner.json('DELETE', `/accounting/documents/delete/${sent.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Only draft or cancelled bills can be deleted: cancel it first.');
    await status(sent.id, 'cancelled');
    expect((await owner.json('DELETE', `/accounting/documents/delete/${sent.id}`)).statusCode).toBe(200);
    const est = await store('estimate');
    await status(est.id, 'sent');
    expect((await owner.json('DELETE', `/accounting/documents/delete/${est.id}`)).statusCode).toBe(200);
    await expectBalancedBooks();
  });
});

describe('statuses (update-status)', () => {
  it('posts on issue, reverses on cancel and on back to draft', async () => {
    const bill = await store('bill', { items: [line({ quantity: '1', price: '200', tax_ids: [tax.vat] })] });
    const before = await controlBalance('payables', vendorId);
    const received = await status(bill.id, 'received');
    expect(received.allowed_statuses).toEqual(['cancelled']);
    const during = await controlBalance('payables', vendorId);
    expect(Number(during.USD) - Number(before.USD ?? 0)).toBeCloseTo(-232, 4);
    await status(bill.id, 'cancelled');
    expect(await controlBalance('payables', vendorId)).toEqual(before.USD ? before : { USD: '0.0000' });
    await status(bill.id, 'draft');
    await expectBalancedBooks();
  });

  it('answers 422 to every transition MANUAL_TRANSITIONS does not allow, and to unknown statuses', async () => {
    const checked: string[] = [];
    for (const type of ['invoice', 'bill', 'estimate'] as const) {
      const all = DOCUMENT_STATUSES[type] as readonly string[];
      for (const from of all) {
        const doc = await store(type);
        await withTenant(t.database, tenantA, (tx) => tx.execute(sql`update documents set status = ${from} where id = ${doc.id}`));
        const allowed = (MANUAL_TRANSITIONS[type] as Record<string, readonly string[]>)[from] ?? [];
        for (const to of [...all, 'overdue', 'bogus']) {
          if (allowed.includes(to)) continue;
          const res = await owner.json('POST', `/accounting/documents/update-status/${doc.id}`, { status: to });
          expect(res.statusCode, `${type} ${from} → ${to}: ${res.body}`).toBe(422);
          expect(Object.keys(res.json().errors)).toEqual(['status']);
          checked.push(`${type}:${from}->${to}`);
        }
        const still = await get(doc.id);
        expect(still.status).toBe(from);
        expect(still.allowed_statuses).toEqual([...allowed]);
      }
    }
    expect(checked.length).toBeGreaterThan(60);
    const msg = await owner.json('POST', `/accounting/documents/update-status/${(await store('invoice')).id}`, { status: 'paid' });
    expect(msg.json().errors.status).toEqual(['An invoice that is draft cannot be marked as paid.']);
    const empty = await owner.json('POST', `/accounting/documents/update-status/${(await store('invoice')).id}`, {});
    expect(empty.json().errors.status).toEqual(['The status field is required.']);
  });
});

describe('payments', () => {
  it('a partial then a full payment moves the status and the customer’s receivable; overpaying is refused; deleting a payment moves it back', async () => {
    const [cust] = await withTenant(t.database, tenantA, (tx) =>
      tx.insert(contacts).values({ tenantId: tenantA, type: 'customer', name: 'Pay Co', currencyCode: 'USD' }).returning({ id: contacts.id }),
    );
    const inv = await store('invoice', { contact_id: cust.id });
    const draftPay = await pay(inv.id, { amount: '10' });
    expect(draftPay.statusCode).toBe(422);
    await status(inv.id, 'sent');
    expect(await controlBalance('receivables', cust.id)).toEqual({ USD: '116.0000' });
    const first = await pay(inv.id, { amount: '50', payment_method: 'offline_payments.cash.1', reference: 'R1' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ status: 'partial', amount_paid: '50.0000', amount_due: '66.0000', allowed_statuses: [] });
    expect(first.json().data.payments).toEqual([expect.objectContaining({ amount: '50.0000', currency_code: 'USD', account_name: 'Bank USD', paid_at: '2026-03-10' })]);
    expect(await controlBalance('receivables', cust.id)).toEqual({ USD: '66.0000' });
    const over = await pay(inv.id, { amount: '66.01' });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({ amount: ['The amount may not be greater than the amount due ($66.00).'] });
    const second = await pay(inv.id, { amount: '66' });
    expect(second.json().data).toMatchObject({ status: 'paid', amount_due: '0.0000' });
    // those who look after invoices hear it is paid (the clerk, the viewer), but not the owner who recorded it
    const paidNews = async (c: TestClient) =>
      ((await c.json('GET', '/notifications/json?per_page=50')).json().data as { type: string; url: string }[]).filter((n) => n.type === 'invoice.paid' && n.url === `/sales/invoices/${inv.id}`);
    expect(await paidNews(clerk)).toHaveLength(1);
    expect(await paidNews(viewer)).toHaveLength(1);
    expect(await paidNews(owner)).toHaveLength(0);
    expect(await paidNews(other)).toHaveLength(0);
    expect(await controlBalance('receivables', cust.id)).toEqual({ USD: '0.0000' });
    const paidAgain = await pay(inv.id, { amount: '1' });
    expect(paidAgain.statusCode).toBe(422);
    // the payment is a transaction of the contact; the Transactions pages refuse to change or delete it
    const txId = first.json().data.payments[0].id;
    const fromBanking = await owner.json('DELETE', `/banking/transactions/delete/${txId}`);
    expect(fromBanking.statusCode).toBe(422);
    expect(fromBanking.json().message).toBe('This transaction is a payment of a document: change or delete it from the document.');
    expect((await owner.json('PUT', `/banking/transactions/update/${txId}`, { amount: '1' })).statusCode).toBe(422);
    const listed = (await owner.get(`/banking/transactions/json?contact_id=${cust.id}`, { json: true })).json();
    expect(listed.data.map((r: { document_id: number }) => r.document_id)).toEqual([inv.id, inv.id]);
    // deleting a payment: partial again, then sent
    const del1 = await owner.json('DELETE', `/accounting/documents/payments/delete/${inv.id}/${second.json().data.payments[1].id}`);
    expect(del1.statusCode, del1.body).toBe(200);
    expect(del1.json().data).toMatchObject({ status: 'partial', amount_due: '66.0000' });
    const del2 = await owner.json('DELETE', `/accounting/documents/payments/delete/${inv.id}/${txId}`);
    expect(del2.json().data).toMatchObject({ status: 'sent', amount_paid: '0.0000', payments: [] });
    expect(await controlBalance('receivables', cust.id)).toEqual({ USD: '116.0000' });
    // a transaction of another document, or none: 404
    expect((await owner.json('DELETE', `/accounting/documents/payments/delete/${inv.id}/${txId}`)).statusCode).toBe(404);
    await expectBalancedBooks();
  });

  it('a bill’s payment relieves the vendor’s payable; a payment cannot be cancelled away', async () => {
    const bill = await store('bill', { items: [line({ quantity: '1', price: '100', tax_ids: [] })] });
    await status(bill.id, 'received');
    const p = await pay(bill.id, { amount: '40' });
    expect(p.statusCode, p.body).toBe(201);
    expect(p.json().data.status).toBe('partial');
    const cancel = await owner.json('POST', `/accounting/documents/update-status/${bill.id}`, { status: 'cancelled' });
    expect(cancel.statusCode).toBe(422);
    const full = await pay(bill.id, { amount: '60' });
    expect(full.json().data.status).toBe('paid');
    await expectBalancedBooks();
  });

  it('a payment in another currency converts at the day’s rate and every currency balances through currency trading', async () => {
    const inv = await store('invoice', { contact_id: euroCustomerId, items: [line({ quantity: '1', price: '90', tax_ids: [] })] });
    expect(inv).toMatchObject({ currency_code: 'EUR', currency_rate: '0.90000000', total: '90.0000', total_default: '100.00' });
    await status(inv.id, 'sent');
    // 50 USD at 1 → 45 EUR at the invoice's 0.9
    const usd = await pay(inv.id, { amount: '50' });
    expect(usd.statusCode, usd.body).toBe(201);
    expect(usd.json().data).toMatchObject({ status: 'partial', amount_paid: '45.0000', amount_due: '45.0000' });
    // 6,000 KES at a rate of the day of 120 → 50 USD → 45 EUR: paid
    const kes = await pay(inv.id, { bank_account_id: kesBank, amount: '6000', currency_rate: '120' });
    expect(kes.statusCode, kes.body).toBe(201);
    expect(kes.json().data).toMatchObject({ status: 'paid', amount_due: '0.0000' });
    expect(kes.json().data.payments[1]).toMatchObject({ currency_code: 'KES', currency_rate: '120.00000000', amount: '6000.0000' });
    expect(await controlBalance('receivables', euroCustomerId)).toMatchObject({ EUR: expect.stringMatching(/^116\.0000$/) });
    await expectBalancedBooks();
    // an amount in an account's currency cannot have more decimals than it
    const inv2 = await store('invoice', { contact_id: euroCustomerId });
    await status(inv2.id, 'sent');
    const frac = await pay(inv2.id, { bank_account_id: kesBank, amount: '10.5' });
    expect(frac.json().errors).toEqual({ amount: ['The amount may have at most 0 decimal places in KES.'] });
    const eur = await pay(inv2.id, { bank_account_id: eurBank, amount: '16' });
    expect(eur.json().data).toMatchObject({ amount_paid: '16.0000', amount_due: '100.0000' });
    await expectBalancedBooks();
  });
});

describe('estimates into invoices, comments and the timeline', () => {
  it('generate-invoice turns only an approved estimate into a new draft invoice; the estimate is converted', async () => {
    const est = await store('estimate', { notes: 'Valid 30 days', items: [line(), line({ name: 'Cake', item_id: null, price: '10', tax_ids: [tax.incl] })] });
    const early = await owner.json('POST', `/accounting/documents/generate-invoice/${est.id}`);
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual({ status: ['Only an approved estimate can be turned into an invoice.'] });
    await status(est.id, 'sent');
    await status(est.id, 'approved');
    const res = await owner.json('POST', `/accounting/documents/generate-invoice/${est.id}`);
    expect(res.statusCode, res.body).toBe(201);
    const inv = res.json().data as Doc;
    expect(inv).toMatchObject({ type: 'invoice', status: 'draft', parent_id: est.id, notes: 'Valid 30 days', total: est.total, contact_name: 'Kito Bakery' });
    expect(inv.document_number).toMatch(/^INV-\d{5}$/);
    expect((inv.items as unknown[]).length).toBe(2);
    expect(inv.totals).toEqual((await get(est.id)).totals);
    const after = await get(est.id);
    expect(after).toMatchObject({ status: 'converted', converted_invoice_id: inv.id, allowed_statuses: [] });
    expect((await owner.json('POST', `/accounting/documents/generate-invoice/${est.id}`)).statusCode).toBe(422);
    expect((await owner.json('DELETE', `/accounting/documents/delete/${est.id}`)).json().message).toBe('A converted estimate cannot be deleted.');
    const estTimeline = (await owner.get(`/accounting/documents/comments/${est.id}`, { json: true })).json().data;
    expect(estTimeline[0]).toMatchObject({ type: 'converted', status: 'converted', description: `Estimate converted to invoice ${inv.document_number}.` });
    const invTimeline = (await owner.get(`/accounting/documents/comments/${inv.id}`, { json: true })).json().data;
    expect(invTimeline[0].description).toBe(`Invoice ${inv.document_number} created from estimate ${est.document_number}.`);
    // not for an invoice
    const notEstimate = await owner.json('POST', `/accounting/documents/generate-invoice/${inv.id}`);
    expect(notEstimate.statusCode).toBe(422);
  });

  it('comments and the history of status changes and payments, newest first, with who did it', async () => {
    const inv = await store('invoice');
    await status(inv.id, 'sent');
    expect((await pay(inv.id, { amount: '16' })).statusCode).toBe(201);
    const c = await owner.json('POST', `/accounting/documents/comments/store/${inv.id}`, { description: 'Customer called about it' });
    expect(c.statusCode, c.body).toBe(201);
    expect(c.json()).toMatchObject({ message: 'Comment added successfully.', data: { type: 'comment', description: 'Customer called about it', user_name: 'Alpha Owner' } });
    const list = (await owner.get(`/accounting/documents/comments/${inv.id}`, { json: true })).json().data;
    expect(list.map((h: { type: string; status: string | null }) => `${h.type}:${h.status ?? ''}`)).toEqual(['comment:', 'status:partial', 'payment:', 'status:sent', 'created:draft']);
    expect(list[2].description).toMatch(/^Payment TRA-\d{5} of \$16\.00 recorded\.$/);
    const empty = await owner.json('POST', `/accounting/documents/comments/store/${inv.id}`, { description: ' ' });
    expect(empty.json().errors).toEqual({ description: ['The comment field is required.'] });
    // a Viewer reads the timeline but may not write
    expect((await viewer.get(`/accounting/documents/comments/${inv.id}`, { json: true })).statusCode).toBe(200);
    expect((await viewer.json('POST', `/accounting/documents/comments/store/${inv.id}`, { description: 'x' })).statusCode).toBe(403);
  });
});

describe('the service other modules call (mail, public page, recurring)', () => {
  it('changeStatus posts on issue; the system’s sent and viewed never move a document backwards; loadDocument and recordHistory', async () => {
    const inv = await store('invoice');
    const ownerId = (await get(inv.id)).created_by as number;
    await withTenant(t.database, tenantA, async (tx) => {
      expect(await changeStatus(tx, tenantA, { id: inv.id, type: 'invoice', status: 'draft' }, 'sent', ownerId, { historyType: 'sent', description: 'Sent to kito@example.test' })).toBe('sent');
      expect(await changeStatus(tx, tenantA, { id: inv.id, type: 'invoice', status: 'sent' }, 'viewed')).toBe('viewed');
    });
    // issued by the system's move: its entry is posted
    const [{ n }] = await withTenant(t.database, tenantA, (tx) =>
      rows<{ n: number }>(tx, sql`select count(*)::int as n from journal_entries where source_type = 'document' and source_id = ${inv.id}`),
    );
    expect(n).toBe(1);
    expect((await get(inv.id)).sent_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await pay(inv.id, { amount: '16' })).json().data.status).toBe('partial');
    await withTenant(t.database, tenantA, async (tx) => {
      // mailing or opening a partly paid invoice keeps it partial
      expect(await changeStatus(tx, tenantA, { id: inv.id, type: 'invoice', status: 'partial' }, 'sent')).toBe('partial');
      expect(await changeStatus(tx, tenantA, { id: inv.id, type: 'invoice', status: 'partial' }, 'viewed')).toBe('partial');
      await recordHistory(tx, tenantA, inv.id, { type: 'reminder', description: 'Reminder sent.' });
      const full = await loadDocument(tx, tenantA, inv.id);
      expect(full).toMatchObject({ status: 'partial', amount_paid: '16.0000', amount_due: '100.0000', allowed_statuses: [] });
    });
    // deleting the payment goes back to viewed, the status it had before
    const payments = (await get(inv.id)).payments as { id: number }[];
    const back = await owner.json('DELETE', `/accounting/documents/payments/delete/${inv.id}/${payments[0].id}`);
    expect(back.json().data.status).toBe('viewed');
    const timeline = (await owner.get(`/accounting/documents/comments/${inv.id}`, { json: true })).json().data;
    expect(timeline.map((h: { type: string }) => h.type)).toEqual(['status', 'payment', 'reminder', 'status', 'payment', 'status', 'sent', 'created']);
    expect(timeline.at(-2)).toMatchObject({ description: 'Sent to kito@example.test', user_name: 'Alpha Owner' });
    await expectBalancedBooks();
  });
});

describe('createDocument (imports, recurring invoices)', () => {
  it('makes a document with the same checks, defaults and figures as store, issued when asked', async () => {
    const id = await withTenant(t.database, tenantA, (tx) =>
      createDocument(tx, tenantA, { type: 'invoice', contact_id: customerId, issued_at: '2026-04-01', items: [line({ quantity: '1' })] }, { status: 'sent', description: 'Made by the recurring schedule.' }),
    );
    const d = await get(id);
    expect(d).toMatchObject({ status: 'sent', contact_name: 'Kito Bakery', total: '58.0000', due_at: '2026-05-01', currency_code: 'USD' });
    expect(d.document_number).toMatch(/^INV-\d{5}$/);
    const timeline = (await owner.get(`/accounting/documents/comments/${id}`, { json: true })).json().data;
    expect(timeline.at(-1).description).toBe('Made by the recurring schedule.');
    const wrong = withTenant(t.database, tenantA, (tx) => createDocument(tx, tenantA, { type: 'bill', contact_id: customerId, issued_at: '2026-04-01', items: [line()] }));
    await expect(wrong).rejects.toMatchObject({ statusCode: 422, errors: { contact_id: ['The selected contact is not a vendor.'] } });
    await expectBalancedBooks();
  });
});

describe('access', () => {
  it('permissions go by type: a clerk with invoices.* works on invoices but never sees bills or estimates', async () => {
    const bill = await store('bill');
    const est = await store('estimate');
    const mine = await store('invoice', {}, clerk);
    expect((await clerk.get('/accounting/documents/json?type=invoice', { json: true })).statusCode).toBe(200);
    const all = (await clerk.get('/accounting/documents/json', { json: true })).json();
    expect(all.data.every((d: Doc) => d.type === 'invoice')).toBe(true);
    expect((await clerk.get('/accounting/documents/json?type=bill', { json: true })).statusCode).toBe(403);
    expect((await clerk.json('POST', '/accounting/documents/store', body('bill'))).statusCode).toBe(403);
    expect((await clerk.json('POST', '/accounting/documents/store', body('estimate'))).statusCode).toBe(403);
    expect((await clerk.get(`/accounting/documents/get-document/${bill.id}`, { json: true })).statusCode).toBe(404);
    expect((await clerk.json('PUT', `/accounting/documents/update/${bill.id}`, body('bill'))).statusCode).toBe(404);
    expect((await clerk.json('DELETE', `/accounting/documents/delete/${est.id}`)).statusCode).toBe(404);
    expect((await clerk.json('POST', `/accounting/documents/update-status/${bill.id}`, { status: 'received' })).statusCode).toBe(404);
    expect((await clerk.json('POST', `/accounting/documents/generate-invoice/${est.id}`)).statusCode).toBe(403);
    expect((await clerk.json('PUT', `/accounting/documents/update/${mine.id}`, body('invoice', { notes: 'ok' }))).statusCode).toBe(200);
    expect((await clerk.json('POST', `/accounting/documents/update-status/${mine.id}`, { status: 'sent' })).statusCode).toBe(200);
    // a Viewer reads every type but writes none
    expect((await viewer.get(`/accounting/documents/get-document/${bill.id}`, { json: true })).statusCode).toBe(200);
    expect((await viewer.json('POST', '/accounting/documents/store', body('invoice'))).statusCode).toBe(403);
    expect((await viewer.json('POST', `/accounting/documents/update-status/${bill.id}`, { status: 'received' })).statusCode).toBe(403);
  });

  it('another tenant’s document is a 404 on every route with an id', async () => {
    const inv = await store('invoice');
    await status(inv.id, 'sent');
    const p = await pay(inv.id, { amount: '10' });
    const txId = p.json().data.payments[0].id;
    const est = await store('estimate');
    const calls: [string, string, unknown?][] = [
      ['GET', `/accounting/documents/get-document/${inv.id}`],
      ['PUT', `/accounting/documents/update/${inv.id}`, body('invoice')],
      ['DELETE', `/accounting/documents/delete/${est.id}`],
      ['POST', `/accounting/documents/update-status/${inv.id}`, { status: 'cancelled' }],
      ['POST', `/accounting/documents/payments/store/${inv.id}`, { bank_account_id: usdBank, paid_at: '2026-03-01', amount: '1' }],
      ['DELETE', `/accounting/documents/payments/delete/${inv.id}/${txId}`],
      ['POST', `/accounting/documents/generate-invoice/${est.id}`],
      ['GET', `/accounting/documents/comments/${inv.id}`],
      ['POST', `/accounting/documents/comments/store/${inv.id}`, { description: 'hi' }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await other.json(method as 'GET', url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    expect((await other.get('/accounting/documents/json', { json: true })).json().total).toBe(0);
    expect((await get(inv.id)).amount_paid).toBe('10.0000');
    expect((await get(est.id)).status).toBe('draft');
  });
});

describe('the books stay balanced', () => {
  it('after a randomised sequence of documents, status changes, payments, edits and deletes, in every currency and in the default one', async () => {
    let seed = 20261124;
    // a 32-bit LCG in exact integer arithmetic; the high bits are the random ones
    const rnd = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 16) % n;
    };
    const taxSets = [[], [tax.vat], [tax.incl], [tax.vat, tax.compound], [tax.fixed, tax.wht], [tax.incl, tax.vat, tax.wht]];
    const lines = () =>
      Array.from({ length: 1 + rnd(3) }, () =>
        line({ item_id: rnd(2) ? breadId : null, quantity: String(1 + rnd(5)), price: `${1 + rnd(300)}.${String(rnd(100)).padStart(2, '0')}`, tax_ids: taxSets[rnd(taxSets.length)] }),
      );
    const docs: { id: number; type: 'invoice' | 'bill' }[] = [];
    const banks = [usdBank, eurBank, kesBank];
    // contacts of their own, so their receivables and payables hold only this sequence
    const [c1, c2, v1] = await withTenant(t.database, tenantA, (tx) =>
      tx
        .insert(contacts)
        .values([
          { tenantId: tenantA, type: 'customer', name: 'Rand USD', currencyCode: 'USD' },
          { tenantId: tenantA, type: 'customer', name: 'Rand EUR', currencyCode: 'EUR' },
          { tenantId: tenantA, type: 'vendor', name: 'Rand vendor', currencyCode: 'KES' },
        ])
        .returning({ id: contacts.id }),
    );
    const did = { statuses: 0, payments: 0, paymentDeletes: 0, deletes: 0, edits: 0 };
    for (let step = 0; step < 90; step++) {
      const op = rnd(8);
      if (op <= 1 || docs.length < 3) {
        const type = rnd(2) ? 'invoice' : 'bill';
        const contact = type === 'bill' ? v1.id : rnd(2) ? c1.id : c2.id;
        const d = await store(type, {
          contact_id: contact,
          items: lines(),
          category_id: rnd(2) ? (type === 'bill' ? generalId : salesId) : null,
          discount_type: rnd(3) === 0 ? 'percent' : null,
          discount_rate: '5',
        });
        docs.push({ id: d.id, type });
        continue;
      }
      const pick = docs[rnd(docs.length)];
      const d = await get(pick.id);
      if (op === 2 || op === 3) {
        const allowed = d.allowed_statuses as string[];
        if (allowed.length) {
          await status(d.id, allowed[rnd(allowed.length)]);
          did.statuses++;
        }
      } else if (op === 4 || op === 5) {
        // a draft is issued first
        if (d.status === 'draft') d.status = (await status(d.id, pick.type === 'bill' ? 'received' : 'sent')).status;
        if (['sent', 'received', 'partial', 'viewed'].includes(d.status)) {
          const b = banks[rnd(banks.length)];
          // pay part of what is due, in the document's currency when the bank matches, else a small amount
          const due = Number(d.amount_due);
          const amount = b === kesBank ? String(1 + rnd(500)) : (Math.max(0.01, Math.floor(due * (0.3 + rnd(7) / 10) * 100) / 100)).toFixed(2);
          const res = await pay(d.id, { bank_account_id: b, amount });
          expect([201, 422], res.body).toContain(res.statusCode);
          if (res.statusCode === 201) did.payments++;
        }
      } else if (op === 6) {
        const payments = d.payments as { id: number }[];
        if (payments.length) {
          const res = await owner.json('DELETE', `/accounting/documents/payments/delete/${d.id}/${payments[rnd(payments.length)].id}`);
          expect(res.statusCode, res.body).toBe(200);
          did.paymentDeletes++;
        } else if (['draft', 'cancelled'].includes(d.status)) {
          expect((await owner.json('DELETE', `/accounting/documents/delete/${d.id}`)).statusCode).toBe(200);
          docs.splice(docs.indexOf(pick), 1);
          did.deletes++;
        }
      } else {
        const res = await owner.json('PUT', `/accounting/documents/update/${d.id}`, body(pick.type, { contact_id: d.contact_id, items: lines() }));
        // an edit below what is paid is refused
        expect([200, 422], res.body).toContain(res.statusCode);
        if (res.statusCode === 200) did.edits++;
      }
    }
    for (const [what, n] of Object.entries(did)) expect(n, what).toBeGreaterThan(0);
    await expectBalancedBooks();
    // every document's status agrees with its payments, and each receivable equals what is due
    for (const { id } of docs) {
      const d = await get(id);
      if (d.status === 'paid') expect(d.amount_due).toBe('0.0000');
      if (d.status === 'partial') expect(Number(d.amount_paid)).toBeGreaterThan(0);
      if (['sent', 'received', 'viewed'].includes(d.status)) expect(d.amount_paid).toBe('0.0000');
    }
    // each contact's receivable (payable) in each currency is what its issued documents still ask for
    const everything = (await owner.get('/accounting/documents/json?paginate=false', { json: true })).json() as Doc[];
    for (const [key, contact] of [['receivables', c1.id], ['receivables', c2.id], ['payables', v1.id]] as const) {
      const due = new Map<string, number>();
      for (const d of everything) {
        if (d.contact_id !== contact || d.type === 'estimate' || ['draft', 'cancelled'].includes(d.status)) continue;
        const code = d.currency_code as string;
        due.set(code, (due.get(code) ?? 0) + Math.round(Number(d.amount_due) * 10_000));
      }
      const bal = await controlBalance(key, contact);
      for (const [code, units] of due) {
        expect(Math.round(Number(bal[code]) * 10_000) * (key === 'payables' ? -1 : 1), `${key} of ${contact} in ${code}`).toBe(units);
      }
    }
  });
});
