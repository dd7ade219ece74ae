import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DeliveryState } from '../../../common/answers/sms.js';
import { searchIndexes } from '../../db/search-index.js';
import { tenantTable } from '../../db/tenant-table.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });
const credits = (name: string) => numeric(name, { precision: 20, scale: 4 });

export const SEND_CHANNELS = ['sms', 'airtime', 'email'] as const;
export type SendChannel = (typeof SEND_CHANNELS)[number];
export const SEND_STATUSES = ['scheduled', 'queued', 'sending', 'paused', 'completed', 'cancelled'] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];
/** a recipient's credits: held by the send's reservation, charged, or given back (refused, failed, cancelled) */
export const CREDIT_STATES = ['held', 'returned', 'refund_due', 'refunded'] as const;
export type CreditState = (typeof CREDIT_STATES)[number];

/**
 * A send (docs/decisions/0035-delivery-engine.md): one message of one channel to many recipients —
 * an SMS text, an airtime amount, an email. Its recipients are rows of `deliveries`, written in
 * the same transaction as the send and its credit reservation.
 */
export const sends = tenantTable(
  'sends',
  {
    channel: text('channel').$type<SendChannel>().notNull(),
    status: text('status').$type<SendStatus>().notNull(),
    /** the provider driver it goes through (africastalking, log, …) */
    driver: text('driver').notNull(),
    /** the SMS text (Liquid variables allowed), the email's template; empty for airtime */
    body: text('body').notNull().default(''),
    senderId: text('sender_id'),
    /** who it was meant for, as asked (contact ids, segment ids, numbers), and in words */
    audience: jsonb('audience').$type<Record<string, unknown>>().notNull(),
    audienceLabel: text('audience_label').notNull().default(''),
    personalised: boolean('personalised').notNull().default(false),
    encoding: text('encoding'),
    /** SMS parts per message (of the text as written; personalised rows carry their own) */
    parts: integer('parts').notNull().default(0),
    /** airtime: the amount per recipient and its currency */
    amount: credits('amount'),
    currency: text('currency'),
    recipients: integer('recipients').notNull().default(0),
    /** the provider's answers so far, and how many were refusals or unknown: the automatic pause's figures */
    answered: integer('answered').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    scheduledAt: at('scheduled_at'),
    ignoreQuietHours: boolean('ignore_quiet_hours').notNull().default(false),
    startedAt: at('started_at'),
    completedAt: at('completed_at'),
    pauseReason: text('pause_reason'),
    /** the wallet reservation holding the send's credits (docs/decisions/0032) */
    reservationId: bigint('reservation_id', { mode: 'number' }),
    creditsReserved: credits('credits_reserved').notNull().default('0'),
    /** when its credits were settled with the wallet (after the last recipient was answered) */
    settledAt: at('settled_at'),
    /** a dispatcher working on it last said so at: a stale one is picked up again by the sweep */
    heartbeatAt: at('heartbeat_at'),
    templateId: bigint('template_id', { mode: 'number' }),
    campaignId: bigint('campaign_id', { mode: 'number' }),
    eventId: bigint('event_id', { mode: 'number' }),
    groupId: bigint('group_id', { mode: 'number' }),
    /** a survey's invitation to answer, each recipient with their personal link (docs/decisions/0052) */
    surveyId: bigint('survey_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }),
  },
  (t) => [
    index('sends_channel_created_idx').on(t.tenantId, t.channel, t.createdAt, t.id),
    ...searchIndexes('sends', t.body, t.audienceLabel),
    index('sends_channel_status_idx').on(t.tenantId, t.channel, t.status),
    // a survey's sends (its page's figures; who was sent it before)
    index('sends_survey_idx').on(t.tenantId, t.surveyId, t.id).where(sql`survey_id is not null`),
    // the sweep's reads across companies: sends that should be moving
    index('sends_active_idx').on(t.status, t.heartbeatAt).where(sql`status in ('scheduled', 'queued', 'sending')`),
  ],
);

/**
 * The outbox: a row per recipient of a send, unique per (send, address) — one message per phone
 * per send — and per (send, contact). Claimed by `UPDATE … WHERE state = 'queued' … FOR UPDATE
 * SKIP LOCKED`; the row id is the provider's idempotency key where the provider takes one.
 */
export const deliveries = tenantTable(
  'deliveries',
  {
    sendId: bigint('send_id', { mode: 'number' }).notNull(),
    channel: text('channel').$type<SendChannel>().notNull(),
    contactId: bigint('contact_id', { mode: 'number' }),
    /** E.164 phone, or e-mail address */
    address: text('address').notNull(),
    state: text('state').$type<DeliveryState>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * how many requests for it the provider refused outright (nothing sent): part of the
     * idempotency key, which changes after a refusal and never after an unknown answer
     */
    refusals: integer('refusals').notNull().default(0),
    /** a temporary refusal's retry waits until then */
    nextAttemptAt: at('next_attempt_at'),
    claimedAt: at('claimed_at'),
    providerId: text('provider_id'),
    providerStatus: text('provider_status'),
    networkCode: text('network_code'),
    reason: text('reason'),
    /** the text this recipient gets, when the send is personalised */
    body: text('body'),
    /** SMS parts, emails (1), airtime amount */
    units: credits('units').notNull(),
    credits: credits('credits').notNull(),
    creditState: text('credit_state').$type<CreditState>().notNull().default('held'),
    sentAt: at('sent_at'),
    /** when it reached its final state (delivered, failed, rejected) */
    doneAt: at('done_at'),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.sendId], foreignColumns: [sends.tenantId, sends.id] }).onDelete('cascade'),
    uniqueIndex('deliveries_recipient_unique').on(t.tenantId, t.sendId, t.address),
    uniqueIndex('deliveries_contact_unique').on(t.tenantId, t.sendId, t.contactId).where(sql`contact_id is not null`),
    index('deliveries_queue_idx').on(t.tenantId, t.sendId, t.id).where(sql`state = 'queued'`),
    index('deliveries_send_state_idx').on(t.tenantId, t.sendId, t.state),
    index('deliveries_provider_idx').on(t.tenantId, t.channel, t.providerId).where(sql`provider_id is not null`),
    // a report for a recipient whose answer was lost: found by its address among the unanswered
    index('deliveries_unanswered_idx').on(t.tenantId, t.channel, t.address).where(sql`provider_id is null and state in ('sending', 'unknown')`),
    index('deliveries_channel_created_idx').on(t.tenantId, t.channel, t.createdAt, t.id),
    index('deliveries_contact_idx').on(t.tenantId, t.contactId, t.createdAt),
    // the transactions lists search by phone (ILIKE '%…%')
    ...searchIndexes('deliveries', t.address),
    index('deliveries_refund_idx').on(t.tenantId, t.sendId).where(sql`credit_state = 'refund_due'`),
  ],
);

/** What the provider said of a recipient after it was sent: its delivery reports and status callbacks, as they came. */
export const deliveryReports = tenantTable(
  'delivery_reports',
  {
    deliveryId: bigint('delivery_id', { mode: 'number' }).notNull(),
    state: text('state').$type<DeliveryState>().notNull(),
    status: text('status'),
    reason: text('reason'),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.deliveryId], foreignColumns: [deliveries.tenantId, deliveries.id] }).onDelete('cascade'),
    index('delivery_reports_delivery_idx').on(t.tenantId, t.deliveryId, t.id),
  ],
);

/**
 * Global: the sending rate of a provider or a sender ID, shared by every worker. `tokens` is a
 * bucket refilled at `per_second` (messages per second); `hour` counts what went out per minute
 * over the last hour for the sliding-window limit.
 */
export const deliveryThrottles = pgTable('delivery_throttles', {
  key: text('key').primaryKey(),
  tokens: numeric('tokens').notNull(),
  refilledAt: at('refilled_at').notNull().defaultNow(),
  minutes: jsonb('minutes').$type<Record<string, number>>().notNull().default({}),
});
