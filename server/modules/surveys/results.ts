import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { allQuestions, CHOICE_TYPES, npsScore, OTHER, SCALE_TYPES, type AnswerValue, type QuestionResult, type SurveyDefinition, type SurveyQuestion, type SurveyResponseRow } from '../../../common/surveys.js';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { exportRoute } from '../../http/import-export.js';
import { paginator } from '../../http/paginator.js';
import { validate } from '../../http/validate.js';
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

function whereOf(tenantId: number, q: ResultsQuery): SQL {
  const parts: SQL[] = [sql`r.tenant_id = ${tenantId}`];
  if (q.survey_id) parts.push(sql`r.survey_id = ${q.survey_id}`);
  if (q.campaign_id) parts.push(sql`r.campaign_id = ${q.campaign_id}`);
  if (q.event_id) parts.push(sql`r.event_id = ${q.event_id}`);
  if (q.group_id) parts.push(sql`r.group_id = ${q.group_id}`);
  if (q.is_participant !== undefined) parts.push(sql`r.is_participant = ${q.is_participant}`);
  if (q.date_from) parts.push(sql`r.created_at >= ${q.date_from}::date`);
  if (q.date_to) parts.push(sql`r.created_at < ${q.date_to}::date + 1`);
  return sql.join(parts, sql` and `);
}

const responseFields = sql`r.id, r.survey_id, r.contact_id, nullif(trim(coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, '')), '') as contact_name, r.answers,
  r.campaign_id, r.event_id, r.group_id, r.is_participant, r.source, to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at`;
const fromResponses = sql`from survey_responses r left join outreach_contacts o on o.tenant_id = r.tenant_id and o.id = r.contact_id`;

const STOP = new Set('the and for are but not you all any can had her was one our out has him his how its may new now old see two who did get let put say she too use that with have this will your from they been were what when which their there about would these other into more some than them then very just also like'.split(' '));

/**
 * Every question's results over the filtered responses, in SQL (one scan per kind of question,
 * never the responses in JS): counts per answer for choices, scales and matrices, the NPS score,
 * the average, and the most frequent words of text answers.
 */
