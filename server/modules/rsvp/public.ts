import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { EffectiveRsvpConfig, RsvpFormProps } from '../../../common/answers/rsvp.js';
import { rows, type Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { HttpError, ValidationError } from '../../http/errors.js';
import { Throttle } from '../../http/throttle.js';
import { validate } from '../../http/validate.js';
import { accountingLogo, logoUrl } from '../accounting-settings/service.js';
import { eventIcsFile, googleCalendarUrl } from './ics.js';
import { tellOrganiser } from './news.js';
import { kickSends, sendRsvpMessages, type RsvpChannel, type RsvpMessageKind } from './messages.js';
import { checkInToken, effectiveConfig, loadEvent, lockInvitation, placesLeft, readCheckInToken, readRsvpToken, recordAnswer, type EventRow } from './service.js';

const INVALID = 'This RSVP link is invalid or has been replaced by a newer one. Use the latest invitation you received.';

/** is the form still taking answers: until the deadline, or until the event starts */
export function answersOpen(config: EffectiveRsvpConfig, event: EventRow, now = new Date()): boolean {
  const until = config.deadline ? new Date(config.deadline) : new Date(event.starts_at);
  return now < until && event.status !== 'completed';
}

/** The answer's schema for an event's settings: its answers, plus-ones and its own questions. */
export function answerSchema(config: EffectiveRsvpConfig) {
  const answers = config.allow_maybe ? (['yes', 'no', 'maybe'] as const) : (['yes', 'no'] as const);
  return z
    .object({
      answer: z.enum(answers, { error: config.allow_maybe ? 'Choose yes, no or maybe.' : 'Choose yes or no.' }),
      plus_ones: z.coerce
        .number({ error: 'Enter how many guests you bring.' })
        .int('Enter a whole number of guests.')
        .min(0, 'Enter how many guests you bring.')
        .max(config.max_plus_ones, config.max_plus_ones ? `You may bring at most ${config.max_plus_ones} ${config.max_plus_ones === 1 ? 'guest' : 'guests'}.` : 'This invitation is for you alone.')
        .default(0),
      answers: z.record(z.string(), z.unknown()).default({}),
    })
    .transform((d, ctx) => {
      // plus-ones mean nothing unless coming; the questions are asked of those who come (or may)
      const plusOnes = d.answer === 'yes' ? d.plus_ones : 0;
      const out: Record<string, unknown> = {};
      if (d.answer !== 'no') {
        for (const q of config.questions) {
          const v = d.answers[q.id];
          const empty = v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
          if (empty) {
            if (q.required) ctx.addIssue({ code: 'custom', path: ['answers', q.id], message: `Answer “${q.label}”.` });
            continue;
          }
          if (q.type === 'number') {
            const n = Number(v);
            if (!Number.isFinite(n)) ctx.addIssue({ code: 'custom', path: ['answers', q.id], message: `“${q.label}” must be a number.` });
            else out[q.id] = n;
          } else if (q.type === 'yes_no') {
            if (v !== true && v !== false && v !== 'yes' && v !== 'no') ctx.addIssue({ code: 'custom', path: ['answers', q.id], message: `Answer “${q.label}” with yes or no.` });
            else out[q.id] = v === true || v === 'yes';
          } else if (q.type === 'choice') {
            if (typeof v !== 'string' || !(q.choices ?? []).includes(v)) ctx.addIssue({ code: 'custom', path: ['answers', q.id], message: `Choose one of the answers to “${q.label}”.` });
            else out[q.id] = v;
          } else {
            if (typeof v !== 'string' || v.length > 2000) ctx.addIssue({ code: 'custom', path: ['answers', q.id], message: `“${q.label}” may be at most 2,000 characters.` });
            else out[q.id] = v.trim();
          }
        }
      }
      return { answer: d.answer, plus_ones: plusOnes, answers: out };
    });
}

interface Resolved {
  tenantId: number;
  invitationId: number;
  linkVersion: number;
  token: string;
}

/**
 * Sends an automatic message (confirmation, offer) inside a savepoint: a short wallet or a
 * channel that cannot send never undoes the guest's answer.
 */
export async function sendQuietly(app: FastifyInstance, tx: Tx, o: Parameters<typeof sendRsvpMessages>[2]): Promise<number[]> {
  await tx.execute(sql`savepoint rsvp_message`);
  try {
    const r = await sendRsvpMessages(app, tx, o);
    await tx.execute(sql`release savepoint rsvp_message`);
    return r.sendIds;
  } catch (err) {
    await tx.execute(sql`rollback to savepoint rsvp_message`);
    app.log.warn({ err, event: o.event.id, kind: o.kind }, 'rsvp: an automatic message could not be sent');
    return [];
  }
}

/** The offers to waitlisted guests and the confirmation of a guest, after a change of places. */
export async function followOnMessages(app: FastifyInstance, tx: Tx, tenantId: number, event: EventRow, confirmedId: number | null, offered: number[]): Promise<number[]> {
  const config = effectiveConfig(event.group_config, event.own_config);
  const out: number[] = [];
  const send = async (ids: number[], kind: RsvpMessageKind) => {
    if (!ids.length) return;
    const channels = await rows<{ c: RsvpChannel }>(
      tx,
      sql`select distinct jsonb_array_elements_text(channels) as c from rsvp_invitations where tenant_id = ${tenantId} and id = any(${sql.param(ids)}::bigint[])`,
    );
    out.push(...(await sendQuietly(app, tx, { tenantId, event, invitationIds: ids, kind, channels: channels.length ? channels.map((c) => c.c) : config.channels, userId: null, strict: false })));
  };
  if (confirmedId) await send([confirmedId], 'confirmation');
  await send(offered, 'offer');
  return out;
}

/**
 * The public RSVP form (PAGES RsvpForm, /rsvp/{token}): no login; the link is the invitee's own,
 * signed (service.ts rsvpToken) and valid for its invitation's current link version. Answering
 * yes / no / maybe with plus-ones and the event's questions, changing or cancelling it later
 * through the same link, the calendar file and Google Calendar link, and the guest's QR code.
 */
export async function rsvpPublicRoutes(app: FastifyInstance) {
  const { database, config } = app.ctx;
  const badTokens = new Throttle(20, 60_000);

  const resolve = (req: FastifyRequest): Resolved => {
    const key = `rsvp-token|${req.ip}`;
    badTokens.check(key);
    const token = (req.params as { token?: string }).token ?? '';
    const found = readRsvpToken(config.appKey, token);
    if (!found) {
      badTokens.hit(key);
      throw new HttpError(404, INVALID);
    }
    return { ...found, token };
  };

  /** the invitation and its event, or 404 when the link is stale (a newer one was sent) */
  const current = async (tx: Tx, r: Resolved, lock: boolean) => {
    const [inv] = await rows<{ id: number; event_id: number; link_version: number; first_name: string | null }>(
      tx,
      sql`select i.id, i.event_id, i.link_version, o.first_name from rsvp_invitations i join outreach_contacts o on o.tenant_id = i.tenant_id and o.id = i.contact_id
           where i.tenant_id = ${r.tenantId} and i.id = ${r.invitationId} ${lock ? sql`for update of i` : sql``}`,
    );
    if (!inv || inv.link_version !== r.linkVersion) throw new HttpError(404, INVALID);
    const event = await loadEvent(tx, r.tenantId, Number(inv.event_id));
    if (!event) throw new HttpError(404, INVALID);
    return { inv, event };
  };

  const props = (r: Resolved) =>
    withTenant(database, r.tenantId, async (tx): Promise<RsvpFormProps> => {
      const { inv, event } = await current(tx, r, false);
      const c = effectiveConfig(event.group_config, event.own_config);
      const [state] = await rows<RsvpFormProps['invitation']>(
        tx,
        sql`select answer, plus_ones, answers, place, offer_expires_at, checked_in_at, null as qr from rsvp_invitations where tenant_id = ${r.tenantId} and id = ${r.invitationId}`,
      );
      const [company] = await rows<{ name: string }>(tx, sql`select coalesce(nullif(settings->>'name', ''), name) as name from tenants where id = ${r.tenantId}`);
      const qr = state.place === 'confirmed' ? `/rsvp/qr/${checkInToken(config.appKey, r.tenantId, event.id, r.invitationId)}.png` : null;
      return {
        token: r.token,
        company: { name: company?.name ?? '', logo_url: logoUrl(await accountingLogo(tx, r.tenantId)) },
        event: { name: event.name, description: event.description, venue: event.venue, address: event.address, online_url: event.online_url, starts_at: event.starts_at, ends_at: event.ends_at, timezone: event.timezone },
        invitee: { first_name: inv.first_name },
        config: { allow_maybe: c.allow_maybe, max_plus_ones: c.max_plus_ones, deadline: c.deadline, questions: c.questions },
        open: answersOpen(c, event),
        invitation: { ...state, qr },
        ics_url: `/rsvp/${r.token}/event.ics`,
        google_calendar_url: googleCalendarUrl(event),
        places_left: event.capacity === null ? null : await placesLeft(tx, r.tenantId, event.id),
      };
    });

  const page = { access: 'public' as const, activity: false as const };

  app.get('/rsvp/:token', { config: page }, async (req, reply) => reply.inertia('RsvpForm', { ...(await props(resolve(req))) }));

  app.post('/rsvp/:token', { config: page }, async (req, reply: FastifyReply) => {
    const r = resolve(req);
    const out = await withTenant(database, r.tenantId, async (tx) => {
      const { event } = await current(tx, r, false);
      const c = effectiveConfig(event.group_config, event.own_config);
      if (!answersOpen(c, event)) throw new HttpError(422, 'Answers for this event are closed.');
      const input = validate(answerSchema(c), req.body ?? {});
      const inv = await lockInvitation(tx, r.tenantId, r.invitationId);
      if (!inv || inv.link_version !== r.linkVersion) throw new HttpError(404, INVALID);
      if (inv.checked_in_at) throw new ValidationError({ answer: ['You have already been checked in at the event: your answer can no longer change.'] });
      const outcome = await recordAnswer(tx, r.tenantId, inv, event.capacity, c.waitlist_offer_hours, input);
      await tellOrganiser(tx, r.tenantId, event, inv.contact_id, input.answer, outcome);
      const sendIds = await followOnMessages(app, tx, r.tenantId, event, outcome.confirmed ? inv.id : null, outcome.offered);
      return { outcome, sendIds, answer: input.answer };
    });
    await kickSends(app, r.tenantId, out.sendIds);
    const message =
      out.answer !== 'yes'
        ? 'Thank you: your answer is saved.'
        : out.outcome.place === 'confirmed'
          ? 'Thank you: your place is confirmed.'
          : 'The event is full: you are on the waitlist. We will let you know if a place frees up.';
    if (req.headers['x-inertia']) {
      req.session.flash('success', message);
      return reply.code(303).redirect(`/rsvp/${r.token}`);
    }
    return { message, data: (await props(r)).invitation };
  });

  app.get('/rsvp/:token/event.ics', { config: page }, async (req, reply) => {
    const r = resolve(req);
    const ics = await withTenant(database, r.tenantId, async (tx) => {
      const { event } = await current(tx, r, false);
      const [company] = await rows<{ name: string }>(tx, sql`select coalesce(nullif(settings->>'name', ''), name) as name from tenants where id = ${r.tenantId}`);
      return eventIcsFile(event, company?.name ?? '', { tenantId: r.tenantId, updatedAt: event.updated_at });
    });
    return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'attachment; filename="event.ics"').send(ics);
  });

  // the guest's check-in code as a QR image (in the confirmation email and on the form)
  app.get('/rsvp/qr/:file', { config: page }, async (req, reply) => {
    const file = (req.params as { file?: string }).file ?? '';
    const code = file.replace(/\.png$/, '');
    if (!file.endsWith('.png') || !readCheckInToken(config.appKey, code)) throw new HttpError(404, 'This code is invalid.');
    const png = await QRCode.toBuffer(code, { type: 'png', margin: 2, width: 320, errorCorrectionLevel: 'M' });
    return reply.type('image/png').header('cache-control', 'private, max-age=86400').send(png);
  });
}
