import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows, type Tx } from '../../db/client.js';
import { fieldError, HttpError, ValidationError } from '../../http/errors.js';
import { messageParts } from '../../providers/sms/index.js';
import { deliveryEngine } from '../delivery/index.js';
import type { RowMessage } from '../email/channel.js';
import { emailSetup } from '../email/sender.js';
import { sendableCondition } from '../outreach/consent.js';
import { recordContactEvents } from '../outreach/events.js';
import type { RenderContact } from '../outreach/message-render.js';
import { checkInvitationText } from '../campaigns/texts.js';
import { defaultSmsDriver } from '../sms/channel.js';
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

interface Recipient extends RenderContact {
  delivery_id: number;
  invitation_id: number;
  link_version: number;
  offer_expires_at: string | null;
}

/**
 * Sends an RSVP message to invitations of one event through the delivery engine: one send per
 * channel (event_id set), its recipients chosen in one INSERT … SELECT from the invitations and
 * their contacts (consent and suppression honoured, one message per address), each recipient's
 * text rendered with their own signed link before the credits are held. Runs in the caller's
 * transaction; the caller kicks the answered sends after the commit (kickSends).
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
  const engine = deliveryEngine(app.ctx);
  const ids = sql.param(o.invitationIds);
  const sendIds: number[] = [];
  let total = 0;
  const ics = o.kind === 'reminder' ? eventIcsFile(event, company, { tenantId, updatedAt: event.updated_at, method: 'request' }) : null;
  const base = { event_name: event.name, event_date: eventWhen(event.starts_at, event.timezone), event_time: eventWhen(event.starts_at, event.timezone, 'time'), event_venue: event.venue ?? '', company_name: company };

  for (const channel of [...new Set(o.channels)]) {
    const address = channel === 'sms' ? sql`outreach_contacts.phone` : sql`outreach_contacts.email`;
    const from = sql`from rsvp_invitations i join outreach_contacts on outreach_contacts.tenant_id = i.tenant_id and outreach_contacts.id = i.contact_id
         where i.tenant_id = ${tenantId} and i.event_id = ${event.id} and i.id = any(${ids}::bigint[]) and ${address} is not null and ${sendableCondition(channel)}`;
    const [{ n }] = await rows<{ n: number }>(tx, sql`select count(distinct ${address})::int as n ${from}`);
    if (!Number(n)) continue;

    let driver: string;
    let senderId: string | null = null;
    let fromName = '';
    let replyTo: string | null = null;
    try {
      if (channel === 'sms') driver = defaultSmsDriver(app);
      else {
        const setup = await emailSetup(app, tx, tenantId);
        driver = setup.driverName;
        senderId = setup.fromAddress;
        fromName = setup.fromName;
        replyTo = setup.replyTo;
      }
    } catch (err) {
      if (!o.strict) continue;
      const why = err instanceof ValidationError ? (Object.values(err.errors).flat()[0] ?? '') : (err as Error).message;
      throw new HttpError(422, channel === 'sms' ? `SMS cannot be sent: ${why}` : `Email is not set up yet: ${why || 'choose Mailgun or an SMTP server in the email settings first.'}`);
    }
    const sms = channel === 'sms' ? await checkInvitationText(tx, tenantId, 'message', words.sms) : null;
    const subject = channel === 'email' ? await checkInvitationText(tx, tenantId, 'subject', words.subject) : null;
    const html = channel === 'email' ? await checkInvitationText(tx, tenantId, 'html', words.html, true) : null;

    const created = await engine.createSend(
      tx,
      tenantId,
      {
        channel,
        driver,
        body: channel === 'sms' ? words.sms : words.subject,
        senderId,
        audience: { rsvp: o.kind, event_id: event.id, invitation_ids: o.invitationIds.length <= 1000 ? o.invitationIds : [] },
        audienceLabel: `${event.name}: ${o.kind.replace('_', '-')} (${n} ${Number(n) === 1 ? 'guest' : 'guests'})`,
        personalised: true,
        scheduledAt: null,
        ignoreQuietHours: o.kind !== 'invitation' && o.kind !== 'follow_up',
        campaignId: event.campaign_id,
        eventId: event.id,
        groupId: event.group_id,
        createdBy: o.userId,
      },
      sql`select distinct on (address) outreach_contacts.id as contact_id, ${address} as address, null::text as body, 1::numeric as units ${from} order by address, i.id`,
      channel,
      {
        beforeHold: async (sendId) => {
          const list = await rows<Recipient>(
            tx,
            sql`select d.id as delivery_id, i.id as invitation_id, i.link_version, i.offer_expires_at, o.first_name, o.last_name, o.phone, o.email, o.custom
                  from deliveries d join outreach_contacts o on o.tenant_id = d.tenant_id and o.id = d.contact_id
                  join rsvp_invitations i on i.tenant_id = d.tenant_id and i.event_id = ${event.id} and i.contact_id = d.contact_id
                 where d.tenant_id = ${tenantId} and d.send_id = ${sendId} order by d.id`,
          );
          const bodies: string[] = [];
          const units: number[] = [];
          for (const r of list) {
            const who: RenderContact = { first_name: r.first_name, last_name: r.last_name, phone: r.phone, email: r.email, custom: r.custom ?? {} };
            const link = rsvpUrl(app.ctx.config, tenantId, Number(r.invitation_id), r.link_version);
            const extra = {
              ...base,
              rsvp_link: link,
              offer_expires: r.offer_expires_at ? eventWhen(r.offer_expires_at, event.timezone) : '',
              qr_url: `${app.ctx.config.appUrl}/rsvp/qr/${checkInToken(app.ctx.config.appKey, tenantId, event.id, Number(r.invitation_id))}.png`,
            };
            if (sms) {
              const text = sms.render(who, extra);
              bodies.push(text);
              units.push(messageParts(text).parts);
            } else {
              const message: RowMessage = { subject: subject!.render(who, extra), html: html!.render(who, extra) };
              if (ics) message.attachments = [{ filename: 'event.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics }];
              bodies.push(JSON.stringify(message));
              units.push(1);
            }
          }
          await tx.execute(
            sql`update deliveries d set body = u.body, units = u.units, credits = round(u.units * (d.credits / nullif(d.units, 0)), 4)
                  from unnest(${sql.param(list.map((r) => Number(r.delivery_id)))}::bigint[], ${sql.param(bodies)}::text[], ${sql.param(units)}::int[]) as u(id, body, units)
                 where d.tenant_id = ${tenantId} and d.id = u.id`,
          );
        },
      },
    );
    if (channel === 'email') {
      // the send's own record (the email list shows it); every recipient's message is in their row (RowMessage)
      const sendSubject = subject!.render({ first_name: null, last_name: null, phone: null, email: null, custom: {} }, { ...base, rsvp_link: '', offer_expires: '', qr_url: '' });
      await tx.execute(
        sql`insert into email_sends (tenant_id, send_id, subject, html, text, from_name, from_address, reply_to, bulk)
            values (${tenantId}, ${created.id}, ${sendSubject}, '', '', ${fromName}, ${senderId}, ${replyTo}, false)`,
      );
    }
    sendIds.push(created.id);
    total += created.recipients;
  }
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

/** Hands the sends written in a committed transaction to the workers. */
export async function kickSends(app: FastifyInstance, tenantId: number, sendIds: number[]) {
  const engine = deliveryEngine(app.ctx);
  for (const id of sendIds) await engine.kick(tenantId, id);
}
