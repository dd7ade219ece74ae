import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, numeric, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../db/tenant-table.js';
import { payments } from '../payments/schema.js';

/**
 * A purchase of credits (purchases.ts): how many, at what price, and — once a payment of purpose
 * 'wallet_purchase' for it succeeds — when it was paid and its receipt's number. Until then its
 * status is its newest payment's (pending when none was started yet).
 */
export const creditPurchases = tenantTable(
  'credit_purchases',
  {
    credits: numeric('credits', { precision: 20, scale: 4 }).notNull(),
    amount: numeric('amount', { precision: 20, scale: 4 }).notNull(),
    currency: text('currency').notNull(),
    /** the price of one credit when the purchase was made */
    creditPrice: numeric('credit_price', { precision: 18, scale: 8 }).notNull(),
    /** the payment that paid it */
    paymentId: bigint('payment_id', { mode: 'number' }),
    receiptNumber: text('receipt_number'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'string' }),
    receiptMailedAt: timestamp('receipt_mailed_at', { withTimezone: true, mode: 'string' }),
    createdBy: bigint('created_by', { mode: 'number' }),
    /** made by the automatic top-up when the balance crossed the threshold (top-up.ts), paid with the saved method */
    automatic: boolean('automatic').notNull().default(false),
    /** an automatic purchase: when the top-up job took it to start its payment (once) */
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'string' }),
    /** an automatic purchase whose payment could not be started: why (it is not retried) */
    startFailure: text('start_failure'),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.paymentId], foreignColumns: [payments.tenantId, payments.id] }),
    uniqueIndex('credit_purchases_receipt_unique').on(t.tenantId, t.receiptNumber),
    index('credit_purchases_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('credit_purchases_automatic_open_idx').on(t.tenantId, t.createdAt).where(sql`automatic and paid_at is null`),
  ],
);
