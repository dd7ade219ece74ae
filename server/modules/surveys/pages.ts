import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { visibleEventsCondition } from '../campaigns/access.js';
import { groupResource } from '../campaigns/groups.js';
import { campaigns, eventGroups, events } from '../campaigns/schema.js';
import { surveyResource } from './resource.js';
import { paramId } from './routes.js';

/** What the survey forms and filters choose from: campaigns, events (those the member sees) and groups, names only, at most 500 each. */
async function options(req: FastifyRequest) {
  const tenantId = req.tenant!.id;
  return req.tenantTx(async (tx) => ({
    campaigns: await tx.select({ id: campaigns.id, name: campaigns.name }).from(campaigns).where(eq(campaigns.tenantId, tenantId)).orderBy(asc(campaigns.name), asc(campaigns.id)).limit(500),
    events: await tx
      .select({ id: events.id, name: events.name, campaign_id: events.campaignId, group_id: events.groupId })
      .from(events)
      .where(and(eq(events.tenantId, tenantId), visibleEventsCondition(req)))
      .orderBy(desc(events.startsAt), desc(events.id))
      .limit(500),
    groups: await tx.select({ id: eventGroups.id, name: eventGroups.name }).from(eventGroups).where(eq(eventGroups.tenantId, tenantId)).orderBy(asc(eventGroups.name), asc(eventGroups.id)).limit(500),
  }));
}

const can = (req: FastifyRequest) => ({
  can_update: req.permissions.has('surveys.update'),
  can_close: req.permissions.has('surveys.close'),
  can_send: req.permissions.has('surveys.send'),
  can_delete: req.permissions.has('surveys.delete'),
});

/** The pages of PAGES.md Surveys/* and the group's Campaigns/Groups/Surveys and SurveyResults. */
export function surveyPages(app: FastifyInstance) {
  app.get('/surveys', { config: { access: 'surveys.view' } }, async (req, reply) => reply.inertia('Surveys/Index', { ...(await options(req)), ...can(req) }));
  app.get('/surveys/create', { config: { access: 'surveys.create' } }, async (req, reply) => reply.inertia('Surveys/Create', await options(req)));
  const surveyPage = (component: string, withOptions = false) => async (req: FastifyRequest, reply: FastifyReply) => {
    paramId(req);
    const { data } = await surveyResource.get(req);
    return reply.inertia(component, { survey: data, ...(withOptions ? await options(req) : {}), ...can(req) });
  };
  app.get('/surveys/:id', { config: { access: 'surveys.view' } }, surveyPage('Surveys/Show'));
  app.get('/surveys/:id/edit', { config: { access: 'surveys.update' } }, surveyPage('Surveys/Edit', true));
  app.get('/surveys/:id/results', { config: { access: 'surveys.view' } }, surveyPage('Surveys/Results', true));

  const groupPage = (component: string) => async (req: FastifyRequest, reply: FastifyReply) => {
    paramId(req, 'id', 'Group');
    const { data } = await groupResource.get(req);
    return reply.inertia(component, { group: data, can_update: req.permissions.has('surveys.update') });
  };
  app.get('/groups/:id/surveys', { config: { access: 'surveys.view' } }, groupPage('Campaigns/Groups/Surveys'));
  app.get('/groups/:id/survey-results', { config: { access: 'surveys.view' } }, groupPage('Campaigns/Groups/SurveyResults'));
}
