import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CheckInAnswer, RsvpDashboard, RsvpInvitationRow, RsvpTotals } from '../../../common/answers/rsvp.js';
import { rows, type Tx } from '../../db/client.js';
import { isoTimestamp as ts } from '../../db/sql.js';
import { fieldError, HttpError, notFound } from '../../http/errors.js';
import { exportRoute } from '../../http/import-export.js';
import { readPage, type FieldMap } from '../../http/list.js';
import { paginator } from '../../http/paginator.js';
import { estimatedTotals } from '../../http/resource.js';
import { validate } from '../../http/validate.js';
import { resolveAudience } from '../delivery/audience.js';
import { recordContactEvents } from '../outreach/events.js';
import { kickSends, sendRsvpMessages, type RsvpChannel } from './messages.js';
import { effectiveConfig, eventSummary, loadEvent, readCheckInToken, type EventRow } from './service.js';
import { visibleEvent } from './visibility.js';
import { rsvpInvitations as inv } from './schema.js';

const idPattern = /^[1-9]\d{0,15}$/;

/** the route's :eventId (404 for anything that cannot be one) */
export function eventIdOf(req: FastifyRequest): number {
  const raw = (req.params as { eventId?: string; id?: string }).eventId ?? (req.params as { id?: string }).id ?? '';
  if (!idPattern.test(raw)) throw notFound('Event');
  return Number(raw);
}

const ids = (max: number) => z.array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(max).default([]);
const channelsSchema = z
  .array(z.enum(['sms', 'email'], { error: 'Choose SMS or email.' }))
  .min(1, 'Choose at least one channel: SMS or email.')
  .transform((c) => [...new Set(c)] as RsvpChannel[]);

const inviteSchema = z
  .object({
    contact_ids: ids(10_000),
    segment_ids: ids(50),
    /** the event's group's participants */
    group_participants: z.boolean().default(false),
    channels: channelsSchema.optional(),
  })
  .refine((d) => d.contact_ids.length + d.segment_ids.length > 0 || d.group_participants, {
    path: ['audience'],
    message: 'Choose who to invite: contacts, segments or the group’s participants.',
  });

const listSchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(15),
  answer: z.enum(['yes', 'no', 'maybe', 'none']).optional(),
  place: z.enum(['confirmed', 'waitlisted', 'offered']).optional(),
  meta: z
    .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
    .transform((v) => v === true || v === '1' || v === 'true')
    .optional(),
});

export const invitationFields = sql`i.id, i.event_id, i.contact_id, trim(coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, '')) as name, o.phone, o.email, i.channels,
  i.sent_count, i.last_sent_at, i.reminder_count, i.last_reminded_at, i.answer, i.answered_at, i.plus_ones, i.answers, i.place, i.seats,
  i.waitlisted_at, i.offer_expires_at, i.checked_in_at, i.created_at`;

type Which = 'all' | 'responses' | 'non_responded';

