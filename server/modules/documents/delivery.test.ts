import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { decodeQuotedPrintable, startSmtp, type ReceivedMail } from '../../testing/smtp.js';
import { withTenant } from '../../db/tenancy.js';
import type { Tx } from '../../db/client.js';
import { addMember } from '../users/test-helpers.js';
import { accountingSettings, contacts, taxes } from '../accounting/schema.js';
import { roles } from '../tenancy/schema.js';
import { documentHistories, documents } from './schema.js';
import { pdfText } from './pdf-text.js';
import { nextRunAt, REMINDERS_JOB, scheduleNextReminders, sendDueReminders } from './reminders.js';

// Documents are made through the documents service's own routes (store, update-status, payments),
// so statuses, the contact copy, the ledger and what is paid are the real ones.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let tenantA: number;
let owner: TestClient;
let other: TestClient;
let viewer: TestClient;
let billsOnly: TestClient;
let tomId: number;
let vendorId: number;
let noEmailId: number;
let vatId: number;
let bankId: number;

interface DocSpec {
  type?: 'invoice' | 'bill' | 'estimate';
  number: string;
  contactId: number;
  status?: string;
  issuedAt?: string;
  dueAt?: string;
  /** a payment recorded after issuing */
  paid?: string;
}

/** Two lines (2 × 50.00 with VAT 16%, and 1 × 25.50 without): 125.50 + 16.00 = 141.50. */
async function storeDocument(d: DocSpec): Promise<number> {
  const res = await owner.json('POST', '/accounting/documents/store', {
    type: d.type ?? 'invoice',
    contact_id: d.contactId,
    document_number: d.number,
    issued_at: d.issuedAt ?? '2026-05-01',
    due_at: d.dueAt ?? '2026-05-31',
    notes: 'Payment by bank transfer, please.',
    items: [
      { name: 'Website maintenance', description: 'May 2026', quantity: '2', price: '50', tax_ids: [vatId] },
      { name: 'Domain renewal', quantity: '1', price: '25.5' },
    ],
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`store: ${res.statusCode} ${res.body}`);
  const id = res.json().data.id as number;
  const status = async (to: string) => {
    const r = await owner.json('POST', `/accounting/documents/update-status/${id}`, { status: to });
    if (r.statusCode !== 200) throw new Error(`update-status ${to}: ${r.statusCode} ${r.body}`);
  };
  if (d.status && d.status !== 'draft') {
    await status(d.status === 'cancelled' ? 'cancelled' : d.type === 'bill' ? 'received' : 'sent');
  }
  if (d.paid) {
    const r = await owner.json('POST', `/accounting/documents/payments/store/${id}`, { bank_account_id: bankId, paid_at: d.issuedAt ?? '2026-05-01', amount: d.paid });
    if (r.statusCode !== 201 && r.statusCode !== 200) throw new Error(`payment: ${r.statusCode} ${r.body}`);
  }
  return id;
}

/** A customer with this e-mail (documents copy the contact's e-mail when they are saved). */
async function customer(name: string, email: string | null): Promise<number> {
  const [c] = await inA((tx) => tx.insert(contacts).values({ tenantId: tenantA, type: 'customer', name, email }).returning({ id: contacts.id }));
  return c.id;
}

const inA = <T>(fn: (tx: Tx) => Promise<T>) => withTenant(t.database, tenantA, fn);
const docRow = (id: number) => inA(async (tx) => (await tx.select().from(documents).where(eq(documents.id, id)))[0]);
const histories = (id: number) =>
  inA((tx) => tx.select().from(documentHistories).where(eq(documentHistories.documentId, id)).orderBy(documentHistories.id));

/** The MIME part whose headers match `contentType`: its headers and decoded body. */
function mimePart(raw: string, contentType: RegExp): { headers: string; body: Buffer } | null {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split);
    if (!contentType.test(headers)) continue;
    const content = part.slice(split).replace(/\r?\n--[^\r\n]*--\s*$/, '').trim();
    if (/Content-Transfer-Encoding:\s*base64/i.test(headers)) return { headers, body: Buffer.from(content.replace(/\s+/g, ''), 'base64') };
    if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(headers)) return { headers, body: Buffer.from(decodeQuotedPrintable(content), 'latin1') };
    return { headers, body: Buffer.from(content) };
  }
  return null;
}
const subjectOf = (m: ReceivedMail) => /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(m.raw)?.[1].replace(/\r?\n[ \t]/g, ' ');
const htmlOf = (m: ReceivedMail) => Buffer.from(mimePart(m.raw, /text\/html/)!.body).toString('utf8');

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ MAIL_URL: smtp.url });
  const a = await seedTenant(t.database, 'Alpha');
  const b = await seedTenant(t.database, 'Beta');
  tenantA = a.tenantId;
  await inA(async (tx) => {
    [{ id: vatId }] = await tx.insert(taxes).values({ tenantId: tenantA, name: 'VAT', rate: '16' }).returning({ id: taxes.id });
    [{ id: tomId }, { id: vendorId }, { id: noEmailId }] = await tx
      .insert(contacts)
      .values([
        { tenantId: tenantA, type: 'customer', name: '<b>Tom & Jerry</b>', email: 'tom@customers.test' },
        { tenantId: tenantA, type: 'vendor', name: 'Paper Supplies Ltd', email: 'sales@paper.test' },
        { tenantId: tenantA, type: 'customer', name: 'Walk-in customer' },
      ])
      .returning({ id: contacts.id });
    await tx.insert(accountingSettings).values({
      tenantId: tenantA,
      key: 'general',
      value: { name: 'Alpha Trading', email: 'accounts@alpha.test', phone: '+254 700 111 222', street: '1 Kenyatta Avenue', city: 'Nairobi', country: 'Kenya', tax_number: 'P0512' },
    });
  });
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  const bank = await owner.json('POST', '/banking/accounts/store', { name: 'Cash', number: '001', currency_code: 'USD', opening_date: '2026-01-01' });
  bankId = bank.json().data.id;
  other = new TestClient(t.app);
  await other.login(b.email, b.password);

  const [viewerRole, billsRole] = await inA((tx) =>
    tx
      .insert(roles)
      .values([
        { tenantId: tenantA, name: 'Invoice reader', slug: 'invoice-reader', permissions: ['invoices.view', 'estimates.view', 'estimates.send'] },
        { tenantId: tenantA, name: 'Bills clerk', slug: 'bills-clerk', permissions: ['bills.view'] },
      ])
      .returning({ id: roles.id }),
  );
  const v = await addMember(t.database, tenantA, viewerRole.id, 'reader@alpha.test');
  viewer = new TestClient(t.app);
  await viewer.login(v.email, v.password);
  const bc = await addMember(t.database, tenantA, billsRole.id, 'clerk@alpha.test');
  billsOnly = new TestClient(t.app);
  await billsOnly.login(bc.email, bc.password);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('GET /accounting/documents/pdf/{id}', () => {
  it('downloads the PDF named after the number, with the company, the contact, the lines and the total', async () => {
    const id = await storeDocument({ number: 'INV-0001', contactId: tomId });
    const res = await owner.get(`/accounting/documents/pdf/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment; filename="INV-0001.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload).text;
    for (const s of ['Invoice', 'INV-0001', '<b>Tom & Jerry</b>', 'Alpha Trading', '1 Kenyatta Avenue', 'Website maintenance', 'Domain renewal', 'VAT (16%)', '$141.50', 'Amount due']) {
      expect(text).toContain(s);
    }
  });

  it('is a 404 for another company, an unknown id or a malformed one; a 403 without the type’s view permission', async () => {
    const id = await storeDocument({ number: 'INV-0002', contactId: tomId });
    expect((await other.get(`/accounting/documents/pdf/${id}`, { json: true })).statusCode).toBe(404);
    expect((await owner.get(`/accounting/documents/pdf/999999`, { json: true })).statusCode).toBe(404);
    expect((await owner.get(`/accounting/documents/pdf/abc`, { json: true })).statusCode).toBe(404);
    expect((await viewer.get(`/accounting/documents/pdf/${id}`)).statusCode).toBe(200);
    const res = await billsOnly.get(`/accounting/documents/pdf/${id}`, { json: true });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /accounting/documents/send-mail/{id}', () => {
  it('mails the invoice to the customer through SMTP with the PDF attached and the template filled (HTML-escaped), then marks it sent', async () => {
    const id = await storeDocument({ number: 'INV-0100', contactId: tomId });
    await t.database.query(`update tenants set settings = jsonb_set(settings, '{brand_color}', '"#0F766E"') where id = $1`, [tenantA]);
    const res = await owner.json('POST', `/accounting/documents/send-mail/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Invoice sent to tom@customers.test.', data: { id, status: 'sent', sent_to: 'tom@customers.test' } });

    const mail = await smtp.waitFor('tom@customers.test');
    expect(subjectOf(mail)).toBe('Invoice INV-0100 from Alpha Trading');
    expect(mail.raw).toMatch(/^Reply-To: accounts@alpha\.test/m);
    const html = htmlOf(mail);
    expect(html).toContain('Dear &lt;b&gt;Tom &amp; Jerry&lt;/b&gt;,');
    expect(html).not.toContain('<b>Tom');
    expect(html).toContain('for a total of $141.50, due on 31 May 2026');
    const link = /href="(http:\/\/kazi\.test\/documents\/pdf\/[^"]+)"/.exec(html)?.[1];
    expect(link).toBeTruthy();
    const text = mimePart(mail.raw, /text\/plain/)!.body.toString('utf8');
    // the company's brand colour (Settings/Company/Theme) bands the message, as it does the PDF
    expect(html).toContain('<div style="border-top:6px solid #0F766E;padding-top:16px">');
    expect(text).toContain('Dear <b>Tom & Jerry</b>,');

    const pdf = mimePart(mail.raw, /Content-Type: application\/pdf/i);
    expect(pdf).not.toBeNull();
    expect(pdf!.headers).toMatch(/filename="?INV-0100\.pdf/);
    expect(pdf!.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf!.body).text).toContain('INV-0100');

    const row = await docRow(id);
    expect(row.status).toBe('sent');
    expect(row.sentAt).not.toBeNull();
    // sending issued it: the documents service posted it to the ledger
    expect(row.journalEntryId).not.toBeNull();
    const h = (await histories(id)).filter((x) => x.type === 'sent');
    expect(h.map((x) => [x.type, x.status, x.description])).toEqual([['sent', 'sent', 'Sent to tom@customers.test']]);

    // the guest link opens the PDF without an account and marks the invoice viewed, once
    const guest = await new TestClient(t.app).get(link!.replace('http://kazi.test', ''));
    expect(guest.statusCode).toBe(200);
    expect(guest.headers['content-type']).toBe('application/pdf');
    expect(guest.headers['content-disposition']).toContain('inline');
    expect((await docRow(id)).status).toBe('viewed');
    await new TestClient(t.app).get(link!.replace('http://kazi.test', ''));
    expect((await histories(id)).filter((x) => x.type === 'viewed')).toHaveLength(1);
    const tampered = link!.replace('http://kazi.test', '').replace(/-(\d+)-/, (_, n) => `-${Number(n) + 1}-`);
    expect((await new TestClient(t.app).get(tampered, { json: true })).statusCode).toBe(404);
  });

  it('takes to, subject and body from the request, fills their variables, and sanitises the body', async () => {
    const id = await storeDocument({ number: 'INV-0101', contactId: await customer('Tom', 'tom2@customers.test') });
    const res = await owner.json('POST', `/accounting/documents/send-mail/${id}`, {
      to: 'Finance@Customers.test',
      subject: 'Your invoice {invoice_number}',
      body: '<p>Hi {customer_name}, total {invoice_total}.</p><script>alert(1)</script>',
    });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitFor('finance@customers.test');
    expect(subjectOf(mail)).toBe('Your invoice INV-0101');
    const html = htmlOf(mail);
    expect(html).toContain('<p>Hi Tom, total $141.50.</p>');
    expect(html).not.toContain('script');
    expect(mimePart(mail.raw, /application\/pdf/)).not.toBeNull();
    // sending again keeps the status and adds another line to the timeline
    expect((await owner.json('POST', `/accounting/documents/send-mail/${id}`, { to: 'again@customers.test' })).statusCode).toBe(200);
    await smtp.waitFor('again@customers.test');
    expect((await histories(id)).filter((x) => x.type === 'sent').map((x) => x.description)).toEqual(['Sent to finance@customers.test', 'Sent to again@customers.test']);
    expect((await docRow(id)).status).toBe('sent');
  });

  it('refuses what cannot be sent with a 422 and changes nothing', async () => {
    const bill = await storeDocument({ type: 'bill', number: 'BILL-1', contactId: vendorId, status: 'received' });
    const noEmail = await storeDocument({ number: 'INV-0200', contactId: noEmailId });
    const cancelled = await storeDocument({ number: 'INV-0201', contactId: tomId, status: 'cancelled' });
    const historyBefore = await Promise.all([bill, noEmail, cancelled].map(histories));
    const billRes = await owner.json('POST', `/accounting/documents/send-mail/${bill}`);
    expect(billRes.statusCode).toBe(422);
    expect(billRes.json()).toMatchObject({ message: 'Bills are not sent to vendors.', errors: { type: ['Bills are not sent to vendors.'] } });

    const none = await owner.json('POST', `/accounting/documents/send-mail/${noEmail}`);
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ message: 'The customer has no email address.', errors: { to: ['The customer has no email address.'] } });

    const badTo = await owner.json('POST', `/accounting/documents/send-mail/${noEmail}`, { to: 'not-an-address' });
    expect(badTo.statusCode).toBe(422);
    expect(Object.keys(badTo.json().errors)).toEqual(['to']);

    const cancelledRes = await owner.json('POST', `/accounting/documents/send-mail/${cancelled}`);
    expect(cancelledRes.statusCode).toBe(422);
    expect(cancelledRes.json().errors).toEqual({ status: ['A cancelled invoice cannot be sent.'] });
    expect(await Promise.all([bill, noEmail, cancelled].map(histories))).toEqual(historyBefore);
    expect((await docRow(noEmail)).status).toBe('draft');
  });

  it('is a 404 for another company’s document and a 403 without invoices.send', async () => {
    const id = await storeDocument({ number: 'INV-0300', contactId: tomId });
    const before = await histories(id);
    expect((await other.json('POST', `/accounting/documents/send-mail/${id}`)).statusCode).toBe(404);
    // holds estimates.send, so the route admits them; the invoice itself needs invoices.send
    expect((await viewer.json('POST', `/accounting/documents/send-mail/${id}`)).statusCode).toBe(403);
    expect((await billsOnly.json('POST', `/accounting/documents/send-mail/${id}`)).statusCode).toBe(403);
    expect((await docRow(id)).status).toBe('draft');
    expect(await histories(id)).toEqual(before);
  });

  it('sends an estimate with its own text and the link to its public page', async () => {
    const id = await storeDocument({ type: 'estimate', number: 'EST-0001', contactId: await customer('Tom', 'estimates@customers.test'), dueAt: '2026-06-15' });
    const res = await viewer.json('POST', `/accounting/documents/send-mail/${id}`);
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitFor('estimates@customers.test');
    expect(subjectOf(mail)).toBe('Estimate EST-0001 from Alpha Trading');
    const html = htmlOf(mail);
    expect(html).toContain('valid until 15 Jun 2026');
    expect(html).toMatch(/href="http:\/\/kazi\.test\/estimates\/view\/[^"]+"/);
    expect(mimePart(mail.raw, /application\/pdf/)!.headers).toMatch(/EST-0001\.pdf/);
    expect((await docRow(id)).status).toBe('sent');
  });
});

