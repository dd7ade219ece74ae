import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentDir } from '../../http/attachments.js';
import { multipartFile } from '../../http/import/testing.js';
import { withTenant } from '../../db/tenancy.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { contacts } from '../accounting/schema.js';
import { roles } from '../tenancy/schema.js';
import { addMember } from '../users/test-helpers.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

let t: TestApp;
let owner: TestClient;
let otherOwner: TestClient;
let viewer: TestClient;
let billsOnly: TestClient;
let tenantA: number;
let tenantB: number;
let invoiceId: number;
let otherInvoiceId: number;
let bankId: number;

async function storeInvoice(c: TestClient, contactId: number, number: string): Promise<number> {
  const res = await c.json('POST', '/accounting/documents/store', {
    type: 'invoice',
    contact_id: contactId,
    document_number: number,
    issued_at: '2026-05-01',
    due_at: '2026-05-31',
    items: [{ name: 'Consulting', quantity: '1', price: '100' }],
  });
  if (res.statusCode !== 201) throw new Error(`store: ${res.statusCode} ${res.body}`);
  return res.json().data.id as number;
}

const upload = (c: TestClient, url: string, name: string, data: Buffer | string, field = 'file') => {
  const m = multipartFile(name, data, field);
  return c.request('POST', url, { body: m.body, headers: { 'content-type': m.type }, json: true });
};
const storedFiles = (tenantId: number) => {
  const dir = attachmentDir(t.config.dataDir, tenantId);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Alpha');
  const b = await seedTenant(t.database, 'Beta');
  tenantA = a.tenantId;
  tenantB = b.tenantId;
  const customerA = await withTenant(t.database, a.tenantId, async (tx) => {
    await tx.insert(roles).values({ tenantId: a.tenantId, name: 'Bills clerk', slug: 'bills-clerk', permissions: ['bills.view', 'bills.update'] });
    const [c] = await tx.insert(contacts).values({ tenantId: a.tenantId, type: 'customer', name: 'Kito Bakery' }).returning({ id: contacts.id });
    return c.id;
  });
  const customerB = await withTenant(t.database, b.tenantId, async (tx) => {
    const [c] = await tx.insert(contacts).values({ tenantId: b.tenantId, type: 'customer', name: 'Beta buyer' }).returning({ id: contacts.id });
    return c.id;
  });
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  otherOwner = new TestClient(t.app);
  await otherOwner.login(b.email, b.password);
  const v = await addMember(t.database, a.tenantId, 'viewer', 'viewer@alpha.test');
  viewer = new TestClient(t.app);
  await viewer.login(v.email, v.password);
  const bc = await addMember(t.database, a.tenantId, 'bills-clerk', 'bills@alpha.test');
  billsOnly = new TestClient(t.app);
  await billsOnly.login(bc.email, bc.password);
  invoiceId = await storeInvoice(owner, customerA, 'INV-A1');
  otherInvoiceId = await storeInvoice(otherOwner, customerB, 'INV-B1');
  const bank = await owner.json('POST', '/banking/accounts/store', { name: 'Main', number: '001', currency_code: 'USD', opening_balance: '0' });
  bankId = bank.json().data.id;
});
afterAll(() => t?.close());

