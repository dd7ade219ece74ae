import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows, type Tx } from '../../db/client.js';
import { fieldError } from '../../http/errors.js';
import { kickSends, sendPersonalMessages } from '../campaigns/personal-sends.js';
import { RSVP_VARIABLES } from '../campaigns/texts.js';
import { recordContactEvents } from '../outreach/events.js';
import { eventIcsFile } from './ics.js';
import { checkInToken, effectiveConfig, rsvpUrl, type EventRow } from './service.js';

/** What an RSVP message is: each has its own words, and writes its own timeline entry. */
export type RsvpMessageKind = 'invitation' | 'follow_up' | 'offer' | 'confirmation' | 'reminder';
export type RsvpChannel = 'sms' | 'email';

const WORDS: Record<Exclude<RsvpMessageKind, 'invitation'>, { sms: string; subject: string; html: string }> = {
  follow_up: {
    sms: 'Hi {{ first_name | default: "there" }}, a reminder: will you come to {{ event_name }} on {{ event_date }}? Please reply here: {{ rsvp_link }}',
    subject: 'Reminder: will you come to {{ event_name }}?',
    html: '<p>Hi {{ first_name | default: "there" }},</p><p>We have not heard from you yet: will you come to <strong>{{ event_name }}</strong> on {{ event_date }}?</p><p><a href="{{ rsvp_link }}">Reply to the invitation</a></p>',
  },
  offer: {
    sms: 'Good news {{ first_name | default: "" }}: a place is free for you at {{ event_name }} on {{ event_date }}. Take it before {{ offer_expires }}: {{ rsvp_link }}',
    subject: 'A place is free for you at {{ event_name }}',
    html: '<p>Hi {{ first_name | default: "there" }},</p><p>A place has freed up at <strong>{{ event_name }}</strong> on {{ event_date }}. It is held for you until {{ offer_expires }}.</p><p><a href="{{ rsvp_link }}">Take the place</a></p>',
  },
  confirmation: {
    sms: 'You are confirmed for {{ event_name }} on {{ event_date }}. Your check-in code and calendar: {{ rsvp_link }}',
    subject: 'You are confirmed: {{ event_name }}',
    html: '<p>Hi {{ first_name | default: "there" }},</p><p>You are confirmed for <strong>{{ event_name }}</strong> on {{ event_date }}{% if event_venue != blank %} at {{ event_venue }}{% endif %}.</p><p>Show this code at the door:</p><p><img src="{{ qr_url }}" alt="Your check-in code" width="220" height="220"></p><p><a href="{{ rsvp_link }}">Change your answer or add the event to your calendar</a></p>',
  },
  reminder: {
    sms: 'Reminder: {{ event_name }} starts {{ event_date }}{% if event_venue != blank %} at {{ event_venue }}{% endif %}. Your check-in code: {{ rsvp_link }}',
    subject: 'Reminder: {{ event_name }} on {{ event_date }}',
    html: '<p>Hi {{ first_name | default: "there" }},</p><p>See you at <strong>{{ event_name }}</strong> on {{ event_date }}{% if event_venue != blank %} at {{ event_venue }}{% endif %}. The event is attached for your calendar.</p><p><img src="{{ qr_url }}" alt="Your check-in code" width="220" height="220"></p><p><a href="{{ rsvp_link }}">Your answer and check-in code</a></p>',
  },
};

function wordsOf(kind: RsvpMessageKind, event: EventRow) {
  if (kind !== 'invitation') return WORDS[kind];
  const c = effectiveConfig(event.group_config, event.own_config);
  return { sms: c.invitation_sms, subject: c.invitation_email_subject, html: c.invitation_email_body };
}

