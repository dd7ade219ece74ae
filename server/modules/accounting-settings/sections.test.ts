import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTING_SETTING_DEFAULTS } from '../../../common/schemas/accounting-settings.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { withTenant } from '../../db/tenancy.js';
import { addMember } from '../users/test-helpers.js';
import { accountingSettings, categories, currencies, taxes } from '../accounting/schema.js';
import { accountingSetting } from './service.js';

let t: TestApp;
let owner: TestClient;
let viewer: TestClient;
let beta: TestClient;
let tenantA: number;
let betaTax: number;

type Json = Record<string, unknown>;
const get = async (c: TestClient, url: string) => (await c.get(url, { json: true })).json();

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

function multipart(file: { name: string; filename: string; type: string; data: Buffer }) {
  const boundary = '----kazi' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), file.data, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}
const upload = (c: TestClient, data: Buffer, filename = 'logo.png') => {
  const m = multipart({ name: 'logo', filename, type: 'image/png', data });
  return c.request('POST', '/settings/accounting/logo', { body: m.body, json: true, headers: { 'content-type': m.type } });
};

const GENERAL = {
  name: 'Alpha Trading Ltd',
  date_format: 'DD/MM/YYYY',
  email: 'Books@Alpha.test',
  phone: '+254700000001',
  financial_year_start: '01-07',
  tax_number: 'P051234567X',
  street: '1 Moi Avenue',
  city: 'Nairobi',
  province: 'Nairobi',
  country: 'Kenya',
  postal_code: '00100',
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Alpha');
  const b = await seedTenant(t.database, 'Beta');
  tenantA = a.tenantId;
  [{ id: betaTax }] = await withTenant(t.database, b.tenantId, (tx) =>
    tx.insert(taxes).values({ tenantId: b.tenantId, name: 'Beta VAT', rate: '18' }).returning({ id: taxes.id }),
  );
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  beta = new TestClient(t.app);
  await beta.login(b.email, b.password);
  const v = await addMember(t.database, tenantA, 'viewer', 'viewer@alpha.test');
  viewer = new TestClient(t.app);
  await viewer.login(v.email, v.password);
});
afterAll(() => t.close());

