import type { DocumentLine, DocumentLineTax } from '../../../common/documents/types.js';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { isOverdue, MANUAL_TRANSITIONS } from '../../../common/documents/status.js';
import { add } from '../../../common/money.js';
import type { Tx } from '../../db/client.js';
import { qualified as q } from '../../db/sql.js';
import { notFound } from '../../http/errors.js';
import { bankAccounts, transactions } from '../banking/schema.js';
import { tenants } from '../../db/tenant-table.js';
import { documentItems, documentItemTaxes, documents } from './schema.js';
import { type DocumentRecord, type FullDocument, documentFields } from './fields.js';

// Reading documents: one record, or the full document with its lines, taxes and payments.

/** Today in the tenant's time zone (YYYY-MM-DD). */
export function todayIn(timezone: string | null | undefined): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timezone || 'UTC' }).format(new Date());
  } catch {
    return new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' }).format(new Date());
  }
}

export async function tenantToday(tx: Tx, tenantId: number): Promise<string> {
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
