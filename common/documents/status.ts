/**
 * Statuses of sales and purchase documents and the transitions a user may ask for with
 * POST /accounting/documents/update-status/{id} (SPEC §4: "document status is changed
 * through a status call"). Shared by the server, which answers 422 to anything else, and
 * the Show pages, which only offer what is allowed.
 *
 * Some transitions are made by the system, not asked for: `partial` and `paid` follow
 * recorded payments, `viewed` follows the customer opening the public link, `converted`
 * follows generate-invoice. `overdue` is never stored: an invoice or bill that is issued,
 * not paid and past its due date is shown overdue (isOverdue).
 */
export type DocumentType = 'invoice' | 'bill' | 'estimate';

export const DOCUMENT_STATUSES = {
  invoice: ['draft', 'sent', 'viewed', 'partial', 'paid', 'cancelled'],
  bill: ['draft', 'received', 'partial', 'paid', 'cancelled'],
  estimate: ['draft', 'sent', 'viewed', 'approved', 'refused', 'converted'],
} as const satisfies Record<DocumentType, readonly string[]>;

export type DocumentStatus<T extends DocumentType = DocumentType> = (typeof DOCUMENT_STATUSES)[T][number];

/** What update-status accepts from each status. */
export const MANUAL_TRANSITIONS: { [T in DocumentType]: Partial<Record<DocumentStatus<T>, readonly DocumentStatus<T>[]>> } = {
  invoice: {
    draft: ['sent', 'cancelled'],
    sent: ['cancelled'],
    viewed: ['cancelled'],
    partial: [],
    paid: [],
    cancelled: ['draft'],
  },
  bill: {
    draft: ['received', 'cancelled'],
    received: ['cancelled'],
    partial: [],
    paid: [],
    cancelled: ['draft'],
  },
  estimate: {
    draft: ['sent'],
    sent: ['approved', 'refused'],
    viewed: ['approved', 'refused'],
    approved: ['refused'],
    refused: ['approved'],
    converted: [],
  },
};

export function canTransition(type: DocumentType, from: string, to: string): boolean {
  const allowed = (MANUAL_TRANSITIONS[type] as Record<string, readonly string[] | undefined>)[from];
  return !!allowed?.includes(to);
}

export function isStatusOf(type: DocumentType, status: string): boolean {
  return (DOCUMENT_STATUSES[type] as readonly string[]).includes(status);
}

/** Issued documents post to the ledger: invoices once sent, bills once received, until cancelled. Estimates never post. */
export function postsToLedger(type: DocumentType, status: string): boolean {
  if (type === 'estimate') return false;
  return status !== 'draft' && status !== 'cancelled';
}

/** Payments may be recorded against an issued invoice or bill that is not fully paid. */
export function acceptsPayment(type: DocumentType, status: string): boolean {
  return postsToLedger(type, status) && status !== 'paid';
}

/** An issued, unpaid invoice or bill past its due date (dates as YYYY-MM-DD, today in the tenant's zone). */
export function isOverdue(type: DocumentType, status: string, dueAt: string | null, today: string): boolean {
  return acceptsPayment(type, status) && !!dueAt && dueAt < today;
}