describe('settings sections', () => {
  it('a section never saved answers its defaults; general falls back to the company name and has no logo', async () => {
    expect((await get(owner, '/settings/accounting/invoices/json')).data).toEqual(ACCOUNTING_SETTING_DEFAULTS.invoices);
    expect((await get(owner, '/settings/accounting/invoices/json')).data).toMatchObject({ number_prefix: 'INV-', number_next: 1, number_digits: 5, payment_terms: 30, item_name: 'Items', price_name: 'Price', quantity_name: 'Quantity' });
    expect((await get(owner, '/settings/accounting/scheduling/json')).data).toEqual(ACCOUNTING_SETTING_DEFAULTS.scheduling);
    expect((await get(owner, '/settings/accounting/mailbox/json')).data).toEqual({ driver: 'system', from_name: null, from_address: null });
    expect((await get(owner, '/settings/accounting/email-templates/json')).data.invoice_new.subject).toBe('Invoice {invoice_number} from {company_name}');
    expect((await get(owner, '/settings/accounting/defaults/json')).data).toMatchObject({ currency: 'USD', tax_id: null, account_id: null });
    const general = await get(owner, '/settings/accounting/general-json');
    expect(general).toEqual({ data: { value: { ...ACCOUNTING_SETTING_DEFAULTS.general, name: 'Alpha' }, logo: null } });
  });

  it('saves General (PUT), answers it from general-json, and keeps it per company', async () => {
    const res = await owner.json('PUT', '/settings/accounting/general/update', GENERAL);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'General settings saved successfully.', data: { value: { ...GENERAL, email: 'books@alpha.test' }, logo: null } });
    expect((await get(owner, '/settings/accounting/general-json')).data.value).toMatchObject({ name: 'Alpha Trading Ltd', financial_year_start: '01-07', date_format: 'DD/MM/YYYY', city: 'Nairobi' });
    expect((await get(beta, '/settings/accounting/general-json')).data.value).toMatchObject({ name: 'Beta', city: null });
  });

  it('refuses bad General input with 422 per field and changes nothing', async () => {
    for (const [body, fields] of [
      [{ ...GENERAL, name: '', email: 'not-mail', financial_year_start: '31-02' }, ['email', 'financial_year_start', 'name']],
      [{ ...GENERAL, financial_year_start: '2026-07-01', postal_code: 'x'.repeat(21) }, ['financial_year_start', 'postal_code']],
      [{}, ['financial_year_start', 'name']],
      [{ ...GENERAL, date_format: 'YYYY/DD/MM' }, ['date_format']],
    ] as const) {
      const res = await owner.json('PUT', '/settings/accounting/general/update', body);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors).sort()).toEqual(fields);
    }
    expect((await get(owner, '/settings/accounting/general-json')).data.value.name).toBe('Alpha Trading Ltd');
  });

  it('uploads a logo checked by its bytes, serves it by URL, replaces and removes it', async () => {
    const res = await upload(owner, PNG);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().data.logo;
    expect(url).toMatch(/^\/settings\/accounting\/logo\/[0-9a-f]{32}\.png$/);
    expect((await get(owner, '/settings/accounting/general-json')).data.logo).toBe(url);
    // printed on documents sent out: anyone with the link may load it
    const img = await new TestClient(t.app).get(url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);

    const fake = await upload(owner, Buffer.from('<svg onload="alert(1)"></svg>'), 'logo.png');
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors).toEqual({ logo: ['The logo field must be an image of type: jpg, png, webp.'] });
    const big = await upload(owner, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.json().errors.logo[0]).toMatch(/2048 kilobytes/);
    expect((await owner.json('POST', '/settings/accounting/logo', { logo: 'x' })).json().errors).toEqual({ logo: ['The logo field is required.'] });

    const first = join(t.config.dataDir, 'logos', url.split('/').pop()!);
    const second: string = (await upload(owner, PNG)).json().data.logo;
    expect(existsSync(first)).toBe(false);
    const removed = await owner.json('PUT', '/settings/accounting/general/update', { ...GENERAL, remove_logo: true });
    expect(removed.json().data.logo).toBeNull();
    expect((await owner.get(second)).statusCode).toBe(404);
    expect((await owner.get('/settings/accounting/logo/..%2F..%2Fapp.key')).statusCode).toBe(404);
  });

  it('saves Invoices settings and validates them', async () => {
    const body = { ...ACCOUNTING_SETTING_DEFAULTS.invoices, number_prefix: 'ALP-', number_next: 120, number_digits: 4, payment_terms: 14, notes: 'Thank you!', item_name: 'Services' };
    const res = await owner.json('PUT', '/settings/accounting/invoices/update', body);
    expect(res.json()).toEqual({ message: 'Invoice settings saved successfully.', data: body });
    expect((await get(owner, '/settings/accounting/invoices/json')).data).toEqual(body);
    const bad = await owner.json('PUT', '/settings/accounting/invoices/update', { ...body, number_next: 0, number_digits: 11, payment_terms: -1, price_name: '' });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['number_digits', 'number_next', 'payment_terms', 'price_name']);
    expect((await get(owner, '/settings/accounting/invoices/json')).data.number_next).toBe(120);
  });

  it('scheduling keeps day lists unique and in order, and refuses days out of range', async () => {
    const body = { send_invoice_reminder: true, invoice_days_before: [7, 1, 7], invoice_days_after: [30, 3], send_bill_reminder: false, bill_days_before: [2] };
    const res = await owner.json('PUT', '/settings/accounting/scheduling/update', body);
    expect(res.json().data).toEqual({ ...body, invoice_days_before: [1, 7], invoice_days_after: [3, 30] });
    const bad = await owner.json('PUT', '/settings/accounting/scheduling/update', { ...body, invoice_days_after: [0, 400], send_bill_reminder: 'yes' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['invoice_days_after.0']).toEqual(['Each day must be a whole number from 1 to 365.']);
    expect(bad.json().errors.send_bill_reminder).toBeDefined();
  });

  it('email template bodies are sanitised before they are stored; unknown variables are refused', async () => {
    const templates = structuredClone(ACCOUNTING_SETTING_DEFAULTS.email_templates);
    templates.invoice_new.body =
      '<p onclick="steal()">Hi {customer_name}<script>alert(1)</script></p><a href="javascript:alert(1)">x</a> <a href="{invoice_guest_link}">Pay</a><img src="x" onerror="alert(1)"><iframe src="https://evil.test"></iframe>';
    const res = await owner.json('PUT', '/settings/accounting/email-templates/update', templates);
    expect(res.statusCode).toBe(200);
    const body: string = res.json().data.invoice_new.body;
    expect(body).toBe('<p>Hi {customer_name}</p><a rel="noopener noreferrer">x</a> <a href="{invoice_guest_link}" rel="noopener noreferrer">Pay</a><img src="x" />');
    expect((await get(owner, '/settings/accounting/email-templates/json')).data.invoice_new.body).toBe(body);

    const unknown = structuredClone(ACCOUNTING_SETTING_DEFAULTS.email_templates);
    unknown.bill_remind_admin.subject = 'Pay {invoice_number}';
    const bad = await owner.json('PUT', '/settings/accounting/email-templates/update', unknown);
    expect(bad.json().errors['bill_remind_admin.subject'][0]).toMatch(/^Unknown variable \{invoice_number\}/);
    const empty = structuredClone(ACCOUNTING_SETTING_DEFAULTS.email_templates);
    empty.invoice_new.body = '<script>only()</script>';
    expect((await owner.json('PUT', '/settings/accounting/email-templates/update', empty)).json().errors).toEqual({
      'invoice_new.body': ['The body has no content left once unsafe HTML is removed.'],
    });
  });

  it('mailbox: the company as sender needs a name and an address', async () => {
    const bad = await owner.json('PUT', '/settings/accounting/mailbox/update', { driver: 'custom', from_name: 'Alpha', from_address: 'nope' });
    expect(Object.keys(bad.json().errors)).toEqual(['from_address']);
    const missing = await owner.json('PUT', '/settings/accounting/mailbox/update', { driver: 'custom' });
    expect(Object.keys(missing.json().errors).sort()).toEqual(['from_address', 'from_name']);
    const ok = await owner.json('PUT', '/settings/accounting/mailbox/update', { driver: 'custom', from_name: 'Alpha Accounts', from_address: 'Accounts@Alpha.test' });
    expect(ok.json().data).toEqual({ driver: 'custom', from_name: 'Alpha Accounts', from_address: 'accounts@alpha.test' });
  });

  it("defaults name the company's own records; choosing another currency makes it the default; a default tax cannot be deleted", async () => {
    const [tax, income, expense, kes] = await withTenant(t.database, tenantA, async (tx) => [
      (await tx.insert(taxes).values({ tenantId: tenantA, name: 'VAT', rate: '16' }).returning({ id: taxes.id }))[0].id,
      (await tx.insert(categories).values({ tenantId: tenantA, name: 'Consulting', type: 'income' }).returning({ id: categories.id }))[0].id,
      (await tx.insert(categories).values({ tenantId: tenantA, name: 'Rent', type: 'expense' }).returning({ id: categories.id }))[0].id,
      (await tx.insert(currencies).values({ tenantId: tenantA, code: 'KES', name: 'Kenyan Shilling', rate: '129.5' }).returning({ id: currencies.id }))[0].id,
    ]);
    const base = { account_id: null, currency: 'USD', payment_method: 'offline_payments.cash.1', tax_id: tax, income_category_id: income, expense_category_id: expense };
    const bad = await owner.json('PUT', '/settings/accounting/defaults/update', { ...base, account_id: 999999, currency: 'XYZ', payment_method: 'nope', tax_id: betaTax, income_category_id: expense });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      account_id: ['The selected account id is invalid.'],
      currency: ['The selected currency is invalid.'],
      payment_method: ['The selected payment method is invalid.'],
      tax_id: ['The selected tax id is invalid.'],
      income_category_id: ['The selected income category id is invalid.'],
    });
    const ok = await owner.json('PUT', '/settings/accounting/defaults/update', { ...base, currency: 'kes' });
    expect(ok.json()).toEqual({ message: 'Defaults saved successfully.', data: { ...base, currency: 'KES' } });
    expect((await get(owner, '/settings/accounting/currencies/default')).data).toMatchObject({ id: kes, code: 'KES', rate: '1' });
    // the old default is re-based against KES, to the rate column's 8 decimals
    expect((await get(owner, '/settings/accounting/currencies/json?search=USD')).data[0]).toMatchObject({ rate: '0.00772201', is_default: false });
    const del = await owner.json('DELETE', `/settings/accounting/taxes/delete/${tax}`);
    expect(del.json().errors.id[0]).toMatch(/default tax/);
    expect((await owner.json('DELETE', `/settings/accounting/categories/delete/${income}`)).statusCode).toBe(422);
    // Beta's defaults are its own
    expect((await get(beta, '/settings/accounting/defaults/json')).data).toMatchObject({ currency: 'USD', tax_id: null });
  });

  it('accountingSetting() fills fields a stored value lacks with their defaults (a section saved before a field existed)', async () => {
    const c = await seedTenant(t.database, 'Gamma');
    const value = await withTenant(t.database, c.tenantId, async (tx) => {
      await tx.insert(accountingSettings).values({ tenantId: c.tenantId, key: 'invoices', value: { number_prefix: 'G-', stray: true } });
      return accountingSetting(tx, c.tenantId, 'invoices');
    });
    expect(value).toEqual({ ...ACCOUNTING_SETTING_DEFAULTS.invoices, number_prefix: 'G-' });
  });

  it('the Viewer role reads every section but may not write one (403)', async () => {
    expect((await get(viewer, '/settings/accounting/general-json')).data.value.name).toBe('Alpha Trading Ltd');
    for (const s of ['invoices', 'defaults', 'scheduling', 'email-templates', 'mailbox']) {
      expect((await viewer.get(`/settings/accounting/${s}/json`, { json: true })).statusCode, s).toBe(200);
    }
    for (const s of ['general', 'invoices', 'defaults', 'scheduling', 'email-templates', 'mailbox']) {
      const res = await viewer.json('PUT', `/settings/accounting/${s}/update`, {});
      expect(res.statusCode, s).toBe(403);
    }
    expect((await upload(viewer, PNG)).statusCode).toBe(403);
    expect((await get(owner, '/settings/accounting/general-json')).data.value.name).toBe('Alpha Trading Ltd');
  });
});

