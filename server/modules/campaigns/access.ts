import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { qualified as q } from '../../db/sql.js';
import { notFound } from '../../http/errors.js';
import { events } from './schema.js';

/**
 * Who sees an event (docs/decisions/0042-campaigns-events-calendar.md), the one rule of the
 * campaigns and RSVP modules:
 *
 * - a member whose role holds `events.view_all` sees every event of the company;
 * - anyone else sees the events they created (`events.created_by`), the events they organise (an
 *   organiser row of theirs, `organisers.user_id`, linked through `event_organisers`) and the
 *   events of the campaigns they own (`campaigns.owner_id`).
 *
 * What they may do with what they see is the route's permission (`events.update`, `rsvp.send`…).
 * An event they cannot see answers 404, as another company's does.
 */
export const VIEW_ALL_EVENTS = 'events.view_all';

export interface EventViewer {
  tenantId: number;
  userId: number;
  permissions: ReadonlySet<string>;
}

export type EventRow = typeof events.$inferSelect;

/** The signed-in member of a request as an event viewer. */
export function viewerOf(req: FastifyRequest | EventViewer): EventViewer {
  if ('tenantId' in req) return req;
  return { tenantId: req.tenant!.id, userId: req.user!.id, permissions: req.permissions };
}

export const seesAllEvents = (who: FastifyRequest | EventViewer) => viewerOf(who).permissions.has(VIEW_ALL_EVENTS);

/** true when `userId` created the event (an expression over the `events` table). */
// outer columns through qualified(): a select of one table leaves its columns unqualified, which a subquery would read as its own
export const isCreatorOf = (userId: number): SQL<boolean> => sql<boolean>`coalesce(${q(events.createdBy)} = ${userId}, false)`;

/** true when `userId` is an organiser linked to the event. */
export const isOrganiserOf = (userId: number): SQL<boolean> =>
  sql<boolean>`exists (select 1 from event_organisers eo join organisers o on o.tenant_id = eo.tenant_id and o.id = eo.organiser_id
    where eo.tenant_id = ${q(events.tenantId)} and eo.event_id = ${q(events.id)} and o.user_id = ${userId})`;

/** true when `userId` owns the event's campaign. */
export const isCampaignOwnerOf = (userId: number): SQL<boolean> =>
  sql<boolean>`exists (select 1 from campaigns c where c.tenant_id = ${q(events.tenantId)} and c.id = ${q(events.campaignId)} and c.owner_id = ${userId})`;

/**
 * The condition on the `events` table of the events a member sees: undefined (no condition)
 * for a member who sees them all. Add it to every read of events, beside the tenant's.
 */
export function visibleEventsCondition(who: FastifyRequest | EventViewer): SQL | undefined {
  const v = viewerOf(who);
  if (v.permissions.has(VIEW_ALL_EVENTS)) return undefined;
  return sql`(${isCreatorOf(v.userId)} or ${isOrganiserOf(v.userId)} or ${isCampaignOwnerOf(v.userId)})`;
}

/** The event row when the member may see it; null for another company's, one they may not see, or none. */
export async function findVisibleEvent(tx: Tx, who: FastifyRequest | EventViewer, eventId: number): Promise<EventRow | null> {
  const v = viewerOf(who);
  if (!Number.isSafeInteger(eventId) || eventId <= 0) return null;
  const [row] = await tx
    .select()
    .from(events)
    .where(and(eq(events.tenantId, v.tenantId), eq(events.id, eventId), visibleEventsCondition(v)))
    .limit(1);
  return row ?? null;
}

/** findVisibleEvent, or the 404 "Event not found." */
export async function requireVisibleEvent(tx: Tx, who: FastifyRequest | EventViewer, eventId: number): Promise<EventRow> {
  const row = await findVisibleEvent(tx, who, eventId);
  if (!row) throw notFound('Event');
  return row;
}
