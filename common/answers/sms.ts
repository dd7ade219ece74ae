import type { Paginator } from '../schemas/list-query.js';

// The rows and figures the SMS endpoints answer (decision 0017; SPEC §3 SMS counts, §7 SMS):
// written once here, the server's answers are checked against them and the pages read them.
// Credits are decimal strings ("1250.0000"); times are ISO 8601 with offset.

/** A send's life: scheduled (waits for its time; editable) → queued → sending → completed; paused and cancelled on the way. */
export const SMS_MESSAGE_STATUSES = ['scheduled', 'queued', 'sending', 'paused', 'completed', 'cancelled'] as const;
export type SmsMessageStatus = (typeof SMS_MESSAGE_STATUSES)[number];

/**
 * One recipient's row in the delivery engine's outbox (shared by SMS, airtime and email):
 * queued → sending → sent → delivered | failed | rejected; `unknown` when the provider may have
 * it but never answered (settled by its delivery report, never re-sent blindly); `cancelled`
 * when the send was cancelled before it went.
 */
export const DELIVERY_STATES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'rejected', 'unknown', 'cancelled'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** Who a send goes to: any mix of contacts, segments and pasted numbers (one message per phone per send). */
export type SmsAudience = {
  contact_ids: number[];
  segment_ids: number[];
  /** typed or pasted numbers, read in the company's country ("0712 345678" → +254712345678) */
  numbers: string[];
};

/** The body of POST /sms/preview, POST /sms/store and PUT /sms/messages/update/{id}. */
export type SmsDraft = {
  /** the text, Liquid variables allowed: {{ first_name }}, {{ last_name }}, {{ name }}, {{ phone }}, {{ email }}, {{ custom.<key> }} */
  message: string;
  audience: SmsAudience;
  /** the sender ID or short code; the configured default when null */
  sender_id?: string | null;
  /** a local date-time in the company's time zone ("2026-12-01T09:30"); null or absent sends now */
  scheduled_at?: string | null;
  /** send through quiet hours (SMS normally waits for the morning) */
  ignore_quiet_hours?: boolean;
  template_id?: number | null;
  /** the contact the preview renders variables for (POST /sms/preview only) */
  preview_contact_id?: number | null;
};

/** POST /sms/preview → { data }: what the send would be, before it is sent. Nothing is written. */
export type SmsPreview = {
  /** recipients after consent, suppression and duplicates */
  recipients: number;
  excluded: {
    /** contacts without SMS consent granted */
    no_consent: number;
    /** contacts whose SMS channel is suppressed */
    suppressed: number;
    /** contacts without a phone number */
    no_phone: number;
    /** the same phone reached twice (overlapping segments, a pasted number that is also a contact) */
    duplicates: number;
  };
  /** pasted numbers that could not be read, as typed */
  invalid_numbers: string[];
  encoding: 'GSM-7' | 'UCS-2';
  /** parts per message (for a personalised text: of the preview's rendering) */
  parts: number;
  /** length in units (GSM-7 septets, extension characters counting two; UTF-16 code units) */
  length: number;
  /** units per part: 160/153 for GSM-7, 70/67 for UCS-2 */
  per_part: number;
  /** room left in the last part */
  remaining: number;
  /** the characters that force UCS-2 */
  ucs2_characters: string[];
  /** GSM-7 extension characters used (each counts two) */
  extension_characters: string[];
  /** the text as the preview contact (or the first recipient) gets it */
  rendered: string;
  personalised: boolean;
  /** parts across every recipient (each personalised text counted on its own) */
  total_parts: number;
  /** credits the send will hold: total_parts × the SMS rate */
  credits: string;
  /** credits per SMS part */
  rate: string;
  balance: string;
  enough: boolean;
  /** the send would start in quiet hours and wait until they end (an ISO time), unless ignore_quiet_hours */
  quiet_until: string | null;
};

/** A send: a row of GET /sms/messages/json (Paginator), GET /sms/messages/get-message/{id} → { data }. */
export type SmsMessageRow = {
  id: number;
  body: string;
  sender_id: string | null;
  status: SmsMessageStatus;
  /** why it paused (the user, the error rate, the provider account, the balance), or null */
  pause_reason: string | null;
  audience: SmsAudience;
  /** a short description of the audience ("Segment: Nairobi members, 12 numbers") */
  audience_label: string;
  scheduled_at: string | null;
  ignore_quiet_hours: boolean;
  started_at: string | null;
  completed_at: string | null;
  encoding: 'GSM-7' | 'UCS-2';
  parts: number;
  recipients: number;
  /** recipients by state */
  counts: Record<DeliveryState, number>;
  credits_reserved: string;
  credits_charged: string;
  template_id: number | null;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
  updated_at: string;
};

