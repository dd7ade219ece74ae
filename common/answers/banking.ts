import type { TRANSACTION_TYPES } from '../schemas/banking.js';

// The rows the banking resources answer (lists, single reads, writes). The server's answer fields
// are checked against these types (answerFields in server/http/answer-fields.ts); the ledger
// postings read a part of them (server/modules/banking/service.ts).

type Stamps = { created_at: string; updated_at: string };

/** /banking/accounts; current_balance comes from the ledger, never stored. */
export type BankAccountRow = Stamps & {
  id: number;
  name: string;
  number: string;
  currency_code: string;
  opening_balance: string;
  opening_date: string;
  current_balance: string;
  bank_name: string | null;
  bank_phone: string | null;
  bank_address: string | null;
  enabled: boolean;
};

export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** /banking/transactions */
export type TransactionRow = Stamps & {
  id: number;
  number: string;
  type: TransactionType;
  bank_account_id: number;
  account_name: string;
  paid_at: string;
  amount: string;
  currency_code: string;
  currency_rate: string;
  /** the amount in the default currency */
  amount_default: string;
  contact_id: number | null;
  contact_name: string | null;
  category_id: number | null;
  category_name: string | null;
  category_color: string | null;
  payment_method: string | null;
  reference: string | null;
  description: string | null;
  /** a payment of an invoice or bill: the document (it changes only from there) */
  document_id: number | null;
};

/** /banking/transfers */
export type TransferRow = Stamps & {
  id: number;
  from_account_id: number;
  from_account_name: string;
  from_currency: string;
  to_account_id: number;
  to_account_name: string;
  to_currency: string;
  transferred_at: string;
  amount: string;
  from_rate: string;
  to_amount: string;
  to_rate: string;
  amount_default: string;
  payment_method: string | null;
  reference: string | null;
  description: string | null;
};
