import { sql } from 'drizzle-orm';
import type { EffectiveRsvpConfig, RsvpAnswer, RsvpEventSummary, RsvpPlace } from '../../../common/answers/rsvp.js';
import type { Config } from '../../config.js';
import { rows, type Tx } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { readToken, signToken } from '../../http/signed-token.js';
import type { RsvpConfig } from '../campaigns/schema.js';
import { recordContactEvents, type ContactEvent } from '../outreach/events.js';

/** What an RSVP with no settings of its own and no group's uses (docs/decisions/0043-rsvp.md). */
export const RSVP_DEFAULTS: EffectiveRsvpConfig = {
  allow_maybe: true,
  max_plus_ones: 0,
  deadline: null,
  reminder_hours: 24,
  waitlist_offer_hours: 24,
  channels: ['sms', 'email'],
  questions: [],
  invitation_sms: 'Hi {{ first_name | default: "there" }}, you are invited to {{ event_name }} on {{ event_date }}. Please reply here: {{ rsvp_link }}',
  invitation_email_subject: 'Invitation: {{ event_name }}',
  invitation_email_body:
    '<p>Hi {{ first_name | default: "there" }},</p><p>You are invited to <strong>{{ event_name }}</strong> on {{ event_date }}{% if event_venue != blank %} at {{ event_venue }}{% endif %}.</p><p><a href="{{ rsvp_link }}">Reply to the invitation</a></p>',
};

/** An event's own settings over its group's over the defaults, field by field (an absent or null field does not override; `deadline` and `reminder_hours` may be set to null on purpose). */
export function effectiveConfig(group: RsvpConfig | null, own: RsvpConfig | null): EffectiveRsvpConfig {
  const out: Record<string, unknown> = { ...RSVP_DEFAULTS };
  for (const layer of [group, own]) {
    if (!layer) continue;
    for (const [k, v] of Object.entries(layer)) {
      if (v === undefined) continue;
      if (v === null && k !== 'deadline' && k !== 'reminder_hours') continue;
      out[k] = v;
    }
  }
  return out as unknown as EffectiveRsvpConfig;
}

export interface EventRow {
  id: number;
  name: string;
  description: string | null;
  venue: string | null;
  address: string | null;
  online_url: string | null;
  starts_at: string;
  ends_at: string;
  timezone: string;
  capacity: number | null;
  seats_taken: number;
  status: string;
  group_id: number | null;
  campaign_id: number | null;
  created_by: number | null;
  updated_at: string;
  group_config: RsvpConfig | null;
  own_config: RsvpConfig | null;
}

const eventColumns = sql`e.id, e.name, e.description, e.venue, e.address, e.online_url,
  to_char(e.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as starts_at, to_char(e.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as ends_at,
  e.timezone, e.capacity, e.seats_taken, e.status, e.group_id, e.campaign_id, e.created_by, g.rsvp_config as group_config, e.rsvp_config as own_config,
  to_char(e.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at`;

/** The event (with its group's settings) of the tenant, or null. */
export async function loadEvent(tx: Tx, tenantId: number, eventId: number): Promise<EventRow | null> {
  const [e] = await rows<EventRow>(
    tx,
    sql`select ${eventColumns} from events e left join event_groups g on g.tenant_id = e.tenant_id and g.id = e.group_id
         where e.tenant_id = ${tenantId} and e.id = ${eventId}`,
  );
  return e ? { ...e, id: Number(e.id), group_id: e.group_id === null ? null : Number(e.group_id), campaign_id: e.campaign_id === null ? null : Number(e.campaign_id) } : null;
}

export function eventSummary(e: EventRow): RsvpEventSummary {
  return {
    id: e.id,
    name: e.name,
    description: e.description,
    venue: e.venue,
    address: e.address,
    online_url: e.online_url,
    starts_at: e.starts_at,
    ends_at: e.ends_at,
    timezone: e.timezone,
    capacity: e.capacity,
    seats_taken: e.seats_taken,
    status: e.status,
    group_id: e.group_id,
    campaign_id: e.campaign_id,
    config: effectiveConfig(e.group_config, e.own_config),
  };
}

// ------------------------------------------------------------------ links

const RSVP_PURPOSE = 'rsvp';
const CHECK_IN_PURPOSE = 'check-in';

/** The invitee's personal link token: HMAC under APP_KEY over the company, the invitation and its link version (a resend raises the version: older links stop working). */
export const rsvpToken = (appKey: string, tenantId: number, invitationId: number, linkVersion: number) => signToken(appKey, RSVP_PURPOSE, [tenantId, invitationId, linkVersion]);

