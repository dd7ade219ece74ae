import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { ValidationError } from '../../http/errors.js';
import { cloneDatabase, seedTenant } from '../../testing/app.js';
import { categories, contacts, currencies, items, taxes } from '../accounting/schema.js';
import { accountingSetting, storeAccountingSetting } from '../accounting-settings/service.js';
import { journalEntries } from '../ledger/schema.js';
import { insertDocuments, prepareDocuments } from './bulk.js';
import { documents } from './schema.js';
import { createDocument, prepareDocument, type DocumentData } from './saving.js';
import { listHistory } from './timeline.js';
import { loadDocument } from './reading.js';

let database: Database;
let drop: () => Promise<void>;
let tenantId: number;
let userId: number;
const id = { customer: 0, euroCustomer: 0, vendor: 0, bread: 0, sales: 0, general: 0, vat: 0, incl: 0, wht: 0, off: 0 };
const inA = <T>(fn: (tx: Tx) => Promise<T>) => withTenant(database, tenantId, fn);

beforeAll(async () => {
  ({ database, drop } = await cloneDatabase());
  ({ tenantId, userId } = await seedTenant(database, 'Bulk'));
  await inA(async (tx) => {
    await tx.insert(currencies).values({ tenantId, code: 'EUR', name: 'Euro', rate: '0.9', symbol: '€' });
    const cats = await tx.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.tenantId, tenantId));
    id.sales = cats.find((c) => c.name === 'Sales')!.id;
    id.general = cats.find((c) => c.name === 'General expenses')!.id;
    [id.customer, id.euroCustomer, id.vendor] = (
      await tx
        .insert(contacts)
        .values([
          { tenantId, type: 'customer', name: 'Kito Bakery', email: 'kito@example.test', address: '1 Moi Avenue', city: 'Nairobi', currencyCode: 'USD' },
          { tenantId, type: 'customer', name: 'Berlin Bakes', currencyCode: 'EUR' },
          { tenantId, type: 'vendor', name: 'Flour Mills Ltd', currencyCode: 'USD' },
        ])
        .returning({ id: contacts.id })
    ).map((c) => c.id);
    [{ id: id.bread }] = await tx.insert(items).values({ tenantId, name: 'Bread', salePrice: '50' }).returning({ id: items.id });
    [id.vat, id.incl, id.wht, id.off] = (
      await tx
        .insert(taxes)
        .values([
          { tenantId, name: 'VAT', rate: '16' },
          { tenantId, name: 'Included VAT', rate: '16', type: 'inclusive' },
          { tenantId, name: 'Withholding', rate: '5', type: 'withholding' },
          { tenantId, name: 'Old levy', rate: '2', enabled: false },
        ])
        .returning({ id: taxes.id })
    ).map((t) => t.id);
  });
});
afterAll(() => drop?.());

const line = (over: Partial<DocumentData['items'][number]> = {}): DocumentData['items'][number] => ({ name: 'Bread', quantity: '3', price: '50.25', ...over });
const invoice = (over: Partial<DocumentData> = {}): DocumentData => ({ type: 'invoice', contact_id: id.customer, issued_at: '2026-03-01', items: [line()], ...over });

/** prepareDocument's answer: what it would store, or the errors it throws (keys in order) */
async function oneByOne(tx: Tx, input: DocumentData) {
  try {
    return { prepared: await prepareDocument(tx, tenantId, input, null) };
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    return { errors: err.errors };
  }
}