describe('document attachments', () => {
  it('uploads a PDF to an invoice, lists it, downloads the same bytes under its name, and notes it on the timeline', async () => {
    const res = await upload(owner, `/accounting/documents/attachments/store/${invoiceId}`, 'Signed order №7.pdf', PDF);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'File uploaded successfully', data: { name: 'Signed order №7.pdf', content_type: 'application/pdf', size: PDF.length } });
    const id = res.json().data.id as number;

    const list = await owner.get(`/accounting/documents/attachments/${invoiceId}`, { json: true });
    expect(list.json().data.map((f: { id: number; name: string }) => [f.id, f.name])).toEqual([[id, 'Signed order №7.pdf']]);

    const file = await owner.get(`/accounting/documents/attachments/download/${invoiceId}/${id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="Signed order _7.pdf"; filename*=UTF-8''${encodeURIComponent('Signed order №7.pdf')}`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PDF)).toBe(true);

    const timeline = (await owner.get(`/accounting/documents/comments/${invoiceId}`, { json: true })).json().data as { description: string }[];
    expect(timeline.map((h) => h.description)).toContain('File Signed order №7.pdf attached.');
  });

  it('refuses a file whose bytes are not an accepted type, whatever its name, and stores nothing', async () => {
    const before = (await owner.get(`/accounting/documents/attachments/${invoiceId}`, { json: true })).json().data.length;
    const files = storedFiles(tenantA);
    const cases: Array<[string, Buffer | string]> = [
      ['invoice.pdf', '<html><script>alert(1)</script></html>'],
      ['setup.exe', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03])],
      ['archive.zip', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00])],
      ['notes.txt', Buffer.from([0x68, 0x69, 0x00, 0x01])],
    ];
    for (const [name, data] of cases) {
      const res = await upload(owner, `/accounting/documents/attachments/store/${invoiceId}`, name, data);
      expect(res.statusCode, name).toBe(422);
      expect(res.json().errors.file).toEqual(['The file must be a file of type: pdf, jpg, png, webp, gif, csv, txt, xlsx, docx.']);
    }
    const empty = await upload(owner, `/accounting/documents/attachments/store/${invoiceId}`, 'empty.pdf', Buffer.alloc(0));
    expect(empty.statusCode).toBe(422);
    const wrongField = await upload(owner, `/accounting/documents/attachments/store/${invoiceId}`, 'a.pdf', PDF, 'document');
    expect(wrongField.json().errors.file).toEqual(['The file field is required.']);
    const json = await owner.json('POST', `/accounting/documents/attachments/store/${invoiceId}`, { file: 'x' });
    expect(json.statusCode).toBe(422);
    const big = await upload(owner, `/accounting/documents/attachments/store/${invoiceId}`, 'big.pdf', Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.file).toEqual(['The file field must not be greater than 10240 kilobytes.']);

    expect((await owner.get(`/accounting/documents/attachments/${invoiceId}`, { json: true })).json().data.length).toBe(before);
    expect(storedFiles(tenantA)).toEqual(files);
  });

  it('accepts a CSV and a PNG, answered with the types their bytes have', async () => {
    const csv = await upload(owner, `/accounting/documents/attachments/store/${invoiceId}`, 'lines.csv', 'item,qty\nBread,2\n');
    expect(csv.json().data.content_type).toBe('text/csv');
    const png = await upload(owner, `/accounting/documents/attachments/store/${invoiceId}`, 'photo.jpg', PNG);
    expect(png.statusCode).toBe(201);
    expect(png.json().data.content_type).toBe('image/png');
  });

  it("answers 404 for another company's document or file, and changes nothing there", async () => {
    const theirs = await upload(otherOwner, `/accounting/documents/attachments/store/${otherInvoiceId}`, 'theirs.pdf', PDF);
    const theirFile = theirs.json().data.id as number;
    for (const res of [
      await owner.get(`/accounting/documents/attachments/${otherInvoiceId}`, { json: true }),
      await upload(owner, `/accounting/documents/attachments/store/${otherInvoiceId}`, 'x.pdf', PDF),
      await owner.get(`/accounting/documents/attachments/download/${otherInvoiceId}/${theirFile}`),
      await owner.delete(`/accounting/documents/attachments/delete/${otherInvoiceId}/${theirFile}`, { json: true }),
      // their file through my own invoice
      await owner.get(`/accounting/documents/attachments/download/${invoiceId}/${theirFile}`),
      await owner.delete(`/accounting/documents/attachments/delete/${invoiceId}/${theirFile}`, { json: true }),
      await owner.get('/accounting/documents/attachments/abc', { json: true }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await otherOwner.get(`/accounting/documents/attachments/${otherInvoiceId}`, { json: true })).json().data).toHaveLength(1);
    expect(storedFiles(tenantB)).toHaveLength(1);
  });

  it('lets a viewer list and download but not add or delete (403), and hides invoices from a bills-only role (404)', async () => {
    const [first] = (await owner.get(`/accounting/documents/attachments/${invoiceId}`, { json: true })).json().data as { id: number }[];
    expect((await viewer.get(`/accounting/documents/attachments/${invoiceId}`, { json: true })).statusCode).toBe(200);
    expect((await viewer.get(`/accounting/documents/attachments/download/${invoiceId}/${first.id}`)).statusCode).toBe(200);
    expect((await upload(viewer, `/accounting/documents/attachments/store/${invoiceId}`, 'v.pdf', PDF)).statusCode).toBe(403);
    expect((await viewer.delete(`/accounting/documents/attachments/delete/${invoiceId}/${first.id}`, { json: true })).statusCode).toBe(403);
    expect((await billsOnly.get(`/accounting/documents/attachments/${invoiceId}`, { json: true })).statusCode).toBe(404);
    expect((await upload(billsOnly, `/accounting/documents/attachments/store/${invoiceId}`, 'b.pdf', PDF)).statusCode).toBe(404);
  });

  it('deletes one file: gone from the list, the disk and the download; the timeline says so', async () => {
    const made = await upload(owner, `/accounting/documents/attachments/store/${invoiceId}`, 'draft.pdf', PDF);
    const id = made.json().data.id as number;
    const files = storedFiles(tenantA);
    const res = await owner.delete(`/accounting/documents/attachments/delete/${invoiceId}/${id}`, { json: true });
    expect(res.json()).toEqual({ message: 'Attachment deleted successfully.' });
    expect(storedFiles(tenantA)).toHaveLength(files.length - 1);
    expect((await owner.get(`/accounting/documents/attachments/download/${invoiceId}/${id}`)).statusCode).toBe(404);
    const names = (await owner.get(`/accounting/documents/attachments/${invoiceId}`, { json: true })).json().data.map((f: { name: string }) => f.name);
    expect(names).not.toContain('draft.pdf');
    const timeline = (await owner.get(`/accounting/documents/comments/${invoiceId}`, { json: true })).json().data as { description: string }[];
    expect(timeline[0].description).toBe('File draft.pdf removed.');
  });

  it('removes the files of a deleted draft invoice', async () => {
    const [customer] = await withTenant(t.database, tenantA, (tx) =>
      tx.insert(contacts).values({ tenantId: tenantA, type: 'customer', name: 'Short-lived' }).returning({ id: contacts.id }),
    );
    const id = await storeInvoice(owner, customer.id, 'INV-A2');
    const before = storedFiles(tenantA);
    await upload(owner, `/accounting/documents/attachments/store/${id}`, 'a.pdf', PDF);
    await upload(owner, `/accounting/documents/attachments/store/${id}`, 'b.png', PNG);
    expect(storedFiles(tenantA)).toHaveLength(before.length + 2);
    expect((await owner.delete(`/accounting/documents/delete/${id}`, { json: true })).statusCode).toBe(200);
    expect(storedFiles(tenantA)).toEqual(before);
    expect((await owner.get(`/accounting/documents/attachments/${id}`, { json: true })).statusCode).toBe(404);
  });

  it('keeps the files when the delete is refused', async () => {
    const sent = await owner.json('POST', `/accounting/documents/update-status/${invoiceId}`, { status: 'sent' });
    expect(sent.statusCode).toBe(200);
    const pay = await owner.json('POST', `/accounting/documents/payments/store/${invoiceId}`, { bank_account_id: bankId, paid_at: '2026-05-02', amount: '10' });
    expect(pay.statusCode).toBe(201);
    const files = storedFiles(tenantA);
    const refused = await owner.delete(`/accounting/documents/delete/${invoiceId}`, { json: true });
    expect(refused.statusCode).toBe(422);
    expect(storedFiles(tenantA)).toEqual(files);
  });
});