describe('Settings/Accounting pages', () => {
  const pages: [string, string][] = [
    ['/settings/accounting', 'Settings/Accounting/Index'],
    ['/settings/accounting/categories', 'Settings/Accounting/Categories'],
    ['/settings/accounting/currencies', 'Settings/Accounting/Currencies'],
    ['/settings/accounting/defaults', 'Settings/Accounting/Defaults'],
    ['/settings/accounting/email-templates', 'Settings/Accounting/EmailTemplates'],
    ['/settings/accounting/invoices', 'Settings/Accounting/Invoices'],
    ['/settings/accounting/mailbox', 'Settings/Accounting/Mailbox'],
    ['/settings/accounting/offline-payments', 'Settings/Accounting/OfflinePayments'],
    ['/settings/accounting/scheduling', 'Settings/Accounting/Scheduling'],
    ['/settings/accounting/taxes', 'Settings/Accounting/Taxes'],
  ];

  it.each(pages)('%s renders %s', async (url, component) => {
    const res = await owner.get(url, { inertia: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().component).toBe(component);
  });

  it("the Defaults page carries the company's choices as explicit fields", async () => {
    const props = (await owner.get('/settings/accounting/defaults', { inertia: true })).json().props.options as Record<string, Json[]>;
    expect(props.currencies.map((c) => c.code)).toEqual(['KES', 'USD']);
    expect(props.payment_methods[0]).toEqual({ code: 'offline_payments.cash.1', name: 'Cash', enabled: true });
    expect(props.income_categories.map((c) => c.name)).toEqual(['Consulting', 'Deposit', 'Sales']);
    expect(props.taxes[0]).toEqual({ id: expect.any(Number), name: 'VAT', rate: '16', enabled: true });
    expect((await beta.get('/settings/accounting/defaults', { inertia: true })).json().props.options.taxes.map((x: Json) => x.name)).toEqual(['Beta VAT']);
  });

  it('a member without the permission gets 403', async () => {
    const m = await addMember(t.database, tenantA, 'campaign-manager', 'campaigns@alpha.test');
    const c = new TestClient(t.app);
    await c.login(m.email, m.password);
    expect((await c.get('/settings/accounting', { inertia: true })).statusCode).toBe(403);
    expect((await c.get('/settings/accounting/taxes', { inertia: true })).statusCode).toBe(403);
    expect((await c.get('/settings/accounting/general-json', { json: true })).statusCode).toBe(403);
  });
});
