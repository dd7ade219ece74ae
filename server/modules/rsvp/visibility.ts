import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { loadEvent, type EventRow } from './service.js';

/**
 * The event of a request's company that its member may see, with its group's RSVP settings:
 * another company's event, or one outside what the member may see, is a 404.
 */
export async function visibleEvent(tx: Tx, req: FastifyRequest, eventId: number): Promise<EventRow> {
  const event = await loadEvent(tx, req.tenant!.id, eventId);
  if (!event) throw notFound('Event');
  return event;
}
