import type { DocumentDetails, DocumentLine, DocumentLineTax } from '../../../common/documents/types.js';
import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { CONTACT_TYPE_OF } from '../../../common/schemas/documents.js';
import {
  acceptsPayment,
  DOCUMENT_STATUSES,
  isOverdue,
  isStatusOf,
  MANUAL_TRANSITIONS,
  postsToLedger,
  type DocumentType,
} from '../../../common/documents/status.js';
import { documentTotals } from '../../../common/documents/totals.js';
import type { DocumentTotals, TaxSpec } from '../../../common/documents/totals.js';
import { invoiceNumber } from '../../../common/schemas/accounting-settings.js';
import { add, compare, convert, isZero, negate, roundTo } from '../../../common/money.js';
import { rows, type Tx } from '../../db/client.js';
import { isoTimestamp as ts, qualified as q } from '../../db/sql.js';
import { fieldError, notFound, ValidationError, type FieldErrors } from '../../http/errors.js';
import { categories, contacts, currencies, items, paymentMethods, taxes } from '../accounting/schema.js';
import { currencyByCode } from '../accounting/currency.js';
import { accountingSetting } from '../accounting-settings/service.js';
import { storeAccountingSetting } from '../accounting-settings/service.js';
import { bankAccounts, transactions } from '../banking/schema.js';
import { findAccount, nextTransactionNumber, unpost } from '../banking/service.js';
import { ledgerAccounts } from '../ledger/schema.js';
import { bankLedgerAccount, categoryLedgerAccount, post, systemAccount, taxLedgerAccount, type PostingLine } from '../ledger/service.js';
import { tenants } from '../../db/tenant-table.js';
import { users } from '../tenancy/schema.js';
import { documentHistories, documentItems, documentItemTaxes, documents } from './schema.js';

/**
 * Invoices, bills and estimates (docs/decisions/0011-documents.md): numbering, the stored
 * figures, the ledger postings of issued invoices and bills, status changes, payments,
 * estimates turned into invoices, and the timeline. The HTTP layer is resources.ts and
 * routes.ts; mail, the public estimate page and recurring invoices call loadDocument,
 * changeStatus and recordHistory.
 */

type Row = Record<string, unknown>;

export const TYPE_LABEL: Record<DocumentType, string> = { invoice: 'Invoice', bill: 'Bill', estimate: 'Estimate' };
/** the permission area of each type */
export const AREA = { invoice: 'invoices', bill: 'bills', estimate: 'estimates' } as const satisfies Record<DocumentType, string>;
/** bills and estimates are numbered BILL-00001, EST-00001 (invoices follow Settings/Accounting/Invoices) */
const PREFIX = { bill: 'BILL-', estimate: 'EST-' } as const;
const DIGITS = 5;

const isBill = sql`${q(documents.type)} = 'bill'`;
/**
 * What has been paid, in the document's currency, read from the ledger: the receivable (payable)
 * relieved by the live entries of the transactions that pay it.
 */
const paidSql = sql`(case when ${isBill} then 1 else -1 end) * coalesce((
    select sum(l.amount) from ${transactions} t
      join journal_lines l on l.tenant_id = t.tenant_id and l.entry_id = t.journal_entry_id
      join ${ledgerAccounts} a on a.tenant_id = l.tenant_id and a.id = l.ledger_account_id
     where t.tenant_id = ${q(documents.tenantId)} and t.document_id = ${q(documents.id)}
       and a.system_key in ('receivables', 'payables') and l.currency_code = ${q(documents.currencyCode)}), 0)`;
const defaultPrecision = sql`coalesce((select c.precision from ${currencies} c where c.tenant_id = ${q(documents.tenantId)} and c.is_default), 2)`;

