import type { DocumentType } from '../documents/status.js';
import type { DocumentDetails } from '../documents/types.js';

// The document as every answer about it carries it (GET /accounting/documents/json rows and the
// head of every other answer). The server's documentFields are checked against it
// (server/modules/documents/fields.ts), its services read it (DocumentRecord) and the PDF reads
// part of it (server/modules/documents/pdf.ts); the pages read it through web/store/documents-api.ts.

export type DocumentRow = {
  id: number;
  type: DocumentType;
  document_number: string;
  order_number: string | null;
  status: string;
  issued_at: string;
  due_at: string | null;
  currency_code: string;
  currency_rate: string;
  contact_id: number;
  contact_name: string;
  contact_email: string | null;
  contact_tax_number: string | null;
  contact_phone: string | null;
  contact_address: string | null;
  category_id: number | null;
  discount_type: 'percent' | 'amount' | null;
  discount_rate: string | null;
  sub_total: string;
  discount_total: string;
  tax_total: string;
  total: string;
  /** the total in the default currency (total / rate, the default's precision) */
  total_default: string;
  /** read from the ledger, in the document's currency */
  amount_paid: string;
  amount_due: string;
  title: string | null;
  notes: string | null;
  footer: string | null;
  parent_id: number | null;
  sent_at: string | null;
  created_by: number | null;
  /** issued, unpaid and past its due date (never stored: a list attaches it) */
  overdue: boolean;
  created_at: string;
  updated_at: string;
};

/** GET /accounting/documents/get-document/{id}: the document with its lines, totals, payments and what may come next. */
export type FullDocument = DocumentRow & DocumentDetails;
