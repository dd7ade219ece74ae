import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { checkAnswers, type SurveyFormProps } from '../../../common/surveys.js';
import { rows, type Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { HttpError, ValidationError } from '../../http/errors.js';
import { Throttle } from '../../http/throttle.js';
import { validate } from '../../http/validate.js';
import { isPublic, publicPath } from '../cms/pages.js';
import { companyOf, tenantBySlug } from '../cms/public.js';
import { cmsPages } from '../cms/schema.js';
import { hasAnswered, loadSurvey, readSurveyToken, storeResponse, surveyToken, type SurveyLink, type SurveyRecord } from './service.js';

const INVALID = 'This survey link is invalid.';
export const CLOSED = 'This survey is closed.';
export const ALREADY = 'You have already answered this survey.';

/** what the answer form posts: the answers by question id, and the honeypot no person fills in */
const answerInput = z.object({
  answers: z.record(z.string().max(60), z.unknown()).default({}),
  website: z.string().max(500).optional(),
});

/** The survey blocks of a published page: the first one's survey is the page's survey. */
function surveyOfBlocks(blocks: unknown[]): number | null {
  for (const b of blocks as { type: string; survey_id?: number; columns?: unknown[][] }[]) {
    if (b.type === 'survey' && b.survey_id) return Number(b.survey_id);
    if (b.type === 'columns') {
      const inner = surveyOfBlocks((b.columns ?? []).flat());
      if (inner) return inner;
    }
  }
  return null;
}

/**
 * Public answering (PAGES.md Surveys/View /s/{token}, Surveys/Closed /s/{token}/closed, Pages/Survey
 * /p/{company}/{page}/survey): no login. The link is signed (service.ts): the survey's public
 * link, or a contact's personal one. Abuse is held off by a limit per address and per link, a
 * honeypot field, and the server checking every answer against the survey's own rules, skip
 * logic included: a tampered answer is a 422 and nothing is stored.
 */
export function surveyPublicRoutes(app: FastifyInstance) {
  const { database, config } = app.ctx;
  const perIp = new Throttle(30, 60_000);
  const perLink = new Throttle(300, 60_000);
  const badTokens = new Throttle(20, 60_000);
  const page = { access: 'public' as const, activity: false as const };

  const resolve = (req: FastifyRequest): SurveyLink & { token: string } => {
    const key = `survey-token|${req.ip}`;
    badTokens.check(key);
    const token = (req.params as { token?: string }).token ?? '';
    const found = readSurveyToken(config.appKey, token);
    if (!found) {
      badTokens.hit(key);
      throw new HttpError(404, INVALID);
    }
    return { ...found, token };
  };

  const companyProps = async (tx: Tx, tenantId: number): Promise<SurveyFormProps['company']> => {
    const c = await companyOf(tx, tenantId);
    return { name: c.name, logo_url: c.logo, theme_css: c.theme_css };
  };

  const formProps = async (tx: Tx, link: SurveyLink & { token: string }, survey: SurveyRecord, action: string, answered: boolean): Promise<SurveyFormProps> => {
    const [who] = link.contactId ? await rows<{ first_name: string | null }>(tx, sql`select first_name from outreach_contacts where tenant_id = ${link.tenantId} and id = ${link.contactId}`) : [];
    if (link.contactId && !who) throw new HttpError(404, INVALID);
    return {
      token: link.token,
      action,
      company: await companyProps(tx, link.tenantId),
      survey: { name: survey.name, description: survey.description, definition: survey.definition, thank_you: survey.thank_you },
      respondent: who ? { first_name: who.first_name } : null,
      answered: answered || (Boolean(link.contactId) && survey.one_per_contact && (await hasAnswered(tx, link.tenantId, survey.id, link.contactId!))),
      page: null,
    };
  };

  /** Takes an answer: throttled, honeypot, open, once per contact, checked; answers the survey's thank-you. */
  const answer = async (req: FastifyRequest, link: SurveyLink, source: 'link' | 'page' | 'personal') => {
    perIp.attempt(`survey-ip|${req.ip}`);
    perLink.attempt(`survey-link|${link.tenantId}|${link.surveyId}|${link.contactId ?? ''}`);
    const input = validate(answerInput, req.body ?? {});
    return withTenant(database, link.tenantId, async (tx) => {
      const survey = await loadSurvey(tx, link.tenantId, link.surveyId, true);
      if (!survey) throw new HttpError(404, INVALID);
      if (survey.closed) throw new HttpError(422, CLOSED);
      // a robot filled the field people never see: it is thanked, and nothing is kept
      if (input.website) return { survey, stored: null };
      if (link.contactId && survey.one_per_contact && (await hasAnswered(tx, link.tenantId, survey.id, link.contactId))) throw new ValidationError({ answers: [ALREADY] });
      const { errors, answers } = checkAnswers(survey.definition, input.answers);
      if (Object.keys(errors).length) throw new ValidationError(Object.fromEntries(Object.entries(errors).map(([k, v]) => [`answers.${k}`, [v]])));
      const stored = await storeResponse(tx, link.tenantId, survey, { contactId: link.contactId, answers, source });
      return { survey, stored };
    });
  };

  const closedRedirect = (reply: FastifyReply, token: string) => reply.code(303).redirect(`/s/${token}/closed`);

  app.get('/s/:token', { config: page }, async (req, reply) => {
    const link = resolve(req);
    const out = await withTenant(database, link.tenantId, async (tx) => {
      const survey = await loadSurvey(tx, link.tenantId, link.surveyId);
      if (!survey) throw new HttpError(404, INVALID);
      if (survey.closed) return null;
      return formProps(tx, link, survey, `/s/${link.token}`, (req.query as { answered?: string }).answered === '1');
    });
    if (!out) return closedRedirect(reply, link.token);
    return reply.inertia('Surveys/View', { ...out });
  });

  app.get('/s/:token/closed', { config: page }, async (req, reply) => {
    const link = resolve(req);
    const props = await withTenant(database, link.tenantId, async (tx) => {
      const survey = await loadSurvey(tx, link.tenantId, link.surveyId);
      if (!survey) throw new HttpError(404, INVALID);
      return { company: await companyProps(tx, link.tenantId), survey: { name: survey.name }, closed: survey.closed, url: `/s/${link.token}` };
    });
    return reply.inertia('Surveys/Closed', props);
  });

  app.post('/s/:token', { config: page }, async (req, reply) => {
    const link = resolve(req);
    try {
      const out = await answer(req, link, link.contactId ? 'personal' : 'link');
      const message = out.survey.thank_you || 'Thank you: your answers are saved.';
      if (req.headers['x-inertia']) return reply.code(303).redirect(`/s/${link.token}?answered=1`);
      return reply.code(201).send({ message, data: { id: out.stored } });
    } catch (err) {
      if (err instanceof HttpError && err.message === CLOSED && req.headers['x-inertia']) return closedRedirect(reply, link.token);
      throw err;
    }
  });

  // ------------------------------------------------------------ inside a CMS page

  /** the published page of a company and its survey, or null */
  const pageSurvey = async (req: FastifyRequest) => {
    const { company, slug } = req.params as { company: string; slug: string };
    const tenantId = await tenantBySlug(database, company);
    if (!tenantId) return null;
    return withTenant(database, tenantId, async (tx) => {
      const [row] = await tx.select({ published: cmsPages.published }).from(cmsPages).where(and(eq(cmsPages.tenantId, tenantId), eq(cmsPages.slug, slug), isPublic));
      const surveyId = row?.published ? surveyOfBlocks(row.published.blocks) : null;
      if (!row?.published || !surveyId) return null;
      const survey = await loadSurvey(tx, tenantId, surveyId);
      if (!survey) return null;
      return { tenantId, survey, title: row.published.title, path: publicPath(company, slug) };
    });
  };

  app.get('/p/:company/:slug/survey', { config: page }, async (req, reply) => {
    const found = await pageSurvey(req);
    if (!found) throw new HttpError(404, 'This page does not exist.');
    const token = surveyToken(config.appKey, found.tenantId, found.survey.id);
    if (found.survey.closed) return closedRedirect(reply, token);
    const props = await withTenant(database, found.tenantId, (tx) =>
      formProps(tx, { tenantId: found.tenantId, surveyId: found.survey.id, contactId: null, token }, found.survey, `${found.path}/survey`, (req.query as { answered?: string }).answered === '1'),
    );
    return reply.inertia('Pages/Survey', { ...props, page: { title: found.title, url: found.path } });
  });

  app.post('/p/:company/:slug/survey', { config: page }, async (req, reply) => {
    const found = await pageSurvey(req);
    if (!found) throw new HttpError(404, 'This page does not exist.');
    const token = surveyToken(config.appKey, found.tenantId, found.survey.id);
    try {
      const out = await answer(req, { tenantId: found.tenantId, surveyId: found.survey.id, contactId: null }, 'page');
      if (req.headers['x-inertia']) return reply.code(303).redirect(`${found.path}/survey?answered=1`);
      return reply.code(201).send({ message: out.survey.thank_you || 'Thank you: your answers are saved.', data: { id: out.stored } });
    } catch (err) {
      if (err instanceof HttpError && err.message === CLOSED && req.headers['x-inertia']) return closedRedirect(reply, token);
      throw err;
    }
  });
}
