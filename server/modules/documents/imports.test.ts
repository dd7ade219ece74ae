import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { withTenant } from '../../db/tenancy.js';
import type { Tx } from '../../db/client.js';
import { upload, waitForImport, xlsxFile } from '../../http/import/testing.js';
import { addMember } from '../users/test-helpers.js';
import { contacts, items, taxes } from '../accounting/schema.js';
import { accountingSetting } from '../accounting-settings/service.js';
import { journalEntries } from '../ledger/schema.js';
import { documentHistories, documentItems, documentItemTaxes, documents } from './schema.js';

let t: TestApp;
let tenantA: number;
let owner: TestClient;
let other: TestClient;
let viewer: TestClient;
let baobabId: number;
let designId: number;

const inA = <T>(fn: (tx: Tx) => Promise<T>) => withTenant(t.database, tenantA, fn);
const documentsOf = (type: 'invoice' | 'bill' | 'estimate') =>
  inA((tx) => tx.select().from(documents).where(and(eq(documents.tenantId, tenantA), eq(documents.type, type))).orderBy(asc(documents.id)));

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Alpha');
  const b = await seedTenant(t.database, 'Beta');
  tenantA = a.tenantId;
  await inA(async (tx) => {
    await tx.insert(taxes).values([
      { tenantId: tenantA, name: 'VAT', rate: '16' },
      { tenantId: tenantA, name: 'Old levy', rate: '2', enabled: false },
    ]);
    [{ id: baobabId }] = await tx
      .insert(contacts)
      .values([
        { tenantId: tenantA, type: 'customer', name: 'Baobab Traders', email: 'orders@baobab.test' },
        { tenantId: tenantA, type: 'customer', name: 'Kilima Coffee', email: 'hello@kilima.test' },
        { tenantId: tenantA, type: 'vendor', name: 'Paper Supplies', email: 'sales@paper.test' },
      ])
      .returning({ id: contacts.id });
    [{ id: designId }] = await tx.insert(items).values({ tenantId: tenantA, name: 'Website design', salePrice: '85000' }).returning({ id: items.id });
  });
  // Beta has a customer of the same name: Alpha's import never finds it
  await withTenant(t.database, b.tenantId, (tx) => tx.insert(contacts).values({ tenantId: b.tenantId, type: 'customer', name: 'Beta Only Customer' }));
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  viewer = new TestClient(t.app);
  await viewer.login((await addMember(t.database, tenantA, 'viewer', 'v@alpha.test')).email, 'correct-horse-battery');
});
afterAll(() => t?.close());

const HEADER = 'Invoice number,Customer,Issued at,Due at,Item,Description,Quantity,Price,Taxes';

