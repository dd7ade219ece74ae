import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PlanFeature, PlanLimits, PlanPrices, SubscriptionStatus } from '../../../common/subscriptions.js';
import { tenantTable } from '../../db/tenant-table.js';

/**
 * Global: the plans the platform operator offers (docs/decisions/0046-plans-and-subscriptions.md).
 * Prices per currency and interval (decimal strings), the trial's length, the limits (null: none)
 * and the areas that are on. No tenant_id: every company reads the same list (GET /get-plans),
 * the app role may only SELECT it; the operator writes it on the owner connection.
 */
export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    prices: jsonb('prices').$type<PlanPrices>().notNull(),
    trialDays: integer('trial_days').notNull().default(14),
    limits: jsonb('limits').$type<PlanLimits>().notNull(),
    features: jsonb('features').$type<PlanFeature[]>().notNull(),
    includedCredits: numeric('included_credits', { precision: 20, scale: 4 }).notNull().default('0'),
    position: integer('position').notNull().default(0),
    /** offered to new companies; a retired plan keeps its subscribers */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('plans_code_unique').on(t.code), check('plans_trial_days_range', sql`${t.trialDays} between 0 and 365`)],
);

/**
 * A company's subscription: one row per company. `status` is what was last written; the state
 * a request sees (a trial past its end is lapsed) is computed from it and the dates
 * (subscriptions/state.ts), so nothing depends on a job having run on time.
 */
export const subscriptions = tenantTable(
  'subscriptions',
  {
    status: text('status').$type<SubscriptionStatus>().notNull(),
    planId: integer('plan_id'),
    interval: text('interval').$type<'monthly' | 'yearly'>().notNull().default('monthly'),
    currency: text('currency').notNull().default('USD'),
    /** where onboarding stands: company → plan → payment (then done) */
    onboardingStep: text('onboarding_step').$type<'company' | 'plan' | 'payment' | 'done'>().notNull().default('done'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true, mode: 'string' }),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true, mode: 'string' }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true, mode: 'string' }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** a downgrade chosen for the next period */
    nextPlanId: integer('next_plan_id'),
    nextInterval: text('next_interval').$type<'monthly' | 'yearly'>(),
    /** the trial's verification: a hashed code, where it went, when it expires, how many tries */
    verifyChannel: text('verify_channel').$type<'email' | 'sms'>(),
    verifyTo: text('verify_to'),
    verifyCodeHash: text('verify_code_hash'),
    verifyExpiresAt: timestamp('verify_expires_at', { withTimezone: true, mode: 'string' }),
    verifyAttempts: smallint('verify_attempts').notNull().default(0),
    /** the trial-end reminders already mailed (days before: 7, 3, 1) */
    trialReminders: jsonb('trial_reminders').$type<number[]>().notNull().default([]),
    /** renewal: failed attempts of the open renewal, when the next is due */
    renewalAttempts: smallint('renewal_attempts').notNull().default(0),
    nextRenewalAttemptAt: timestamp('next_renewal_attempt_at', { withTimezone: true, mode: 'string' }),
    /** the payer's M-Pesa number of the last payment, for a renewal's push */
    mpesaPhone: text('mpesa_phone'),
    lastDriver: text('last_driver'),
    /** the month whose included credits were last granted ('2026-11') */
    creditsGrantedFor: text('credits_granted_for'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('subscriptions_tenant_unique').on(t.tenantId),
    index('subscriptions_due_idx').on(t.status, t.currentPeriodEnd),
    check('subscriptions_status_known', sql`${t.status} in ('onboarding', 'trialing', 'active', 'past_due', 'lapsed', 'complimentary')`),
  ],
);

/**
 * An invoice of the platform to a company for its subscription: the first payment, an upgrade's
 * prorated difference, a renewal. Paid through the payments module (purpose `subscription`,
 * reference the invoice's id), numbered SUB-00001 per company once paid.
 */
export const subscriptionInvoices = tenantTable(
  'subscription_invoices',
  {
    kind: text('kind').$type<'signup' | 'upgrade' | 'renewal'>().notNull(),
    planId: integer('plan_id').notNull(),
    interval: text('interval').$type<'monthly' | 'yearly'>().notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    status: text('status').$type<'open' | 'paid' | 'void'>().notNull().default('open'),
    number: text('number'),
    paymentId: bigint('payment_id', { mode: 'number' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'string' }),
    createdBy: bigint('created_by', { mode: 'number' }),
  },
  (t) => [
    index('subscription_invoices_created_idx').on(t.tenantId, t.createdAt, t.id),
    uniqueIndex('subscription_invoices_number_unique').on(t.tenantId, t.number),
    check('subscription_invoices_status_known', sql`${t.status} in ('open', 'paid', 'void')`),
    check('subscription_invoices_kind_known', sql`${t.kind} in ('signup', 'upgrade', 'renewal')`),
  ],
);
