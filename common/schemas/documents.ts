import { z } from 'zod';
import { DOCUMENT_STATUSES, type DocumentType } from '../documents/status.js';
import { currencyCode, decimal, isoDate, optionalText, recordId } from './fields.js';

export { DOCUMENT_STATUSES };
export const DOCUMENT_TYPES = ['invoice', 'bill', 'estimate'] as const satisfies readonly DocumentType[];
export const DISCOUNT_TYPES = ['percent', 'amount'] as const;

/** Which contacts a document type is for. */
export const CONTACT_TYPE_OF: Record<DocumentType, 'customer' | 'vendor'> = { invoice: 'customer', estimate: 'customer', bill: 'vendor' };

const discountFields = {
  discount_type: z.enum(DISCOUNT_TYPES).nullish(),
  discount_rate: decimal({ label: 'discount', min: 'zero' }).nullish(),
};
const PERCENT_OVER = 'A percent discount must be at most 100.';

/** A line: from an item (item_id, its name and price copied but editable) or free text. */
export const documentLineSchema = z
  .object({
    item_id: recordId('item').nullish(),
    name: z.string({ error: 'The name field is required.' }).trim().min(1, 'The name field is required.').max(255),
    description: optionalText(2000),
    quantity: decimal({ label: 'quantity' }),
    price: decimal({ label: 'price', min: 'zero' }),
    ...discountFields,
    tax_ids: z.array(recordId('tax')).max(10).default([]),
  })
  .refine((l) => l.discount_type !== 'percent' || !l.discount_rate || Number(l.discount_rate) <= 100, {
    path: ['discount_rate'],
    error: PERCENT_OVER,
  });

/** A refinement's `when`: run it when none of `fields` has an issue (other fields may have). */
const passed =
  (...fields: string[]) =>
  ({ issues }: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    !issues.some((i) => fields.includes(String(i.path?.[0])));

/**
 * Invoices, bills and estimates (POST /accounting/documents/store, PUT …/update/{id}).
 * Left out, the server fills in: document_number (the type's sequence), due_at (issue date
 * + payment terms), currency_code (the contact's), currency_rate (the currency's rate).
 */
export const documentSchema = z
  .object({
    type: z.enum(DOCUMENT_TYPES),
    contact_id: recordId('contact'),
    document_number: optionalText(50),
    order_number: optionalText(100),
    issued_at: isoDate('issued at'),
    due_at: isoDate('due at').nullish(),
    currency_code: currencyCode().optional(),
    currency_rate: decimal({ label: 'currency rate', scale: 8 }).optional(),
    category_id: recordId('category').nullish(),
    ...discountFields,
    title: optionalText(255),
    notes: optionalText(5000),
    footer: optionalText(5000),
    items: z.array(documentLineSchema).min(1, 'A document needs at least one line.').max(500),
  })
  // checked even when other fields failed (every error in one answer), once the fields they read passed
  .refine((d) => !d.due_at || d.due_at >= d.issued_at, {
    path: ['due_at'],
    error: 'The due at field must be a date after or equal to issued at.',
    when: passed('issued_at', 'due_at'),
  })
  .refine((d) => d.discount_type !== 'percent' || !d.discount_rate || Number(d.discount_rate) <= 100, {
    path: ['discount_rate'],
    error: PERCENT_OVER,
    when: passed('discount_type', 'discount_rate'),
  });
export type DocumentInput = z.input<typeof documentSchema>;
export type DocumentLineInput = z.input<typeof documentLineSchema>;

/** POST /accounting/documents/update-status/{id} */
export const documentStatusSchema = z.object({ status: z.string().trim().min(1, 'The status field is required.') });

/** A payment of an invoice or bill: a transaction of the document's contact. */
export const documentPaymentSchema = z.object({
  bank_account_id: recordId('account'),
  paid_at: isoDate('paid at'),
  amount: decimal({ label: 'amount' }),
  /** the account currency's rate on the day; defaults to the currency's current rate */
  currency_rate: decimal({ label: 'currency rate', scale: 8 }).optional(),
  payment_method: optionalText(100),
  reference: optionalText(),
  description: optionalText(2000),
});
export type DocumentPaymentInput = z.input<typeof documentPaymentSchema>;

/** POST /accounting/documents/comments/store/{id} */
export const documentCommentSchema = z.object({ description: z.string().trim().min(1, 'The comment field is required.').max(5000) });

export const RECURRING_FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
/** Recurring invoices: every `interval` `frequency`s from starts_at, until ends_at or `count` invoices. */
export const documentRecurringSchema = z
  .object({
    frequency: z.enum(RECURRING_FREQUENCIES),
    interval: z.number().int().min(1).max(365).default(1),
    starts_at: isoDate('starts at'),
    ends_at: isoDate('ends at').nullish(),
    count: z.number().int().min(1).max(1000).nullish(),
  })
  .refine((r) => !r.ends_at || r.ends_at >= r.starts_at, { path: ['ends_at'], error: 'The ends at field must be a date after or equal to starts at.' });