function listWhere(tenantId: number, eventId: number, which: Which, q: z.output<typeof listSchema>): SQL {
  const parts: SQL[] = [sql`i.tenant_id = ${tenantId} and i.event_id = ${eventId}`];
  if (which === 'responses') parts.push(sql`i.answer is not null`);
  if (which === 'non_responded') parts.push(sql`i.answer is null`);
  if (q.answer === 'none') parts.push(sql`i.answer is null`);
  else if (q.answer) parts.push(sql`i.answer = ${q.answer}`);
  if (q.place) parts.push(sql`i.place = ${q.place}`);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(o.first_name ilike ${like} or o.last_name ilike ${like} or (coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, '')) ilike ${like} or o.phone ilike ${like} or o.email ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

const fromInvitations = sql`from rsvp_invitations i join outreach_contacts o on o.tenant_id = i.tenant_id and o.id = i.contact_id`;

const cast = (r: RsvpInvitationRow): RsvpInvitationRow => ({ ...r, id: Number(r.id), event_id: Number(r.event_id), contact_id: Number(r.contact_id) });

/** The event's RSVP figures in one statement. */
export async function totalsOf(tx: Tx, tenantId: number, event: EventRow): Promise<RsvpTotals> {
  const [t] = await rows<Record<string, number>>(
    tx,
    sql`select count(*)::int as invited, count(answer)::int as answered,
               count(*) filter (where answer = 'yes')::int as yes, count(*) filter (where answer = 'no')::int as no, count(*) filter (where answer = 'maybe')::int as maybe,
               count(*) filter (where place = 'confirmed')::int as confirmed, count(*) filter (where place = 'waitlisted')::int as waitlisted,
               count(*) filter (where place = 'offered')::int as offered, count(checked_in_at)::int as checked_in,
               coalesce(sum(seats) filter (where checked_in_at is not null), 0)::int as checked_in_seats
          from rsvp_invitations where tenant_id = ${tenantId} and event_id = ${event.id}`,
  );
  const [e] = await rows<{ seats_taken: number; capacity: number | null }>(tx, sql`select seats_taken, capacity from events where tenant_id = ${tenantId} and id = ${event.id}`);
  return {
    invited: t.invited,
    answered: t.answered,
    not_answered: t.invited - t.answered,
    yes: t.yes,
    no: t.no,
    maybe: t.maybe,
    confirmed: t.confirmed,
    waitlisted: t.waitlisted,
    offered: t.offered,
    seats_taken: e.seats_taken,
    capacity: e.capacity,
    checked_in: t.checked_in,
    checked_in_seats: t.checked_in_seats,
  };
}

/**
 * The paged lists' columns: the invitation's own, and its contact's name, phone and e-mail looked
 * up for the page's rows only (a join would be read for every row the count passes over).
 */
const contactOf = (column: string) =>
  sql.raw(`(select o.${column} from outreach_contacts o where o.tenant_id = "rsvp_invitations"."tenant_id" and o.id = "rsvp_invitations"."contact_id")`);
const pageFields: FieldMap = {
  id: inv.id,
  event_id: inv.eventId,
  contact_id: inv.contactId,
  name: sql<string>`${sql.raw(`(select trim(coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, '')) from outreach_contacts o where o.tenant_id = "rsvp_invitations"."tenant_id" and o.id = "rsvp_invitations"."contact_id")`)}`,
  phone: sql<string | null>`${contactOf('phone')}`,
  email: sql<string | null>`${contactOf('email')}`,
  channels: inv.channels,
  sent_count: inv.sentCount,
  last_sent_at: ts(inv.lastSentAt),
  reminder_count: inv.reminderCount,
  last_reminded_at: ts(inv.lastRemindedAt),
  answer: inv.answer,
  answered_at: ts(inv.answeredAt),
  plus_ones: inv.plusOnes,
  answers: inv.answers,
  place: inv.place,
  seats: inv.seats,
  waitlisted_at: ts(inv.waitlistedAt),
  offer_expires_at: ts(inv.offerExpiresAt),
  checked_in_at: ts(inv.checkedInAt),
  created_at: ts(inv.createdAt),
};

/** The paged lists' conditions over rsvp_invitations alone; a search finds the matching contacts first (their trigram indexes). */
function pageWhere(tenantId: number, eventId: number, which: Which, q: z.output<typeof listSchema>): SQL {
  const parts: SQL[] = [sql`${inv.tenantId} = ${tenantId}`, sql`${inv.eventId} = ${eventId}`];
  if (which === 'responses') parts.push(sql`${inv.answer} is not null`);
  if (which === 'non_responded' || q.answer === 'none') parts.push(sql`${inv.answer} is null`);
  else if (q.answer) parts.push(sql`${inv.answer} = ${q.answer}`);
  if (q.place) parts.push(sql`${inv.place} = ${q.place}`);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(
      sql`${inv.contactId} in (select o.id from outreach_contacts o where o.tenant_id = ${tenantId} and (o.first_name ilike ${like} or o.last_name ilike ${like}
            or (coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, '')) ilike ${like} or o.phone ilike ${like} or o.email ilike ${like}))`,
    );
  }
  return sql.join(parts, sql` and `);
}

/**
 * Events/RsvpInvitations, RsvpResponses and RsvpFollowUp's lists through the shared list reader
 * (server/http/list.ts): the page in index order with a capped count, and the planner's estimate
 * beyond it — an event may invite a million contacts.
 */