/** The fields of every document answer (lists, single reads, writes), in answer order. */
export const documentFields = {
  id: documents.id,
  type: documents.type,
  document_number: documents.documentNumber,
  order_number: documents.orderNumber,
  status: documents.status,
  issued_at: documents.issuedAt,
  due_at: documents.dueAt,
  currency_code: documents.currencyCode,
  currency_rate: documents.currencyRate,
  contact_id: documents.contactId,
  contact_name: documents.contactName,
  contact_email: documents.contactEmail,
  contact_tax_number: documents.contactTaxNumber,
  contact_phone: documents.contactPhone,
  contact_address: documents.contactAddress,
  category_id: documents.categoryId,
  discount_type: documents.discountType,
  discount_rate: documents.discountRate,
  sub_total: documents.subTotal,
  discount_total: documents.discountTotal,
  tax_total: documents.taxTotal,
  total: documents.total,
  /** the total in the default currency (total / rate, the default's precision) */
  total_default: sql<string>`round(${q(documents.total)} / ${q(documents.currencyRate)}, ${defaultPrecision})::text`,
  amount_paid: sql<string>`(${paidSql})::numeric(20,4)::text`,
  amount_due: sql<string>`(${q(documents.total)} - ${paidSql})::numeric(20,4)::text`,
  title: documents.title,
  notes: documents.notes,
  footer: documents.footer,
  parent_id: documents.parentId,
  sent_at: ts(documents.sentAt),
  created_by: documents.createdBy,
  created_at: ts(documents.createdAt),
  updated_at: ts(documents.updatedAt),
};

export interface DocumentRecord {
  id: number;
  type: DocumentType;
  document_number: string;
  status: string;
  issued_at: string;
  due_at: string | null;
  currency_code: string;
  currency_rate: string;
  contact_id: number;
  contact_name: string;
  category_id: number | null;
  total: string;
  amount_paid: string;
  amount_due: string;
  parent_id: number | null;
  [field: string]: unknown;
}

export type { DocumentLine, DocumentLineTax, DocumentPayment } from '../../../common/documents/types.js';
export interface FullDocument extends DocumentRecord, DocumentDetails {}

// ------------------------------------------------------------------ reading

/** Today in the tenant's time zone (YYYY-MM-DD). */
export function todayIn(timezone: string | null | undefined): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timezone || 'UTC' }).format(new Date());
  } catch {
    return new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' }).format(new Date());
  }
}

async function tenantToday(tx: Tx, tenantId: number): Promise<string> {
  const [t] = await tx.select({ timezone: tenants.timezone }).from(tenants).where(eq(tenants.id, tenantId));
  return todayIn(t?.timezone);
}

/** One document's record (the list fields), or a 404. */
export async function findDocument(tx: Tx, tenantId: number, id: number): Promise<DocumentRecord> {
  const [row] = await tx
    .select(documentFields)
    .from(documents)
    .where(and(eq(documents.tenantId, tenantId), eq(documents.id, id)))
    .limit(1);
  if (!row) throw notFound('Document');
  return row as unknown as DocumentRecord;
}

/**
 * The full document as GET /accounting/documents/get-document/{id} answers it: the record,
 * its lines with their taxes, the totals breakdown, payments, what is paid and due, whether
 * it is overdue, the statuses a user may move it to, and an estimate's invoice.
 */