export const rsvpUrl = (config: Pick<Config, 'appUrl' | 'appKey'>, tenantId: number, invitationId: number, linkVersion: number) =>
  `${config.appUrl}/rsvp/${rsvpToken(config.appKey, tenantId, invitationId, linkVersion)}`;

export function readRsvpToken(appKey: string, token: string): { tenantId: number; invitationId: number; linkVersion: number } | null {
  const parts = readToken(appKey, RSVP_PURPOSE, token, 3);
  if (!parts) return null;
  const [tenantId, invitationId, linkVersion] = parts.map(Number);
  if (![tenantId, invitationId, linkVersion].every((n) => Number.isSafeInteger(n) && n > 0)) return null;
  return { tenantId, invitationId, linkVersion };
}

/** The guest's check-in code (the QR code's text): the company, the event and the invitation, signed. */
export const checkInToken = (appKey: string, tenantId: number, eventId: number, invitationId: number) => signToken(appKey, CHECK_IN_PURPOSE, [tenantId, eventId, invitationId]);

export function readCheckInToken(appKey: string, token: string): { tenantId: number; eventId: number; invitationId: number } | null {
  const parts = readToken(appKey, CHECK_IN_PURPOSE, token.trim(), 3);
  if (!parts) return null;
  const [tenantId, eventId, invitationId] = parts.map(Number);
  if (![tenantId, eventId, invitationId].every((n) => Number.isSafeInteger(n) && n > 0)) return null;
  return { tenantId, eventId, invitationId };
}

// ------------------------------------------------------------------ places

export interface InvitationRow {
  id: number;
  event_id: number;
  contact_id: number;
  link_version: number;
  answer: RsvpAnswer | null;
  plus_ones: number;
  answers: Record<string, unknown>;
  place: RsvpPlace | null;
  seats: number;
  waitlisted_at: string | null;
  offer_expires_at: string | null;
  offer_live: boolean;
  checked_in_at: string | null;
}

export async function lockInvitation(tx: Tx, tenantId: number, invitationId: number): Promise<InvitationRow | null> {
  const [r] = await rows<InvitationRow>(
    tx,
    sql`select id, event_id, contact_id, link_version, answer, plus_ones, answers, place, seats, waitlisted_at, offer_expires_at,
               coalesce(offer_expires_at > now(), false) as offer_live, checked_in_at
          from rsvp_invitations where tenant_id = ${tenantId} and id = ${invitationId} for update`,
  );
  return r ? { ...r, id: Number(r.id), event_id: Number(r.event_id), contact_id: Number(r.contact_id) } : null;
}

/** Moves `delta` seats in or out of the event's taken places, guarded so they never pass its capacity; false when they would. */
async function moveSeats(tx: Tx, tenantId: number, eventId: number, delta: number): Promise<boolean> {
  if (delta === 0) return true;
  const r = await rows(
    tx,
    sql`update events set seats_taken = seats_taken + ${delta}, updated_at = now()
         where tenant_id = ${tenantId} and id = ${eventId} and (${delta} <= 0 or capacity is null or seats_taken + ${delta} <= capacity)
        returning id`,
  );
  return r.length > 0;
}

export interface AnswerInput {
  answer: RsvpAnswer;
  plus_ones: number;
  answers: Record<string, unknown>;
}

export interface AnswerOutcome {
  place: RsvpPlace | null;
  /** waitlisted invitations offered a freed place by this answer: the caller sends them the offer */
  offered: number[];
  /** the answer newly confirmed the guest (the caller sends the confirmation with the QR code) */
  confirmed: boolean;
}

/**
 * Records an answer on a locked invitation (lockInvitation) and moves its places:
 *
 * - a "yes" takes 1 + plus-ones seats with the guarded UPDATE (never past capacity, whatever runs
 *   at the same time); when they are not there — or others wait ahead of it — it joins the
 *   waitlist (a guest already confirmed who asks for more plus-ones than are free keeps their
 *   place and gets a 409);
 * - a "no", a "maybe" or fewer plus-ones give seats back, and the freed places are offered to the
 *   waitlist in order (offerFreed).
 */