describe('invoice import', () => {
  it('reports every wrong row (unknown contact, bad quantity, disabled tax, lines that disagree) and writes nothing', async () => {
    const file = [
      HEADER,
      'IMP-1,Baobab Traders,2026-03-01,2026-03-31,Website design,Landing page,1,85000,VAT',
      'IMP-1,Baobab Traders,2026-03-01,2026-03-31,Hosting,,abc,500,',
      'IMP-2,Nobody Ltd,2026-03-02,,Consulting,,2,100,',
      'IMP-3,Kilima Coffee,2026-03-03,,Beans,,1,10,Old levy',
      'IMP-4,Kilima Coffee,2026-03-03,,Beans,,1,10,',
      'IMP-4,Baobab Traders,2026-03-03,,Cups,,1,10,',
      'IMP-5,Paper Supplies,2026-03-03,,Paper,,1,10,',
      'IMP-6,Beta Only Customer,2026-03-03,,Paper,,1,10,',
    ].join('\n');
    const up = (await upload(owner, '/sales/invoices', 'invoices.csv', file)).json();
    expect(up.mapping).toEqual({
      document_number: 'Invoice number',
      contact: 'Customer',
      issued_at: 'Issued at',
      due_at: 'Due at',
      item: 'Item',
      description: 'Description',
      quantity: 'Quantity',
      price: 'Price',
      taxes: 'Taxes',
    });
    const preview = (await owner.json('POST', `/sales/invoices/import/preview/${up.id}`, { mapping: up.mapping })).json();
    expect(preview).toMatchObject({ total: 8, invalid: 6 });
    expect(preview.errors).toEqual([
      { row: 3, field: 'quantity', message: 'The quantity field must be a number.' },
      { row: 4, field: 'contact', message: 'There is no customer with the name or email "Nobody Ltd".' },
      { row: 5, field: 'taxes', message: 'There is no enabled tax named "Old levy".' },
      { row: 7, field: 'contact', message: 'This line of invoice IMP-4 does not agree with its first line (row 6).' },
      { row: 8, field: 'contact', message: 'There is no customer with the name or email "Paper Supplies".' },
      { row: 9, field: 'contact', message: 'There is no customer with the name or email "Beta Only Customer".' },
    ]);
    const commit = await owner.json('POST', `/sales/invoices/import/commit/${up.id}`, { mapping: up.mapping });
    expect(commit.statusCode).toBe(422);
    expect(commit.json().errors.import[0]).toBe('6 rows have errors. Fix them and upload the file again; nothing was imported.');
    expect(await documentsOf('invoice')).toEqual([]);
  });

  it('a good file makes one draft invoice per number with its lines, taxes and totals', async () => {
    const file = [
      HEADER,
      'IMP-10,Baobab Traders,2026-03-01,2026-03-31,Website design,Landing page,1,85000,VAT',
      'IMP-10,Baobab Traders,2026-03-01,2026-03-31,Hosting,12 months,12,500.50,',
      'IMP-11,hello@kilima.test,2026-03-05,,Consulting hour,,2.5,7500,VAT',
    ].join('\n');
    const up = (await upload(owner, '/sales/invoices', 'invoices.csv', file)).json();
    // the lines of one invoice stand or fall together: no skipping rows here
    expect(up.skippable).toBe(false);
    const preview = (await owner.json('POST', `/sales/invoices/import/preview/${up.id}`, { mapping: up.mapping })).json();
    expect(preview).toMatchObject({ total: 3, valid: 3, invalid: 0, errors: [] });
    const skipping = await owner.json('POST', `/sales/invoices/import/commit/${up.id}`, { mapping: up.mapping, skip_invalid: true });
    expect(skipping.statusCode).toBe(422);
    expect(skipping.json().errors.skip_invalid[0]).toContain('imported all together or not at all');
    const commit = await owner.json('POST', `/sales/invoices/import/commit/${up.id}`, { mapping: up.mapping });
    expect(commit.statusCode).toBe(202);
    const done = await waitForImport(owner, '/sales/invoices', up.id);
    expect(done).toMatchObject({ state: 'done', imported: 3, message: '3 invoice lines imported.' });

    const made = await documentsOf('invoice');
    expect(made.map((d) => [d.documentNumber, d.status, d.contactId, d.contactName, d.issuedAt, d.subTotal, d.taxTotal, d.total])).toEqual([
      ['IMP-10', 'draft', baobabId, 'Baobab Traders', '2026-03-01', '91006.0000', '13600.0000', '104606.0000'],
      ['IMP-11', 'draft', expect.any(Number), 'Kilima Coffee', '2026-03-05', '18750.0000', '3000.0000', '21750.0000'],
    ]);
    expect(made[0].dueAt).toBe('2026-03-31');
    // no due date in the file: the payment terms (30 days by default)
    expect(made[1].dueAt).toBe('2026-04-04');
    expect(made[0].journalEntryId).toBeNull();
    const lines = await inA((tx) => tx.select().from(documentItems).where(eq(documentItems.documentId, made[0].id)).orderBy(documentItems.position));
    expect(lines.map((l) => [l.itemId, l.name, l.description, l.quantity, l.price, l.total])).toEqual([
      [designId, 'Website design', 'Landing page', '1.0000', '85000.0000', '98600.0000'],
      [null, 'Hosting', '12 months', '12.0000', '500.5000', '6006.0000'],
    ]);
    const lineTaxes = await inA((tx) => tx.select().from(documentItemTaxes).where(eq(documentItemTaxes.documentId, made[0].id)));
    expect(lineTaxes.map((x) => [x.name, x.amount])).toEqual([['VAT', '13600.0000']]);
    // the list and the single read answer them like any other invoice
    const read = (await owner.get(`/accounting/documents/get-document/${made[1].id}`, { json: true })).json().data;
    expect(read).toMatchObject({ document_number: 'IMP-11', total: '21750.0000', amount_due: '21750.0000', status: 'draft' });
    const timeline = (await owner.get(`/accounting/documents/comments/${made[0].id}`, { json: true })).json().data;
    expect(timeline.map((h: { description: string }) => h.description)).toContain('Invoice IMP-10 imported.');

    // the same numbers again are taken
    const again = (await upload(owner, '/sales/invoices', 'invoices.csv', file)).json();
    const second = (await owner.json('POST', `/sales/invoices/import/preview/${again.id}`, { mapping: again.mapping })).json();
    expect(second).toMatchObject({ total: 3, valid: 0, invalid: 3 });
    expect(second.errors[0]).toEqual({ row: 2, field: 'document_number', message: 'The document number has already been taken.' });
  });

  it('a document of more than 500 lines is refused on the lines beyond', async () => {
    const file = [HEADER, ...Array.from({ length: 502 }, (_, i) => `BIG-1,Baobab Traders,2026-03-01,,Line ${i + 1},,1,1,`)].join('\n');
    const up = (await upload(owner, '/sales/invoices', 'big.csv', file)).json();
    const preview = (await owner.json('POST', `/sales/invoices/import/preview/${up.id}`, { mapping: up.mapping })).json();
    expect(preview).toMatchObject({ total: 502, invalid: 2 });
    expect(preview.errors).toEqual([
      { row: 502, field: 'document_number', message: 'An invoice may have at most 500 lines.' },
      { row: 503, field: 'document_number', message: 'An invoice may have at most 500 lines.' },
    ]);
  });

  it('reads XLSX files, with numbers and dates as cells', async () => {
    const file = await xlsxFile([
      ['Invoice number', 'Customer', 'Issued at', 'Item', 'Quantity', 'Price', 'Taxes'],
      ['X-1', 'Baobab Traders', new Date(Date.UTC(2026, 4, 2)), 'Projector hire', 2, 4500, 'VAT'],
    ]);
    const up = (await upload(owner, '/sales/invoices', 'invoices.xlsx', file)).json();
    const preview = (await owner.json('POST', `/sales/invoices/import/preview/${up.id}`, { mapping: up.mapping })).json();
    expect(preview).toMatchObject({ total: 1, valid: 1, invalid: 0 });
    await owner.json('POST', `/sales/invoices/import/commit/${up.id}`, { mapping: up.mapping });
    expect((await waitForImport(owner, '/sales/invoices', up.id)).state).toBe('done');
    const x = (await documentsOf('invoice')).find((d) => d.documentNumber === 'X-1')!;
    expect([x.issuedAt, x.total]).toEqual(['2026-05-02', '10440.0000']);
  });
});

