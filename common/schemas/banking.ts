import { z } from 'zod';
import { currencyCode, decimal, isoDate, optionalText, recordId } from './fields.js';

/** Bank and cash accounts (Accounts/Create, Edit). */
export const bankAccountSchema = z.object({
  name: z.string().trim().min(1).max(255),
  number: z.string().trim().min(1).max(100),
  currency_code: currencyCode(),
  opening_balance: decimal({ label: 'opening balance', min: 'any' }).default('0'),
  opening_date: isoDate('opening date').optional(),
  bank_name: optionalText(),
  bank_phone: optionalText(50),
  bank_address: optionalText(1000),
  enabled: z.boolean().default(true),
});
export type BankAccountInput = z.input<typeof bankAccountSchema>;

export const TRANSACTION_TYPES = ['income', 'expense'] as const;

/**
 * Income and expense transactions (Transactions/Create, Edit). The amount is in the
 * account's currency; the rate defaults to that currency's rate.
 */
export const transactionSchema = z.object({
  type: z.enum(TRANSACTION_TYPES),
  bank_account_id: recordId('account'),
  paid_at: isoDate('paid at'),
  amount: decimal({ label: 'amount' }),
  currency_code: currencyCode().optional(),
  currency_rate: decimal({ label: 'currency rate', scale: 8 }).optional(),
  contact_id: recordId('contact').nullish(),
  category_id: recordId('category').nullish(),
  payment_method: optionalText(100),
  reference: optionalText(),
  description: optionalText(2000),
});
export type TransactionInput = z.input<typeof transactionSchema>;

/**
 * Transfers between two accounts (Transfers/Create, Edit). When the currencies differ the
 * rates default to the currencies' rates and to_amount to amount / from_rate * to_rate.
 */
export const transferFields = z.object({
    from_account_id: recordId('from account'),
    to_account_id: recordId('to account'),
    transferred_at: isoDate('transferred at'),
    amount: decimal({ label: 'amount' }),
    from_rate: decimal({ label: 'from rate', scale: 8 }).optional(),
    to_rate: decimal({ label: 'to rate', scale: 8 }).optional(),
    to_amount: decimal({ label: 'to amount' }).optional(),
    payment_method: optionalText(100),
    reference: optionalText(),
    description: optionalText(2000),
});
export const SAME_ACCOUNT_MESSAGE = 'The to account and from account must be different.';
export const transferSchema = transferFields.refine((t) => t.from_account_id !== t.to_account_id, {
  path: ['to_account_id'],
  error: SAME_ACCOUNT_MESSAGE,
});
export type TransferInput = z.input<typeof transferSchema>;

/** Date range of banking lists (?date_from=&date_to=), either side optional. */
export const dateRangeQuery = z.object({
  date_from: isoDate('date from').optional().or(z.literal('').transform(() => undefined)),
  date_to: isoDate('date to').optional().or(z.literal('').transform(() => undefined)),
});
