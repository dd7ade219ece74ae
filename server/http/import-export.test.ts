import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { count, eq, and } from 'drizzle-orm';
import { createTestApp, seedTenant, type TestApp } from '../testing/app.js';
import { TestClient } from '../testing/client.js';
import { withTenant } from '../db/tenancy.js';
import { contacts, currencies } from '../modules/accounting/schema.js';
import { addMember } from '../modules/users/test-helpers.js';
import { readXlsxRows, upload, waitForImport, xlsxFile } from './import/testing.js';

const BASE = '/sales/customers';
let t: TestApp;
let a: Awaited<ReturnType<typeof seedTenant>>;
let b: Awaited<ReturnType<typeof seedTenant>>;
let owner: TestClient;
let beta: TestClient;
let viewer: TestClient;
let colleague: TestClient;

const signIn = async (m: { email: string; password: string }) => {
  const c = new TestClient(t.app);
  await c.login(m.email, m.password);
  return c;
};
const customersOf = (tenantId: number) =>
  withTenant(t.database, tenantId, async (tx) => (await tx.select({ n: count() }).from(contacts).where(and(eq(contacts.tenantId, tenantId), eq(contacts.type, 'customer'))))[0].n);
const csvRows = (body: string) => parse(body.replace(/^\ufeff/, ''), { relax_column_count: true }) as string[][];

beforeAll(async () => {
  t = await createTestApp();
  a = await seedTenant(t.database, 'Alpha');
  b = await seedTenant(t.database, 'Beta');
  await withTenant(t.database, a.tenantId, (tx) => tx.insert(currencies).values({ tenantId: a.tenantId, code: 'KES', name: 'Kenyan Shilling', rate: '129.5', symbol: 'KSh' }));
  await withTenant(t.database, b.tenantId, (tx) => tx.insert(contacts).values({ tenantId: b.tenantId, type: 'customer', name: 'Beta Secret Customer', email: 'secret@beta.test' }));
  const v = await addMember(t.database, a.tenantId, 'viewer', 'viewer@alpha.test');
  const acc = await addMember(t.database, a.tenantId, 'accountant', 'accountant@alpha.test');
  owner = await signIn(a);
  beta = await signIn(b);
  viewer = await signIn(v);
  colleague = await signIn(acc);
});
afterAll(() => t.close());

const GOOD = [
  'Customer Name;E-mail;Currency;Phone;Active;Notes',
  'Kito Bakery;orders@kito.test;kes;+254700000001;yes;ignored column',
  '"Mama ""Njeri"" Foods";njeri@foods.test;;;no;',
  '"Two\nLines Ltd";;USD;;;',
].join('\r\n');

