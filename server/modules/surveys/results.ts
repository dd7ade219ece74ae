import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { allQuestions, npsScore, OTHER, SCALE_TYPES, type AnswerValue, type QuestionResult, type SurveyDefinition, type SurveyQuestion, type SurveyResponseRow } from '../../../common/surveys.js';
import { rows, type Tx } from '../../db/client.js';
import { isoTimestamp as ts } from '../../db/sql.js';
import { exportRoute } from '../../http/import-export.js';
import { eachBatch, readPage, type FieldMap } from '../../http/list.js';
import { paginator } from '../../http/paginator.js';
import { estimatedTotals } from '../../http/resource.js';
import { validate } from '../../http/validate.js';
import { surveyResponses } from './schema.js';
import { requireSurvey } from './service.js';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must be a date (YYYY-MM-DD).');
const flag = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true')
  .optional();

/** SPEC §7 GET /surveys/results/json and /count: campaign_id, event_id, group_id, survey_id, is_participant; plus dates */
export const resultsQuery = z.object({
  survey_id: id.optional(),
  campaign_id: id.optional(),
  event_id: id.optional(),
  group_id: id.optional(),
  is_participant: flag,
  date_from: day.optional(),
  date_to: day.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(15),
});
type ResultsQuery = z.output<typeof resultsQuery>;

const r = surveyResponses;

/** The filters over survey_responses alone (each a column with its index), tenant included. */
function whereOf(tenantId: number, q: ResultsQuery): SQL {
  const parts: SQL[] = [sql`${r.tenantId} = ${tenantId}`];
  if (q.survey_id) parts.push(sql`${r.surveyId} = ${q.survey_id}`);
  if (q.campaign_id) parts.push(sql`${r.campaignId} = ${q.campaign_id}`);
  if (q.event_id) parts.push(sql`${r.eventId} = ${q.event_id}`);
  if (q.group_id) parts.push(sql`${r.groupId} = ${q.group_id}`);
  if (q.is_participant !== undefined) parts.push(sql`${r.isParticipant} = ${q.is_participant}`);
  if (q.date_from) parts.push(sql`${r.createdAt} >= ${q.date_from}::date`);
  if (q.date_to) parts.push(sql`${r.createdAt} < ${q.date_to}::date + 1`);
  return sql.join(parts, sql` and `);
}

/** A response as the results list and the export answer it: the contact's name read by id, no join. */
const responseFields: FieldMap = {
  id: r.id,
  survey_id: r.surveyId,
  contact_id: r.contactId,
  contact_name: sql<string | null>`${sql.raw(
    `(select nullif(trim(coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, '')), '') from outreach_contacts o where o.tenant_id = "survey_responses"."tenant_id" and o.id = "survey_responses"."contact_id")`,
  )}`,
  answers: r.answers,
  campaign_id: r.campaignId,
  event_id: r.eventId,
  group_id: r.groupId,
  is_participant: r.isParticipant,
  source: r.source,
  created_at: ts(r.createdAt),
};
/** newest first: the order of survey_responses_survey_idx */
const newestFirst = [sql`${r.createdAt} desc`, sql`${r.id} desc`];

const STOP = new Set('the and for are but not you all any can had her was one our out has him his how its may new now old see two who did get let put say she too use that with have this will your from they been were what when which their there about would these other into more some than them then very just also like'.split(' '));

/**
 * The word lists of text questions are counted over each question's latest WORDS_FROM answers
 * (within the filters), not all of them: splitting every text of a million responses into
 * words would cost more than every other figure together. The answer says how many were read.
 */
export const WORDS_FROM = 5_000;
/** where the answers that are no option of their question are counted before they show as “Other” (no option is empty) */
const NO_OPTION = '';
/** how many words a text question's list shows */
const WORDS_SHOWN = 20;

/**
 * One figure counted in the single pass over the responses: for its question, the answer's
 * value (choices, scales, yes/no, dates), a matrix row's column, whether an option of a
 * multiple choice was ticked, how many of its ticks were no option (“Other”), or only that the
 * question was answered (texts, emails, phones, and multiple choices and matrices as a whole).
 * Each is a text expression over the row's answers, null when there is nothing to count.
 */