describe('transaction attachments', () => {
  it('attaches a receipt to a transaction, hides it from other companies, and removes it with the transaction', async () => {
    const made = await owner.json('POST', '/banking/transactions/store', {
      type: 'expense',
      bank_account_id: bankId,
      paid_at: '2026-05-03',
      amount: '12.50',
      currency_code: 'USD',
    });
    expect(made.statusCode, made.body).toBe(201);
    const txId = made.json().data.id as number;
    const before = storedFiles(tenantA);
    const res = await upload(owner, `/banking/transactions/attachments/store/${txId}`, 'receipt.png', PNG);
    expect(res.statusCode).toBe(201);
    const fileId = res.json().data.id as number;
    expect((await owner.get(`/banking/transactions/attachments/${txId}`, { json: true })).json().data).toMatchObject([{ id: fileId, name: 'receipt.png' }]);
    expect((await otherOwner.get(`/banking/transactions/attachments/${txId}`, { json: true })).statusCode).toBe(404);
    expect((await otherOwner.get(`/banking/transactions/attachments/download/${txId}/${fileId}`)).statusCode).toBe(404);
    expect((await upload(viewer, `/banking/transactions/attachments/store/${txId}`, 'v.png', PNG)).statusCode).toBe(403);
    // a document's attachment is not reachable as the transaction's
    expect((await owner.get(`/banking/transactions/attachments/download/${invoiceId}/${fileId}`)).statusCode).toBe(404);

    expect((await owner.delete(`/banking/transactions/delete/${txId}`, { json: true })).statusCode).toBe(200);
    expect(storedFiles(tenantA)).toEqual(before);
  });
});
