import { sql } from 'drizzle-orm';
import { CONTACT_EVENT_TYPES } from '../../../common/outreach.js';
import type { Tx } from '../../db/client.js';

/** One thing that happened to or with a contact: a message sent or delivered, an RSVP, a survey answer… */
export interface ContactEvent {
  contactId: number;
  /** what happened, `area.what`: one of CONTACT_EVENT_TYPES (`sms.sent`, `sms.delivered`, `email.opened`, `rsvp.accepted`…) */
  type: string;
  /** when it happened; now when not given */
  occurredAt?: string | Date;
  /** the record it is about (the message, the event, the survey) */
  subject?: { type: string; id: number };
  data?: Record<string, unknown>;
}

// the segment editor offers these types and no others, so a timeline holds no other
const KNOWN: ReadonlySet<string> = new Set(CONTACT_EVENT_TYPES);

/**
 * The one writer of contacts' timelines (contact_events): a batch is one multi-row insert, so a
 * send to a million contacts records its events in one statement per batch, never one per row.
 * Events of contacts not in the company are dropped.
 */
export async function recordContactEvents(tx: Tx, tenantId: number, events: ContactEvent[]): Promise<void> {
  if (!events.length) return;
  for (const e of events) if (!KNOWN.has(e.type)) throw new Error(`contact event type ${e.type} is not in CONTACT_EVENT_TYPES (common/outreach.ts)`);
  const at = (e: ContactEvent) => (e.occurredAt instanceof Date ? e.occurredAt.toISOString() : (e.occurredAt ?? null));
  await tx.execute(
    sql`insert into contact_events (tenant_id, contact_id, type, occurred_at, subject_type, subject_id, data)
        select ${tenantId}, e.contact_id, e.type, coalesce(e.occurred_at, now()), e.subject_type, e.subject_id, coalesce(e.data, '{}'::jsonb)
          from unnest(${sql.param(events.map((e) => e.contactId))}::bigint[], ${sql.param(events.map((e) => e.type))}::text[], ${sql.param(events.map(at))}::timestamptz[],
                      ${sql.param(events.map((e) => e.subject?.type ?? null))}::text[], ${sql.param(events.map((e) => e.subject?.id ?? null))}::bigint[],
                      ${sql.param(events.map((e) => (e.data ? JSON.stringify(e.data) : null)))}::jsonb[])
            as e(contact_id, type, occurred_at, subject_type, subject_id, data)
          join outreach_contacts o on o.tenant_id = ${tenantId} and o.id = e.contact_id`,
  );
}