interface Figure {
  q: SurveyQuestion;
  role: 'value' | 'answered' | 'option' | 'other' | 'row';
  /** the option or matrix row */
  key?: string;
  expr: SQL;
}

function figuresOf(questions: SurveyQuestion[]): Figure[] {
  const out: Figure[] = [];
  for (const q of questions) {
    const answer = sql`${r.answers} -> ${q.id}`;
    const text = sql`${r.answers} ->> ${q.id}`;
    const answered: Figure = { q, role: 'answered', expr: sql`case when ${r.answers} ? ${q.id} then '' end` };
    switch (q.type) {
      case 'single_choice':
      case 'dropdown':
        // an answer that is no option (“Other: …”, or an option since removed) is counted as NO_OPTION, shown as “Other”
        out.push({ q, role: 'value', expr: sql`case when ${text} = any(${sql.param(q.options)}::text[]) then ${text} when ${r.answers} ? ${q.id} then ${NO_OPTION} end` });
        break;
      case 'multiple_choice':
        out.push(answered);
        for (const o of q.options) out.push({ q, role: 'option', key: o, expr: sql`case when ${answer} ? ${o} then '' end` });
        if (q.allow_other)
          out.push({
            q,
            role: 'other',
            expr: sql`nullif(jsonb_array_length(jsonb_path_query_array(${answer}, '$[*] ? (!(@ == $o[*]))', ${JSON.stringify({ o: q.options })}::jsonb)), 0)::text`,
          });
        break;
      case 'matrix':
        out.push(answered);
        for (const row of q.rows) out.push({ q, role: 'row', key: row, expr: sql`${answer} ->> ${row}` });
        break;
      case 'yes_no':
      case 'rating':
      case 'nps':
      case 'scale':
      case 'number':
      case 'date':
        out.push({ q, role: 'value', expr: text });
        break;
      default:
        out.push(answered);
    }
  }
  return out;
}

/**
 * Every question's results over the filtered responses, in SQL: one pass over the responses
 * counts every figure of every question at once (each row's figures unpivoted by a VALUES list,
 * then grouped by figure and value: a few dozen groups whatever the number of responses), and
 * one more statement counts the words of the text questions' latest answers (WORDS_FROM).
 * The grouped counts are then shaped per question here: options in order, “Other”, the NPS
 * score, the average.
 */