/** GET /sms/count → { data } (SPEC §3): sends by status; processing = queued + sending + paused. */
export type SmsCounts = { total: number; scheduled: number; sent: number; processing: number };

/** A recipient of a send: a row of GET /sms/transactions/json (Paginator), /sms/transactions/recent → { data: [...] }. */
export type SmsTransactionRow = {
  id: number;
  message_id: number;
  contact_id: number | null;
  /** the contact's name, or null for a pasted number */
  contact_name: string | null;
  phone: string;
  state: DeliveryState;
  /** why it failed, was rejected or is unknown; null otherwise */
  reason: string | null;
  /** the provider's status word (Success, Buffered, AbsentSubscriber, …) */
  provider_status: string | null;
  provider_message_id: string | null;
  parts: number;
  /** credits charged for this recipient ("0.0000" when refunded) */
  credits: string;
  /** the message's text (this recipient's rendering when personalised) */
  body: string;
  sender_id: string | null;
  attempts: number;
  sent_at: string | null;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
};

/** GET /sms/transactions/get-transaction/{id} → { data } */
export type SmsTransactionDetail = SmsTransactionRow & {
  network_code: string | null;
  /** what happened, oldest first: queued, sent, delivery reports */
  history: { at: string; state: DeliveryState; note: string | null }[];
};

/** GET /sms/transactions/totals?type=7d|30d|90d|365d → { data }: the Overview's figures and chart. */
export type SmsTotals = {
  period: '7d' | '30d' | '90d' | '365d';
  totals: { recipients: number; sent: number; delivered: number; failed: number; rejected: number; unknown: number; credits: string };
  /** one point per day (per month beyond 90 days), in the company's time zone */
  series: { date: string; sent: number; delivered: number; failed: number }[];
};

/** GET /sms/messages/json */
export type SmsMessagesPage = Paginator<SmsMessageRow>;
/** GET /sms/transactions/json (filters: message_id, contact_id, segment_id, campaign_id, event_id, group_id, state, search) */
export type SmsTransactionsPage = Paginator<SmsTransactionRow>;

/** An SMS template: a row of GET /sms/templates/json (Paginator; search, sort), GET /sms/templates/get-template/{id} → { data }. */
export type SmsTemplateRow = {
  id: number;
  name: string;
  body: string;
  /** the variables the body uses, e.g. ["first_name", "custom.region"] */
  variables: string[];
  encoding: 'GSM-7' | 'UCS-2';
  parts: number;
  created_at: string;
  updated_at: string;
};

/**
 * POST /sms/templates/preview {body, contact_id?} → { data }: a text rendered for one contact of
 * the company (a sample contact when none is named) and how that rendering goes out as SMS.
 */
export type SmsTemplatePreview = {
  rendered: string;
  encoding: 'GSM-7' | 'UCS-2';
  parts: number;
  /** length in units (GSM-7 septets, extension characters counting two; UTF-16 code units) */
  length: number;
  /** units per part: 160/153 for GSM-7, 70/67 for UCS-2 */
  per_part: number;
  /** room left in the last part */
  remaining: number;
  ucs2_characters: string[];
  extension_characters: string[];
  /** the variables the text uses, e.g. ["first_name", "custom.region"] */
  variables: string[];
  personalised: boolean;
};

/**
 * GET /sms/settings → { data }, PUT /sms/settings (sms.update) → { message, data }: the company's
 * sending rules. Quiet hours are local times in the company's time zone ("20:00" to "08:00"); a
 * send that would go out between them waits for their end unless it ignores them. A send pauses
 * itself when, after at least `pause_min_sample` answers, more than `pause_error_rate` per cent
 * were refused or failed.
 */
export type SmsSettings = {
  quiet_hours_enabled: boolean;
  quiet_start: string;
  quiet_end: string;
  pause_error_rate: number;
  pause_min_sample: number;
  /** the sender IDs offered on the compose form; the first is the default */
  sender_ids: string[];
};