export async function loadDocument(tx: Tx, tenantId: number, id: number, today?: string): Promise<FullDocument> {
  const doc = await findDocument(tx, tenantId, id);
  const lines = await tx
    .select({
      id: documentItems.id,
      item_id: documentItems.itemId,
      name: documentItems.name,
      description: documentItems.description,
      quantity: documentItems.quantity,
      price: documentItems.price,
      discount_type: documentItems.discountType,
      discount_rate: documentItems.discountRate,
      sub_total: documentItems.subTotal,
      discount: documentItems.discount,
      tax_total: documentItems.taxTotal,
      total: documentItems.total,
      position: documentItems.position,
    })
    .from(documentItems)
    .where(and(eq(documentItems.tenantId, tenantId), eq(documentItems.documentId, id)))
    .orderBy(asc(documentItems.position), asc(documentItems.id));
  const lineTaxes = await tx
    .select({
      document_item_id: documentItemTaxes.documentItemId,
      tax_id: documentItemTaxes.taxId,
      name: documentItemTaxes.name,
      rate: documentItemTaxes.rate,
      type: documentItemTaxes.type,
      amount: documentItemTaxes.amount,
    })
    .from(documentItemTaxes)
    .where(and(eq(documentItemTaxes.tenantId, tenantId), eq(documentItemTaxes.documentId, id)))
    .orderBy(asc(documentItemTaxes.id));
  const byLine = new Map<number, DocumentLineTax[]>();
  for (const { document_item_id, ...t } of lineTaxes) byLine.set(document_item_id, [...(byLine.get(document_item_id) ?? []), t]);
  const itemsOut: DocumentLine[] = lines.map((l) => ({ ...l, taxes: byLine.get(l.id) ?? [] }));

  // each tax once, summed over the lines, in the order first met
  const taxTotals = new Map<number, FullDocument['totals']['taxes'][number]>();
  for (const l of itemsOut) {
    for (const t of l.taxes) {
      const seen = taxTotals.get(t.tax_id);
      if (seen) seen.amount = add(seen.amount, t.amount);
      else taxTotals.set(t.tax_id, { tax_id: t.tax_id, name: t.name, type: t.type, rate: t.rate, amount: t.amount, included: t.type === 'inclusive' });
    }
  }

  const payments = await tx
    .select({
      id: transactions.id,
      number: transactions.number,
      paid_at: transactions.paidAt,
      bank_account_id: transactions.bankAccountId,
      account_name: sql<string>`(select b.name from ${bankAccounts} b where b.tenant_id = ${q(transactions.tenantId)} and b.id = ${q(transactions.bankAccountId)})`,
      amount: transactions.amount,
      currency_code: transactions.currencyCode,
      currency_rate: transactions.currencyRate,
      payment_method: transactions.paymentMethod,
      reference: transactions.reference,
      description: transactions.description,
    })
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.documentId, id)))
    .orderBy(asc(transactions.paidAt), asc(transactions.id));

  let convertedInvoiceId: number | null = null;
  if (doc.type === 'estimate') {
    const [child] = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.tenantId, tenantId), eq(documents.parentId, id), eq(documents.type, 'invoice')))
      .orderBy(desc(documents.id))
      .limit(1);
    convertedInvoiceId = child?.id ?? null;
  }

  const allowed = (MANUAL_TRANSITIONS[doc.type] as Record<string, readonly string[] | undefined>)[doc.status] ?? [];
  return {
    ...doc,
    overdue: isOverdue(doc.type, doc.status, doc.due_at, today ?? (await tenantToday(tx, tenantId))),
    items: itemsOut,
    totals: {
      sub_total: String(doc.sub_total),
      discount_total: String(doc.discount_total),
      taxes: [...taxTotals.values()],
      tax_total: String(doc.tax_total),
      total: doc.total,
    },
    payments,
    allowed_statuses: [...allowed],
    converted_invoice_id: convertedInvoiceId,
  };
}

// ------------------------------------------------------------------ timeline

export type HistoryType = (typeof documentHistories.$inferInsert)['type'];

/** Adds a row to a document's timeline (status changes, sends, views, payments, comments). */
export async function recordHistory(
  tx: Tx,
  tenantId: number,
  documentId: number,
  entry: { type: HistoryType; status?: string | null; description: string; userId?: number | null },
): Promise<void> {
  await tx.insert(documentHistories).values({
    tenantId,
    documentId,
    type: entry.type,
    status: entry.status ?? null,
    description: entry.description,
    userId: entry.userId ?? null,
  });
}

/** The timeline, newest first, with each author's name. */
export async function listHistory(tx: Tx, tenantId: number, documentId: number) {
  return tx
    .select({
      id: documentHistories.id,
      type: documentHistories.type,
      status: documentHistories.status,
      description: documentHistories.description,
      user_id: documentHistories.userId,
      user_name: users.name,
      created_at: ts(documentHistories.createdAt),
    })
    .from(documentHistories)
    .leftJoin(users, eq(users.id, documentHistories.userId))
    .where(and(eq(documentHistories.tenantId, tenantId), eq(documentHistories.documentId, documentId)))
    .orderBy(desc(documentHistories.createdAt), desc(documentHistories.id));
}

// ------------------------------------------------------------------ numbering

async function numberTaken(tx: Tx, tenantId: number, type: DocumentType, number: string): Promise<boolean> {
  const [hit] = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.tenantId, tenantId), eq(documents.type, type), eq(documents.documentNumber, number)))
    .limit(1);
  return !!hit;
}

/**
 * The next number of a type. Invoices: Settings/Accounting/Invoices prefix, next number and
 * digits; the next number advances past the one used (and past any taken by hand). Bills and
 * estimates: BILL-00001, EST-00001…, one more than the highest of that form. An advisory lock
 * per tenant and type keeps two writers from taking one number.
 */