export async function summaryOf(tx: Tx, where: SQL, definition: SurveyDefinition): Promise<QuestionResult[]> {
  const questions = allQuestions(definition);
  const counted = questions.filter((q) => CHOICE_TYPES.includes(q.type) || SCALE_TYPES.includes(q.type) || q.type === 'date').map((q) => q.id);
  const texts = questions.filter((q) => ['short_text', 'long_text'].includes(q.type)).map((q) => q.id);
  const ids = sql.param(questions.map((q) => q.id));
  const answered = await rows<{ k: string; n: number }>(tx, sql`select a.key as k, count(*)::int as n from survey_responses r cross join lateral jsonb_each(r.answers) a where ${where} and a.key = any(${ids}::text[]) group by 1`);
  const counts = counted.length
    ? await rows<{ k: string; v: string; n: number }>(
        tx,
        sql`select a.key as k, x.v, count(*)::int as n
              from survey_responses r cross join lateral jsonb_each(r.answers) a
              cross join lateral (
                select e #>> '{}' as v from jsonb_array_elements(case when jsonb_typeof(a.value) = 'array' then a.value else '[]'::jsonb end) e
                union all select m.key || ' → ' || (m.value #>> '{}') from jsonb_each(case when jsonb_typeof(a.value) = 'object' then a.value else '{}'::jsonb end) m
                union all select case when jsonb_typeof(a.value) = 'boolean' then (case when a.value = 'true'::jsonb then 'Yes' else 'No' end) else a.value #>> '{}' end
                 where jsonb_typeof(a.value) not in ('array', 'object')
              ) x
             where ${where} and a.key = any(${sql.param(counted)}::text[]) group by 1, 2`,
      )
    : [];
  const words = texts.length
    ? await rows<{ k: string; w: string; n: number }>(
        tx,
        sql`select k, w, n from (
              select k, w, n, row_number() over (partition by k order by n desc, w) as rank from (
                select a.key as k, w, count(*)::int as n
                  from survey_responses r cross join lateral jsonb_each_text(r.answers) a
                  cross join lateral regexp_split_to_table(lower(a.value), '[^[:alnum:]]+') w
                 where ${where} and a.key = any(${sql.param(texts)}::text[]) and length(w) > 2 and not (w = any(${sql.param([...STOP])}::text[]))
                 group by 1, 2) t) ranked
             where rank <= 20 order by k, n desc, w`,
      )
    : [];
  const byQuestion = new Map<string, Record<string, number>>();
  for (const c of counts) (byQuestion.get(c.k) ?? byQuestion.set(c.k, {}).get(c.k)!)[c.v] = Number(c.n);
  return questions.map((q): QuestionResult => {
    const raw = byQuestion.get(q.id) ?? {};
    const c = ordered(q, raw);
    const numeric = SCALE_TYPES.includes(q.type);
    const total = Object.values(raw).reduce((a, b) => a + b, 0);
    const sum = numeric ? Object.entries(raw).reduce((a, [k, n]) => a + Number(k) * n, 0) : 0;
    return {
      id: q.id,
      type: q.type,
      label: q.label,
      answered: Number(answered.find((a) => a.k === q.id)?.n ?? 0),
      counts: c,
      words: words.filter((w) => w.k === q.id).map((w) => ({ word: w.w, count: Number(w.n) })),
      nps: q.type === 'nps' ? npsScore(raw) : null,
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
      const data = await rows<SurveyResponseRow>(tx, sql`select ${responseFields} ${fromResponses} where ${where} order by r.created_at desc, r.id desc limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`);
      const [{ n }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from survey_responses r where ${where}`);
      const { page: _p, ...rest } = (req.query ?? {}) as Record<string, unknown>;
      const page = paginator(
        data.map((r) => ({ ...r, id: Number(r.id), survey_id: Number(r.survey_id), contact_id: r.contact_id && Number(r.contact_id), campaign_id: r.campaign_id && Number(r.campaign_id), event_id: r.event_id && Number(r.event_id), group_id: r.group_id && Number(r.group_id) })),
        { total: Number(n), page: q.page, perPage: q.per_page, path: req.url.split('?')[0], query: rest },
      );
      return { ...page, summary: survey ? await summaryOf(tx, sql`${where} and r.survey_id = ${survey.id}`, survey.definition) : null };
    });
  });

  app.get('/surveys/results/count', { config: { access: 'surveys.view' } }, async (req) => {
    const q = validate(resultsQuery, req.query ?? {});
    const tenantId = req.tenant!.id;
    return req.tenantTx(async (tx) => {
      await surveyOf(tx, req, q);
      const [r] = await rows<{ n: number; events: number }>(tx, sql`select count(*)::int as n, count(distinct r.event_id)::int as events from survey_responses r where ${whereOf(tenantId, q)}`);
      return { data: Number(r.n), event_count: Number(r.events) };
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
            return Number((await rows<{ n: number }>(tx, sql`select count(*)::int as n from survey_responses r where ${where}`))[0].n);
          },
          each: async (tx, size, fn) => {
            const questions = allQuestions(definition!);
            let after: { at: string; id: number } | null = null;
            for (;;) {
              const batch: (SurveyResponseRow & { at: string })[] = await rows<SurveyResponseRow & { at: string }>(
                tx,
                sql`select ${responseFields}, r.created_at::text as at ${fromResponses} where ${where} ${after ? sql`and (r.created_at, r.id) < (${after.at}::timestamptz, ${after.id})` : sql``}
                     order by r.created_at desc, r.id desc limit ${size}`,
              );
              if (!batch.length) return;
              await fn(
                batch.map((r) => {
                  const row: Record<string, unknown> = { id: Number(r.id), created_at: r.created_at, contact_name: r.contact_name };
                  for (const qq of questions) row[`q.${qq.id}`] = cellOf(qq, r.answers[qq.id]);
                  return row;
                }),
              );
              const last = batch[batch.length - 1];
              after = { at: last.at, id: Number(last.id) };
            }
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
  void notFound;
}
