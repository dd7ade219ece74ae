import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CALENDAR_ROLES, EVENT_STATUSES } from '../../../common/schemas/campaigns.js';
import { rows } from '../../db/client.js';
import { campaignResource } from './campaigns.js';
import { paramId } from './event-routes.js';
import { eventResource } from './events.js';
import { groupResource } from './groups.js';
import { campaigns, eventGroups } from './schema.js';

/** What the forms choose from: the company's campaigns, groups and members (names only; at most 500 of each). */
async function options(req: FastifyRequest) {
  const tenantId = req.tenant!.id;
  return req.tenantTx(async (tx) => ({
    campaigns: await tx.select({ id: campaigns.id, name: campaigns.name }).from(campaigns).where(eq(campaigns.tenantId, tenantId)).orderBy(asc(campaigns.name), asc(campaigns.id)).limit(500),
    groups: await tx
      .select({ id: eventGroups.id, name: eventGroups.name, campaign_id: eventGroups.campaignId })
      .from(eventGroups)
      .where(eq(eventGroups.tenantId, tenantId))
      .orderBy(asc(eventGroups.name), asc(eventGroups.id))
      .limit(500),
    members: (
      await rows<{ id: number; name: string; email: string }>(
        tx,
        sql`select u.id, u.name, u.email from memberships m join users u on u.id = m.user_id where m.tenant_id = ${tenantId} and m.status = 'active' order by u.name, u.id limit 500`,
      )
    ).map((m) => ({ ...m, id: Number(m.id) })),
  }));
}

const calendarProps = (req: FastifyRequest) => ({
  statuses: EVENT_STATUSES,
  roles: CALENDAR_ROLES,
  can_update: req.permissions.has('events.update'),
  can_feed: req.permissions.has('events.view_all'),
  can_regenerate_feed: req.permissions.has('events.view_all') && req.permissions.has('calendar.update'),
});

/** The pages of PAGES.md Campaigns/* and Calendar/Overview. */
export function campaignPages(app: FastifyInstance) {
  app.get('/campaigns', { config: { access: 'campaigns.view' } }, async (req, reply) => reply.inertia('Campaigns/Index', { ...(await options(req)), statuses: EVENT_STATUSES }));
  app.get('/campaigns/calendar', { config: { access: 'events.view' } }, async (req, reply) =>
    reply.inertia('Campaigns/Calendar', { ...calendarProps(req), campaigns: (await options(req)).campaigns }),
  );
  app.get('/campaigns/:id', { config: { access: 'campaigns.view' } }, async (req, reply) => {
    paramId(req, 'Campaign');
    const { data } = await campaignResource.get(req);
    return reply.inertia('Campaigns/Show', { campaign: data, ...(await options(req)), statuses: EVENT_STATUSES });
  });

  app.get('/organisers', { config: { access: 'organisers.view' } }, async (req, reply) => reply.inertia('Campaigns/Organisers/Index', await options(req)));
  app.get('/organisers/create', { config: { access: 'organisers.create' } }, async (req, reply) => reply.inertia('Campaigns/Organisers/Create', await options(req)));

  app.get('/events', { config: { access: 'events.view' } }, async (req, reply) => reply.inertia('Campaigns/Events/Index', { ...(await options(req)), statuses: EVENT_STATUSES }));
  app.get('/events/create', { config: { access: 'events.create' } }, async (req, reply) =>
    reply.inertia('Campaigns/Events/Create', { ...(await options(req)), statuses: EVENT_STATUSES, timezone: req.tenant!.timezone || 'UTC' }),
  );
  app.get('/events/:id', { config: { access: 'events.view' } }, async (req, reply) => {
    paramId(req);
    const { data } = await eventResource.get(req);
    return reply.inertia('Campaigns/Events/Show', { event: data, can_update: req.permissions.has('events.update') });
  });
  app.get('/events/:id/edit', { config: { access: 'events.update' } }, async (req, reply) => {
    paramId(req);
    const { data } = await eventResource.get(req);
    return reply.inertia('Campaigns/Events/Edit', { event: data, ...(await options(req)), statuses: EVENT_STATUSES, timezone: (data.timezone as string) || 'UTC' });
  });
  app.get('/events/:id/media', { config: { access: 'events.view' } }, async (req, reply) => {
    paramId(req);
    const { data } = await eventResource.get(req);
    return reply.inertia('Campaigns/Events/Media', { event: data });
  });

  app.get('/groups', { config: { access: 'event_groups.view' } }, async (req, reply) => reply.inertia('Campaigns/Groups/Index', await options(req)));
  const groupPage = (component: string) =>
    async (req: FastifyRequest, reply: import('fastify').FastifyReply) => {
      paramId(req, 'Group');
      const { data } = await groupResource.get(req);
      return reply.inertia(component, { group: data, ...(await options(req)), statuses: EVENT_STATUSES, can_update: req.permissions.has('event_groups.update') });
    };
  app.get('/groups/:id', { config: { access: 'event_groups.view' } }, groupPage('Campaigns/Groups/Show'));
  app.get('/groups/:id/events', { config: { access: 'event_groups.view' } }, groupPage('Campaigns/Groups/Events'));
  app.get('/groups/:id/participants', { config: { access: 'event_groups.view' } }, groupPage('Campaigns/Groups/Participants'));
  app.get('/groups/:id/rsvp-setup', { config: { access: 'event_groups.view' } }, groupPage('Campaigns/Groups/RsvpSetup'));

  app.get('/calendar', { config: { access: 'calendar.view' } }, async (req, reply) =>
    reply.inertia('Calendar/Overview', { ...calendarProps(req), campaigns: (await options(req)).campaigns }),
  );
}
