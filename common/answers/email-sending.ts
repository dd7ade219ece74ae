import type { DeliveryState } from './sms.js';

/** The periods the email overview and graphs cover. */
export const EMAIL_PERIODS = ['7d', '30d', '90d', '365d'] as const;
export type EmailPeriod = (typeof EMAIL_PERIODS)[number];

/** POST /email/preview → { data }: who a draft reaches and what it costs. */
export type EmailPreview = {
  recipients: number;
  excluded: { no_consent: number; suppressed: number; no_email: number; duplicates: number };
  subject: string;
  /** the HTML as the sample contact gets it (variables escaped; the footer added) */
  html: string;
  credits: string;
  rate: string;
  balance: string;
  enough: boolean;
};

/** A send of the email channel: a row of GET /email/group-transactions/json (Paginator). */
export type EmailSendRow = {
  id: number;
  status: 'scheduled' | 'queued' | 'sending' | 'paused' | 'completed' | 'cancelled';
  pause_reason: string | null;
  subject: string;
  from_address: string | null;
  audience_label: string;
  recipients: number;
  counts: Record<DeliveryState, number>;
  /** unique recipients who opened / clicked, unsubscribed, complained, and permanent bounces */
  opened: number;
  clicked: number;
  unsubscribed: number;
  complained: number;
  /** per cent of the delivered (opened, clicked) or of the sent (delivered, bounced), one decimal */
  rates: { delivered: number; bounced: number; opened: number; clicked: number };
  credits_reserved: string;
  scheduled_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  created_by_name: string | null;
  created_at: string;
  updated_at: string;
};

/** A recipient of an email send: a row of GET /email/transactions/json (Paginator). */
export type EmailTransactionRow = {
  id: number;
  send_id: number;
  subject: string;
  contact_id: number | null;
  contact_name: string | null;
  email: string;
  state: DeliveryState;
  /** why it failed, bounced or is unknown */
  reason: string | null;
  provider_status: string | null;
  provider_message_id: string | null;
  opened: boolean;
  clicked: boolean;
  credits: string;
  sent_at: string | null;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
};

/** GET /email/metrics?period= → { data }: the overview's figures and its chart. */
export type EmailMetrics = {
  period: EmailPeriod;
  totals: { recipients: number; sent: number; delivered: number; bounced: number; opened: number; clicked: number; unsubscribed: number; complained: number; credits: string };
  rates: { delivered: number; bounced: number; opened: number; clicked: number };
  series: { date: string; sent: number; delivered: number; opened: number; clicked: number; bounced: number }[];
};

/** GET /email/transaction-totals?filter=SENT|FAILED&filter_value=7d|30d|90d|365d → { data }: one graph. */
export type EmailTransactionTotals = {
  filter: 'SENT' | 'FAILED';
  filter_value: EmailPeriod;
  total: number;
  series: { date: string; count: number }[];
};