async function pageOf(req: FastifyRequest, which: Which) {
  const eventId = eventIdOf(req);
  const q = validate(listSchema, req.query ?? {});
  const tenantId = req.tenant!.id;
  return req.tenantTx(async (tx) => {
    const event = await visibleEvent(tx, req, eventId);
    const order = which === 'responses' ? [sql`${inv.answeredAt} desc`, sql`${inv.id} desc`] : [sql`${inv.id} desc`];
    const { data, total, estimated } = await readPage<RsvpInvitationRow & Record<string, unknown>>(
      (fn) => fn(tx),
      { table: inv, fields: pageFields, tenantId, where: pageWhere(tenantId, eventId, which, q), order, page: q.page, perPage: q.per_page, list: `rsvp:${which}`, searching: !!q.search },
      estimatedTotals(req.server.ctx),
    );
    const { page: _p, ...rest } = (req.query ?? {}) as Record<string, unknown>;
    const page = paginator(data.map(cast), { total, estimated, page: q.page, perPage: q.per_page, path: req.url.split('?')[0], query: rest });
    return q.meta || which === 'responses' ? { ...page, meta: await totalsOf(tx, tenantId, event) } : page;
  });
}

/** the invitations of the audience, made once per (event, contact); answers how many are new and the ids to send to (never sent before) */
async function invite(tx: Tx, req: FastifyRequest, event: EventRow, body: z.output<typeof inviteSchema>) {
  const tenantId = req.tenant!.id;
  const audience = await resolveAudience(tx, tenantId, { contact_ids: body.contact_ids, segment_ids: body.segment_ids, numbers: [] });
  const conditions: SQL[] = [sql`(${audience.contacts})`];
  if (body.group_participants) {
    if (!event.group_id) throw fieldError('group_participants', 'This event is not in a group.');
    conditions.push(
      sql`exists (select 1 from group_participants p where p.tenant_id = ${tenantId} and p.group_id = ${event.group_id} and p.contact_id = outreach_contacts.id)`,
    );
  }
  const created = await rows<{ id: number }>(
    tx,
    sql`insert into rsvp_invitations (tenant_id, event_id, contact_id, invited_by)
        select ${tenantId}, ${event.id}, outreach_contacts.id, ${req.user!.id} from outreach_contacts
         where outreach_contacts.tenant_id = ${tenantId} and (${sql.join(conditions, sql` or `)})
        on conflict (tenant_id, event_id, contact_id) do nothing
        returning id`,
  );
  const toSend = await rows<{ id: number }>(
    tx,
    sql`select i.id from rsvp_invitations i join outreach_contacts on outreach_contacts.tenant_id = i.tenant_id and outreach_contacts.id = i.contact_id
         where i.tenant_id = ${tenantId} and i.event_id = ${event.id} and i.sent_count = 0 and (${sql.join(conditions, sql` or `)})`,
  );
  return { created: created.length, ids: toSend.map((r) => Number(r.id)) };
}

/** SPEC §8: a send is confirmed by 'Send Successfully' */
const SENT = 'Send Successfully';

/**
 * The organisers' RSVP endpoints (SPEC §7 Events): invitations and their list, responses,
 * follow-ups of those who did not answer, check-in at the door and the event's dashboard figures.
 * Every route finds the event through visibleEvent (another company's, or one the member may not
 * see: 404) and declares its permission.
 */
