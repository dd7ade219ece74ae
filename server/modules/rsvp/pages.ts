import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eventIdOf } from './routes.js';
import { eventSummary } from './service.js';
import { visibleEvent } from './visibility.js';

/**
 * The RSVP pages of an event (PAGES.md Campaigns/Events/Rsvp, RsvpInvitations, RsvpResponses,
 * RsvpFollowUp, Dashboard, and the door's CheckIn): each opens with its event (404 for one the
 * member may not see) and reads its lists and figures from the JSON endpoints (routes.ts).
 */
export function rsvpPages(app: FastifyInstance) {
  const event = (req: FastifyRequest) => req.tenantTx(async (tx) => eventSummary(await visibleEvent(tx, req, eventIdOf(req))));
  const pages: [string, string, 'rsvp.view' | 'rsvp.check_in'][] = [
    ['/events/:id/rsvp', 'Campaigns/Events/Rsvp', 'rsvp.view'],
    ['/events/:id/rsvp/invitations', 'Campaigns/Events/RsvpInvitations', 'rsvp.view'],
    ['/events/:id/rsvp/responses', 'Campaigns/Events/RsvpResponses', 'rsvp.view'],
    ['/events/:id/rsvp/follow-up', 'Campaigns/Events/RsvpFollowUp', 'rsvp.view'],
    ['/events/:id/dashboard', 'Campaigns/Events/Dashboard', 'rsvp.view'],
    ['/events/:id/check-in', 'Campaigns/Events/CheckIn', 'rsvp.check_in'],
  ];
  for (const [url, component, access] of pages) {
    app.get(url, { config: { access } }, async (req, reply) => reply.inertia(component, { event: await event(req) }));
  }
}