describe('reminders (Settings/Accounting/Scheduling)', () => {
  it('mails an invoice due in 3 days once, a 7-days-overdue one, and a bill to the company; a re-run sends nothing', async () => {
    const today = '2026-07-10';
    await inA((tx) =>
      tx.insert(accountingSettings).values({
        tenantId: tenantA,
        key: 'scheduling',
        value: { send_invoice_reminder: true, invoice_days_before: [3], invoice_days_after: [7], send_bill_reminder: true, bill_days_before: [3] },
      }),
    );
    const ids = {
      soon: await storeDocument({ number: 'INV-R1', contactId: await customer('Soon', 'soon@customers.test'), status: 'sent', dueAt: '2026-07-13' }),
      late: await storeDocument({ number: 'INV-R2', contactId: await customer('Late', 'late@customers.test'), status: 'sent', dueAt: '2026-07-03', paid: '41.5' }),
      draft: await storeDocument({ number: 'INV-R3', contactId: await customer('Draft', 'draft@customers.test'), dueAt: '2026-07-13' }),
      paid: await storeDocument({ number: 'INV-R4', contactId: await customer('Paid', 'paid@customers.test'), status: 'sent', dueAt: '2026-07-13', paid: '141.5' }),
      other: await storeDocument({ number: 'INV-R5', contactId: await customer('Other', 'other@customers.test'), status: 'sent', dueAt: '2026-07-14' }),
      bill: await storeDocument({ type: 'bill', number: 'BILL-R1', contactId: vendorId, status: 'received', dueAt: '2026-07-13' }),
    };
    expect((await docRow(ids.late)).status).toBe('partial');
    expect((await docRow(ids.paid)).status).toBe('paid');

    const deps = { database: t.database, mailer: t.app.ctx.mailer, config: t.config };
    const first = await sendDueReminders(deps, today);
    expect(first).toEqual({ invoices: 2, bills: 1, skipped: 0, failed: 0 });

    const soon = await smtp.waitFor('soon@customers.test');
    expect(subjectOf(soon)).toBe('Reminder: invoice INV-R1 is due on 13 Jul 2026');
    expect(mimePart(soon.raw, /application\/pdf/)!.body.subarray(0, 5).toString()).toBe('%PDF-');
    const late = await smtp.waitFor('late@customers.test');
    expect(htmlOf(late)).toContain('$100.00 of $141.50 is due on 03 Jul 2026');
    const bill = await smtp.waitFor('accounts@alpha.test');
    expect(subjectOf(bill)).toBe('Bill BILL-R1 from Paper Supplies Ltd is due on 13 Jul 2026');

    const reminders = async (id: number) =>
      inA((tx) => tx.select().from(documentHistories).where(and(eq(documentHistories.documentId, id), eq(documentHistories.type, 'reminder'))));
    expect((await reminders(ids.soon)).map((h) => h.description)).toEqual(['Reminder sent 3 days before the due date 2026-07-13']);
    expect((await reminders(ids.late)).map((h) => h.description)).toEqual(['Reminder sent 7 days after the due date 2026-07-03']);
    for (const id of [ids.draft, ids.paid, ids.other]) expect(await reminders(id)).toEqual([]);

    const before = smtp.received.length;
    expect(await sendDueReminders(deps, today)).toEqual({ invoices: 0, bills: 0, skipped: 0, failed: 0 });
    expect((await reminders(ids.soon))).toHaveLength(1);
    // the next day INV-R5 is 3 days from due; INV-R1 has no 2-day reminder
    expect(await sendDueReminders(deps, '2026-07-11')).toEqual({ invoices: 1, bills: 0, skipped: 0, failed: 0 });
    await smtp.waitFor('other@customers.test');
    expect(smtp.received.length).toBe(before + 1);
    expect(smtp.received.some((m) => m.to.includes('draft@customers.test') || m.to.includes('paid@customers.test'))).toBe(false);
  });

  it('is one daily job at 06:00 UTC, queued once per day however often it is scheduled', async () => {
    expect(nextRunAt(new Date('2026-07-10T05:59:00Z')).toISOString()).toBe('2026-07-10T06:00:00.000Z');
    expect(nextRunAt(new Date('2026-07-10T06:00:00Z')).toISOString()).toBe('2026-07-11T06:00:00.000Z');
    const queued = () =>
      t.database.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = $1 and state = 'created'`, [REMINDERS_JOB]);
    // the app queued the next run when it became ready
    expect((await queued())[0].n).toBe(1);
    await scheduleNextReminders(t.app.ctx.queue);
    await scheduleNextReminders(t.app.ctx.queue);
    expect((await queued())[0].n).toBe(1);
    await scheduleNextReminders(t.app.ctx.queue, new Date(Date.now() + 86_400_000));
    expect((await queued())[0].n).toBe(2);
  });
});