describe('bill and estimate imports', () => {
  it('bills take vendors, estimates customers; each under its own base', async () => {
    const bills = ['Bill number,Vendor,Issued at,Item,Quantity,Price', 'B-1,sales@paper.test,2026-04-01,A4 paper,10,550', 'B-2,Baobab Traders,2026-04-01,Paper,1,1'].join('\n');
    const up = (await upload(owner, '/purchases/bills', 'bills.csv', bills)).json();
    const preview = (await owner.json('POST', `/purchases/bills/import/preview/${up.id}`, { mapping: up.mapping })).json();
    expect(preview.errors).toEqual([{ row: 3, field: 'contact', message: 'There is no vendor with the name or email "Baobab Traders".' }]);

    const good = (await upload(owner, '/purchases/bills', 'bills.csv', bills.split('\n').slice(0, 2).join('\n'))).json();
    await owner.json('POST', `/purchases/bills/import/commit/${good.id}`, { mapping: good.mapping });
    expect((await waitForImport(owner, '/purchases/bills', good.id)).state).toBe('done');
    expect((await documentsOf('bill')).map((d) => [d.documentNumber, d.status, d.total])).toEqual([['B-1', 'draft', '5500.0000']]);

    const estimates = ['Estimate number,Customer,Issued at,Expires at,Item,Quantity,Price', 'E-1,Kilima Coffee,2026-04-01,2026-04-15,Workshop,1,45000'].join('\n');
    const est = (await upload(owner, '/sales/estimates', 'estimates.csv', estimates)).json();
    expect(est.mapping.due_at).toBe('Expires at');
    await owner.json('POST', `/sales/estimates/import/commit/${est.id}`, { mapping: est.mapping });
    expect((await waitForImport(owner, '/sales/estimates', est.id)).state).toBe('done');
    expect((await documentsOf('estimate')).map((d) => [d.documentNumber, d.dueAt, d.total])).toEqual([['E-1', '2026-04-15', '45000.0000']]);
  });

  it('needs the type\'s create permission; another company\'s upload id is a 404; the pages render', async () => {
    expect((await upload(viewer, '/sales/invoices', 'i.csv', HEADER)).statusCode).toBe(403);
    const up = (await upload(owner, '/sales/invoices', 'i.csv', `${HEADER}\nZ-1,Baobab Traders,2026-01-01,,A,,1,1,`)).json();
    expect((await other.json('POST', `/sales/invoices/import/preview/${up.id}`, { mapping: up.mapping })).statusCode).toBe(404);
    for (const [url, component] of [
      ['/sales/invoices/import', 'Invoices/Import'],
      ['/sales/estimates/import', 'Estimates/Import'],
      ['/purchases/bills/import', 'Bills/Import'],
    ]) {
      const page = (await owner.get(url, { inertia: true })).json();
      expect(page.component).toBe(component);
      expect(page.props.columns.filter((c: { required: boolean }) => c.required).length).toBe(6);
    }
    const template = await owner.get('/purchases/bills/import/template');
    expect(template.body).toContain('Bill number,Vendor,Issued at,Due at,Currency,Item,Description,Quantity,Price,Taxes');
  });
});

