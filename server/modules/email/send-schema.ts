import { bigint, boolean, foreignKey, index, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../db/tenant-table.js';
import { deliveries, sends } from '../delivery/schema.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/** what a provider reported about an email after accepting it (Mailgun's webhook events) */
export const EMAIL_EVENT_KINDS = ['delivered', 'failed', 'opened', 'clicked', 'unsubscribed', 'complained'] as const;
export type EmailEventKind = (typeof EMAIL_EVENT_KINDS)[number];

/**
 * An email send's message (docs/decisions/0038-email-sending.md): the engine's `sends` row holds
 * the subject as its body (what the lists show and search); the HTML and text bodies (Liquid, HTML
 * escaped on output), the sender and whether it is bulk mail (List-Unsubscribe headers and the
 * footer's link) are here, one row per send.
 */
export const emailSends = tenantTable(
  'email_sends',
  {
    sendId: bigint('send_id', { mode: 'number' }).notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull().default(''),
    fromName: text('from_name').notNull(),
    fromAddress: text('from_address').notNull(),
    replyTo: text('reply_to'),
    /** a campaign (contacts, segments): the footer's unsubscribe link and RFC 8058's headers */
    bulk: boolean('bulk').notNull().default(true),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.sendId], foreignColumns: [sends.tenantId, sends.id] }).onDelete('cascade'),
    uniqueIndex('email_sends_send_unique').on(t.tenantId, t.sendId),
  ],
);

/**
 * Every event a provider reported for an email, as it came (opens and clicks included, which are
 * not delivery states): one row per provider event id, so a replayed event is recorded once.
 */
export const emailEvents = tenantTable(
  'email_events',
  {
    deliveryId: bigint('delivery_id', { mode: 'number' }),
    sendId: bigint('send_id', { mode: 'number' }),
    kind: text('kind').$type<EmailEventKind>().notNull(),
    severity: text('severity').$type<'temporary' | 'permanent'>(),
    recipient: text('recipient').notNull(),
    reason: text('reason'),
    url: text('url'),
    providerEventId: text('provider_event_id').notNull(),
    occurredAt: at('occurred_at').notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.deliveryId], foreignColumns: [deliveries.tenantId, deliveries.id] }).onDelete('cascade'),
    uniqueIndex('email_events_provider_unique').on(t.tenantId, t.providerEventId),
    index('email_events_send_idx').on(t.tenantId, t.sendId, t.kind, t.deliveryId),
    index('email_events_delivery_idx').on(t.tenantId, t.deliveryId, t.occurredAt),
    index('email_events_kind_at_idx').on(t.tenantId, t.kind, t.occurredAt),
  ],
);

/**
 * The signature tokens of the Mailgun webhooks already taken (a captured request replayed within
 * the replay window is refused); older than the window they are forgotten.
 */
export const emailWebhookTokens = tenantTable(
  'email_webhook_tokens',
  {
    token: text('token').notNull(),
  },
  (t) => [uniqueIndex('email_webhook_tokens_unique').on(t.tenantId, t.token), index('email_webhook_tokens_created_idx').on(t.createdAt)],
);
