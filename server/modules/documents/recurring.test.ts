import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { withTenant } from '../../db/tenancy.js';
import type { Tx } from '../../db/client.js';
import { add } from '../../../common/money.js';
import { contacts, taxes } from '../accounting/schema.js';
import { trialBalance } from '../ledger/service.js';
import { documentItems, documents } from './schema.js';
import { firstOccurrence, generateRecurring, occurrence } from './recurring.js';

let t: TestApp;
let tenantA: number;
let tenantB: number;
let owner: TestClient;
let other: TestClient;
let tomId: number;
let vatId: number;
let betaCustomer: number;

const inTenant = <T>(tenantId: number, fn: (tx: Tx) => Promise<T>) => withTenant(t.database, tenantId, fn);

/** An invoice of 2 × 50.00 with VAT 16% and 1 × 25.50: 141.50. */
async function invoice(c: TestClient, contactId: number, number: string, taxIds: number[] = []) {
  const res = await c.json('POST', '/accounting/documents/store', {
    type: 'invoice',
    contact_id: contactId,
    document_number: number,
    issued_at: '2026-11-01',
    due_at: '2026-11-15',
    notes: 'Monthly retainer',
    items: [
      { name: 'Retainer', quantity: '2', price: '50', tax_ids: taxIds },
      { name: 'Hosting', quantity: '1', price: '25.5' },
    ],
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
}

/** The copies made from a template, oldest first. */
const copies = (tenantId: number, templateId: number) =>
  inTenant(tenantId, (tx) =>
    tx
      .select()
      .from(documents)
      .where(and(eq(documents.tenantId, tenantId), eq(documents.parentId, templateId)))
      .orderBy(asc(documents.id)),
  );

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Alpha');
  const b = await seedTenant(t.database, 'Beta');
  tenantA = a.tenantId;
  tenantB = b.tenantId;
  await inTenant(tenantA, async (tx) => {
    [{ id: vatId }] = await tx.insert(taxes).values({ tenantId: tenantA, name: 'VAT', rate: '16' }).returning({ id: taxes.id });
    [{ id: tomId }] = await tx.insert(contacts).values({ tenantId: tenantA, type: 'customer', name: 'Tom Traders' }).returning({ id: contacts.id });
  });
  await inTenant(tenantB, async (tx) => {
    [{ id: betaCustomer }] = await tx.insert(contacts).values({ tenantId: tenantB, type: 'customer', name: 'Beta Buyer' }).returning({ id: contacts.id });
  });
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
});
afterAll(async () => {
  await t?.close();
});

describe('the schedule', () => {
  it('a monthly schedule from Jan 31 falls on the last day of shorter months and comes back to the 31st', () => {
    const r = { frequency: 'monthly' as const, interval: 1, starts_at: '2027-01-31' };
    expect([0, 1, 2, 3, 4].map((k) => occurrence(r, k))).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    expect(occurrence({ ...r, starts_at: '2028-01-31' }, 1)).toBe('2028-02-29');
    expect(occurrence({ frequency: 'yearly', interval: 1, starts_at: '2028-02-29' }, 1)).toBe('2029-02-28');
    expect(occurrence({ frequency: 'yearly', interval: 1, starts_at: '2028-02-29' }, 4)).toBe('2032-02-29');
    expect(occurrence({ frequency: 'monthly', interval: 3, starts_at: '2026-11-30' }, 1)).toBe('2027-02-28');
  });

  it('finds the first occurrence on or after a day, and strictly after it', () => {
    const weekly = { frequency: 'weekly' as const, interval: 2, starts_at: '2027-01-04' };
    expect(firstOccurrence(weekly, '2027-01-04')).toBe('2027-01-04');
    expect(firstOccurrence(weekly, '2027-01-04', true)).toBe('2027-01-18');
    expect(firstOccurrence(weekly, '2027-01-05')).toBe('2027-01-18');
    expect(firstOccurrence(weekly, '2030-06-01')).toBe(occurrence(weekly, 89));
    const daily = { frequency: 'daily' as const, interval: 1, starts_at: '2020-01-01' };
    expect(firstOccurrence(daily, '2026-03-01', true)).toBe('2026-03-02');
  });
});