export async function summaryOf(tx: Tx, where: SQL, definition: SurveyDefinition): Promise<QuestionResult[]> {
  const questions = allQuestions(definition);
  const figures = figuresOf(questions);
  const texts = questions.filter((q) => q.type === 'short_text' || q.type === 'long_text').map((q) => q.id);
  const counted = figures.length
    ? await rows<{ i: number; v: string; n: number }>(
        tx,
        sql`select f.i, f.v, count(*)::int as n
              from ${r} cross join lateral (values ${sql.join(
                figures.map((f, i) => sql`(${sql.raw(String(i))}, ${f.expr})`),
                sql`, `,
              )}) as f(i, v)
             where ${where} and f.v is not null
             group by 1, 2`,
      )
    : [];
  const words = texts.length
    ? await rows<{ k: string; w: string | null; n: number }>(
        tx,
        sql`with latest as materialized (
              select t.k, x.v from unnest(${sql.param(texts)}::text[]) as t(k)
               cross join lateral (
                 select ${r.answers} ->> t.k as v from ${r} where ${where} and ${r.answers} ->> t.k is not null
                  order by ${sql.join(newestFirst, sql`, `)} limit ${WORDS_FROM}) x),
            counted as (
              select k, w, count(*)::int as n from latest cross join lateral regexp_split_to_table(lower(latest.v), '[^[:alnum:]]+') w
               where length(w) > 2 and not (w = any(${sql.param([...STOP])}::text[]))
               group by 1, 2),
            ranked as (select k, w, n, row_number() over (partition by k order by n desc, w) as rank from counted)
            select k, w, n from ranked where rank <= ${WORDS_SHOWN}
            union all select k, null, count(*)::int from latest group by k
            order by 1, 3 desc, 2`,
      )
    : [];

  const raw = new Map<string, Record<string, number>>(questions.map((q) => [q.id, {}]));
  const answered = new Map<string, number>();
  const add = (rec: Record<string, number>, k: string, n: number) => (rec[k] = (rec[k] ?? 0) + n);
  for (const c of counted) {
    const f = figures[Number(c.i)];
    const n = Number(c.n);
    const rec = raw.get(f.q.id)!;
    if (f.role === 'answered') answered.set(f.q.id, n);
    else if (f.role === 'option') add(rec, f.key!, n);
    else if (f.role === 'other') add(rec, NO_OPTION, Number(c.v) * n);
    else if (f.role === 'row') add(rec, `${f.key} → ${c.v}`, n);
    else {
      add(rec, f.q.type === 'yes_no' ? (c.v === 'true' ? 'Yes' : c.v === 'false' ? 'No' : c.v) : c.v, n);
      answered.set(f.q.id, (answered.get(f.q.id) ?? 0) + n);
    }
  }
  return questions.map((q): QuestionResult => {
    const got = raw.get(q.id)!;
    const numeric = SCALE_TYPES.includes(q.type);
    const total = Object.values(got).reduce((a, b) => a + b, 0);
    const sum = numeric ? Object.entries(got).reduce((a, [k, n]) => a + Number(k) * n, 0) : 0;
    const own = words.filter((w) => w.k === q.id);
    return {
      id: q.id,
      type: q.type,
      label: q.label,
      answered: answered.get(q.id) ?? 0,
      counts: ordered(q, got),
      words: own.filter((w) => w.w !== null).map((w) => ({ word: w.w!, count: Number(w.n) })),
      words_from: Number(own.find((w) => w.w === null)?.n ?? 0),
      nps: q.type === 'nps' ? npsScore(got) : null,
      average: numeric && total ? Math.round((sum / total) * 100) / 100 : null,
    };
  });
}

/** counts in the question's own order: every option (zero too), “Other” last; every point of a scale */
function ordered(q: SurveyQuestion, raw: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  if (['single_choice', 'multiple_choice', 'dropdown'].includes(q.type)) {
    for (const o of q.options) out[o] = raw[o] ?? 0;
    const other = Object.entries(raw).filter(([k]) => !q.options.includes(k)).reduce((a, [, n]) => a + n, 0);
    if (q.allow_other) out[OTHER] = other;
    return out;
  }
  if (q.type === 'yes_no') return { Yes: raw.Yes ?? 0, No: raw.No ?? 0 };
  if (q.type === 'matrix') {
    for (const r of q.rows) for (const c of q.columns) out[`${r} → ${c}`] = raw[`${r} → ${c}`] ?? 0;
    return out;
  }
  if (q.type === 'nps' || q.type === 'scale' || q.type === 'rating') {
    const [lo, hi] = q.type === 'nps' ? [0, 10] : q.type === 'scale' ? [1, 5] : [1, q.max && q.max >= 3 && q.max <= 10 ? q.max : 5];
    for (let v = lo; v <= hi; v++) out[String(v)] = raw[String(v)] ?? 0;
    return out;
  }
  return Object.fromEntries(Object.entries(raw).sort(([a], [b]) => (Number(a) - Number(b)) || a.localeCompare(b)));
}

/** An answer as one cell of the export. */
export function cellOf(q: SurveyQuestion, v: AnswerValue | undefined): string | number | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (Array.isArray(v)) return v.join('; ');
  if (typeof v === 'object') return q.rows.filter((r) => v[r]).map((r) => `${r}: ${v[r]}`).join('; ');
  return v;
}

const surveyOf = async (tx: Tx, req: FastifyRequest, q: ResultsQuery) => (q.survey_id ? requireSurvey(tx, req.tenant!.id, q.survey_id) : null);