export function rsvpRoutes(app: FastifyInstance) {
  app.get('/events/get-rsvp-invitations/:eventId', { config: { access: 'rsvp.view' } }, (req) => pageOf(req, 'all'));
  app.get('/events/get-rsvp-responses/:eventId', { config: { access: 'rsvp.view' } }, (req) => pageOf(req, 'responses'));
  app.get('/events/get-non-responded-invitations/:eventId', { config: { access: 'rsvp.view' } }, (req) => pageOf(req, 'non_responded'));

  app.post('/events/send-invitations/:eventId', { config: { access: 'rsvp.send' } }, async (req, reply) => {
    const eventId = eventIdOf(req);
    const body = validate(inviteSchema, req.body ?? {});
    const tenantId = req.tenant!.id;
    const out = await req.tenantTx(async (tx) => {
      const event = await visibleEvent(tx, req, eventId);
      const channels = body.channels ?? effectiveConfig(event.group_config, event.own_config).channels;
      const { created, ids } = await invite(tx, req, event, body);
      if (!ids.length) throw fieldError('audience', created ? 'No one to send to.' : 'Everyone chosen has already been invited: resend an invitation from the list instead.');
      const sent = await sendRsvpMessages(app, tx, { tenantId, event, invitationIds: ids, kind: 'invitation', channels, userId: req.user!.id, strict: true });
      return { invited: created, invitations: ids.length, ...sent };
    });
    await kickSends(app, tenantId, out.sendIds);
    return reply.code(201).send({ message: SENT, data: { invited: out.invited, invitations: out.invitations, recipients: out.recipients, send_ids: out.sendIds } });
  });

  const invitationIdSchema = z.object({ invitation_id: z.coerce.number({ error: 'Choose an invitation.' }).int().positive().max(Number.MAX_SAFE_INTEGER) });

  app.post('/events/resend-invitation/:eventId', { config: { access: 'rsvp.send' } }, async (req) => {
    const eventId = eventIdOf(req);
    const { invitation_id } = validate(invitationIdSchema, req.body ?? {});
    const tenantId = req.tenant!.id;
    const out = await req.tenantTx(async (tx) => {
      const event = await visibleEvent(tx, req, eventId);
      // a fresh link: the ones sent before stop working
      const [inv] = await rows<{ id: number; channels: RsvpChannel[] }>(
        tx,
        sql`update rsvp_invitations set link_version = link_version + 1, updated_at = now() where tenant_id = ${tenantId} and event_id = ${eventId} and id = ${invitation_id} returning id, channels`,
      );
      if (!inv) throw notFound('Invitation');
      const channels = inv.channels.length ? inv.channels : effectiveConfig(event.group_config, event.own_config).channels;
      return sendRsvpMessages(app, tx, { tenantId, event, invitationIds: [invitation_id], kind: 'invitation', channels, userId: req.user!.id, strict: true });
    });
    await kickSends(app, tenantId, out.sendIds);
    return { message: SENT, data: { recipients: out.recipients, send_ids: out.sendIds } };
  });

  const followUps = async (req: FastifyRequest, wanted: number[]) => {
    const eventId = eventIdOf(req);
    const tenantId = req.tenant!.id;
    const out = await req.tenantTx(async (tx) => {
      const event = await visibleEvent(tx, req, eventId);
      const open = await rows<{ id: number; channels: RsvpChannel[] }>(
        tx,
        sql`select id, channels from rsvp_invitations where tenant_id = ${tenantId} and event_id = ${eventId} and id = any(${sql.param(wanted)}::bigint[]) and answer is null`,
      );
      if (open.length !== new Set(wanted).size) {
        const [known] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from rsvp_invitations where tenant_id = ${tenantId} and event_id = ${eventId} and id = any(${sql.param(wanted)}::bigint[])`);
        if (Number(known.n) !== new Set(wanted).size) throw notFound('Invitation');
        if (!open.length) throw fieldError('invitation_ids', 'Everyone chosen has already answered: follow-ups go only to those who have not.');
      }
      const channels = [...new Set(open.flatMap((o) => o.channels))] as RsvpChannel[];
      return sendRsvpMessages(app, tx, {
        tenantId,
        event,
        invitationIds: open.map((o) => Number(o.id)),
        kind: 'follow_up',
        channels: channels.length ? channels : effectiveConfig(event.group_config, event.own_config).channels,
        userId: req.user!.id,
        strict: true,
      });
    });
    await kickSends(app, tenantId, out.sendIds);
    return { message: SENT, data: { recipients: out.recipients, send_ids: out.sendIds } };
  };

  const followUpSchema = z.object({ invitation_ids: ids(10_000).refine((v) => v.length > 0, 'Choose who to remind.') });
  app.post('/events/send-follow-up-reminders/:eventId', { config: { access: 'rsvp.send' } }, async (req) => {
    const { invitation_ids } = validate(followUpSchema, req.body ?? {});
    return followUps(req, invitation_ids);
  });
  app.post('/events/send-follow-up-reminder/:eventId/:invitationId', { config: { access: 'rsvp.send' } }, async (req) => {
    const raw = (req.params as { invitationId?: string }).invitationId ?? '';
    if (!idPattern.test(raw)) throw notFound('Invitation');
    return followUps(req, [Number(raw)]);
  });

  // ------------------------------------------------------------ check-in

  const checkInSchema = z
    .object({
      code: z.string().trim().max(300).optional(),
      invitation_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    })
    .refine((d) => d.code || d.invitation_id, { path: ['code'], message: 'Scan or enter the guest’s code.' });

  app.post('/events/check-in/:eventId', { config: { access: 'rsvp.check_in' } }, async (req, reply) => {
    const eventId = eventIdOf(req);
    const body = validate(checkInSchema, req.body ?? {});
    const tenantId = req.tenant!.id;
    let invitationId = body.invitation_id;
    if (body.code) {
      const t = readCheckInToken(app.ctx.config.appKey, body.code);
      if (!t || t.tenantId !== tenantId) throw fieldError('code', 'This code is not a check-in code of this company.');
      if (t.eventId !== eventId) throw fieldError('code', 'This code is for another event.');
      invitationId = t.invitationId;
    }
    const result = await req.tenantTx(async (tx) => {
      await visibleEvent(tx, req, eventId);
      const [done] = await rows<{ id: number; contact_id: number; plus_ones: number; checked_in_at: string }>(
        tx,
        sql`update rsvp_invitations set checked_in_at = now(), checked_in_by = ${req.user!.id}, updated_at = now()
             where tenant_id = ${tenantId} and event_id = ${eventId} and id = ${invitationId!} and place = 'confirmed' and checked_in_at is null
            returning id, contact_id, plus_ones, checked_in_at`,
      );
      const [who] = await rows<{ id: number; name: string; plus_ones: number; place: string | null; checked_in_at: string | null }>(
        tx,
        sql`select i.id, trim(coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, '')) as name, i.plus_ones, i.place, i.checked_in_at
              from rsvp_invitations i join outreach_contacts o on o.tenant_id = i.tenant_id and o.id = i.contact_id
             where i.tenant_id = ${tenantId} and i.event_id = ${eventId} and i.id = ${invitationId!}`,
      );
      if (!who) throw notFound('Invitation');
      if (done) {
        await recordContactEvents(tx, tenantId, [{ contactId: Number(done.contact_id), type: 'rsvp.checked_in', subject: { type: 'event', id: eventId }, data: { plus_ones: done.plus_ones } }]);
      }
      return { done: !!done, who };
    });
    const data: CheckInAnswer = { invitation_id: Number(result.who.id), name: result.who.name, plus_ones: result.who.plus_ones, checked_in_at: result.who.checked_in_at ?? '', first_time: result.done };
    if (result.done) return { message: `${data.name || 'Guest'} checked in${data.plus_ones ? ` with ${data.plus_ones} ${data.plus_ones === 1 ? 'guest' : 'guests'}` : ''}.`, data };
    if (result.who.place !== 'confirmed') throw new HttpError(422, `${data.name || 'This guest'} has no confirmed place${result.who.place === 'waitlisted' ? ': they are on the waitlist' : ''}.`);
    return reply.code(409).send({ message: `${data.name || 'This guest'} was already checked in at ${result.who.checked_in_at}.`, data });
  });

  // arrivals and the guest search of the check-in page (polled)
  app.get('/events/check-in-guests/:eventId', { config: { access: 'rsvp.check_in' } }, async (req) => {
    const eventId = eventIdOf(req);
    const q = validate(listSchema, req.query ?? {});
    const tenantId = req.tenant!.id;
    return req.tenantTx(async (tx) => {
      const event = await visibleEvent(tx, req, eventId);
      const where = listWhere(tenantId, eventId, 'all', { ...q, place: 'confirmed' });
      const guests = await rows<RsvpInvitationRow>(
        tx,
        sql`select ${invitationFields} ${fromInvitations} where ${where} order by i.checked_in_at desc nulls last, o.first_name, i.id limit ${Math.min(q.per_page, 100)}`,
      );
      return { data: guests.map(cast), meta: await totalsOf(tx, tenantId, event) };
    });
  });

  // ------------------------------------------------------------ dashboard

  app.get('/events/rsvp-dashboard/:eventId', { config: { access: 'rsvp.view' } }, async (req) => {
    const eventId = eventIdOf(req);
    const tenantId = req.tenant!.id;
    return req.tenantTx(async (tx) => {
      const event = await visibleEvent(tx, req, eventId);
      const tz = event.timezone || 'UTC';
      const byDay = await rows<{ day: string; yes: number; no: number; maybe: number }>(
        tx,
        sql`select to_char(answered_at at time zone ${tz}, 'YYYY-MM-DD') as day, count(*) filter (where answer = 'yes')::int as yes,
                   count(*) filter (where answer = 'no')::int as no, count(*) filter (where answer = 'maybe')::int as maybe
              from rsvp_invitations where tenant_id = ${tenantId} and event_id = ${eventId} and answered_at is not null group by 1 order by 1`,
      );
      const byHour = await rows<{ hour: string; count: number }>(
        tx,
        sql`select to_char(date_trunc('hour', checked_in_at at time zone ${tz}), 'YYYY-MM-DD HH24:00') as hour, count(*)::int as count
              from rsvp_invitations where tenant_id = ${tenantId} and event_id = ${eventId} and checked_in_at is not null group by 1 order by 1`,
      );
      const messages = await rows<RsvpDashboard['messages'][number]>(
        tx,
        sql`select s.channel, count(distinct s.id)::int as sends, coalesce(sum(s.recipients), 0)::int as recipients,
                   coalesce(sum((select count(*) from deliveries d where d.tenant_id = s.tenant_id and d.send_id = s.id and d.state = 'delivered')), 0)::int as delivered,
                   coalesce(sum((select count(*) from deliveries d where d.tenant_id = s.tenant_id and d.send_id = s.id and d.state in ('failed', 'rejected'))), 0)::int as failed,
                   coalesce(sum(coalesce(r.settled_credits, s.credits_reserved)), 0)::numeric(20, 4)::text as credits
              from sends s left join credit_reservations r on r.tenant_id = s.tenant_id and r.id = s.reservation_id
             where s.tenant_id = ${tenantId} and s.event_id = ${eventId} group by s.channel order by s.channel`,
      );
      const total = messages.reduce((a, m) => a + Number(m.credits), 0).toFixed(4);
      const data: RsvpDashboard = { totals: await totalsOf(tx, tenantId, event), answers_by_day: byDay, check_ins_by_hour: byHour, messages, credits_total: total };
      return { data };
    });
  });

  // ------------------------------------------------------------ export

  exportRoute(
    app,
    {
      base: '/events/rsvp-responses',
      label: 'RSVP responses',
      access: 'rsvp.view',
      fields: ['name', 'phone', 'email', 'answer', 'plus_ones', 'place', 'answered_at', 'checked_in_at', 'answers'],
      column: () => undefined,
      select: (req) => {
        const eventId = Number((req.query as { event_id?: string }).event_id ?? '');
        if (!Number.isSafeInteger(eventId) || eventId <= 0) throw notFound('Event');
        const tenantId = req.tenant!.id;
        const where = sql`i.tenant_id = ${tenantId} and i.event_id = ${eventId} and i.answer is not null`;
        return {
          count: async (tx) => {
            await visibleEvent(tx, req, eventId);
            return Number((await rows<{ n: number }>(tx, sql`select count(*)::int as n ${fromInvitations} where ${where}`))[0].n);
          },
          each: async (tx, size, fn) => {
            let after = 0;
            for (;;) {
              const batch = await rows<Record<string, unknown>>(
                tx,
                sql`select i.id, trim(coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, '')) as name, o.phone, o.email, i.answer, i.plus_ones, i.place,
                           i.answered_at, i.checked_in_at, i.answers::text as answers
                      ${fromInvitations} where ${where} and i.id > ${after} order by i.id limit ${size}`,
              );
              if (!batch.length) return;
              await fn(batch);
              after = Number(batch[batch.length - 1].id);
            }
          },
        };
      },
    },
    { filename: 'rsvp-responses' },
  );

  // the event as the RSVP pages see it (name, when, capacity, settings)
  app.get('/events/rsvp-event/:eventId', { config: { access: 'rsvp.view' } }, async (req) => {
    const eventId = eventIdOf(req);
    return req.tenantTx(async (tx) => ({ data: eventSummary(await visibleEvent(tx, req, eventId)) }));
  });
  void loadEvent;
}
