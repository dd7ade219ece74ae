import type { Paginator } from '../schemas/list-query.js';
import type { DeliveryState, SmsAudience } from './sms.js';

// The rows and figures the airtime endpoints answer (decision 0017; SPEC §3 airtime metrics, §7
// Airtime): written once here, the server's answers are checked against them and the pages read
// them. Amounts and credits are decimal strings ("100.00", "100.0000"); times ISO 8601 with offset.

/**
 * The currencies airtime can be sent in (Africa's Talking's airtime markets). The amount is in
 * the currency of the recipient's network; one send has one amount and one currency.
 */
export const AIRTIME_CURRENCIES = ['KES', 'UGX', 'TZS', 'RWF', 'MWK', 'ZMW', 'NGN', 'GHS', 'ZAR', 'ETB', 'XOF'] as const;
export type AirtimeCurrency = (typeof AIRTIME_CURRENCIES)[number];

/** Who a top-up goes to: contacts, segments and pasted numbers (one top-up per phone per send). */
export type AirtimeAudience = SmsAudience;

/** The body of POST /airtime/send. */
export type AirtimeDraft = {
  recipients: AirtimeAudience;
  /** per recipient, more than 0 with at most two decimals ("50", "100.50") */
  amount: string | number;
  /** ISO 4217; the company's airtime currency when absent (GET /airtime/metrics currency) */
  currency?: string | null;
  /** a local date-time in the company's time zone ("2026-12-01T09:30"); null or absent sends now */
  scheduled_at?: string | null;
};

/**
 * GET /airtime/metrics → { data } (SPEC §3), counted over recipients: `scheduled` those of sends
 * waiting for their time, `pending` queued, sending, sent or unknown, `successful` delivered,
 * `failed` failed or rejected; `total_sent` the amount delivered (a decimal string in `currency`,
 * the company's airtime currency; sends in other currencies are not added in).
 */
export type AirtimeMetrics = {
  total: number;
  scheduled: number;
  pending: number;
  successful: number;
  failed: number;
  total_sent: string;
  currency: string;
};

/** A send of airtime (POST /airtime/send → 201 { message, data }; GET /airtime/sends/json). */
export type AirtimeSendRow = {
  id: number;
  status: 'scheduled' | 'queued' | 'sending' | 'paused' | 'completed' | 'cancelled';
  pause_reason: string | null;
  amount: string;
  currency: string;
  audience_label: string;
  recipients: number;
  /** recipients by state */
  counts: Record<DeliveryState, number>;
  credits_reserved: string;
  scheduled_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  created_by_name: string | null;
  created_at: string;
  updated_at: string;
};

/** A recipient's top-up: a row of GET /airtime/transactions/json (Paginator), GET /airtime/transactions/get-transaction/{id} → { data }. */
export type AirtimeTransactionRow = {
  id: number;
  send_id: number;
  contact_id: number | null;
  /** the contact's name, or null for a pasted number */
  contact_name: string | null;
  phone: string;
  amount: string;
  currency: string;
  state: DeliveryState;
  /** why it failed, was rejected or is unknown; null otherwise */
  reason: string | null;
  /** the provider's status word (Sent, Success, Failed, …) */
  provider_status: string | null;
  provider_request_id: string | null;
  /** credits charged for this top-up ("0.0000" when given back) */
  credits: string;
  sent_at: string | null;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
};

/** GET /airtime/transactions-totals → { data }: recipients by state, and the amounts (per currency) by outcome. */
export type AirtimeTransactionsTotals = {
  counts: Record<DeliveryState, number>;
  amounts: { currency: string; delivered: string; pending: string; failed: string }[];
};

export const AIRTIME_PERIODS = ['7d', '30d', '90d', '365d'] as const;
export type AirtimePeriod = (typeof AIRTIME_PERIODS)[number];

/**
 * GET /airtime/totals?type=7d|30d|90d|365d → { data }: the Overview's chart, one point per day (per
 * month beyond 90 days) in the company's time zone; `amount` is what was delivered in `currency`.
 */
export type AirtimeTotals = {
  period: AirtimePeriod;
  currency: string;
  totals: { recipients: number; sent: number; successful: number; failed: number; amount: string; credits: string };
  series: { date: string; sent: number; successful: number; failed: number; amount: string }[];
};

/** GET /airtime/transactions/json (filters: state, send_id, contact_id, search by phone) */
export type AirtimeTransactionsPage = Paginator<AirtimeTransactionRow>;
