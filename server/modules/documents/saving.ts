import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import { CONTACT_TYPE_OF } from '../../../common/schemas/documents.js';
import type { DocumentType } from '../../../common/documents/status.js';
import { documentTotals, type DocumentTotals, type TaxSpec } from '../../../common/documents/totals.js';
import { compare, isZero, roundTo } from '../../../common/money.js';
import type { Tx } from '../../db/client.js';
import { fieldError, ValidationError, type FieldErrors } from '../../http/errors.js';
import { categories, items, taxes } from '../accounting/schema.js';
import { currencyByCode, toCurrencyFormat } from '../accounting/currency.js';
import { formatMoney } from '../../../common/format.js';
import { accountingSetting } from '../accounting-settings/service.js';
import { documentItems, documentItemTaxes, documents } from './schema.js';
import { contactSnapshot } from './contact-copy.js';
import { type DocumentRecord, type Row, TYPE_LABEL, documentFields } from './fields.js';
import { nextDocumentNumber, numberTaken } from './numbering.js';
import { changeStatus } from './statuses.js';
import { recordHistory } from './timeline.js';

// Saving documents: checking the input, the stored figures, and the lines with their taxes.

interface LineValues {
  itemId: number | null;
  name: string;
  description: string | null;
  quantity: string;
  price: string;
  discountType: 'percent' | 'amount' | null;
  discountRate: string | null;
  subTotal: string;
  discount: string;
  taxTotal: string;
  total: string;
  position: number;
  taxes: { taxId: number; name: string; rate: string; type: string; amount: string }[];
}

export interface PreparedDocument {
  /** column values by API field, for the documents row */
  values: Row;
  lines: LineValues[];
}

export interface DocumentLineData {
  item_id?: number | null;
  name: string;
  description?: string | null;
  quantity: string;
  price: string;
  discount_type?: 'percent' | 'amount' | null;
  discount_rate?: string | null;
  tax_ids?: number[];
}
export interface DocumentData {
  type: DocumentType;
  contact_id: number;
  document_number?: string | null;
  order_number?: string | null;
  issued_at: string;
  due_at?: string | null;
  currency_code?: string;
  currency_rate?: string;
  category_id?: number | null;
  discount_type?: 'percent' | 'amount' | null;
  discount_rate?: string | null;
  title?: string | null;
  notes?: string | null;
  footer?: string | null;
  items: DocumentLineData[];
}

export const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * Checks a document's input against the company's records and computes what is stored:
 * defaults (number, due date, currency and rate), the contact's copy, and the figures of
 * common/documents/totals.ts for each line and the whole. Throws the 422s.
 * `current` is the stored document on an edit.
 */
