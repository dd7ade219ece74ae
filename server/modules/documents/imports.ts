import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DocumentType } from '../../../common/documents/status.js';
import { CONTACT_TYPE_OF } from '../../../common/schemas/documents.js';
import { currencyCode, decimal, isoDate, optionalText } from '../../../common/schemas/fields.js';
import type { Tx } from '../../db/client.js';
import { ValidationError } from '../../http/errors.js';
import { importable, type ImportContext, type Importable, type RowError } from '../../http/import-export.js';
import { contacts, currencies, items, taxes } from '../accounting/schema.js';
import { insertDocuments, prepareDocuments } from './bulk.js';
import type { DocumentData, PreparedDocument } from './saving.js';

/**
 * Imports of invoices, bills and estimates (docs/decisions/0014): one row per line, the rows of
 * a document grouped by its number. The document's own columns (contact, dates, currency) are
 * read from its first row and must agree on the others. Every document is checked by the
 * documents' bulk prepareDocuments (the rules of prepareDocument: numbers taken, taxes,
 * currency…, with what they read loaded once for the whole file), its errors reported on the row
 * of the line they concern. The commit writes what the job's validation prepared with
 * insertDocuments, a few multi-row INSERTs per chunk: drafts, all of them or none.
 */

const LABEL = { invoice: 'invoice', bill: 'bill', estimate: 'estimate' } as const;
const PERMISSION = { invoice: 'invoices.create', bill: 'bills.create', estimate: 'estimates.create' } as const;
const BASE = { invoice: '/sales/invoices', bill: '/purchases/bills', estimate: '/sales/estimates' } as const;
const NUMBER_EXAMPLE = { invoice: 'INV-00101', bill: 'BILL-00101', estimate: 'EST-00101' } as const;

/** as many lines as a document saved through the form may have (documentSchema) */
const MAX_LINES = 500;

const lineRow = z.object({
  document_number: z.string({ error: 'The number field is required.' }).trim().min(1, 'The number field is required.').max(50),
  contact: z.string().trim().min(1).max(255),
  issued_at: isoDate('issued at'),
  due_at: isoDate('due at').optional(),
  currency: currencyCode().optional(),
  item: z.string().trim().min(1).max(255),
  description: optionalText(2000),
  quantity: decimal({ label: 'quantity' }),
  price: decimal({ label: 'price', min: 'zero' }),
  taxes: z.array(z.string().trim().max(255)).max(10).optional(),
});
type LineRow = z.output<typeof lineRow> & { contact_id: number; tax_ids?: number[]; currency_code?: string; item_id?: number | null };

const lowered = (names: string[]) => names.map((n) => n.toLowerCase());

/** Contacts of one type by name or email (the oldest wins a shared name). */
const contactsOf = (type: 'customer' | 'vendor') => async (tx: Tx, ctx: ImportContext, names: string[]) => {
  const found = await tx
    .select({ id: contacts.id, name: contacts.name, email: contacts.email })
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, ctx.tenantId),
        eq(contacts.type, type),
        or(inArray(sql`lower(${contacts.name})`, lowered(names)), inArray(sql`lower(${contacts.email})`, lowered(names))),
      ),
    )
    .orderBy(asc(contacts.id));
  const map = new Map<string, number>();
  for (const c of found) if (!map.has(c.name.toLowerCase())) map.set(c.name.toLowerCase(), c.id);
  for (const c of found) if (c.email && !map.has(c.email.toLowerCase())) map.set(c.email.toLowerCase(), c.id);
  return map;
};

/** Enabled taxes by name. */
async function taxesByName(tx: Tx, ctx: ImportContext, names: string[]) {
  const found = await tx
    .select({ id: taxes.id, name: taxes.name })
    .from(taxes)
    .where(and(eq(taxes.tenantId, ctx.tenantId), eq(taxes.enabled, true), inArray(sql`lower(${taxes.name})`, lowered(names))))
    .orderBy(asc(taxes.id));
  const map = new Map<string, number>();
  for (const t of found) if (!map.has(t.name.toLowerCase())) map.set(t.name.toLowerCase(), t.id);
  return map;
}

/** The company's currencies by code. */
async function currencyCodes(tx: Tx, ctx: ImportContext, codes: string[]) {
  const found = await tx
    .select({ code: currencies.code })
    .from(currencies)
    .where(and(eq(currencies.tenantId, ctx.tenantId), inArray(sql`lower(${currencies.code})`, lowered(codes))));
  return new Map(found.map((c) => [c.code.toLowerCase(), c.code]));
}

