import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, jsonb, numeric, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PaymentAction, PaymentDriver, PaymentStatus } from '../../../common/wallet.js';
import { tenantTable } from '../../db/tenant-table.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/**
 * A payment of a company to the platform (docs/decisions/0031): what it pays for (`purpose` +
 * `reference`, e.g. 'wallet_purchase' + the purchase id), how much, with which driver, and where
 * it stands. The row id is the idempotency key sent to the provider. It is settled by one
 * conditional UPDATE (payments/settle.ts), so a success is recorded — and the purpose's
 * handler runs — once, however many webhooks, callbacks and status queries report it.
 */
export const payments = tenantTable(
  'payments',
  {
    purpose: text('purpose').notNull(),
    reference: text('reference').notNull(),
    description: text('description').notNull().default(''),
    amount: numeric('amount', { precision: 20, scale: 4 }).notNull(),
    currency: text('currency').notNull(),
    /** the driver of the current attempt */
    driver: text('driver').$type<PaymentDriver>().notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    /** the provider's id of the current attempt (earlier attempts: payment_attempts) */
    providerRef: text('provider_ref'),
    /** the provider's receipt (M-Pesa receipt number, Stripe payment intent, the operator's approval) */
    providerReceipt: text('provider_receipt'),
    /** what the payer does next (common/wallet.ts PaymentAction) */
    action: jsonb('action').$type<PaymentAction>(),
    failureReason: text('failure_reason'),
    /** succeeded after it had expired, failed or been cancelled: credited all the same, and shown */
    late: boolean('late').notNull().default(false),
    expiresAt: at('expires_at').notNull(),
    settledAt: at('settled_at'),
    createdBy: bigint('created_by', { mode: 'number' }),
  },
  (t) => [
    // one open payment per thing paid for: a second start restarts it (payments/service.ts)
    uniqueIndex('payments_open_unique').on(t.tenantId, t.purpose, t.reference).where(sql`status = 'pending'`),
    index('payments_reference_idx').on(t.tenantId, t.purpose, t.reference, t.id),
    // the sweep (expiry, late status queries) and the operator's queue read across companies
    index('payments_pending_idx').on(t.status, t.driver, t.expiresAt).where(sql`status = 'pending'`),
  ],
);

/**
 * Every time a payment was started with a driver: a payment restarted with another driver keeps
 * its earlier attempts, so a success reported for any of them still finds (and settles) it.
 * (driver, provider_ref) is how a webhook without a company finds its payment: one indexed read
 * by the owner connection (docs/decisions/0031).
 */
export const paymentAttempts = tenantTable(
  'payment_attempts',
  {
    paymentId: bigint('payment_id', { mode: 'number' }).notNull(),
    driver: text('driver').$type<PaymentDriver>().notNull(),
    providerRef: text('provider_ref').notNull(),
    action: jsonb('action').$type<PaymentAction>(),
    createdBy: bigint('created_by', { mode: 'number' }),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.paymentId], foreignColumns: [payments.tenantId, payments.id] }).onDelete('cascade'),
    uniqueIndex('payment_attempts_ref_unique').on(t.tenantId, t.driver, t.providerRef),
    index('payment_attempts_lookup_idx').on(t.driver, t.providerRef),
    index('payment_attempts_payment_idx').on(t.tenantId, t.paymentId),
  ],
);

/**
 * The webhooks and callbacks received for a company's payments, one row per provider event:
 * a replayed or duplicated event conflicts on (tenant_id, driver, event_id) and changes nothing.
 * Event ids are the provider's own, so within a company they are as unique as globally.
 */
export const paymentEvents = tenantTable(
  'payment_events',
  {
    paymentId: bigint('payment_id', { mode: 'number' }).notNull(),
    driver: text('driver').$type<PaymentDriver>().notNull(),
    eventId: text('event_id').notNull(),
    /** what the event said (ProviderOutcome status) */
    outcome: text('outcome').notNull(),
    /** what it changed: 'succeeded', 'failed', 'none' … */
    effect: text('effect').notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.paymentId], foreignColumns: [payments.tenantId, payments.id] }).onDelete('cascade'),
    uniqueIndex('payment_events_event_unique').on(t.tenantId, t.driver, t.eventId),
    index('payment_events_payment_idx').on(t.tenantId, t.paymentId),
  ],
);
