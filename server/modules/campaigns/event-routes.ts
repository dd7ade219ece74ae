import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tenants } from '../../db/tenant-table.js';
import { notFound } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { requireVisibleEvent, visibleEventsCondition } from './access.js';
import { eventResource } from './events.js';
import { eventIcs, icsFileName } from './ical.js';
import { events as e } from './schema.js';

const ID = /^[1-9]\d{0,15}$/;
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** GET /events/count and /events/locations: narrowed by campaign and group (SPEC §3 campaign counts) */
export const countQuery = z.object({ campaign_id: id.optional(), group_id: id.optional() });

/** The events a member sees, narrowed by the query's campaign and group. */
export function eventsWhere(req: FastifyRequest, q: z.infer<typeof countQuery>) {
  return and(
    eq(e.tenantId, req.tenant!.id),
    visibleEventsCondition(req),
    q.campaign_id ? eq(e.campaignId, q.campaign_id) : undefined,
    q.group_id ? eq(e.groupId, q.group_id) : undefined,
  );
}

export const paramId = (req: FastifyRequest, what = 'Event') => {
  const raw = (req.params as { id?: string }).id ?? '';
  if (!ID.test(raw)) throw notFound(what);
  return Number(raw);
};

/** The events' JSON endpoints, counts, locations and the iCal file of one event. */
export function eventRoutes(app: FastifyInstance) {
  eventResource.routes(app);

  app.get('/events/count', { config: { access: 'events.view' } }, async (req) => {
    const q = validate(countQuery, req.query ?? {});
    const [row] = await req.tenantRead((tx) => tx.select({ count: count() }).from(e).where(eventsWhere(req, q)));
    return { data: { count: Number(row.count) } };
  });

  /** the distinct places of the events (venue and address, or "Online") with how many events each */
  app.get('/events/locations', { config: { access: 'events.view' } }, async (req) => {
    const q = validate(countQuery, req.query ?? {});
    const place = sql<string>`coalesce(nullif(trim(concat_ws(', ', ${e.venue}, ${e.address})), ''), case when ${e.onlineUrl} is not null then 'Online' end)`;
    const found = await req.tenantRead((tx) =>
      tx
        .select({ location: place, events: count() })
        .from(e)
        .where(and(eventsWhere(req, q), sql`${place} is not null`))
        .groupBy(place)
        .orderBy(sql`2 desc`, place)
        .limit(500),
    );
    return { data: found.map((r) => ({ location: r.location, events: Number(r.events) })), count: found.length };
  });

  /** GET /events/{id}/ical: the event as an .ics file */
  app.get('/events/:id/ical', { config: { access: 'events.view' } }, async (req, reply) => {
    const eventId = paramId(req);
    const { event, company } = await req.tenantTx(async (tx) => {
      const event = await requireVisibleEvent(tx, req, eventId);
      const [company] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, req.tenant!.id));
      return { event, company };
    });
    const url = new URL(`/events/${event.id}`, app.ctx.config.appUrl).toString();
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${icsFileName(event)}"`)
      .header('cache-control', 'private, no-store')
      .send(eventIcs(event, company ?? { name: 'Kazi' }, { url }));
  });
}