/**
 * Survey results (SPEC §7 Surveys; §3 survey response counts): the individual responses (paged,
 * newest first) with every question's results when one survey is asked for, the counts, and the
 * export of one survey's responses as CSV or XLSX through the lists' export machinery.
 */
export function resultRoutes(app: FastifyInstance) {
  app.get('/surveys/results/json', { config: { access: 'surveys.view' } }, async (req) => {
    const q = validate(resultsQuery, req.query ?? {});
    const tenantId = req.tenant!.id;
    return req.tenantTx(async (tx) => {
      const survey = await surveyOf(tx, req, q);
      const where = whereOf(tenantId, q);
      // the page and its total through the lists' reader: a count capped at EXACT_TOTAL_LIMIT, the planner's estimate beyond
      const { data, total, estimated } = await readPage<SurveyResponseRow & Record<string, unknown>>(
        (fn) => fn(tx),
        { table: r, fields: responseFields, tenantId, where, order: newestFirst, page: q.page, perPage: q.per_page, list: 'surveys:results' },
        estimatedTotals(req.server.ctx),
      );
      const { page: _p, ...rest } = (req.query ?? {}) as Record<string, unknown>;
      const page = paginator(data, { total, estimated, page: q.page, perPage: q.per_page, path: req.url.split('?')[0], query: rest });
      return { ...page, summary: survey ? await summaryOf(tx, where, survey.definition) : null };
    });
  });

  app.get('/surveys/results/count', { config: { access: 'surveys.view' } }, async (req) => {
    const q = validate(resultsQuery, req.query ?? {});
    const tenantId = req.tenant!.id;
    return req.tenantTx(async (tx) => {
      await surveyOf(tx, req, q);
      const [c] = await rows<{ n: number; events: number }>(tx, sql`select count(*)::int as n, count(distinct ${r.eventId})::int as events from ${r} where ${whereOf(tenantId, q)}`);
      return { data: Number(c.n), event_count: Number(c.events) };
    });
  });

  // POST /surveys/results/export (SPEC §7, a blob): one row per response, one column per question
  const exportInput = (req: FastifyRequest) => {
    const input = { ...(req.query as object), ...((req.body as object | undefined) ?? {}) };
    const q = validate(resultsQuery.extend({ survey_id: id }), input);
    return q;
  };
  exportRoute(
    app,
    {
      base: '/surveys/results',
      label: 'Survey responses',
      access: 'surveys.view',
      fields: ['id', 'created_at', 'contact_name'],
      column: () => undefined,
      select: (req) => {
        const q = exportInput(req);
        const where = whereOf(req.tenant!.id, q);
        let definition: SurveyDefinition | null = null;
        return {
          count: async (tx) => {
            definition = (await requireSurvey(tx, req.tenant!.id, q.survey_id)).definition;
            return Number((await rows<{ n: number }>(tx, sql`select count(*)::int as n from ${r} where ${where}`))[0].n);
          },
          each: async (tx, size, fn) => {
            const questions = allQuestions(definition!);
            await eachBatch<SurveyResponseRow & Record<string, unknown>>(tx, { table: r, fields: responseFields, where, order: newestFirst }, size, (batch) =>
              fn(
                batch.map((row) => {
                  const out: Record<string, unknown> = { id: row.id, created_at: row.created_at, contact_name: row.contact_name };
                  for (const qq of questions) out[`q.${qq.id}`] = cellOf(qq, row.answers[qq.id]);
                  return out;
                }),
              ),
            );
          },
        };
      },
    },
    {
      method: 'POST',
      filename: (req) => `survey-${exportInput(req).survey_id}-responses`,
      columns: { id: 'Response ID', created_at: 'Submitted at', contact_name: 'Contact' },
      companyColumns: async (tx, req) => {
        const survey = await requireSurvey(tx, req.tenant!.id, exportInput(req).survey_id);
        return allQuestions(survey.definition).map((qq): [string, string] => [`q.${qq.id}`, qq.label]);
      },
    },
  );
}
