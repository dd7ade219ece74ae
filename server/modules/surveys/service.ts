import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { rows, type Tx } from '../../db/client.js';
import { qualified as q } from '../../db/sql.js';
import { notFound } from '../../http/errors.js';
import { readToken, signToken } from '../../http/signed-token.js';
import { recordContactEvents } from '../outreach/events.js';
import { allQuestions, type Answers, type SurveyDefinition } from '../../../common/surveys.js';
import { surveys as s } from './schema.js';

const PUBLIC_PURPOSE = 'survey';
const PERSONAL_PURPOSE = 'survey-contact';

/** The survey's public link token: anyone with it may answer (SPEC Surveys/View). */
export const surveyToken = (appKey: string, tenantId: number, surveyId: number) => signToken(appKey, PUBLIC_PURPOSE, [tenantId, surveyId]);
/** A contact's personal link token (sent by SMS or email): answers are linked to them. */
export const personalSurveyToken = (appKey: string, tenantId: number, surveyId: number, contactId: number) => signToken(appKey, PERSONAL_PURPOSE, [tenantId, surveyId, contactId]);

export const surveyUrl = (config: Pick<Config, 'appUrl' | 'appKey'>, tenantId: number, surveyId: number) => `${config.appUrl}/s/${surveyToken(config.appKey, tenantId, surveyId)}`;
export const personalSurveyUrl = (config: Pick<Config, 'appUrl' | 'appKey'>, tenantId: number, surveyId: number, contactId: number) =>
  `${config.appUrl}/s/${personalSurveyToken(config.appKey, tenantId, surveyId, contactId)}`;

export interface SurveyLink {
  tenantId: number;
  surveyId: number;
  contactId: number | null;
}

/** What a link token names (personal or public), or null when it is not one of ours. */
export function readSurveyToken(appKey: string, token: string): SurveyLink | null {
  const personal = readToken(appKey, PERSONAL_PURPOSE, token, 3);
  const parts = personal ?? readToken(appKey, PUBLIC_PURPOSE, token, 2);
  if (!parts) return null;
  const n = parts.map(Number);
  if (!n.every((x) => Number.isSafeInteger(x) && x > 0)) return null;
  return { tenantId: n[0], surveyId: n[1], contactId: personal ? n[2] : null };
}

/** closed: by hand, at its closing time, or with its number of responses reached */
export const isClosedSql: SQL<boolean> = sql<boolean>`(${q(s.closedAt)} is not null or (${q(s.closesAt)} is not null and ${q(s.closesAt)} <= now()) or (${q(s.maxResponses)} is not null and ${q(s.responsesCount)} >= ${q(s.maxResponses)}))`;
export const statusSql = sql<'open' | 'closed'>`case when ${isClosedSql} then 'closed' else 'open' end`;

export interface SurveyRecord {
  id: number;
  name: string;
  description: string | null;
  thank_you: string | null;
  definition: SurveyDefinition;
  anonymous: boolean;
  one_per_contact: boolean;
  campaign_id: number | null;
  event_id: number | null;
  group_id: number | null;
  is_participant: boolean;
  closed: boolean;
}

/** One survey of the tenant (locked for an answer), or null. */
export async function loadSurvey(tx: Tx, tenantId: number, id: number, lock = false): Promise<SurveyRecord | null> {
  const [row] = await rows<SurveyRecord>(
    tx,
    sql`select id, name, description, thank_you, definition, anonymous, one_per_contact, campaign_id, event_id, group_id, is_participant, ${isClosedSql} as closed
          from surveys where tenant_id = ${tenantId} and id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  return row ? { ...row, id: Number(row.id), campaign_id: row.campaign_id && Number(row.campaign_id), event_id: row.event_id && Number(row.event_id), group_id: row.group_id && Number(row.group_id) } : null;
}

export async function requireSurvey(tx: Tx, tenantId: number, id: number): Promise<SurveyRecord> {
  const found = await loadSurvey(tx, tenantId, id);
  if (!found) throw notFound('Survey');
  return found;
}

/** has this contact answered this survey already */
export async function hasAnswered(tx: Tx, tenantId: number, surveyId: number, contactId: number): Promise<boolean> {
  const [r] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from survey_responses where tenant_id = ${tenantId} and survey_id = ${surveyId} and contact_id = ${contactId}`);
  return Number(r.n) > 0;
}

/** the first 0–10 answer of a response: the timeline keeps it so a segment can ask "NPS ≤ 6" */
export function npsOf(definition: SurveyDefinition, answers: Answers): number | null {
  const q = allQuestions(definition).find((x) => x.type === 'nps' && typeof answers[x.id] === 'number');
  return q ? (answers[q.id] as number) : null;
}

/**
 * Stores a checked response, counts it on its survey and writes it to the contact's timeline
 * (`survey.answered`, with the survey and its NPS answer, for segments), in the caller's
 * transaction (which holds the survey's row lock).
 */
export async function storeResponse(
  tx: Tx,
  tenantId: number,
  survey: SurveyRecord,
  o: { contactId: number | null; answers: Answers; source: 'link' | 'page' | 'personal' },
): Promise<number> {
  const contactId = survey.anonymous ? null : o.contactId;
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into survey_responses (tenant_id, survey_id, contact_id, answers, campaign_id, event_id, group_id, is_participant, source)
        values (${tenantId}, ${survey.id}, ${contactId}, ${JSON.stringify(o.answers)}::jsonb, ${survey.campaign_id}, ${survey.event_id}, ${survey.group_id}, ${survey.is_participant}, ${o.source})
        returning id`,
  );
  await tx.execute(sql`update surveys set responses_count = responses_count + 1 where tenant_id = ${tenantId} and id = ${survey.id}`);
  if (contactId) {
    await recordContactEvents(tx, tenantId, [
      { contactId, type: 'survey.answered', subject: { type: 'survey', id: survey.id }, data: { survey_id: survey.id, survey: survey.name, response_id: Number(row.id), nps: npsOf(survey.definition, o.answers) } },
    ]);
  }
  return Number(row.id);
}
