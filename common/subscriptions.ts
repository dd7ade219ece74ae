import { z } from 'zod';
import type { PaymentAction, PaymentDriver, PaymentStatus } from './wallet.js';

/**
 * Plans and subscriptions (docs/decisions/0046-plans-and-subscriptions.md): the vocabularies the
 * tables, the endpoints and the pages share. Prices are decimal strings in the currency's minor
 * units' scale ("29.00"); limits are whole numbers, null meaning "no limit".
 */

export const BILLING_INTERVALS = ['monthly', 'yearly'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** the areas a plan turns on; administration (users, roles, settings, subscriptions) is always on */
export const PLAN_FEATURES = ['accounting', 'outreach', 'campaigns', 'wallet', 'mailbox', 'cms'] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];
export const PLAN_FEATURE_LABELS: Record<PlanFeature, string> = {
  accounting: 'Accounting and sales',
  outreach: 'Outreach',
  campaigns: 'Campaigns',
  wallet: 'Wallet',
  mailbox: 'Mailbox and chat',
  cms: 'CMS and media',
};

/** what a plan limits; `storage_mb` in megabytes, `messages` per calendar month */
export const LIMIT_KINDS = ['users', 'contacts', 'messages', 'storage_mb'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_LABELS: Record<LimitKind, string> = { users: 'Users', contacts: 'Contacts', messages: 'Messages this month', storage_mb: 'Storage' };
export type PlanLimits = Record<LimitKind, number | null>;

/** prices per currency: { USD: { monthly: "29.00", yearly: "290.00" } } */
export type PlanPrices = Record<string, Record<BillingInterval, string>>;

/**
 * onboarding: registered, not through onboarding yet; trialing / active / past_due: working;
 * lapsed: the trial or the paid period ended unpaid — read-only; complimentary: given by the
 * platform (companies made outside registration), no limits and no end.
 */
export const SUBSCRIPTION_STATUSES = ['onboarding', 'trialing', 'active', 'past_due', 'lapsed', 'complimentary'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface PlanRow {
  id: number;
  code: string;
  name: string;
  description: string;
  prices: PlanPrices;
  trial_days: number;
  limits: PlanLimits;
  features: PlanFeature[];
  included_credits: string;
  position: number;
  active: boolean;
}

export interface UsageRow {
  kind: LimitKind;
  label: string;
  used: number;
  limit: number | null;
}

export interface SubscriptionInvoiceRow {
  id: number;
  kind: 'signup' | 'upgrade' | 'renewal';
  plan_name: string;
  interval: BillingInterval;
  amount: string;
  currency: string;
  period_start: string;
  period_end: string;
  description: string;
  status: 'open' | 'paid' | 'void';
  number: string | null;
  pdf_url: string | null;
  paid_at: string | null;
  created_at: string;
  payment: { id: number; driver: PaymentDriver; status: PaymentStatus; action: PaymentAction | null; failure_reason: string | null } | null;
}

export interface SubscriptionState {
  status: SubscriptionStatus;
  /** the status as it applies now (a trial past its end reads lapsed) */
  effective: SubscriptionStatus;
  read_only: boolean;
  plan: PlanRow | null;
  interval: BillingInterval;
  currency: string;
  onboarding_step: 'company' | 'plan' | 'payment' | 'done';
  trial_ends_at: string | null;
  current_period_start: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  next_plan: PlanRow | null;
  next_interval: BillingInterval | null;
  days_left: number | null;
}

export interface SubscriptionPage {
  subscription: SubscriptionState;
  usage: UsageRow[];
  plans: PlanRow[];
  drivers: PaymentDriver[];
}

/** what an upgrade or downgrade would cost now */
export interface PlanChangeQuote {
  plan_id: number;
  interval: BillingInterval;
  /** upgrade: paid now, prorated; downgrade: takes effect at the period's end, nothing paid */
  kind: 'upgrade' | 'downgrade' | 'same';
  amount: string;
  currency: string;
  effective_at: string;
  explanation: string;
}

const limit = z.union([z.null(), z.coerce.number().int().min(0).max(1_000_000_000)]);
const price = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,9}(\.\d{1,2})?$/.test(v), { message: 'Enter a price with at most two decimals.' });

/** the operator's plan form (POST /operator/plans/store, PUT /operator/plans/update/{id}) */
export const planSchema = z.object({
  code: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z][a-z0-9-]{1,39}$/, 'The code is 2–40 lower-case letters, digits or dashes, starting with a letter.'),
  name: z.string().trim().min(1, 'The name is required.').max(80),
  description: z.string().trim().max(500).default(''),
  prices: z
    .record(z.string().regex(/^[A-Z]{3}$/, 'A currency is a three-letter ISO code.'), z.object({ monthly: price, yearly: price }))
    .refine((p) => Object.keys(p).length > 0, { message: 'Give a price in at least one currency.' }),
  trial_days: z.coerce.number().int().min(0, 'The trial is 0–365 days.').max(365, 'The trial is 0–365 days.'),
  limits: z.object({ users: limit, contacts: limit, messages: limit, storage_mb: limit }),
  features: z.array(z.enum(PLAN_FEATURES)).max(PLAN_FEATURES.length),
  included_credits: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,12}(\.\d{1,4})?$/.test(v), { message: 'Enter a number of credits with at most four decimals.' }),
  position: z.coerce.number().int().min(0).max(1000).default(0),
  active: z.boolean().default(true),
});
export type PlanInput = z.infer<typeof planSchema>;

/** POST /get-started: one step of onboarding at a time */
export const getStartedSchema = z.discriminatedUnion('step', [
  z.object({
    step: z.literal('company'),
    company_name: z.string().trim().min(1, 'The company name is required.').max(120),
    phone: z.string().trim().max(32).nullish(),
    industry: z.string().trim().max(80).nullish(),
    team_size: z.enum(['1', '2-10', '11-50', '51-200', '200+']).nullish(),
  }),
  z.object({
    step: z.literal('plan'),
    plan_id: z.coerce.number({ error: 'Choose a plan.' }).int().positive(),
    interval: z.enum(BILLING_INTERVALS, { error: 'Choose monthly or yearly billing.' }),
    /** trial: start the plan's free trial; pay: pay the first period now */
    start: z.enum(['trial', 'pay'], { error: 'Choose the free trial or paying now.' }),
  }),
]);