describe('/accounting/documents/recurring/{id}', () => {
  it('sets, reads and stops an invoice\'s recurrence', async () => {
    const id = await invoice(owner, tomId, 'REC-1');
    expect((await owner.get(`/accounting/documents/recurring/${id}`, { json: true })).json()).toEqual({ data: null });
    const set = await owner.json('POST', `/accounting/documents/recurring/${id}`, { frequency: 'monthly', interval: 1, starts_at: '2027-01-31', count: 12 });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toEqual({ frequency: 'monthly', interval: 1, starts_at: '2027-01-31', ends_at: null, count: 12, generated: 0, next_at: '2027-01-31' });
    expect((await owner.get(`/accounting/documents/recurring/${id}`, { json: true })).json().data.next_at).toBe('2027-01-31');
    const timeline = async () => ((await owner.get(`/accounting/documents/comments/${id}`, { json: true })).json().data as { type: string; description: string }[])[0];
    expect(await timeline()).toMatchObject({ type: 'recurring', description: 'Set to recur: Every month from 31 Jan 2027, 12 times.' });

    const stop = await owner.request('DELETE', `/accounting/documents/recurring/${id}`, { json: true });
    expect(stop.statusCode).toBe(200);
    expect(stop.json().message).toBe('Recurring invoice stopped successfully.');
    expect((await owner.get(`/accounting/documents/recurring/${id}`, { json: true })).json()).toEqual({ data: null });
    expect(await timeline()).toMatchObject({ type: 'recurring', description: 'Recurrence stopped.' });
    expect((await owner.request('DELETE', `/accounting/documents/recurring/${id}`, { json: true })).statusCode).toBe(404);
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    const id = await invoice(owner, tomId, 'REC-2');
    for (const body of [
      { frequency: 'hourly', starts_at: '2027-01-01' },
      { frequency: 'monthly', starts_at: '2027-02-30' },
      { frequency: 'monthly', interval: 0, starts_at: '2027-01-01' },
      { frequency: 'monthly', starts_at: '2027-03-01', ends_at: '2027-02-01' },
      { frequency: 'weekly', starts_at: '2027-01-01', count: -1 },
      {},
    ]) {
      const res = await owner.json('POST', `/accounting/documents/recurring/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors).length).toBeGreaterThan(0);
    }
    expect((await owner.get(`/accounting/documents/recurring/${id}`, { json: true })).json().data).toBeNull();
    const lines = (await owner.get(`/accounting/documents/comments/${id}`, { json: true })).json().data as { type: string }[];
    expect(lines.filter((l) => l.type === 'recurring')).toEqual([]);

    const estimate = await owner.json('POST', '/accounting/documents/store', {
      type: 'estimate',
      contact_id: tomId,
      issued_at: '2026-11-01',
      items: [{ name: 'Quote', quantity: '1', price: '10' }],
    });
    const res = await owner.json('POST', `/accounting/documents/recurring/${estimate.json().data.id}`, { frequency: 'monthly', starts_at: '2027-01-01' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.id).toEqual(['Only an invoice can recur.']);
  });

  it('another company\'s invoice is a 404, and a user without invoices.update is refused', async () => {
    const id = await invoice(owner, tomId, 'REC-3');
    expect((await other.get(`/accounting/documents/recurring/${id}`, { json: true })).statusCode).toBe(404);
    expect((await other.json('POST', `/accounting/documents/recurring/${id}`, { frequency: 'monthly', starts_at: '2027-01-01' })).statusCode).toBe(404);
    expect((await other.request('DELETE', `/accounting/documents/recurring/${id}`, { json: true })).statusCode).toBe(404);
    expect((await owner.get('/accounting/documents/recurring/abc', { json: true })).statusCode).toBe(404);
  });
});

describe('generateRecurring', () => {
  it('monthly from Jan 31: a sent copy on Jan 31, Feb 28 and Mar 31, none twice on the same day, the ledger balanced', async () => {
    const id = await invoice(owner, tomId, 'MON-1', [vatId]);
    await owner.json('POST', `/accounting/documents/recurring/${id}`, { frequency: 'monthly', starts_at: '2027-01-31' });

    expect(await generateRecurring(t.database, '2027-01-30')).toEqual({ generated: 0, failed: 0 });
    const first = await generateRecurring(t.database, '2027-01-31');
    expect(first.generated).toBeGreaterThanOrEqual(1);
    // the same day again makes nothing
    expect((await generateRecurring(t.database, '2027-01-31')).generated).toBe(0);
    await generateRecurring(t.database, '2027-02-27');
    await generateRecurring(t.database, '2027-02-28');
    await generateRecurring(t.database, '2027-02-28');
    await generateRecurring(t.database, '2027-03-31');

    const made = await copies(tenantA, id);
    expect(made.map((d) => d.issuedAt)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
    for (const d of made) {
      expect(d.status).toBe('sent');
      expect(d.type).toBe('invoice');
      expect(d.contactId).toBe(tomId);
      expect(d.total).toBe('141.5000');
      expect(d.notes).toBe('Monthly retainer');
      expect(d.journalEntryId).not.toBeNull();
      expect(d.documentNumber).not.toBe('MON-1');
      // due per the payment terms (the default setting: 30 days)
      expect(d.dueAt! > d.issuedAt).toBe(true);
    }
    expect(new Set(made.map((d) => d.documentNumber)).size).toBe(3);
    const lines = await inTenant(tenantA, (tx) => tx.select().from(documentItems).where(eq(documentItems.documentId, made[0].id)).orderBy(documentItems.position));
    expect(lines.map((l) => [l.name, l.quantity, l.price, l.total])).toEqual([
      ['Retainer', '2.0000', '50.0000', '116.0000'],
      ['Hosting', '1.0000', '25.5000', '25.5000'],
    ]);

    const rec = (await owner.get(`/accounting/documents/recurring/${id}`, { json: true })).json().data;
    expect(rec).toMatchObject({ generated: 3, next_at: '2027-04-30' });

    // the timeline of a copy says where it came from
    const timeline = (await owner.get(`/accounting/documents/comments/${made[0].id}`, { json: true })).json().data;
    expect(timeline.map((h: { description: string }) => h.description)).toContain('Created from recurring invoice MON-1.');

    const tb = await inTenant(tenantA, (tx) => trialBalance(tx, tenantA));
    expect(tb.reduce((s, r) => add(s, r.base_balance), '0')).toMatch(/^0(\.0+)?$/);
    const receivable = tb.filter((r) => r.code === '1200' || /receivable/i.test(r.name)).reduce((s, r) => add(s, r.balance), '0');
    expect(receivable).toMatch(/^424\.50*$/);
  });

  it('weekly every 2 weeks, count 3: three invoices, then it stops', async () => {
    const id = await invoice(owner, tomId, 'WK-1');
    await owner.json('POST', `/accounting/documents/recurring/${id}`, { frequency: 'weekly', interval: 2, starts_at: '2027-06-07', count: 3 });
    for (const day of ['2027-06-07', '2027-06-14', '2027-06-21', '2027-07-05', '2027-07-19', '2027-08-02']) await generateRecurring(t.database, day);
    expect((await copies(tenantA, id)).map((d) => d.issuedAt)).toEqual(['2027-06-07', '2027-06-21', '2027-07-05']);
    expect((await owner.get(`/accounting/documents/recurring/${id}`, { json: true })).json().data).toMatchObject({ generated: 3, next_at: null });
  });

  it('stops after ends_at; a run that missed days makes one invoice, not one per missed day', async () => {
    const id = await invoice(owner, tomId, 'DAY-1');
    await owner.json('POST', `/accounting/documents/recurring/${id}`, { frequency: 'daily', starts_at: '2027-09-01', ends_at: '2027-09-05' });
    await generateRecurring(t.database, '2027-09-01');
    await generateRecurring(t.database, '2027-09-04');
    await generateRecurring(t.database, '2027-09-05');
    await generateRecurring(t.database, '2027-09-06');
    expect((await copies(tenantA, id)).map((d) => d.issuedAt)).toEqual(['2027-09-01', '2027-09-04', '2027-09-05']);
    expect((await owner.get(`/accounting/documents/recurring/${id}`, { json: true })).json().data).toMatchObject({ generated: 3, next_at: null });
  });

  it('a cancelled template stops recurring', async () => {
    const id = await invoice(owner, tomId, 'CAN-1');
    await owner.json('POST', `/accounting/documents/recurring/${id}`, { frequency: 'monthly', starts_at: '2028-01-10' });
    expect((await owner.json('POST', `/accounting/documents/update-status/${id}`, { status: 'cancelled' })).statusCode).toBe(200);
    await generateRecurring(t.database, '2028-01-10');
    expect(await copies(tenantA, id)).toEqual([]);
    expect((await owner.get(`/accounting/documents/recurring/${id}`, { json: true })).json().data.next_at).toBeNull();
  });

  it('each company\'s copies stay in that company, numbered in its own sequence', async () => {
    const a = await invoice(owner, tomId, 'ISO-A');
    const b = await invoice(other, betaCustomer, 'ISO-B');
    await owner.json('POST', `/accounting/documents/recurring/${a}`, { frequency: 'yearly', starts_at: '2029-05-01' });
    expect((await other.json('POST', `/accounting/documents/recurring/${b}`, { frequency: 'yearly', starts_at: '2029-05-01' })).statusCode).toBe(200);
    await generateRecurring(t.database, '2029-05-01');
    const [copyA] = await copies(tenantA, a);
    const [copyB] = await copies(tenantB, b);
    expect(copyA.tenantId).toBe(tenantA);
    expect(copyB.tenantId).toBe(tenantB);
    expect(copyB.contactId).toBe(betaCustomer);
    // Beta sees only its own invoices: its template and the one copy
    const list = (await other.get('/accounting/documents/json?type=invoice', { json: true })).json().data;
    expect(list.map((d: { id: number }) => d.id).sort()).toEqual([b, copyB.id].sort());
    expect((await other.get(`/accounting/documents/get-document/${copyA.id}`, { json: true })).statusCode).toBe(404);
  });
});