describe('prepareDocuments', () => {
  it('answers what prepareDocument answers for each document, errors included, with the same field order', async () => {
    await inA(async (tx) => {
      await createDocument(tx, tenantId, invoice({ document_number: 'TAKEN-1' }));
      const inputs: DocumentData[] = [
        invoice({
          document_number: 'B-1',
          category_id: id.sales,
          discount_type: 'percent',
          discount_rate: '10',
          notes: 'Thanks',
          items: [
            line({ item_id: id.bread, tax_ids: [id.vat, id.wht] }),
            line({ name: 'Cake', quantity: '1.5', price: '1000', discount_type: 'amount', discount_rate: '100', tax_ids: [id.incl, id.incl] }),
          ],
        }),
        invoice({ document_number: 'B-2', contact_id: id.euroCustomer, due_at: '2026-03-05' }),
        invoice({ document_number: 'B-3', currency_code: 'EUR', currency_rate: '0.95' }),
        { type: 'bill', contact_id: id.vendor, document_number: 'B-4', issued_at: '2026-03-02', category_id: id.general, items: [line({ tax_ids: [id.vat] })] },
        { type: 'estimate', contact_id: id.customer, document_number: 'B-5', issued_at: '2026-03-02', items: [line()] },
        // refused, each as prepareDocument refuses it
        invoice({ document_number: 'B-6', contact_id: id.vendor }),
        invoice({ document_number: 'B-7', contact_id: 999_999, currency_code: 'XXX' }),
        invoice({ document_number: 'TAKEN-1', category_id: id.general, items: [line({ item_id: 999_999 }), line({ tax_ids: [id.off] }), line({ tax_ids: [999_999] })] }),
        { type: 'bill', contact_id: id.vendor, document_number: 'B-9', issued_at: '2026-03-02', category_id: id.sales, currency_code: 'GBP', items: [line()] },
      ];
      const bulk = await prepareDocuments(tx, tenantId, inputs);
      expect(bulk).toHaveLength(inputs.length);
      for (const [i, input] of inputs.entries()) {
        const single = await oneByOne(tx, input);
        expect(bulk[i], `input ${i}`).toEqual(single);
        if (single.errors) expect(Object.keys(bulk[i].errors!)).toEqual(Object.keys(single.errors));
      }
      expect(bulk.slice(5).map((r) => r.errors)).toEqual([
        { contact_id: ['The selected contact is not a customer.'] },
        { contact_id: ['The selected contact is invalid.'], currency_code: ['The selected currency code is invalid.'] },
        {
          category_id: ['The selected category is not an income category.'],
          'items.0.item_id': ['The selected item is invalid.'],
          'items.1.tax_ids': ['The tax Old levy is disabled.'],
          'items.2.tax_ids': ['The selected tax is invalid.'],
          document_number: ['The document number has already been taken.'],
        },
        { category_id: ['The selected category is not an expense category.'], currency_code: ['The selected currency code is invalid.'] },
      ]);
    });
  });

  it('a number given twice in the list is taken the second time', async () => {
    const r = await inA((tx) => prepareDocuments(tx, tenantId, [invoice({ document_number: 'TWICE' }), invoice({ document_number: 'TWICE' })]));
    expect(r[0].prepared?.values.document_number).toBe('TWICE');
    expect(r[1].errors).toEqual({ document_number: ['The document number has already been taken.'] });
  });

  it('numbers continue the sequence, skip numbers taken, and the sequence advances once per document', async () => {
    await inA(async (tx) => {
      const settings = await accountingSetting(tx, tenantId, 'invoices');
      await storeAccountingSetting(tx, tenantId, 'invoices', { ...settings, number_next: 40 });
      await createDocument(tx, tenantId, invoice({ document_number: 'INV-00041' }));
      await createDocument(tx, tenantId, { type: 'bill', contact_id: id.vendor, document_number: 'BILL-00007', issued_at: '2026-03-01', items: [line()] });
      const r = await prepareDocuments(tx, tenantId, [
        invoice({ document_number: 'INV-00043' }),
        invoice(),
        invoice({ contact_id: id.vendor }), // refused: takes no number
        invoice(),
        invoice(),
        { type: 'bill', contact_id: id.vendor, issued_at: '2026-03-01', items: [line()] },
        { type: 'bill', contact_id: id.vendor, issued_at: '2026-03-01', items: [line()] },
        { type: 'estimate', contact_id: id.customer, issued_at: '2026-03-01', items: [line()] },
      ]);
      expect(r.map((x) => x.prepared?.values.document_number ?? null)).toEqual([
        'INV-00043',
        'INV-00040',
        null,
        'INV-00042',
        'INV-00044',
        'BILL-00008',
        'BILL-00009',
        'EST-00001',
      ]);
      expect((await accountingSetting(tx, tenantId, 'invoices')).number_next).toBe(45);
      // one after the other, the service would have given the same numbers
      const next = await createDocument(tx, tenantId, invoice());
      expect((await loadDocument(tx, tenantId, next)).document_number).toBe('INV-00045');
    });
  });
});

describe('insertDocuments', () => {
  it('writes what createDocument writes: lines, taxes, figures, contact copy, a created history row; drafts that post nothing', async () => {
    const input = (number: string) =>
      invoice({
        document_number: number,
        category_id: id.sales,
        discount_type: 'percent',
        discount_rate: '5',
        items: [line({ item_id: id.bread, tax_ids: [id.vat, id.wht] }), line({ name: 'Cake', description: 'Iced', quantity: '2', price: '80', tax_ids: [id.incl] }), line({ name: 'Tea' })],
      });
    await inA(async (tx) => {
      const before = await tx.select({ n: sql<number>`count(*)::int` }).from(journalEntries).where(eq(journalEntries.tenantId, tenantId));
      const one = await createDocument(tx, tenantId, input('ONE-1'), { userId, description: 'Invoice ONE-1 imported.' });
      const prepared = await prepareDocuments(tx, tenantId, [input('MANY-1'), input('MANY-2')]);
      const ids = await insertDocuments(
        tx,
        tenantId,
        prepared.map((p) => p.prepared!),
        { userId, description: (d) => `Invoice ${d.number} imported.` },
      );
      expect(ids).toHaveLength(2);
      const strip = (d: Awaited<ReturnType<typeof loadDocument>>) => ({
        ...d,
        id: 0,
        document_number: '',
        created_at: '',
        updated_at: '',
        items: d.items.map((l) => ({ ...l, id: 0 })),
      });
      const reference = strip(await loadDocument(tx, tenantId, one));
      expect(reference.items).toHaveLength(3);
      expect(reference.totals.taxes).toHaveLength(3);
      for (const [i, made] of ids.entries()) {
        const doc = await loadDocument(tx, tenantId, made);
        expect(doc.document_number).toBe(`MANY-${i + 1}`);
        expect(strip(doc)).toEqual(reference);
        const history = await listHistory(tx, tenantId, made);
        expect(history.map((h) => [h.type, h.status, h.description, h.user_id])).toEqual([['created', 'draft', `Invoice MANY-${i + 1} imported.`, userId]]);
      }
      const [row] = await tx.select().from(documents).where(and(eq(documents.tenantId, tenantId), eq(documents.id, ids[0])));
      expect([row.status, row.createdBy, row.parentId, row.journalEntryId, row.contactAddress]).toEqual(['draft', userId, null, null, '1 Moi Avenue\nNairobi']);
      const after = await tx.select({ n: sql<number>`count(*)::int` }).from(journalEntries).where(eq(journalEntries.tenantId, tenantId));
      expect(after[0].n).toBe(before[0].n);
    });
  });
});