export async function recordAnswer(tx: Tx, tenantId: number, inv: InvitationRow, capacity: number | null, offerHours: number, input: AnswerInput): Promise<AnswerOutcome> {
  const need = 1 + input.plus_ones;
  let place: RsvpPlace | null = null;
  let seats = 0;
  let waitlistedAt: string | null = null;
  let confirmed = false;
  if (input.answer === 'yes') {
    if (inv.place === 'confirmed') {
      // one statement: give back the old seats and take the new ones, or change nothing
      if (!(await moveSeats(tx, tenantId, inv.event_id, need - inv.seats))) {
        const left = await placesLeft(tx, tenantId, inv.event_id);
        throw new HttpError(409, `Only ${left} more ${left === 1 ? 'place is' : 'places are'} free: your place for ${inv.seats} is kept.`);
      }
      place = 'confirmed';
      seats = need;
    } else {
      const ahead =
        inv.place === 'offered' && inv.offer_live
          ? false
          : (await rows(tx, sql`select 1 from rsvp_invitations where tenant_id = ${tenantId} and event_id = ${inv.event_id} and id <> ${inv.id} and (place = 'waitlisted' or (place = 'offered' and offer_expires_at > now())) limit 1`)).length > 0;
      if (!ahead && (await moveSeats(tx, tenantId, inv.event_id, need))) {
        place = 'confirmed';
        seats = need;
        confirmed = true;
      } else {
        place = 'waitlisted';
        waitlistedAt = inv.place === 'waitlisted' && inv.waitlisted_at ? inv.waitlisted_at : new Date().toISOString();
      }
    }
  } else if (inv.seats > 0) {
    await moveSeats(tx, tenantId, inv.event_id, -inv.seats);
  }
  await tx.execute(
    sql`update rsvp_invitations set answer = ${input.answer}, answered_at = now(), plus_ones = ${input.plus_ones}, answers = ${JSON.stringify(input.answers)}::jsonb,
               place = ${place}, seats = ${seats}, waitlisted_at = ${waitlistedAt}, offer_expires_at = null, updated_at = now()
         where tenant_id = ${tenantId} and id = ${inv.id}`,
  );
  const events: ContactEvent[] = [{ contactId: inv.contact_id, type: 'rsvp.answered', subject: { type: 'event', id: inv.event_id }, data: { answer: input.answer, plus_ones: input.plus_ones } }];
  if (input.answer === 'yes') events.push({ contactId: inv.contact_id, type: place === 'confirmed' ? 'rsvp.accepted' : 'rsvp.waitlisted', subject: { type: 'event', id: inv.event_id }, data: { plus_ones: input.plus_ones } });
  if (input.answer === 'no') events.push({ contactId: inv.contact_id, type: 'rsvp.declined', subject: { type: 'event', id: inv.event_id } });
  await recordContactEvents(tx, tenantId, events);
  const offered = seats < inv.seats || (inv.place === 'offered' && place !== 'confirmed') ? await offerFreed(tx, tenantId, inv.event_id, capacity, offerHours) : [];
  return { place, offered, confirmed };
}

export async function placesLeft(tx: Tx, tenantId: number, eventId: number): Promise<number> {
  const [r] = await rows<{ left: number }>(tx, sql`select greatest(coalesce(capacity, 0) - seats_taken, 0)::int as left from events where tenant_id = ${tenantId} and id = ${eventId}`);
  return Number(r?.left ?? 0);
}

/**
 * Offers the event's free places to the waitlist, oldest first: each waiting guest whose party
 * fits what is free (places minus those already offered and not yet expired) gets an offer until
 * `offerHours` from now. Answers the invitations offered. The caller holds the event's row lock
 * when seats were just given back (the UPDATE took it), so two releases do not offer one place twice.
 */
export async function offerFreed(tx: Tx, tenantId: number, eventId: number, capacity: number | null, offerHours: number): Promise<number[]> {
  if (capacity === null) return [];
  const offered = await rows<{ id: number }>(
    tx,
    sql`with ev as (
          select e.capacity - e.seats_taken - coalesce((select sum(1 + plus_ones) from rsvp_invitations o
                   where o.tenant_id = e.tenant_id and o.event_id = e.id and o.place = 'offered' and o.offer_expires_at > now()), 0) as free
            from events e where e.tenant_id = ${tenantId} and e.id = ${eventId}
        ), queue as (
          select w.id, sum(1 + w.plus_ones) over (order by w.waitlisted_at, w.id) as running
            from rsvp_invitations w
           where w.tenant_id = ${tenantId} and w.event_id = ${eventId} and w.place = 'waitlisted'
        )
        update rsvp_invitations i set place = 'offered', offer_expires_at = now() + make_interval(hours => ${offerHours}::int), updated_at = now()
          from queue, ev
         where i.tenant_id = ${tenantId} and i.id = queue.id and queue.running <= ev.free
        returning i.id`,
  );
  return offered.map((r) => Number(r.id));
}
