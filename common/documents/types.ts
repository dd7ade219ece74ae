// What GET /accounting/documents/get-document/{id} answers besides the document's own fields:
// the server builds it (server/modules/documents/service.ts loadDocument), the pages read it
// (web/store/documents-api.ts).

/** A tax of one line, as it was applied. */
export type DocumentLineTax = { tax_id: number; name: string; rate: string; type: string; amount: string };

export type DocumentLine = {
  id: number;
  item_id: number | null;
  name: string;
  description: string | null;
  quantity: string;
  price: string;
  discount_type: 'percent' | 'amount' | null;
  discount_rate: string | null;
  sub_total: string;
  discount: string;
  tax_total: string;
  total: string;
  position: number;
  taxes: DocumentLineTax[];
};

/** A payment of an invoice or bill: a bank transaction pointing at the document. */
export type DocumentPayment = {
  id: number;
  number: string;
  paid_at: string;
  bank_account_id: number;
  account_name: string;
  amount: string;
  currency_code: string;
  currency_rate: string;
  payment_method: string | null;
  reference: string | null;
  description: string | null;
};

/** The parts of a full document beyond its record. */
export type DocumentDetails = {
  overdue: boolean;
  items: DocumentLine[];
  totals: {
    sub_total: string;
    discount_total: string;
    taxes: (DocumentLineTax & { included: boolean })[];
    tax_total: string;
    total: string;
  };
  payments: DocumentPayment[];
  /** what update-status accepts from the current status */
  allowed_statuses: string[];
  /** an estimate: the invoice made from it */
  converted_invoice_id: number | null;
};