export async function prepareDocument(tx: Tx, tenantId: number, input: DocumentData, current: DocumentRecord | null): Promise<PreparedDocument> {
  const errors: FieldErrors = {};
  const type = input.type;
  if (current && current.type !== type) throw fieldError('type', 'The type of a document cannot be changed.');

  const contact = await contactSnapshot(tx, tenantId, input.contact_id);
  if (!contact) errors.contact_id = ['The selected contact is invalid.'];
  else if (contact.type !== CONTACT_TYPE_OF[type]) errors.contact_id = [`The selected contact is not a ${CONTACT_TYPE_OF[type]}.`];

  if (input.category_id) {
    const kind = type === 'bill' ? 'expense' : 'income';
    const [cat] = await tx
      .select({ type: categories.type })
      .from(categories)
      .where(and(eq(categories.tenantId, tenantId), eq(categories.id, input.category_id)));
    if (!cat) errors.category_id = ['The selected category is invalid.'];
    else if (cat.type !== kind) errors.category_id = [`The selected category is not an ${kind} category.`];
  }

  // items named by the lines must exist
  const itemIds = [...new Set(input.items.map((l) => l.item_id).filter((v): v is number => !!v))];
  const foundItems = new Set(
    itemIds.length
      ? (await tx.select({ id: items.id }).from(items).where(and(eq(items.tenantId, tenantId), inArray(items.id, itemIds)))).map((i) => i.id)
      : [],
  );
  // taxes must exist and be enabled (a disabled tax already on the document may stay)
  const taxIds = [...new Set(input.items.flatMap((l) => l.tax_ids ?? []))];
  const taxRows = taxIds.length
    ? await tx
        .select({ id: taxes.id, name: taxes.name, rate: taxes.rate, type: taxes.type, enabled: taxes.enabled })
        .from(taxes)
        .where(and(eq(taxes.tenantId, tenantId), inArray(taxes.id, taxIds)))
    : [];
  const kept = new Set<number>();
  if (current && taxIds.length) {
    for (const r of await tx
      .selectDistinct({ id: documentItemTaxes.taxId })
      .from(documentItemTaxes)
      .where(and(eq(documentItemTaxes.tenantId, tenantId), eq(documentItemTaxes.documentId, current.id)))) {
      kept.add(r.id);
    }
  }
  const taxById = new Map(taxRows.map((t) => [t.id, t]));
  input.items.forEach((l, i) => {
    if (l.item_id && !foundItems.has(l.item_id)) errors[`items.${i}.item_id`] = ['The selected item is invalid.'];
    for (const id of l.tax_ids ?? []) {
      const t = taxById.get(id);
      if (!t) errors[`items.${i}.tax_ids`] = ['The selected tax is invalid.'];
      else if (!t.enabled && !kept.has(id)) errors[`items.${i}.tax_ids`] = [`The tax ${t.name} is disabled.`];
    }
  });

  const code = input.currency_code ?? current?.currency_code ?? contact?.currencyCode;
  const currency = code ? await currencyByCode(tx, tenantId, code) : undefined;
  // (without a contact there is no currency to default to: the contact's error says enough)
  if (!currency && (input.currency_code || contact)) errors.currency_code = ['The selected currency code is invalid.'];

  let number = input.document_number ?? current?.document_number ?? null;
  if (number && (!current || number !== current.document_number) && (await numberTaken(tx, tenantId, type, number))) {
    errors.document_number = ['The document number has already been taken.'];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);

  const rate = input.currency_rate ?? (current && current.currency_code === code ? current.currency_rate : currency!.rate);
  const totals = totalsOf(input, taxById, currency!.precision);

  if (current && !isZero(current.amount_paid)) {
    if (code !== current.currency_code) throw fieldError('currency_code', 'The currency of a document with payments cannot be changed.');
    if (compare(totals.total, current.amount_paid) < 0) {
      throw fieldError('items', `The total cannot be less than what has been paid (${formatMoney(current.amount_paid, toCurrencyFormat(currency!))}).`);
    }
  }

  number ??= await nextDocumentNumber(tx, tenantId, type);
  const terms = input.due_at ? 0 : (await accountingSetting(tx, tenantId, 'invoices')).payment_terms;
  // the contact is copied when the document is made, while it is a draft, and when its contact changes
  const snapshot = !current || current.status === 'draft' || current.contact_id !== input.contact_id;
  return preparedFrom(input, totals, {
    type,
    contact: snapshot ? contact!.values : {},
    number,
    dueAt: input.due_at ?? addDays(input.issued_at, terms),
    currencyCode: code,
    currencyRate: rate,
  });
}

/** The figures of a checked document's input: its lines with their taxes (looked up by id), discounts, rounded to the currency. */
export function totalsOf(input: DocumentData, taxById: ReadonlyMap<number, TaxSpec>, precision: number): DocumentTotals {
  return documentTotals({
    lines: input.items.map((l) => ({
      quantity: l.quantity,
      price: l.price,
      discount_type: l.discount_type ?? null,
      discount_rate: l.discount_rate ?? null,
      taxes: [...new Set(l.tax_ids ?? [])].map((id): TaxSpec => {
        const t = taxById.get(id)!;
        return { id: t.id, name: t.name, rate: t.rate, type: t.type };
      }),
    })),
    discount_type: input.discount_type ?? null,
    discount_rate: input.discount_rate ?? null,
    precision,
  });
}

/**
 * What is stored for a checked document: its row's values by API field and its lines with
 * their figures (prepareDocument one at a time, prepareDocuments in bulk.ts for imports).
 */