export async function nextDocumentNumber(tx: Tx, tenantId: number, type: DocumentType): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`kazi:document-number:${type}`}), ${tenantId}::int)`);
  if (type === 'invoice') {
    const settings = await accountingSetting(tx, tenantId, 'invoices');
    let next = settings.number_next;
    while (await numberTaken(tx, tenantId, type, invoiceNumber(settings, next))) next++;
    await storeAccountingSetting(tx, tenantId, 'invoices', { ...settings, number_next: next + 1 });
    return invoiceNumber(settings, next);
  }
  const prefix = PREFIX[type];
  const pattern = `^${prefix}(\\d{1,12})$`;
  const [r] = await rows<{ n: number }>(
    tx,
    sql`select coalesce(max(substring(document_number from ${pattern})::bigint), 0)::int + 1 as n
          from ${documents} where tenant_id = ${tenantId} and type = ${type}`,
  );
  return `${prefix}${String(r.n).padStart(DIGITS, '0')}`;
}

// ------------------------------------------------------------------ saving

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

/** The address a document prints: street, city and country on their own lines. */
export const contactAddress = (c: { address: string | null; city: string | null; country: string | null }) =>
  [c.address, c.city, c.country].map((p) => p?.trim()).filter(Boolean).join('\n') || null;

/** What a document copies of its contact (name, email, tax number, phone, address). */
async function contactSnapshot(tx: Tx, tenantId: number, contactId: number) {
  const [c] = await tx
    .select({
      type: contacts.type,
      name: contacts.name,
      email: contacts.email,
      phone: contacts.phone,
      taxNumber: contacts.taxNumber,
      currencyCode: contacts.currencyCode,
      address: contacts.address,
      city: contacts.city,
      country: contacts.country,
    })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)));
  if (!c) return null;
  const address = contactAddress(c);
  return {
    type: c.type,
    currencyCode: c.currencyCode,
    values: { contact_name: c.name, contact_email: c.email, contact_tax_number: c.taxNumber, contact_phone: c.phone, contact_address: address },
  };
}

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
      throw fieldError('items', `The total cannot be less than what has been paid (${trim(current.amount_paid, currency!.precision)} ${code}).`);
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

// ------------------------------------------------------------------ ledger

/**
 * Posts an issued invoice or bill (reversing what it posted before). Invoice: Dr Accounts
 * receivable the total (with the contact) / Cr each line's income account its net amount /
 * Cr each tax's account its amount (withholding, negative, is a debit). A bill mirrors it with
 * Accounts payable and expense accounts. Everything in the document's currency at its rate.
 */
export async function postDocument(tx: Tx, tenantId: number, documentId: number): Promise<number | null> {
  const [doc] = await tx
    .select({
      id: documents.id,
      type: documents.type,
      number: documents.documentNumber,
      issuedAt: documents.issuedAt,
      currencyCode: documents.currencyCode,
      rate: documents.currencyRate,
      contactId: documents.contactId,
      categoryId: documents.categoryId,
      total: documents.total,
      status: documents.status,
    })
    .from(documents)
    .where(and(eq(documents.tenantId, tenantId), eq(documents.id, documentId)));
  await unpost(tx, tenantId, 'document', documentId);
  if (!doc || !postsToLedger(doc.type, doc.status)) {
    await setEntry(tx, tenantId, documentId, null);
    return null;
  }
  const kind = doc.type === 'bill' ? 'expense' : 'income';
  const lines = await rows<{ id: number; total: string; cat_id: number | null; cat_name: string | null; cat_type: string | null }>(
    tx,
    sql`select di.id::int as id, di.total::text as total, c.id::int as cat_id, c.name as cat_name, c.type as cat_type
          from ${documentItems} di
          left join ${items} i on i.tenant_id = di.tenant_id and i.id = di.item_id
          left join ${categories} c on c.tenant_id = di.tenant_id and c.id = i.category_id
         where di.tenant_id = ${tenantId} and di.document_id = ${documentId}
         order by di.position, di.id`,
  );
  const lineTaxes = await tx
    .select({ itemId: documentItemTaxes.documentItemId, taxId: documentItemTaxes.taxId, name: documentItemTaxes.name, amount: documentItemTaxes.amount })
    .from(documentItemTaxes)
    .where(and(eq(documentItemTaxes.tenantId, tenantId), eq(documentItemTaxes.documentId, documentId)));

  let docCategory: { id: number; name: string } | null = null;
  if (doc.categoryId) {
    const [c] = await tx
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(and(eq(categories.tenantId, tenantId), eq(categories.id, doc.categoryId)));
    docCategory = c ?? null;
  }

  // amounts per ledger account, as the seller sees them (credit positive); a bill flips the signs
  const credit = new Map<number, string>();
  const addTo = (account: number, amount: string) => credit.set(account, add(credit.get(account) ?? '0', amount));
  const accountOf = new Map<string, number>();
  for (const l of lines) {
    const category = docCategory ?? (l.cat_id && l.cat_type === kind ? { id: l.cat_id, name: l.cat_name! } : null);
    const key = String(category?.id ?? '');
    if (!accountOf.has(key)) accountOf.set(key, await categoryLedgerAccount(tx, tenantId, kind, category));
    const own = lineTaxes.filter((t) => t.itemId === l.id);
    addTo(accountOf.get(key)!, add(l.total, ...own.map((t) => negate(t.amount))));
  }
  const taxAccount = new Map<number, number>();
  for (const t of lineTaxes) {
    if (!taxAccount.has(t.taxId)) taxAccount.set(t.taxId, await taxLedgerAccount(tx, tenantId, { id: t.taxId, name: t.name }));
    addTo(taxAccount.get(t.taxId)!, t.amount);
  }
  const sign = (v: string) => (doc.type === 'bill' ? v : negate(v));
  const control = await systemAccount(tx, tenantId, doc.type === 'bill' ? 'payables' : 'receivables');
  const posting: PostingLine[] = [
    { ledgerAccountId: control, currencyCode: doc.currencyCode, amount: doc.type === 'bill' ? negate(doc.total) : doc.total, rate: doc.rate, contactId: doc.contactId },
    ...[...credit].map(([account, amount]) => ({ ledgerAccountId: account, currencyCode: doc.currencyCode, amount: sign(amount), rate: doc.rate, contactId: doc.contactId })),
  ];
  const entry = await post(tx, tenantId, {
    date: doc.issuedAt,
    description: `${TYPE_LABEL[doc.type]} ${doc.number}`,
    sourceType: 'document',
    sourceId: documentId,
    lines: posting,
  });
  await setEntry(tx, tenantId, documentId, entry);
  return entry;
}

async function setEntry(tx: Tx, tenantId: number, documentId: number, entry: number | null) {
  await tx.update(documents).set({ journalEntryId: entry }).where(and(eq(documents.tenantId, tenantId), eq(documents.id, documentId)));
}

// ------------------------------------------------------------------ statuses

/**
 * Moves a document to a status (no check of MANUAL_TRANSITIONS: update-status checks those;
 * the system's own moves — sent by mail, viewed, approved or refused on the public page,
 * partial and paid by payments, converted — come here too). Issuing posts the invoice or
 * bill, cancelling or going back to draft reverses it; a document with payments cannot be
 * cancelled or sent back to draft. Records the change on the timeline. Answers the status.
 *
 * The system's moves never go backwards: `sent` only follows `draft` and `viewed` only follows
 * `sent` (mailing a partly paid invoice, or opening an approved estimate's link, keeps its
 * status and answers it unchanged) — except `followsPayments`, syncPaymentStatus's own moves.
 */
export async function changeStatus(
  tx: Tx,
  tenantId: number,
  document: { id: number; type: DocumentType; status: string },
  to: string,
  userId: number | null = null,
  opts: { description?: string; historyType?: HistoryType; followsPayments?: boolean } = {},
): Promise<string> {
  if (!isStatusOf(document.type, to)) throw fieldError('status', 'The selected status is invalid.');
  const [fresh] = await tx
    .select({ status: documents.status, contactId: documents.contactId })
    .from(documents)
    .where(and(eq(documents.tenantId, tenantId), eq(documents.id, document.id)));
  if (!fresh) throw notFound('Document');
  const from = fresh.status;
  if (from === to) return to;
  if (!opts.followsPayments && ((to === 'sent' && from !== 'draft') || (to === 'viewed' && from !== 'sent'))) {
    document.status = from;
    return from;
  }
  if ((to === 'cancelled' || to === 'draft') && (await hasPayments(tx, tenantId, document.id))) {
    throw fieldError('status', `A ${document.type} with payments cannot be ${to === 'draft' ? 'sent back to draft' : 'cancelled'}: delete its payments first.`);
  }
  const values: Partial<typeof documents.$inferInsert> = { status: to, updatedAt: sql`now()` as unknown as string };
  if (to === 'sent') values.sentAt = sql`coalesce(${documents.sentAt}, now())` as unknown as string;
  // issuing copies the contact as it is now
  if (from === 'draft') {
    const c = await contactSnapshot(tx, tenantId, fresh.contactId);
    if (c) {
      Object.assign(values, {
        contactName: c.values.contact_name,
        contactEmail: c.values.contact_email,
        contactTaxNumber: c.values.contact_tax_number,
        contactPhone: c.values.contact_phone,
        contactAddress: c.values.contact_address,
      });
    }
  }
  await tx.update(documents).set(values).where(and(eq(documents.tenantId, tenantId), eq(documents.id, document.id)));
  if (postsToLedger(document.type, from) !== postsToLedger(document.type, to)) await postDocument(tx, tenantId, document.id);
  await recordHistory(tx, tenantId, document.id, {
    type: opts.historyType ?? 'status',
    status: to,
    description: opts.description ?? `${TYPE_LABEL[document.type]} marked as ${to}.`,
    userId,
  });
  document.status = to;
  return to;
}

/** POST update-status: only what MANUAL_TRANSITIONS allows from the current status. */
export async function requestStatus(tx: Tx, tenantId: number, doc: DocumentRecord, to: string, userId: number | null) {
  if (!isStatusOf(doc.type, to)) throw fieldError('status', 'The selected status is invalid.');
  const allowed = (MANUAL_TRANSITIONS[doc.type] as Record<string, readonly string[] | undefined>)[doc.status] ?? [];
  if (!allowed.includes(to)) {
    throw fieldError('status', `${article(doc.type)} ${doc.type} that is ${doc.status} cannot be marked as ${to}.`);
  }
  return changeStatus(tx, tenantId, doc, to, userId);
}
const article = (type: DocumentType) => (type === 'invoice' || type === 'estimate' ? 'An' : 'A');

async function hasPayments(tx: Tx, tenantId: number, documentId: number) {
  const [hit] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.documentId, documentId)))
    .limit(1);
  return !!hit;
}

/**
 * After payments change (or the total does): paid when nothing is due, partial when part is
 * paid, and back to the issued status (sent, viewed, received) it had before when nothing is.
 */
export async function syncPaymentStatus(tx: Tx, tenantId: number, documentId: number, userId: number | null) {
  const doc = await findDocument(tx, tenantId, documentId);
  if (!postsToLedger(doc.type, doc.status)) return doc.status;
  let to: string;
  if (isZero(doc.amount_paid)) {
    if (doc.status !== 'partial' && doc.status !== 'paid') return doc.status;
    const [before] = await tx
      .select({ status: documentHistories.status })
      .from(documentHistories)
      .where(
        and(
          eq(documentHistories.tenantId, tenantId),
          eq(documentHistories.documentId, documentId),
          inArray(documentHistories.status, ['sent', 'viewed', 'received']),
        ),
      )
      .orderBy(desc(documentHistories.id))
      .limit(1);
    to = before?.status ?? (doc.type === 'bill' ? 'received' : 'sent');
  } else {
    to = compare(doc.amount_paid, doc.total) >= 0 ? 'paid' : 'partial';
  }
  if (to === doc.status) return to;
  return changeStatus(tx, tenantId, doc, to, userId, { followsPayments: true });
}

// ------------------------------------------------------------------ payments

const trim = (amount: string, precision: number) => {
  const r = roundTo(amount, precision);
  return precision > 0 ? r.slice(0, r.length - (4 - precision)) : r.slice(0, r.indexOf('.'));
};

export interface PaymentData {
  bank_account_id: number;
  paid_at: string;
  amount: string;
  currency_rate?: string;
  payment_method?: string | null;
  reference?: string | null;
  description?: string | null;
}

/**
 * Records a payment of an issued invoice or bill: a transaction (income for an invoice, expense
 * for a bill) of the document's contact, in the bank account's currency, with document_id.
 * It posts Dr bank / Cr Accounts receivable (a bill: Dr Accounts payable / Cr bank). When the
 * account's currency is not the document's, the amount converts at the payment's rate (given,
 * or the currency's rate of the day) and the document's rate, and each currency balances
 * through Currency trading. Moves the status to partial or paid. Answers the transaction id.
 */
export async function recordPayment(tx: Tx, tenantId: number, given: DocumentRecord, input: PaymentData, userId: number | null): Promise<number> {
  // one payment of a document at a time: two at once could both fit in what is due
  await tx.execute(sql`select 1 from ${documents} where tenant_id = ${tenantId} and id = ${given.id} for update`);
  const doc = await findDocument(tx, tenantId, given.id);
  if (!acceptsPayment(doc.type, doc.status)) {
    throw fieldError('amount', `A payment can be recorded only for ${doc.type === 'bill' ? 'a received, unpaid bill' : 'a sent, unpaid invoice'}.`);
  }
  const account = await findAccount(tx, tenantId, input.bank_account_id);
  if (input.payment_method) {
    const [m] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.tenantId, tenantId), eq(paymentMethods.code, input.payment_method)));
    if (!m) throw fieldError('payment_method', 'The selected payment method is invalid.');
  }
  const accountCurrency = await currencyByCode(tx, tenantId, account.currencyCode);
  const docCurrency = await currencyByCode(tx, tenantId, doc.currency_code);
  const rate = input.currency_rate ?? accountCurrency!.rate;
  const same = account.currencyCode === doc.currency_code;
  const amount = roundTo(input.amount, accountCurrency!.precision);
  if (compare(amount, input.amount) !== 0) {
    throw fieldError('amount', `The amount may have at most ${accountCurrency!.precision} decimal places in ${account.currencyCode}.`);
  }
  const docAmount = same ? amount : convert(amount, rate, doc.currency_rate, docCurrency!.precision);
  if (isZero(docAmount)) throw fieldError('amount', 'The amount must be greater than 0.');
  if (compare(docAmount, doc.amount_due) > 0) {
    throw fieldError('amount', `The amount may not be greater than the amount due (${trim(doc.amount_due, docCurrency!.precision)} ${doc.currency_code}).`);
  }

  const kind = doc.type === 'bill' ? 'expense' : 'income';
  let categoryId: number | null = null;
  if (doc.category_id) categoryId = doc.category_id; // validated as the document's kind when saved
  const [made] = await tx
    .insert(transactions)
    .values({
      tenantId,
      type: kind,
      number: await nextTransactionNumber(tx, tenantId),
      bankAccountId: account.id,
      paidAt: input.paid_at,
      amount,
      currencyCode: account.currencyCode,
      currencyRate: rate,
      contactId: doc.contact_id,
      categoryId,
      paymentMethod: input.payment_method ?? null,
      reference: input.reference ?? null,
      description: input.description ?? `Payment of ${TYPE_LABEL[doc.type].toLowerCase()} ${doc.document_number}`,
      documentId: doc.id,
    })
    .returning({ id: transactions.id, number: transactions.number });

  const bank = await bankLedgerAccount(tx, tenantId, account);
  const control = await systemAccount(tx, tenantId, doc.type === 'bill' ? 'payables' : 'receivables');
  // as for an invoice (money in); a bill flips every sign
  const s = (v: string) => (doc.type === 'bill' ? negate(v) : v);
  const lines: PostingLine[] = [
    { ledgerAccountId: bank, currencyCode: account.currencyCode, amount: s(amount), rate },
    { ledgerAccountId: control, currencyCode: doc.currency_code, amount: s(negate(docAmount)), rate: same ? rate : doc.currency_rate, contactId: doc.contact_id },
  ];
  if (!same) {
    const trading = await systemAccount(tx, tenantId, 'currency_trading');
    lines.push(
      { ledgerAccountId: trading, currencyCode: account.currencyCode, amount: s(negate(amount)), rate },
      { ledgerAccountId: trading, currencyCode: doc.currency_code, amount: s(docAmount), rate: doc.currency_rate },
    );
  }
  const entry = await post(tx, tenantId, {
    date: input.paid_at,
    description: `Payment ${made.number} of ${TYPE_LABEL[doc.type].toLowerCase()} ${doc.document_number}`,
    sourceType: 'transaction',
    sourceId: made.id,
    lines,
  });
  await tx.update(transactions).set({ journalEntryId: entry }).where(and(eq(transactions.tenantId, tenantId), eq(transactions.id, made.id)));
  await recordHistory(tx, tenantId, doc.id, {
    type: 'payment',
    description: `Payment ${made.number} of ${trim(amount, accountCurrency!.precision)} ${account.currencyCode} recorded.`,
    userId,
  });
  await syncPaymentStatus(tx, tenantId, doc.id, userId);
  return made.id;
}

/** Deletes one payment of a document: reverses its entry, removes the transaction, moves the status back. */
export async function deletePayment(tx: Tx, tenantId: number, doc: DocumentRecord, transactionId: number, userId: number | null) {
  const [t] = await tx
    .select({ id: transactions.id, number: transactions.number, amount: transactions.amount, currencyCode: transactions.currencyCode })
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.id, transactionId), eq(transactions.documentId, doc.id)));
  if (!t) throw notFound('Payment');
  await unpost(tx, tenantId, 'transaction', t.id);
  await tx.delete(transactions).where(and(eq(transactions.tenantId, tenantId), eq(transactions.id, t.id)));
  const c = await currencyByCode(tx, tenantId, t.currencyCode);
  await recordHistory(tx, tenantId, doc.id, {
    type: 'payment',
    description: `Payment ${t.number} of ${trim(t.amount, c?.precision ?? 2)} ${t.currencyCode} deleted.`,
    userId,
  });
  await syncPaymentStatus(tx, tenantId, doc.id, userId);
}

// ------------------------------------------------------------------ estimates

/**
 * An approved estimate becomes a new draft invoice: its lines and figures copied, a new
 * invoice number, issued today, parent_id pointing at the estimate; the estimate is converted.
 * Answers the invoice id.
 */
export async function generateInvoice(tx: Tx, tenantId: number, estimate: DocumentRecord, userId: number | null): Promise<number> {
  if (estimate.type !== 'estimate') throw fieldError('type', 'Only an estimate can be turned into an invoice.');
  if (estimate.status !== 'approved') throw fieldError('status', 'Only an approved estimate can be turned into an invoice.');
  const [src] = await tx
    .select()
    .from(documents)
    .where(and(eq(documents.tenantId, tenantId), eq(documents.id, estimate.id)));
  const today = await tenantToday(tx, tenantId);
  const terms = (await accountingSetting(tx, tenantId, 'invoices')).payment_terms;
  const contact = await contactSnapshot(tx, tenantId, src.contactId);
  const { id: _id, createdAt: _c, updatedAt: _u, journalEntryId: _j, sentAt: _s, ...copy } = src;
  const [invoice] = await tx
    .insert(documents)
    .values({
      ...copy,
      ...(contact
        ? {
            contactName: contact.values.contact_name,
            contactEmail: contact.values.contact_email,
            contactTaxNumber: contact.values.contact_tax_number,
            contactPhone: contact.values.contact_phone,
            contactAddress: contact.values.contact_address,
          }
        : {}),
      type: 'invoice',
      documentNumber: await nextDocumentNumber(tx, tenantId, 'invoice'),
      status: 'draft',
      issuedAt: today,
      dueAt: addDays(today, terms),
      parentId: estimate.id,
      createdBy: userId,
    })
    .returning({ id: documents.id, number: documents.documentNumber });
  const full = await loadDocument(tx, tenantId, estimate.id, today);
  await writeLines(
    tx,
    tenantId,
    invoice.id,
    full.items.map((l) => ({
      itemId: l.item_id,
      name: l.name,
      description: l.description,
      quantity: l.quantity,
      price: l.price,
      discountType: l.discount_type,
      discountRate: l.discount_rate,
      subTotal: l.sub_total,
      discount: l.discount,
      taxTotal: l.tax_total,
      total: l.total,
      position: l.position,
      taxes: l.taxes.map((t) => ({ taxId: t.tax_id, name: t.name, rate: t.rate, type: t.type, amount: t.amount })),
    })),
  );
  await recordHistory(tx, tenantId, invoice.id, { type: 'created', status: 'draft', description: `Invoice ${invoice.number} created from estimate ${estimate.document_number}.`, userId });
  await changeStatus(tx, tenantId, estimate, 'converted', userId, {
    description: `Estimate converted to invoice ${invoice.number}.`,
    historyType: 'converted',
  });
  return invoice.id;
}

/** Deleting: drafts and cancelled invoices and bills (issued ones are cancelled first); estimates unless converted. */
export function assertDeletable(doc: { type: DocumentType; status: string }) {
  if (doc.type === 'estimate') {
    if (doc.status === 'converted') throw fieldError('id', 'A converted estimate cannot be deleted.');
    return;
  }
  if (doc.status !== 'draft' && doc.status !== 'cancelled') {
    throw fieldError('id', `Only draft or cancelled ${AREA[doc.type]} can be deleted: cancel it first.`);
  }
}

export { DOCUMENT_STATUSES };
