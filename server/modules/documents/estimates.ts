import { and, eq } from 'drizzle-orm';
import type { DocumentType } from '../../../common/documents/status.js';
import type { Tx } from '../../db/client.js';
import { fieldError } from '../../http/errors.js';
import { accountingSetting } from '../accounting-settings/service.js';
import { documents } from './schema.js';
import { contactSnapshot } from './contact-copy.js';
import { AREA, type DocumentRecord } from './fields.js';
import { nextDocumentNumber } from './numbering.js';
import { loadDocument, tenantToday } from './reading.js';
import { addDays, writeLines } from './saving.js';
import { changeStatus } from './statuses.js';
import { recordHistory } from './timeline.js';

// Estimates turned into invoices, and which documents may be deleted.

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
