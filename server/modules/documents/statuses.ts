import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { isStatusOf, MANUAL_TRANSITIONS, postsToLedger, type DocumentType } from '../../../common/documents/status.js';
import { compare, isZero } from '../../../common/money.js';
import type { Tx } from '../../db/client.js';
import { fieldError, notFound } from '../../http/errors.js';
import { transactions } from '../banking/schema.js';
import { notifyMembersWhoMay } from '../notifications/service.js';
import { documentHistories, documents } from './schema.js';
import { contactSnapshot } from './contact-copy.js';
import { type DocumentRecord, TYPE_LABEL } from './fields.js';
import { postDocument } from './posting.js';
import { findDocument } from './reading.js';
import { type HistoryType, recordHistory } from './timeline.js';

// Status changes: issuing posts, cancelling or going back to draft reverses; payments move partial/paid.

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
  const changed = await changeStatus(tx, tenantId, doc, to, userId, { followsPayments: true });
  if (to === 'paid' && doc.type === 'invoice') {
    // everyone who looks after invoices hears of it, but whoever recorded the payment
    await notifyMembersWhoMay(
      tx,
      tenantId,
      'invoices.view',
      {
        type: 'invoice.paid',
        title: `Invoice ${doc.document_number} paid`,
        body: `${doc.contact_name} has paid invoice ${doc.document_number} in full (${doc.total} ${doc.currency_code}).`,
        url: `/sales/invoices/${documentId}`,
        data: { document_id: documentId },
      },
      userId,
    );
  }
  return changed;
}
