import { sql, type SQL } from 'drizzle-orm';
import { CONSENT_FIELD, type Channel, type ConsentMethod, type ConsentStatus, type SuppressionReason } from '../../../common/outreach.js';
import { rows, type Tx } from '../../db/client.js';
import { contactSuppressions, outreachContacts } from './schema.js';

/**
 * Consent and suppression (docs/decisions/0026-outreach-contacts.md): the only writers of a
 * contact's consent status and of its channel suppressions, and the one condition every sender
 * uses to decide who may be sent to. Each takes a batch and is one statement per table, so a
 * bulk operation over a million contacts costs the same code as one contact.
 */

export interface ConsentChange {
  contactId: number;
  channel: Channel;
  status: Exclude<ConsentStatus, 'unknown'>;
  method: ConsentMethod;
  /** the user who recorded it; null when the contact did it themself (unsubscribe link, SMS keyword) */
  userId: number | null;
  note?: string | null;
}

/** Records consent changes: one history entry each, and the contact's status for the channel. Answers how many contacts changed. */
export async function recordConsent(tx: Tx, tenantId: number, changes: ConsentChange[]): Promise<number> {
  if (!changes.length) return 0;
  const col = (key: keyof ConsentChange) => changes.map((c) => c[key] ?? null);
  const [{ n }] = await rows<{ n: number }>(
    tx,
    sql`with change as (
          select * from unnest(${sql.param(col('contactId'))}::bigint[], ${sql.param(col('channel'))}::text[], ${sql.param(col('status'))}::text[],
                               ${sql.param(col('method'))}::text[], ${sql.param(col('userId'))}::bigint[], ${sql.param(col('note'))}::text[])
            with ordinality as c(contact_id, channel, status, method, user_id, note, seq)
        ), logged as (
          insert into contact_consent_events (tenant_id, contact_id, channel, status, method, user_id, note)
          select ${tenantId}, c.contact_id, c.channel, c.status, c.method, c.user_id, c.note
            from change c join outreach_contacts o on o.tenant_id = ${tenantId} and o.id = c.contact_id
          returning contact_id
        ), latest as (
          -- the last change per contact and channel wins
          select distinct on (contact_id, channel) contact_id, channel, status from change
           order by contact_id, channel, seq desc
        ), pivot as (
          select contact_id,
                 max(status) filter (where channel = 'sms') as sms,
                 max(status) filter (where channel = 'email') as email,
                 max(status) filter (where channel = 'voice') as voice
            from latest group by contact_id
        ), updated as (
          update outreach_contacts o set
            consent_sms = coalesce(p.sms, o.consent_sms),
            consent_email = coalesce(p.email, o.consent_email),
            consent_voice = coalesce(p.voice, o.consent_voice),
            updated_at = now()
          from pivot p
          where o.tenant_id = ${tenantId} and o.id = p.contact_id
          returning o.id
        )
        select (select count(*)::int from updated) as n, (select count(*) from logged) as logged`,
  );
  return n;
}

export interface Suppression {
  contactId: number;
  channel: Channel;
  reason: SuppressionReason;
  detail?: string | null;
}

/** Closes channels for contacts (an open suppression per contact and channel; a second one keeps the first). */
export async function suppress(tx: Tx, tenantId: number, list: Suppression[]): Promise<void> {
  if (!list.length) return;
  await tx.execute(
    sql`insert into contact_suppressions (tenant_id, contact_id, channel, reason, detail)
        select ${tenantId}, s.contact_id, s.channel, s.reason, s.detail
          from unnest(${sql.param(list.map((s) => s.contactId))}::bigint[], ${sql.param(list.map((s) => s.channel))}::text[],
                      ${sql.param(list.map((s) => s.reason))}::text[], ${sql.param(list.map((s) => s.detail ?? null))}::text[]) as s(contact_id, channel, reason, detail)
          join outreach_contacts o on o.tenant_id = ${tenantId} and o.id = s.contact_id
        on conflict (tenant_id, contact_id, channel) where lifted_at is null do nothing`,
  );
}

/** Reopens channels closed for contacts (the suppressions stay, lifted, as history). */
export async function lift(tx: Tx, tenantId: number, contactIds: number[], channel: Channel): Promise<void> {
  if (!contactIds.length) return;
  await tx.execute(
    sql`update ${contactSuppressions} set lifted_at = now(), updated_at = now()
         where tenant_id = ${tenantId} and contact_id = any(${sql.param(contactIds)}::bigint[]) and channel = ${channel} and lifted_at is null`,
  );
}

/**
 * Who may be sent to on a channel: consent granted on it and no open suppression of it. Every
 * sender ANDs this with its audience (a segment, a pick of contacts) and never decides alone.
 */
export function sendableCondition(channel: Channel): SQL {
  const status = sql.raw(`"outreach_contacts"."${CONSENT_FIELD[channel]}"`);
  return sql`(${status} = 'granted' and not exists (
    select 1 from ${contactSuppressions} s
     where s.tenant_id = ${outreachContacts.tenantId} and s.contact_id = ${outreachContacts.id}
       and s.channel = ${channel} and s.lifted_at is null))`;
}
