import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { allQuestions, type SurveyRow } from '../../../common/surveys.js';
import { rows } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { requireVisibleEvent } from '../campaigns/access.js';
import { surveyResource } from './resource.js';
import { surveys as s } from './schema.js';
import { requireSurvey, surveyUrl } from './service.js';

const ID = /^[1-9]\d{0,15}$/;
const id = z.coerce.number({ error: 'Choose a record.' }).int().positive().max(Number.MAX_SAFE_INTEGER);

export const paramId = (req: FastifyRequest, name = 'id', what = 'Survey') => {
  const raw = (req.params as Record<string, string | undefined>)[name] ?? '';
  if (!ID.test(raw)) throw notFound(what);
  return Number(raw);
};

/** The surveys of a condition, in the list's own shape (one query, at most 200: an event's or a group's few). */
async function surveysWhere(req: FastifyRequest, where: SQL): Promise<SurveyRow[]> {
  const tenantId = req.tenant!.id;
  const found = (await req.tenantRead((tx) =>
    tx.select(surveyResource.def.fields).from(s).where(and(eq(s.tenantId, tenantId), where)).orderBy(desc(s.createdAt), desc(s.id)).limit(200),
  )) as unknown as SurveyRow[];
  for (const row of found) row.public_url = surveyUrl(req.server.ctx.config, tenantId, row.id);
  return found;
}

/**
 * The surveys' own endpoints beside the resource (SPEC §7): close and reopen, the questions of a
 * survey (`GET /surveys/{id}/fields`), the surveys of an event and the links of a group's surveys.
 */
export function surveyRoutes(app: FastifyInstance) {
  surveyResource.routes(app);

  const setClosed = (closed: boolean) => async (req: FastifyRequest) => {
    const surveyId = paramId(req);
    const tenantId = req.tenant!.id;
    await req.tenantTx(async (tx) => {
      await requireSurvey(tx, tenantId, surveyId);
      // reopening also lifts a closing time that has passed and a response limit that is reached
      await tx.execute(
        closed
          ? sql`update surveys set closed_at = coalesce(closed_at, now()), updated_at = now() where tenant_id = ${tenantId} and id = ${surveyId}`
          : sql`update surveys set closed_at = null,
                   closes_at = case when closes_at <= now() then null else closes_at end,
                   max_responses = case when max_responses <= responses_count then null else max_responses end,
                   updated_at = now()
                 where tenant_id = ${tenantId} and id = ${surveyId}`,
      );
    });
    const { data } = await surveyResource.get(req);
    return { message: closed ? 'Survey closed successfully.' : 'Survey reopened successfully.', data };
  };
  app.post('/surveys/close-survey/:id', { config: { access: 'surveys.close' } }, setClosed(true));
  app.post('/surveys/open-survey/:id', { config: { access: 'surveys.close' } }, setClosed(false));

  app.get('/surveys/:id/fields', { config: { access: 'surveys.view' } }, async (req) => {
    const surveyId = paramId(req);
    const survey = await req.tenantTx((tx) => requireSurvey(tx, req.tenant!.id, surveyId));
    const data = survey.definition.sections.flatMap((sec) => sec.questions.map((q) => ({ id: q.id, label: q.label, type: q.type, section: sec.id, options: q.options, rows: q.rows, columns: q.columns })));
    return { data, count: allQuestions(survey.definition).length };
  });

  // ------------------------------------------------------------ events and groups

  app.get('/events/get-surveys/:id', { config: { access: 'surveys.view' } }, async (req) => {
    const eventId = paramId(req, 'id', 'Event');
    const tenantId = req.tenant!.id;
    const groupId = await req.tenantTx(async (tx) => (await requireVisibleEvent(tx, req, eventId)).groupId);
    // the event's own surveys and those of its group
    const data = await surveysWhere(req, groupId ? sql`(event_id = ${eventId} or group_id = ${groupId})` : sql`event_id = ${eventId}`);
    const counts = await req.tenantTx((tx) =>
      rows<{ survey_id: number; n: number }>(tx, sql`select survey_id, count(*)::int as n from survey_responses where tenant_id = ${tenantId} and event_id = ${eventId} group by survey_id`),
    );
    const byId = new Map(counts.map((c) => [Number(c.survey_id), Number(c.n)]));
    return { data: data.map((d) => ({ ...d, event_responses: byId.get(d.id) ?? 0 })) };
  });

  const linkSchema = z.object({ group_id: id, survey_id: id.nullish() });
  const link = (participant: boolean) => async (req: FastifyRequest) => {
    const body = validate(linkSchema, req.body ?? {});
    const tenantId = req.tenant!.id;
    await req.tenantTx(async (tx) => {
      const [g] = await rows<{ campaign_id: number | null }>(tx, sql`select campaign_id from event_groups where tenant_id = ${tenantId} and id = ${body.group_id}`);
      if (!g) throw notFound('Group');
      if (body.survey_id) await requireSurvey(tx, tenantId, body.survey_id);
      // a group has one survey for its guests and one for its participants: linking one unlinks the one before
      await tx.execute(sql`update surveys set group_id = null, is_participant = false, updated_at = now() where tenant_id = ${tenantId} and group_id = ${body.group_id} and is_participant = ${participant}`);
      if (body.survey_id) {
        await tx.execute(
          sql`update surveys set group_id = ${body.group_id}, is_participant = ${participant}, campaign_id = coalesce(campaign_id, ${g.campaign_id}), updated_at = now()
               where tenant_id = ${tenantId} and id = ${body.survey_id}`,
        );
      }
    });
    return { message: body.survey_id ? 'Survey linked successfully.' : 'Survey unlinked successfully.' };
  };
  app.post('/groups/link-survey', { config: { access: 'surveys.update' } }, link(false));
  app.post('/groups/link-participant-survey', { config: { access: 'surveys.update' } }, link(true));

  const groupQuery = z.object({ group_id: id });
  app.get('/groups/surveys', { config: { access: 'surveys.view' } }, async (req) => {
    const { group_id } = validate(groupQuery, req.query ?? {});
    await req.tenantTx(async (tx) => {
      const [g] = await rows(tx, sql`select 1 from event_groups where tenant_id = ${req.tenant!.id} and id = ${group_id}`);
      if (!g) throw notFound('Group');
    });
    return { data: await surveysWhere(req, sql`group_id = ${group_id}`) };
  });
  app.get('/groups/participant-survey/:groupId', { config: { access: 'surveys.view' } }, async (req) => {
    const groupId = paramId(req, 'groupId', 'Group');
    await req.tenantTx(async (tx) => {
      const [g] = await rows(tx, sql`select 1 from event_groups where tenant_id = ${req.tenant!.id} and id = ${groupId}`);
      if (!g) throw notFound('Group');
    });
    const [found] = await surveysWhere(req, sql`group_id = ${groupId} and is_participant`);
    return { data: found ?? null };
  });
}