/** "Sat 5 Dec 2026, 18:00" in the event's time zone */
export function eventWhen(iso: string, timezone: string, part: 'date' | 'time' = 'date') {
  const d = new Date(iso);
  const tz = (() => {
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone: timezone });
      return timezone;
    } catch {
      return 'UTC';
    }
  })();
  if (part === 'time') return new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit' }).format(d);
  return new Intl.DateTimeFormat('en-GB', { timeZone: tz, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(d);
}

const TIMELINE: Record<RsvpMessageKind, 'rsvp.invited' | 'rsvp.reminded' | null> = {
  invitation: 'rsvp.invited',
  follow_up: 'rsvp.reminded',
  reminder: 'rsvp.reminded',
  offer: null,
  confirmation: null,
};

/**
 * Sends an RSVP message to invitations of one event through the delivery engine's personal sends
 * (campaigns/personal-sends.ts): one send per channel (event_id set), its recipients the
 * invitations' contacts (consent and suppression honoured, one message per address), each
 * recipient's text rendered with their own signed link before the credits are held. Runs in the
 * caller's transaction; the caller kicks the answered sends after the commit (kickSends).
 *
 * `strict`: a channel that cannot send (email not set up, no SMS driver) is a 422, and so is no
 * one to send to; otherwise such a channel is skipped (automatic messages).
 */
export async function sendRsvpMessages(
  app: FastifyInstance,
  tx: Tx,
  o: { tenantId: number; event: EventRow; invitationIds: number[]; kind: RsvpMessageKind; channels: RsvpChannel[]; userId: number | null; strict: boolean },
): Promise<{ sendIds: number[]; recipients: number }> {
  const { tenantId, event } = o;
  if (!o.invitationIds.length) {
    if (o.strict) throw fieldError('invitation_ids', 'No invitations to send to.');
    return { sendIds: [], recipients: 0 };
  }
  const words = wordsOf(o.kind, event);
  const company = (await rows<{ name: string }>(tx, sql`select coalesce(nullif(settings->>'name', ''), name) as name from tenants where id = ${tenantId}`))[0]?.name ?? '';
  const ids = sql.param(o.invitationIds);
  const ics = o.kind === 'reminder' ? eventIcsFile(event, company, { tenantId, updatedAt: event.updated_at, method: 'request' }) : null;
  const base = { event_name: event.name, event_date: eventWhen(event.starts_at, event.timezone), event_time: eventWhen(event.starts_at, event.timezone, 'time'), event_venue: event.venue ?? '', company_name: company };

  const { sendIds, recipients: total } = await sendPersonalMessages<{ invitation_id: number; link_version: number; offer_expires_at: string | null }>(app, tx, {
    tenantId,
    channels: o.channels,
    strict: o.strict,
    userId: o.userId,
    from: () => sql`from rsvp_invitations i join outreach_contacts on outreach_contacts.tenant_id = i.tenant_id and outreach_contacts.id = i.contact_id
         where i.tenant_id = ${tenantId} and i.event_id = ${event.id} and i.id = any(${ids}::bigint[])`,
    tieBreak: sql`i.id`,
    texts: { sms: { field: 'message', body: words.sms }, subject: { field: 'subject', body: words.subject }, html: { field: 'html', body: words.html } },
    variables: RSVP_VARIABLES,
    recipientColumns: sql`i.id as invitation_id, i.link_version, i.offer_expires_at`,
    recipientJoin: sql`join rsvp_invitations i on i.tenant_id = d.tenant_id and i.event_id = ${event.id} and i.contact_id = d.contact_id`,
    vars: (r) => ({
      ...base,
      rsvp_link: rsvpUrl(app.ctx.config, tenantId, Number(r.invitation_id), r.link_version),
      offer_expires: r.offer_expires_at ? eventWhen(r.offer_expires_at, event.timezone) : '',
      qr_url: `${app.ctx.config.appUrl}/rsvp/qr/${checkInToken(app.ctx.config.appKey, tenantId, event.id, Number(r.invitation_id))}.png`,
    }),
    blankVars: { ...base, rsvp_link: '', offer_expires: '', qr_url: '' },
    attachments: ics ? [{ filename: 'event.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics }] : undefined,
    send: {
      audience: { rsvp: o.kind, event_id: event.id, invitation_ids: o.invitationIds.length <= 1000 ? o.invitationIds : [] },
      audienceLabel: (n) => `${event.name}: ${o.kind.replace('_', '-')} (${n} ${n === 1 ? 'guest' : 'guests'})`,
      ignoreQuietHours: o.kind !== 'invitation' && o.kind !== 'follow_up',
      campaignId: event.campaign_id,
      eventId: event.id,
      groupId: event.group_id,
    },
  });
  if (!sendIds.length && o.strict) throw fieldError('channels', 'No one to send to: every invitee was left out (no consent on the chosen channels, suppressed, or no phone or email).');

  // the invitations' counters and the contacts' timelines: one statement each
  const counted =
    o.kind === 'invitation'
      ? sql`sent_count = sent_count + 1, last_sent_at = now(), channels = (select coalesce(jsonb_agg(distinct c), '[]'::jsonb) from jsonb_array_elements_text(channels || ${JSON.stringify(o.channels)}::jsonb) c)`
      : o.kind === 'follow_up'
        ? sql`reminder_count = reminder_count + 1, last_reminded_at = now()`
        : null;
  if (sendIds.length && counted) {
    await tx.execute(sql`update rsvp_invitations set ${counted}, updated_at = now() where tenant_id = ${tenantId} and event_id = ${event.id} and id = any(${ids}::bigint[])`);
  }
  const type = TIMELINE[o.kind];
  if (sendIds.length && type) {
    const who = await rows<{ contact_id: number }>(tx, sql`select contact_id from rsvp_invitations where tenant_id = ${tenantId} and event_id = ${event.id} and id = any(${ids}::bigint[])`);
    await recordContactEvents(
      tx,
      tenantId,
      who.map((w) => ({ contactId: Number(w.contact_id), type, subject: { type: 'event', id: event.id }, data: { kind: o.kind } })),
    );
  }
  return { sendIds, recipients: total };
}

/** Hands the sends written in a committed transaction to the workers (the personal sends' own). */
export { kickSends };
