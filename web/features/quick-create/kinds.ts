import { categorySchema, type CategoryType } from '@common/schemas/accounting-settings';
import { contactSchema, itemSchema, TAX_TYPES, taxSchema } from '@common/schemas/accounting';
import { bankAccountSchema } from '@common/schemas/banking';
import type { QuickCreate } from '@/components/form/QuickCreate';

/**
 * What every picker's "+ New …" makes, declared once per kind (decision 0023-forms): the small
 * form shown in the modal, and the endpoint the record is created through. A picker passes one
 * of these as `create`; the kit (SelectField, QuickCreateDialog) does the rest.
 */

/** A customer or a vendor: a name and an email; the currency is the company's. */
export const contactCreate = (type: 'customer' | 'vendor'): QuickCreate => ({
  noun: type,
  url: '/accounting/contacts/store',
  schema: contactSchema,
  fields: [
    { name: 'name', label: 'Name', required: true },
    { name: 'email', label: 'Email', kind: 'email' },
  ],
  initial: { type },
  tag: 'Contact',
});

export const CUSTOMER = contactCreate('customer');
export const VENDOR = contactCreate('vendor');

/** An item: its name and the price the document uses (sale or purchase). */
export const itemCreate = (priceOf: 'sale' | 'purchase'): QuickCreate => ({
  noun: 'item',
  url: '/sales/items/store',
  schema: itemSchema,
  fields: [
    { name: 'name', label: 'Name', required: true },
    priceOf === 'sale' ? { name: 'sale_price', label: 'Sale price', kind: 'decimal' } : { name: 'purchase_price', label: 'Purchase price', kind: 'decimal' },
  ],
  tag: 'Item',
});

const CATEGORY_NOUN: Record<CategoryType, string> = { income: 'income category', expense: 'expense category', item: 'item category', other: 'category' };

/** A category of the type the picker offers (income on invoices, expense on bills…). */
export const categoryCreate = (type: CategoryType): QuickCreate => ({
  noun: CATEGORY_NOUN[type],
  url: '/settings/accounting/categories/store',
  schema: categorySchema,
  fields: [{ name: 'name', label: 'Name', required: true }],
  initial: { type },
  tag: 'Category',
});

const TAX_TYPE_LABELS: Record<(typeof TAX_TYPES)[number], string> = {
  normal: 'Normal',
  inclusive: 'Inclusive',
  compound: 'Compound',
  fixed: 'Fixed (per unit)',
  withholding: 'Withholding',
};

/** A tax: name, rate and type. */
export const TAX: QuickCreate = {
  noun: 'tax',
  url: '/settings/accounting/taxes/store',
  schema: taxSchema,
  fields: [
    { name: 'name', label: 'Name', required: true },
    { name: 'rate', label: 'Rate', kind: 'decimal', required: true, hint: 'A percent, or an amount per unit for a fixed tax.' },
    { name: 'type', label: 'Type', kind: 'select', required: true, options: TAX_TYPES.map((t) => ({ value: t, label: TAX_TYPE_LABELS[t] })) },
  ],
  tag: 'Tax',
};

/** A bank or cash account in `currency` (the company's by default), opening at zero. */
export const accountCreate = (currency: string): QuickCreate => ({
  noun: 'account',
  url: '/banking/accounts/store',
  schema: bankAccountSchema,
  fields: [
    { name: 'name', label: 'Name', required: true },
    { name: 'number', label: 'Number', required: true, hint: 'The account number, or "Cash".' },
  ],
  initial: { currency_code: currency, opening_balance: '0' },
  tag: 'BankAccount',
});
