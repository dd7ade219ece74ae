import type { CONTACT_TYPES, TAX_TYPES } from '../schemas/accounting.js';
import type { CategoryType } from '../schemas/accounting-settings.js';

// The rows the accounting resources answer (lists, single reads, writes). The server's answer
// fields are checked against these types (answerFields in server/http/answer-fields.ts), so a
// field added, dropped or retyped on one side fails the type check of the other.

type Stamps = { created_at: string; updated_at: string };

export type TaxType = (typeof TAX_TYPES)[number];

/** /settings/accounting/taxes; the rate is a number (12.5), a fixed tax's is an amount per item. */
export type TaxRow = Stamps & { id: number; name: string; rate: number; type: TaxType; enabled: boolean };

/** A tax an item carries, as the item's answer lists it. */
export type ItemTax = { id: number; name: string; rate: string };

/** /sales/items; prices are decimal strings ("24.9900"). */
export type ItemRow = Stamps & {
  id: number;
  name: string;
  description: string | null;
  sale_price: string | null;
  purchase_price: string | null;
  category_id: number | null;
  category: { id: number; name: string; color: string } | null;
  /** attached to every answer in one query for the whole page */
  taxes: ItemTax[];
  enabled: boolean;
};

export type ContactType = (typeof CONTACT_TYPES)[number];

/** /accounting/contacts: a customer or vendor. */
export type ContactRow = Stamps & {
  id: number;
  type: ContactType;
  name: string;
  email: string | null;
  phone: string | null;
  tax_number: string | null;
  currency_code: string;
  website: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  reference: string | null;
  enabled: boolean;
  /** what is open on the receivables (customer) or payables (vendor) account for them, in the default currency */
  balance: string;
};

/** /settings/accounting/currencies */
export type CurrencyRow = Stamps & {
  id: number;
  code: string;
  name: string;
  /** exact decimal text against the default currency ("129.5") */
  rate: string;
  precision: number;
  symbol: string;
  symbol_first: boolean;
  decimal_mark: string;
  thousands_separator: string;
  is_default: boolean;
  enabled: boolean;
};

/** /settings/accounting/categories; nested one level (parent_name read with the row). */
export type CategoryRow = Stamps & { id: number; name: string; type: CategoryType; color: string; parent_id: number | null; parent_name: string | null; enabled: boolean };

/** /settings/accounting/offline-payments */
export type PaymentMethodRow = Stamps & { id: number; name: string; code: string; instructions: string | null; position: number; enabled: boolean };