describe('customer import: upload, mapping, preview, commit', () => {
  it('uploads a CSV (semicolons, quotes, embedded newline) and suggests the mapping from the headers and aliases', async () => {
    const res = await upload(owner, BASE, 'customers.csv', '\ufeff' + GOOD);
    expect(res.statusCode).toBe(200);
    const up = res.json();
    expect(up.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(up).toMatchObject({ filename: 'customers.csv', total: 3, headers: ['Customer Name', 'E-mail', 'Currency', 'Phone', 'Active', 'Notes'] });
    expect(up.sample[1]).toEqual(['Mama "Njeri" Foods', 'njeri@foods.test', '', '', 'no', '']);
    expect(up.sample[2][0]).toBe('Two\nLines Ltd');
    expect(up.mapping).toEqual({ name: 'Customer Name', email: 'E-mail', currency_code: 'Currency', phone: 'Phone', enabled: 'Active' });
    expect(up.columns.find((c: { field: string }) => c.field === 'name')).toEqual({ field: 'name', label: 'Name', required: true });
  });

  it('imports every row of a good file through the job, with progress to done, and they are in the list', async () => {
    const before = await customersOf(a.tenantId);
    const up = (await upload(owner, BASE, 'customers.csv', GOOD)).json();
    const preview = await owner.json('POST', `${BASE}/import/preview/${up.id}`, { mapping: up.mapping });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ total: 3, valid: 3, invalid: 0, errors: [], errors_total: 0 });
    expect(preview.json().sample[0]).toEqual({ row: 2, values: { name: 'Kito Bakery', email: 'orders@kito.test', currency_code: 'kes', phone: '+254700000001', enabled: 'yes' } });
    const commit = await owner.json('POST', `${BASE}/import/commit/${up.id}`, {});
    expect(commit.statusCode).toBe(202);
    const done = await waitForImport(owner, BASE, up.id);
    expect(done).toMatchObject({ state: 'done', processed: 3, total: 3, imported: 3, message: '3 customers imported.' });
    expect(await customersOf(a.tenantId)).toBe(before + 3);
    const list = (await owner.get('/accounting/contacts/json?type=customer&search=njeri', { json: true })).json();
    expect(list.data[0]).toMatchObject({ name: 'Mama "Njeri" Foods', email: 'njeri@foods.test', currency_code: 'USD', enabled: false });
    const kito = (await owner.get('/accounting/contacts/json?search=kito', { json: true })).json().data[0];
    expect(kito).toMatchObject({ type: 'customer', currency_code: 'KES', phone: '+254700000001', enabled: true });
    // a finished import cannot be committed twice
    const again = await owner.json('POST', `${BASE}/import/commit/${up.id}`, {});
    expect(again.statusCode).toBe(404);
  });

  it('shows per-row errors in the preview, refuses the commit and imports nothing (all or nothing)', async () => {
    const before = await customersOf(a.tenantId);
    const file = ['Name,Email,Currency code,Website', 'Good One,one@good.test,USD,', ',nobody@bad.test,USD,', 'Bad Mail,not-an-email,XYZ,notaurl', 'Good Two,two@good.test,,'].join('\n');
    const up = (await upload(owner, BASE, 'bad.csv', file)).json();
    const preview = (await owner.json('POST', `${BASE}/import/preview/${up.id}`, { mapping: up.mapping })).json();
    expect(preview).toMatchObject({ total: 4, valid: 2, invalid: 2, errors_total: 4 });
    expect(preview.errors).toEqual([
      { row: 3, field: 'name', message: 'The name field is required.' },
      { row: 4, field: 'email', message: 'The email field must be a valid email address.' },
      { row: 4, field: 'website', message: 'The website field must be a valid URL.' },
      { row: 4, field: 'currency_code', message: "The currency XYZ is not one of the company's currencies." },
    ]);
    expect(preview.invalid_sample.map((r: { row: number }) => r.row)).toEqual([3, 4]);

    const commit = await owner.json('POST', `${BASE}/import/commit/${up.id}`, {});
    expect(commit.statusCode).toBe(422);
    expect(commit.json().errors.import[0]).toBe('2 rows have errors. Fix them and upload the file again; nothing was imported.');
    expect(await customersOf(a.tenantId)).toBe(before);
    expect((await owner.get(`${BASE}/import/status/${up.id}`, { json: true })).json().state).toBe('uploaded');
  });

  it('import error-report: downloads the rows with errors as CSV with an error column, ready to fix and upload again', async () => {
    const file = ['Name,Email,Phone', 'Fine,fine@ok.test,1', ',missing@name.test,2', '=HYPERLINK("http://evil"),bad-email,3'].join('\n');
    const up = (await upload(owner, BASE, 'with errors.csv', file)).json();
    const before = await owner.get(`${BASE}/import/errors/${up.id}`, { json: true });
    expect(before.statusCode).toBe(422);
    await owner.json('POST', `${BASE}/import/preview/${up.id}`, { mapping: up.mapping });
    const res = await owner.get(`${BASE}/import/errors/${up.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="with-errors-errors.csv"');
    expect(res.body.startsWith('\ufeff')).toBe(true);
    expect(csvRows(res.body)).toEqual([
      ['Name', 'Email', 'Phone', 'error'],
      ['', 'missing@name.test', '2', 'Row 3: The name field is required.'],
      // the formula someone typed is neutralised in the report too
      ["'=HYPERLINK(\"http://evil\")", 'bad-email', '3', 'Row 4: The email field must be a valid email address.'],
    ]);
  });

  it('reads XLSX uploads (numbers, booleans, rich text) and imports them', async () => {
    const before = await customersOf(a.tenantId);
    const buf = await xlsxFile([
      ['Name', 'Email', 'Phone', 'Enabled', 'Reference'],
      ['Excel Co', 'excel@co.test', 254711000002, true, { richText: [{ text: 'REF-' }, { text: '7' }] }],
      [],
      ['Sheet Ltd', null, null, false, 42],
    ]);
    const up = (await upload(owner, BASE, 'customers.xlsx', buf)).json();
    expect(up.headers).toEqual(['Name', 'Email', 'Phone', 'Enabled', 'Reference']);
    expect(up.sample).toEqual([
      ['Excel Co', 'excel@co.test', '254711000002', 'true', 'REF-7'],
      ['Sheet Ltd', '', '', 'false', '42'],
    ]);
    const preview = (await owner.json('POST', `${BASE}/import/preview/${up.id}`, { mapping: up.mapping })).json();
    expect(preview).toMatchObject({ total: 2, valid: 2 });
    // the blank sheet row keeps the numbering of the sheet
    expect(preview.sample.map((r: { row: number }) => r.row)).toEqual([2, 4]);
    await owner.json('POST', `${BASE}/import/commit/${up.id}`, {});
    expect((await waitForImport(owner, BASE, up.id)).state).toBe('done');
    expect(await customersOf(a.tenantId)).toBe(before + 2);
    const got = (await owner.get('/accounting/contacts/json?search=Excel%20Co', { json: true })).json().data[0];
    expect(got).toMatchObject({ phone: '254711000002', enabled: true, reference: 'REF-7' });
  });

  it('checks the mapping: unknown field, missing header, unmapped required column', async () => {
    const up = (await upload(owner, BASE, 'c.csv', 'Who,Mail\nA,a@a.test\n')).json();
    expect(up.mapping).toEqual({ email: 'Mail' });
    const res = await owner.json('POST', `${BASE}/import/preview/${up.id}`, { mapping: { email: 'Nope', password: 'Who' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'mapping.email': ['The file has no column "Nope".'],
      'mapping.password': ['There is no password field to import.'],
      'mapping.name': ['Choose the column that holds the name.'],
    });
    expect((await owner.json('POST', `${BASE}/import/preview/${up.id}`, { mapping: 'x' })).statusCode).toBe(422);
    // committing without a preview or mapping is refused
    expect((await owner.json('POST', `${BASE}/import/commit/${up.id}`, {})).json().errors.mapping).toBeDefined();
  });

  it('refuses bad files with a 422 on file: none, wrong type, empty, header only, unclosed quote, too big', async () => {
    const none = await owner.json('POST', `${BASE}/import/upload`, {});
    expect(none.json().errors.file).toEqual(['The file field is required.']);
    const cases: [string, string | Buffer, string][] = [
      ['notes.pdf', '%PDF-1.4', 'The file must be a file of type: csv, xlsx.'],
      ['fake.xlsx', 'Name\nA', 'The file must be a file of type: csv, xlsx.'],
      ['empty.csv', '\ufeff\n\n', 'The file is empty.'],
      ['header.csv', 'Name,Email\n', 'The file has a header row but no rows to import.'],
      ['quote.csv', 'Name\n"open', 'A quoted value is never closed (from line 2).'],
      ['big.csv', Buffer.alloc(10 * 1024 * 1024 + 10, 'a'), 'The file must not be greater than 10240 kilobytes.'],
    ];
    for (const [name, data, message] of cases) {
      const res = await upload(owner, BASE, name, data);
      expect(res.statusCode, name).toBe(422);
      expect(res.json().errors.file, name).toEqual([message]);
    }
  });

  it('refuses more than 50,000 rows', async () => {
    const res = await upload(owner, BASE, 'many.csv', 'Name\n' + 'x\n'.repeat(50_001));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual(['The file has more than 50,000 rows. Split it into smaller files.']);
  });
});

describe('import ids are private to their tenant and user; permissions', () => {
  it("answers 404 to another tenant and to another user of the same tenant, and their commit imports nothing", async () => {
    const up = (await upload(owner, BASE, 'mine.csv', 'Name\nPrivate Row\n')).json();
    await owner.json('POST', `${BASE}/import/preview/${up.id}`, { mapping: up.mapping });
    const bBefore = await customersOf(b.tenantId);
    for (const c of [beta, colleague]) {
      expect((await c.json('POST', `${BASE}/import/preview/${up.id}`, { mapping: up.mapping })).statusCode).toBe(404);
      expect((await c.json('POST', `${BASE}/import/commit/${up.id}`, {})).statusCode).toBe(404);
      expect((await c.get(`${BASE}/import/status/${up.id}`, { json: true })).statusCode).toBe(404);
      expect((await c.get(`${BASE}/import/errors/${up.id}`, { json: true })).statusCode).toBe(404);
    }
    expect(await customersOf(b.tenantId)).toBe(bBefore);
    expect((await owner.get(`${BASE}/import/status/${up.id}`, { json: true })).json().state).toBe('uploaded');
    // made-up and malformed ids are 404 too
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAAAA', '..%2F..%2Fapp.key', 'x'.repeat(150)]) {
      expect((await owner.get(`${BASE}/import/status/${id}`, { json: true })).statusCode).toBe(404);
    }
  });

  it('a Viewer gets 403 on every import endpoint and the template; the Viewer may export (view permission)', async () => {
    const up = (await upload(owner, BASE, 'v.csv', 'Name\nV\n')).json();
    expect((await upload(viewer, BASE, 'v.csv', 'Name\nV\n')).statusCode).toBe(403);
    expect((await viewer.json('POST', `${BASE}/import/preview/${up.id}`, { mapping: up.mapping })).statusCode).toBe(403);
    expect((await viewer.json('POST', `${BASE}/import/commit/${up.id}`, {})).statusCode).toBe(403);
    expect((await viewer.get(`${BASE}/import/status/${up.id}`, { json: true })).statusCode).toBe(403);
    expect((await viewer.get(`${BASE}/import/template`, { json: true })).statusCode).toBe(403);
    expect((await viewer.get(`${BASE}/import`, { inertia: true })).statusCode).toBe(403);
    expect((await viewer.get('/accounting/contacts/export?type=customer', { json: true })).statusCode).toBe(200);
  });

  it('offers a template CSV with the column labels and an example row', async () => {
    const res = await owner.get(`${BASE}/import/template`);
    expect(res.headers['content-disposition']).toBe('attachment; filename="customers-template.csv"');
    const [header, example] = csvRows(res.body);
    expect(header).toEqual(['Name', 'Email', 'Phone', 'Tax number', 'Currency code', 'Website', 'Address', 'City', 'Country', 'Reference', 'Enabled']);
    expect(example[0]).toBe('Kito Bakery');
    // the template maps itself completely
    const up = (await upload(owner, BASE, 'template.csv', res.rawPayload)).json();
    expect(Object.keys(up.mapping)).toHaveLength(11);
  });

  it('serves the Customers/Import page with its columns', async () => {
    const res = await owner.get(`${BASE}/import`, { inertia: true });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.component).toBe('Customers/Import');
    expect(page.props).toMatchObject({ title: 'Import customers', base: BASE, list_url: '/sales/customers', label: 'customers' });
    expect(page.props.columns[0]).toEqual({ field: 'name', label: 'Name', required: true });
  });
});

describe('exports of lists (CSV and XLSX)', () => {
  it('exports the customers list as CSV: the same rows as the list, labels as headers, never another tenant', async () => {
    await owner.json('POST', '/accounting/contacts/store', { type: 'customer', name: '=cmd|" /C calc"!A0', email: 'inject@alpha.test' });
    await owner.json('POST', '/accounting/contacts/store', { type: 'customer', name: 'Pwani Phones', email: 'phone@alpha.test', phone: '+254 712 345 678' });
    const list = (await owner.get('/accounting/contacts/json?type=customer&list_all=true', { json: true })).json();
    const res = await owner.get('/accounting/contacts/export?type=customer&format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    // named for what the page lists: customers-….csv, vendors-….csv; contacts-… only unfiltered
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect((await owner.get('/accounting/contacts/export?type=vendor&format=csv')).headers['content-disposition']).toMatch(/^attachment; filename="vendors-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect((await owner.get('/accounting/contacts/export?type=vendor&format=xlsx')).headers['content-disposition']).toMatch(/^attachment; filename="vendors-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    expect((await owner.get('/accounting/contacts/export?format=csv')).headers['content-disposition']).toMatch(/^attachment; filename="contacts-/);
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual(['ID', 'Type', 'Name', 'Email', 'Phone', 'Tax number', 'Currency code', 'Website', 'Address', 'City', 'Country', 'Reference', 'Enabled', 'Balance', 'Created at', 'Updated at']);
    expect(rows).toHaveLength(list.length);
    expect(rows.map((r) => Number(r[0]))).toEqual(list.map((c: { id: number }) => c.id));
    expect(rows.map((r) => r[3])).toEqual(list.map((c: { email: string | null }) => c.email ?? ''));
    expect(rows.find((r) => r[3] === 'inject@alpha.test')![2]).toBe(`'=cmd|" /C calc"!A0`);
    // a phone number is exported as written, without the formula guard's apostrophe
    expect(rows.find((r) => r[3] === 'phone@alpha.test')![4]).toBe('+254 712 345 678');
    expect(rows.find((r) => r[2] === 'Kito Bakery')![12]).toBe('Yes');
    expect(res.body).not.toContain('Beta Secret Customer');
    // the list's search applies to the export
    const searched = csvRows((await owner.get('/accounting/contacts/export?type=customer&search=kito')).body);
    expect(searched.slice(1).map((r) => r[2])).toEqual(['Kito Bakery']);
    // and Beta's export has only Beta's customer
    const betaRows = csvRows((await beta.get('/accounting/contacts/export')).body).slice(1);
    expect(betaRows.map((r) => r[2])).toEqual(['Beta Secret Customer']);
  });

  it('exports XLSX with the same rows, booleans as booleans, and formulas neutralised', async () => {
    const list = (await owner.get('/accounting/contacts/json?type=customer&list_all=true', { json: true })).json();
    const res = await owner.get('/accounting/contacts/export?type=customer&format=xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const [header, ...rows] = await readXlsxRows(res.rawPayload);
    expect(header.slice(0, 4)).toEqual(['ID', 'Type', 'Name', 'Email']);
    expect(rows.map((r) => r[0])).toEqual(list.map((c: { id: number }) => c.id));
    expect(rows.map((r) => r[2])).toEqual(list.map((c: { name: string }) => (c.name.startsWith('=') ? `'${c.name}` : c.name)));
    expect(rows.find((r) => r[2] === 'Kito Bakery')![12]).toBe(true);
    expect(rows.find((r) => r[2] === 'Pwani Phones')![4]).toBe('+254 712 345 678');
  });

  it('an exported file imports back (round trip)', async () => {
    const exported = await owner.get('/accounting/contacts/export?type=customer&search=kito&format=xlsx');
    const up = (await upload(owner, BASE, 'export.xlsx', exported.rawPayload)).json();
    expect(up.mapping).toMatchObject({ name: 'Name', email: 'Email', currency_code: 'Currency code', enabled: 'Enabled', tax_number: 'Tax number' });
    const preview = (await owner.json('POST', `${BASE}/import/preview/${up.id}`, { mapping: up.mapping })).json();
    expect(preview).toMatchObject({ total: 1, valid: 1 });
  });

  it('refuses a bad format or query with 422, and export needs the view permission', async () => {
    expect((await owner.get('/accounting/contacts/export?format=pdf', { json: true })).statusCode).toBe(422);
    expect((await owner.get('/accounting/contacts/export?sort_by=password', { json: true })).statusCode).toBe(422);
    expect((await owner.get('/settings/accounting/taxes/export', { json: true })).statusCode).toBe(200);
    const anon = new TestClient(t.app);
    expect((await anon.get('/accounting/contacts/export', { json: true })).statusCode).toBe(401);
  });
});
