import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerMediaOwner } from '../media/index.js';
import { calendarRoutes } from './calendar.js';
import { campaignRoutesJson } from './campaigns.js';
import { eventRoutes } from './event-routes.js';
import { groupRoutes } from './groups.js';
import { campaignPages } from './pages.js';
import { events } from './schema.js';

// an event's media (Events/Media): the media library's files with model_type 'event'
registerMediaOwner('event', {
  exists: async (tx, tenantId, id) =>
    (await tx.select({ id: events.id }).from(events).where(and(eq(events.tenantId, tenantId), eq(events.id, id))).limit(1)).length > 0,
});

/** Campaigns, organisers, events, event groups and the calendar: JSON endpoints and pages. */
export async function campaignRoutes(app: FastifyInstance) {
  calendarRoutes(app);
  eventRoutes(app);
  campaignRoutesJson(app);
  groupRoutes(app);
  campaignPages(app);
}