export function preparedFrom(
  input: DocumentData,
  totals: DocumentTotals,
  head: { type: DocumentType; contact: Row; number: string | null | undefined; dueAt: string; currencyCode: string | undefined; currencyRate: string | undefined },
): PreparedDocument {
  return {
    values: {
      type: head.type,
      contact_id: input.contact_id,
      ...head.contact,
      document_number: head.number,
      order_number: input.order_number ?? null,
      issued_at: input.issued_at,
      due_at: head.dueAt,
      currency_code: head.currencyCode,
      currency_rate: head.currencyRate,
      category_id: input.category_id ?? null,
      discount_type: input.discount_type ?? null,
      discount_rate: input.discount_type ? (input.discount_rate ?? null) : null,
      sub_total: totals.sub_total,
      discount_total: totals.discount_total,
      tax_total: totals.tax_total,
      total: totals.total,
      title: input.title ?? null,
      notes: input.notes ?? null,
      footer: input.footer ?? null,
    },
    lines: input.items.map((l, i) => {
      const f = totals.lines[i];
      return {
        itemId: l.item_id ?? null,
        name: l.name,
        description: l.description ?? null,
        quantity: l.quantity,
        price: l.price,
        discountType: l.discount_type ?? null,
        discountRate: l.discount_type ? (l.discount_rate ?? null) : null,
        subTotal: f.sub_total,
        discount: f.discount,
        taxTotal: f.tax_total,
        total: f.total,
        position: i,
        taxes: f.taxes.map((t) => ({ taxId: t.tax_id, name: t.name, rate: t.rate, type: t.type, amount: t.amount })),
      };
    }),
  };
}

/** API field → documents property name, for the columns among documentFields */
const propertyOf = new Map<unknown, string>(Object.entries(getTableColumns(documents)).map(([k, c]) => [c, k]));
export function toColumns(values: Row): Row {
  const out: Row = {};
  for (const [field, value] of Object.entries(values)) {
    const key = propertyOf.get(documentFields[field as keyof typeof documentFields]);
    if (key && value !== undefined) out[key] = value;
  }
  return out;
}

/**
 * Makes a document outside the HTTP layer (imports, recurring invoices): the same checks,
 * defaults and figures as POST store, its lines and a `created` history row, in the caller's
 * transaction. Status draft unless given (an issued invoice or bill is posted). Answers its id.
 */
export async function createDocument(
  tx: Tx,
  tenantId: number,
  data: DocumentData,
  opts: { userId?: number | null; status?: string; parentId?: number | null; description?: string } = {},
): Promise<number> {
  const prepared = await prepareDocument(tx, tenantId, data, null);
  const [made] = await tx
    .insert(documents)
    .values({ ...(toColumns(prepared.values) as typeof documents.$inferInsert), tenantId, createdBy: opts.userId ?? null, parentId: opts.parentId ?? null })
    .returning({ id: documents.id, number: documents.documentNumber });
  await writeLines(tx, tenantId, made.id, prepared.lines);
  await recordHistory(tx, tenantId, made.id, {
    type: 'created',
    status: 'draft',
    description: opts.description ?? `${TYPE_LABEL[data.type]} ${made.number} created.`,
    userId: opts.userId ?? null,
  });
  if (opts.status && opts.status !== 'draft') await changeStatus(tx, tenantId, { id: made.id, type: data.type, status: 'draft' }, opts.status, opts.userId ?? null);
  return made.id;
}

/** Replaces a document's lines and their taxes (two INSERTs). */
export async function writeLines(tx: Tx, tenantId: number, documentId: number, lines: readonly LineValues[]) {
  await tx.delete(documentItems).where(and(eq(documentItems.tenantId, tenantId), eq(documentItems.documentId, documentId)));
  if (!lines.length) return;
  const made = await tx
    .insert(documentItems)
    .values(lines.map(({ taxes: _t, ...l }) => ({ ...l, tenantId, documentId })))
    .returning({ id: documentItems.id, position: documentItems.position });
  const idAt = new Map(made.map((m) => [m.position, m.id]));
  const taxRows = lines.flatMap((l) => l.taxes.map((t) => ({ ...t, tenantId, documentId, documentItemId: idAt.get(l.position)! })));
  if (taxRows.length) await tx.insert(documentItemTaxes).values(taxRows);
}

/** An amount at its currency's decimal places, for messages (1234.5000 → 1234.50). */
export const trim = (amount: string, precision: number) => {
  const r = roundTo(amount, precision);
  return precision > 0 ? r.slice(0, r.length - (4 - precision)) : r.slice(0, r.indexOf('.'));
};