describe('large imports', () => {
  // 75 invoices of 4 lines; prices in multiples of 25, so 16 % VAT is exact and the totals add up by hand
  const BULK = 75;
  const bulkLine = (k: number, j: number) => {
    const number = `BULK-${String(k + 1).padStart(3, '0')}`;
    const customer = k % 2 ? 'hello@kilima.test' : 'Baobab Traders';
    const item = j === 0 ? 'Website design' : `Service ${j}`;
    return `${number},${customer},2026-06-01,,${item},Line ${j + 1},${j + 1},${25 * (k + 1)},${j % 2 ? 'VAT' : ''}`;
  };
  const expected = (k: number) => {
    const sub = [0, 1, 2, 3].reduce((s, j) => s + (j + 1) * 25 * (k + 1), 0);
    const tax = [1, 3].reduce((s, j) => s + ((j + 1) * 25 * (k + 1) * 16) / 100, 0);
    return { sub, tax, total: sub + tax };
  };
  const money = (n: number) => n.toFixed(4);

  it('a 300-line file makes exactly its 75 draft invoices, lines, taxes, totals and histories, and posts nothing', async () => {
    const nextBefore = (await inA((tx) => accountingSetting(tx, tenantA, 'invoices'))).number_next;
    const existing = (await documentsOf('invoice')).length;
    const file = [HEADER, ...Array.from({ length: BULK * 4 }, (_, i) => bulkLine(Math.floor(i / 4), i % 4))].join('\n');
    const up = (await upload(owner, '/sales/invoices', 'bulk.csv', file)).json();
    const preview = (await owner.json('POST', `/sales/invoices/import/preview/${up.id}`, { mapping: up.mapping })).json();
    expect(preview).toMatchObject({ total: 300, valid: 300, invalid: 0, errors: [] });
    expect((await owner.json('POST', `/sales/invoices/import/commit/${up.id}`, { mapping: up.mapping })).statusCode).toBe(202);
    expect(await waitForImport(owner, '/sales/invoices', up.id)).toMatchObject({ state: 'done', imported: 300, message: '300 invoice lines imported.' });

    const made = (await documentsOf('invoice')).filter((d) => d.documentNumber.startsWith('BULK-'));
    expect((await documentsOf('invoice')).length).toBe(existing + BULK);
    expect(made.map((d) => [d.documentNumber, d.status, d.contactName, d.issuedAt, d.dueAt, d.currencyCode, d.subTotal, d.taxTotal, d.total])).toEqual(
      Array.from({ length: BULK }, (_, k) => {
        const e = expected(k);
        return [`BULK-${String(k + 1).padStart(3, '0')}`, 'draft', k % 2 ? 'Kilima Coffee' : 'Baobab Traders', '2026-06-01', '2026-07-01', 'USD', money(e.sub), money(e.tax), money(e.total)];
      }),
    );
    const ids = made.map((d) => d.id);
    const lines = await inA((tx) =>
      tx.select().from(documentItems).where(and(eq(documentItems.tenantId, tenantA), inArray(documentItems.documentId, ids))).orderBy(asc(documentItems.documentId), asc(documentItems.position)),
    );
    expect(lines).toHaveLength(300);
    expect(lines.slice(0, 4).map((l) => [l.documentId, l.itemId, l.name, l.description, l.quantity, l.price, l.taxTotal, l.total, l.position])).toEqual([
      [ids[0], designId, 'Website design', 'Line 1', '1.0000', '25.0000', '0.0000', '25.0000', 0],
      [ids[0], null, 'Service 1', 'Line 2', '2.0000', '25.0000', '8.0000', '58.0000', 1],
      [ids[0], null, 'Service 2', 'Line 3', '3.0000', '25.0000', '0.0000', '75.0000', 2],
      [ids[0], null, 'Service 3', 'Line 4', '4.0000', '25.0000', '16.0000', '116.0000', 3],
    ]);
    const lineTaxes = await inA((tx) => tx.select().from(documentItemTaxes).where(and(eq(documentItemTaxes.tenantId, tenantA), inArray(documentItemTaxes.documentId, ids))));
    expect(lineTaxes).toHaveLength(150);
    const taxedLines = new Set(lines.filter((l) => l.position % 2 === 1).map((l) => l.id));
    expect(lineTaxes.every((x) => x.name === 'VAT' && taxedLines.has(x.documentItemId))).toBe(true);
    const histories = await inA((tx) =>
      tx.select().from(documentHistories).where(and(eq(documentHistories.tenantId, tenantA), inArray(documentHistories.documentId, ids))).orderBy(asc(documentHistories.documentId)),
    );
    expect(histories.map((h) => [h.documentId, h.type, h.status, h.description])).toEqual(made.map((d) => [d.id, 'created', 'draft', `Invoice ${d.documentNumber} imported.`]));
    // drafts: nothing in the ledger, and numbers given in the file leave the sequence alone
    const posted = await inA((tx) => tx.select().from(journalEntries).where(and(eq(journalEntries.tenantId, tenantA), eq(journalEntries.sourceType, 'document'))));
    expect(posted).toEqual([]);
    expect((await inA((tx) => accountingSetting(tx, tenantA, 'invoices'))).number_next).toBe(nextBefore);
    // the single read answers them like any other invoice
    const read = (await owner.get(`/accounting/documents/get-document/${ids[74]}`, { json: true })).json().data;
    expect(read).toMatchObject({ document_number: 'BULK-075', total: money(expected(74).total), amount_due: money(expected(74).total), status: 'draft' });
    expect(read.items).toHaveLength(4);
  });

  it('errors deep in a big file are reported on their rows and nothing is created', async () => {
    const before = (await documentsOf('invoice')).length;
    const rows = Array.from({ length: 400 }, (_, i) => bulkLine(Math.floor(i / 4), i % 4).replace(/^BULK-/, 'DEEP-'));
    // row 251 (line 250) disagrees with its first line; invoice 90's number was taken by the 300-line import
    rows[249] = rows[249].replace('Baobab Traders', 'Kilima Coffee').replace('hello@kilima.test', 'Baobab Traders');
    for (let j = 356; j < 360; j++) rows[j] = rows[j].replace('DEEP-090', 'BULK-010');
    const up = (await upload(owner, '/sales/invoices', 'deep.csv', [HEADER, ...rows].join('\n'))).json();
    const preview = (await owner.json('POST', `/sales/invoices/import/preview/${up.id}`, { mapping: up.mapping })).json();
    expect(preview).toMatchObject({ total: 400, valid: 395, invalid: 5 });
    expect(preview.errors).toEqual([
      { row: 251, field: 'contact', message: 'This line of invoice DEEP-063 does not agree with its first line (row 250).' },
      ...[358, 359, 360, 361].map((row) => ({ row, field: 'document_number', message: 'The document number has already been taken.' })),
    ]);
    const commit = await owner.json('POST', `/sales/invoices/import/commit/${up.id}`, { mapping: up.mapping });
    expect(commit.statusCode).toBe(422);
    expect(commit.json().errors.import[0]).toBe('5 rows have errors. Fix them and upload the file again; nothing was imported.');
    expect((await documentsOf('invoice')).length).toBe(before);
  });
});