interface Group {
  number: string;
  rows: { row: number; data: LineRow }[];
}

function groupByNumber(rows: { row: number; data: LineRow }[]): Group[] {
  const groups = new Map<string, Group>();
  for (const r of rows) {
    const key = r.data.document_number;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { number: key, rows: [] }));
    g.rows.push(r);
  }
  return [...groups.values()];
}

/** The documents service's input for one group (its first row gives the document's columns). */
function toDocument(type: DocumentType, g: Group): DocumentData {
  const first = g.rows[0].data;
  return {
    type,
    contact_id: first.contact_id,
    document_number: g.number,
    issued_at: first.issued_at,
    due_at: first.due_at ?? null,
    ...(first.currency_code ? { currency_code: first.currency_code } : {}),
    items: g.rows.map(({ data: l }) => ({
      item_id: l.item_id ?? null,
      name: l.item,
      description: l.description ?? null,
      quantity: l.quantity,
      price: l.price,
      tax_ids: [...new Set(l.tax_ids ?? [])],
    })),
  };
}

/** The document fields the lines of one document must agree on. */
const SHARED = [
  ['contact_id', 'contact'],
  ['issued_at', 'issued_at'],
  ['due_at', 'due_at'],
  ['currency_code', 'currency'],
] as const;

function documentImport(type: DocumentType): Importable {
  const label = LABEL[type];
  const contactType = CONTACT_TYPE_OF[type];
  const contactLabel = contactType === 'customer' ? 'Customer' : 'Vendor';
  const numberLabel = `${label[0].toUpperCase()}${label.slice(1)} number`;
  return importable({
    key: `${type}s`,
    // the job counts rows: "12 invoice lines imported."
    label: `${label} lines`,
    base: BASE[type],
    permission: PERMISSION[type],
    // the lines of one document stand or fall together: a skipped line would import the document wrong
    skippable: false,
    columns: [
      { field: 'document_number', label: numberLabel, required: true, aliases: ['number', 'document number', `${label} no`, `${label} #`, 'no'], example: NUMBER_EXAMPLE[type] },
      { field: 'contact', label: contactLabel, required: true, aliases: ['contact', 'contact name', 'contact email', `${contactType} name`, `${contactType} email`, 'email'], example: type === 'bill' ? 'Safari Office Supplies' : 'Baobab Traders' },
      { field: 'issued_at', label: 'Issued at', required: true, aliases: ['date', 'issue date', 'issued', `${label} date`, 'billed at'], example: '2026-01-31' },
      { field: 'due_at', label: type === 'estimate' ? 'Expires at' : 'Due at', aliases: ['due date', 'due', 'expiry date', 'expires at', 'valid until'], example: '2026-02-28' },
      { field: 'currency', label: 'Currency', aliases: ['currency code'], example: '' },
      { field: 'item', label: 'Item', required: true, aliases: ['item name', 'name', 'product', 'service', 'line'], example: 'Consulting hour' },
      { field: 'description', label: 'Description', aliases: ['details', 'line description'], example: 'January' },
      { field: 'quantity', label: 'Quantity', required: true, aliases: ['qty', 'units', 'hours'], example: '3' },
      { field: 'price', label: 'Price', required: true, aliases: ['unit price', 'rate', 'amount'], example: '7500' },
      { field: 'taxes', label: 'Taxes', kind: 'list', aliases: ['tax', 'tax names', 'tax name'], example: 'VAT' },
    ],
    rowSchema: lineRow,
    references: {
      contact: { target: 'contact_id', find: contactsOf(contactType), message: (v) => `There is no ${contactType} with the name or email "${v}".` },
      taxes: { target: 'tax_ids', find: taxesByName, message: (v) => `There is no enabled tax named "${v}".` },
      currency: { target: 'currency_code', find: currencyCodes, message: (v) => `There is no currency "${v}" in Settings → Currencies.` },
    },
    check: async (tx, ctx, valid) => {
      const errors: RowError[] = [];
      const rows = valid as { row: number; data: LineRow }[];
      // a line names an item by name when there is one (its price and taxes stay as the file says)
      const names = [...new Set(rows.map((r) => r.data.item.toLowerCase()))];
      const found = await tx
        .select({ id: items.id, name: items.name })
        .from(items)
        .where(and(eq(items.tenantId, ctx.tenantId), inArray(sql`lower(${items.name})`, names)))
        .orderBy(asc(items.id));
      const itemId = new Map<string, number>();
      for (const i of found) if (!itemId.has(i.name.toLowerCase())) itemId.set(i.name.toLowerCase(), i.id);
      for (const r of rows) r.data.item_id = itemId.get(r.data.item.toLowerCase()) ?? null;

      const ready: Group[] = [];
      for (const g of groupByNumber(rows)) {
        const first = g.rows[0];
        let consistent = true;
        for (const r of g.rows.slice(1)) {
          for (const [field, column] of SHARED) {
            if ((r.data[field] ?? null) !== (first.data[field] ?? null)) {
              consistent = false;
              errors.push({ row: r.row, field: column, message: `This line of ${label} ${g.number} does not agree with its first line (row ${first.row}).` });
            }
          }
        }
        if (!consistent) continue;
        if (g.rows.length > MAX_LINES) {
          for (const r of g.rows.slice(MAX_LINES)) errors.push({ row: r.row, field: 'document_number', message: `${type === 'bill' ? 'A' : 'An'} ${label} may have at most ${MAX_LINES} lines.` });
          continue;
        }
        if (first.data.due_at && first.data.due_at < first.data.issued_at) {
          for (const r of g.rows) errors.push({ row: r.row, field: 'due_at', message: 'The due at field must be a date after or equal to issued at.' });
          continue;
        }
        ready.push(g);
      }
      // what the documents service would refuse, on the rows it concerns; what it would store is
      // kept for the commit, which the job calls right after this check in the same transaction
      const results = await prepareDocuments(tx, ctx.tenantId, ready.map((g) => toDocument(type, g)));
      ready.forEach((g, i) => {
        const { prepared, errors: refused } = results[i];
        if (prepared) return void preparedOf.set(g.rows[0].data, prepared);
        for (const [field, messages] of Object.entries(refused)) {
          const line = /^items\.(\d+)\.(\w+)/.exec(field);
          const at = line ? [g.rows[Number(line[1])]] : g.rows;
          const column = line ? ({ tax_ids: 'taxes', item_id: 'item', name: 'item' } as Record<string, string>)[line[2]] ?? line[2] : fieldColumn(field);
          for (const r of at) errors.push({ row: r.row, field: column, message: messages[0] });
        }
      });
      return errors;
    },
    commit: async (tx, ctx, parsed, progress) => {
      const groups = groupByNumber((parsed as LineRow[]).map((data, i) => ({ row: i, data })));
      // rows that did not come through this import's check are prepared now (the same rules)
      const missing = groups.filter((g) => !preparedOf.has(g.rows[0].data));
      const late = await prepareDocuments(tx, ctx.tenantId, missing.map((g) => toDocument(type, g)));
      missing.forEach((g, i) => {
        const { prepared, errors } = late[i];
        if (!prepared) throw new ValidationError(errors);
        preparedOf.set(g.rows[0].data, prepared);
      });
      const description = (doc: { number: string }) => `${numberLabel.replace(' number', '')} ${doc.number} imported.`;
      let done = 0;
      for (let i = 0; i < groups.length; ) {
        // whole documents, about CHUNK_LINES lines an INSERT
        const chunk: Group[] = [];
        let lines = 0;
        while (i < groups.length && (chunk.length === 0 || lines + groups[i].rows.length <= CHUNK_LINES)) {
          lines += groups[i].rows.length;
          chunk.push(groups[i++]);
        }
        await insertDocuments(
          tx,
          ctx.tenantId,
          chunk.map((g) => preparedOf.get(g.rows[0].data)!),
          { userId: ctx.userId, description },
        );
        done += lines;
        await progress(done);
      }
    },
  });
}

/** Lines written per chunk of the commit (the progress moves after each). */
const CHUNK_LINES = 2000;

/**
 * What the check prepared for each document, keyed by the parsed data of its first row: the
 * job's commit receives those same objects, so it writes without checking or reading again.
 */
const preparedOf = new WeakMap<LineRow, PreparedDocument>();

/** A document field of the service's errors → the import column it came from. */
const fieldColumn = (field: string) =>
  ({ contact_id: 'contact', currency_code: 'currency', document_number: 'document_number', due_at: 'due_at', issued_at: 'issued_at' })[field] ?? field;

export const invoiceImport = documentImport('invoice');
export const billImport = documentImport('bill');
export const estimateImport = documentImport('estimate');
