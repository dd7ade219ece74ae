import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { kickSends, sendRsvpMessages } from './messages.js';
import { followOnMessages } from './public.js';
import { effectiveConfig, loadEvent, offerFreed } from './service.js';

export const RSVP_SWEEP_JOB = 'rsvp.sweep';
const EVERY_SECONDS = 60;

/** the hours before the start an event's confirmed guests are reminded: the event's setting over its group's over the default (24); null: none */
const REMINDER_HOURS = `(case when e.rsvp_config ? 'reminder_hours' then (e.rsvp_config->>'reminder_hours')::numeric
                              when g.rsvp_config ? 'reminder_hours' then (g.rsvp_config->>'reminder_hours')::numeric
                              else 24 end)`;

/**
 * The RSVP sweep (every minute, and when a worker starts):
 *
 * 1. offers that expired go back to the end of the waitlist, and every event with free places and
 *    guests waiting offers them to the next in line (a capacity raised, an offer lapsed);
 * 2. confirmed guests of events starting within their reminder hours get the automatic reminder,
 *    once each: the invitation is claimed with `UPDATE … WHERE auto_reminder_sent_at IS NULL` in
 *    the same transaction that writes its send, so two sweeps never both send it, and a send that
 *    cannot be written (a short wallet) leaves it unclaimed for the next sweep.
 */
export async function rsvpSweep(app: FastifyInstance): Promise<{ expired: number; offered: number; reminded: number }> {
  const { database } = app.ctx;
  const expired = await database.query<{ tenant_id: number; event_id: number }>(
    `update rsvp_invitations set place = 'waitlisted', waitlisted_at = now(), offer_expires_at = null, updated_at = now()
      where place = 'offered' and offer_expires_at <= now() returning tenant_id, event_id`,
  );
  const open = await database.query<{ tenant_id: number; event_id: number }>(
    `select distinct w.tenant_id, w.event_id from rsvp_invitations w join events e on e.tenant_id = w.tenant_id and e.id = w.event_id
      where w.place = 'waitlisted' and e.capacity is not null and e.seats_taken < e.capacity and e.starts_at > now()`,
  );
  const events = new Map<string, { tenantId: number; eventId: number }>();
  for (const r of [...expired, ...open]) events.set(`${r.tenant_id}:${r.event_id}`, { tenantId: Number(r.tenant_id), eventId: Number(r.event_id) });
  let offered = 0;
  for (const { tenantId, eventId } of events.values()) {
    const sendIds = await withTenant(database, tenantId, async (tx) => {
      // the event's row lock: no answer moves its seats while the free places are offered
      await tx.execute(sql`select id from events where tenant_id = ${tenantId} and id = ${eventId} for update`);
      const event = await loadEvent(tx, tenantId, eventId);
      if (!event) return [];
      const ids = await offerFreed(tx, tenantId, eventId, event.capacity, effectiveConfig(event.group_config, event.own_config).waitlist_offer_hours);
      offered += ids.length;
      return followOnMessages(app, tx, tenantId, event, null, ids);
    });
    await kickSends(app, tenantId, sendIds);
  }

  const due = await database.query<{ tenant_id: number; event_id: number }>(
    `select distinct i.tenant_id, i.event_id from rsvp_invitations i
       join events e on e.tenant_id = i.tenant_id and e.id = i.event_id
       left join event_groups g on g.tenant_id = e.tenant_id and g.id = e.group_id
      where i.place = 'confirmed' and i.auto_reminder_sent_at is null and e.starts_at > now()
        and ${REMINDER_HOURS} is not null
        and e.starts_at - make_interval(mins => (60 * ${REMINDER_HOURS})::int) <= now()`,
  );
  let reminded = 0;
  for (const d of due) {
    const tenantId = Number(d.tenant_id);
    const eventId = Number(d.event_id);
    const sendIds = await withTenant(database, tenantId, async (tx) => {
      const event = await loadEvent(tx, tenantId, eventId);
      if (!event) return [];
      const claimed = await rows<{ id: number }>(
        tx,
        sql`update rsvp_invitations set auto_reminder_sent_at = now(), updated_at = now()
             where tenant_id = ${tenantId} and event_id = ${eventId} and place = 'confirmed' and auto_reminder_sent_at is null returning id`,
      );
      if (!claimed.length) return [];
      const config = effectiveConfig(event.group_config, event.own_config);
      const r = await sendRsvpMessages(app, tx, { tenantId, event, invitationIds: claimed.map((c) => Number(c.id)), kind: 'reminder', channels: config.channels, userId: null, strict: false });
      reminded += claimed.length;
      return r.sendIds;
    });
    await kickSends(app, tenantId, sendIds);
  }
  return { expired: expired.length, offered, reminded };
}

export async function rsvpJobs(app: FastifyInstance) {
  const { queue, log } = app.ctx;
  const next = () => {
    const slot = EVERY_SECONDS * 1000;
    const at = new Date(Math.floor(Date.now() / slot) * slot + slot);
    return queue.send(RSVP_SWEEP_JOB, {}, { startAfter: at, singletonKey: `rsvp-sweep:${at.toISOString()}`, singletonSeconds: 10 * 365 * 86_400 });
  };
  queue.define(
    RSVP_SWEEP_JOB,
    async () => {
      try {
        const done = await rsvpSweep(app);
        if (done.expired || done.offered || done.reminded) log.info(done, 'rsvp sweep');
      } finally {
        await next();
      }
    },
    { batchSize: 1, concurrency: 1 },
  );
  queue.onStarted(async () => {
    await queue.send(RSVP_SWEEP_JOB, {});
  });
}
