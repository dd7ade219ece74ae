import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { requireVisibleEvent } from '../campaigns/access.js';
import { loadEvent, type EventRow } from './service.js';

/**
 * The event of a request's company that its member may see (campaigns/access.ts, the one rule of
 * both modules), with its group's RSVP settings: another company's event, or one the member may
 * not see, is a 404.
 */
export async function visibleEvent(tx: Tx, req: FastifyRequest, eventId: number): Promise<EventRow> {
  await requireVisibleEvent(tx, req, eventId);
  const event = await loadEvent(tx, req.tenant!.id, eventId);
  if (!event) throw notFound('Event');
  return event;
}
