import type { DocumentRow, FullDocument } from '../../../common/answers/documents.js';
import { sql, type SQL } from 'drizzle-orm';
import type { DocumentType } from '../../../common/documents/status.js';
import { isoTimestamp as ts, qualified as q } from '../../db/sql.js';
import { answerFields } from '../../http/answer-fields.js';
import { currencies } from '../accounting/schema.js';
import { transactions } from '../banking/schema.js';
import { ledgerAccounts } from '../ledger/schema.js';
import { documents } from './schema.js';

/**
 * What every answer about a document carries (docs/decisions/0011-documents.md): the type's
 * label and permission area, the answer's fields (amount paid and due read from the ledger)
 * and the record they make.
 */

export type Row = Record<string, unknown>;

export const TYPE_LABEL: Record<DocumentType, string> = { invoice: 'Invoice', bill: 'Bill', estimate: 'Estimate' };
/** the permission area of each type */
export const AREA = { invoice: 'invoices', bill: 'bills', estimate: 'estimates' } as const satisfies Record<DocumentType, string>;

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

/** The fields of every document answer (lists, single reads, writes), in answer order; `overdue` is attached after. */
export const documentFields = answerFields<DocumentRow, 'overdue'>()({
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
  sent_at: ts(documents.sentAt) as SQL<string | null>,
  created_by: documents.createdBy,
  created_at: ts(documents.createdAt),
  updated_at: ts(documents.updatedAt),
});

/** A document's record as the services read it: every answer field but the attached `overdue`. */
export type DocumentRecord = Omit<DocumentRow, 'overdue'>;

export type { FullDocument };
