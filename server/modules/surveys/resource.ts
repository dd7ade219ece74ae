import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { surveySchema, type SurveyRow } from '../../../common/surveys.js';
import { rows } from '../../db/client.js';
import { qualified as q, isoTimestamp as ts } from '../../db/sql.js';
import { answerFields } from '../../http/answer-fields.js';
import { partialWithoutDefaults, defineResource } from '../../http/resource.js';
import { campaigns, events } from '../campaigns/schema.js';
import { surveys as s } from './schema.js';
import { statusSql, surveyUrl } from './service.js';

/**
 * Surveys (SPEC §7: GET /surveys/json, POST /surveys/store, GET /surveys/get-survey/{id},
 * PUT /surveys/update/{id}, DELETE /surveys/delete/{id}). The definition is checked whole by
 * common/surveys.ts definitionSchema; a survey linked to an event takes the event's campaign and
 * group unless it names its own campaign.
 */
export const surveyResource = defineResource({
  label: 'Survey',
  singular: 'survey',
  base: '/surveys',
  table: s,
  fields: answerFields<SurveyRow, 'public_url'>()({
    id: s.id,
    name: s.name,
    description: s.description,
    thank_you: s.thankYou,
    anonymous: s.anonymous,
    one_per_contact: s.onePerContact,
    closes_at: sql<string | null>`${ts(s.closesAt)}`,
    max_responses: s.maxResponses,
    closed_at: sql<string | null>`${ts(s.closedAt)}`,
    status: statusSql,
    campaign_id: s.campaignId,
    campaign_name: sql<string | null>`(select c.name from campaigns c where c.tenant_id = ${q(s.tenantId)} and c.id = ${q(s.campaignId)})`,
    event_id: s.eventId,
    event_name: sql<string | null>`(select e.name from events e where e.tenant_id = ${q(s.tenantId)} and e.id = ${q(s.eventId)})`,
    group_id: s.groupId,
    group_name: sql<string | null>`(select g.name from event_groups g where g.tenant_id = ${q(s.tenantId)} and g.id = ${q(s.groupId)})`,
    is_participant: s.isParticipant,
    responses_count: s.responsesCount,
    questions_count: sql<number>`(select count(*) from jsonb_array_elements(${q(s.definition)}->'sections') sec, jsonb_array_elements(sec->'questions'))`.mapWith(Number),
    definition: s.definition,
    created_at: ts(s.createdAt),
    updated_at: ts(s.updatedAt),
  }),
  columns: {
    created_at: s.createdAt,
    updated_at: s.updatedAt,
    closes_at: s.closesAt,
    closed_at: s.closedAt,
    campaign_name: s.campaignId,
    event_name: s.eventId,
    group_name: s.groupId,
    questions_count: s.definition,
    status: s.closedAt,
    created_by: s.createdBy,
  },
  create: surveySchema,
  update: partialWithoutDefaults(surveySchema),
  searchable: ['name'],
  sortable: ['name', 'created_at', 'responses_count'],
  defaultSort: ['created_at', 'desc'],
  filterable: ['campaign_id', 'event_id', 'group_id'],
  export: false,
  access: { view: 'surveys.view', create: 'surveys.create', update: 'surveys.update', delete: 'surveys.delete' },
  references: { campaign_id: { table: campaigns }, event_id: { table: events } },
  beforeWrite: async (tx, req, input, current) => {
    const extra: Record<string, unknown> = current ? {} : { created_by: req.user!.id };
    const eventId = input.event_id as number | null | undefined;
    if (eventId && input.campaign_id == null && (!current || current.event_id !== eventId)) {
      const [e] = await rows<{ campaign_id: number | null; group_id: number | null }>(tx, sql`select campaign_id, group_id from events where tenant_id = ${req.tenant!.id} and id = ${eventId}`);
      if (e?.campaign_id) extra.campaign_id = Number(e.campaign_id);
    }
    return extra;
  },
  attach: async (_tx, req: FastifyRequest, list) => {
    for (const row of list) row.public_url = surveyUrl(req.server.ctx.config, req.tenant!.id, Number(row.id));
  },
});
