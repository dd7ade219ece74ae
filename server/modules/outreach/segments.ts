import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CHANNELS } from '../../../common/outreach.js';
import { segmentRulesSchema, segmentSchema, type RuleGroup } from '../../../common/segments.js';
import { rows, type Tx } from '../../db/client.js';
import { isoTimestamp as ts } from '../../db/sql.js';
import { fieldError, notFound } from '../../http/errors.js';
import { paginator } from '../../http/paginator.js';
import { answerFields } from '../../http/answer-fields.js';
import { defineResource } from '../../http/resource.js';
import type { SegmentRow } from '../../../common/answers/outreach.js';
import { validate } from '../../http/validate.js';
import { sendableCondition } from './consent.js';
import { contactEvents, outreachContacts as c, segmentContacts, segments } from './schema.js';
import { rulesCondition, segmentCondition } from './segment-rules.js';

type Stored = { id: number; type: 'dynamic' | 'static'; rules: RuleGroup };

/** How many contacts match a condition: one count in the database (under a second at a million contacts). */
async function countWhere(tx: Tx, where: SQL): Promise<number> {
  const [{ n }] = await rows<{ n: number }>(tx, sql`select count(*)::bigint as n from ${c} where ${where}`);
  return Number(n);
}

/** Counts a segment and remembers the figure (what lists show without counting every segment on every page). */
async function refreshSize(tx: Tx, tenantId: number, s: Stored): Promise<number> {
  const size = await countWhere(tx, await segmentCondition(tx, tenantId, s));
  await tx.update(segments).set({ size, sizeAt: sql`now()` }).where(and(eq(segments.tenantId, tenantId), eq(segments.id, s.id)));
  return size;
}

/**
 * Segments (SPEC §2 Segments, §7 /segments/*; docs/decisions/0027-segments.md): the resource
 * layer's list and writes; a save checks the rules compile (referenced segments exist, none
 * includes itself) and counts the segment once.
 */
export const segmentResource = defineResource({
  label: 'Segment',
  singular: 'segment',
  base: '/segments',
  table: segments,
  fields: answerFields<SegmentRow>()({
    id: segments.id,
    name: segments.name,
    description: segments.description,
    type: segments.type,
    rules: segments.rules,
    size: segments.size,
    size_at: ts(segments.sizeAt),
    created_by: segments.createdBy,
    created_at: ts(segments.createdAt),
    updated_at: ts(segments.updatedAt),
  }),
  columns: { size_at: segments.sizeAt, created_at: segments.createdAt, updated_at: segments.updatedAt },
  create: segmentSchema,
  searchable: ['name'],
  sortable: ['name', 'created_at', 'size'],
  defaultSort: ['name', 'asc'],
  filterable: ['type'],
  access: { view: 'segments.view', create: 'segments.create', update: 'segments.update', delete: 'segments.delete' },
  beforeWrite: async (tx, req, input, current) => {
    if (input.rules) await rulesCondition(tx, req.tenant!.id, input.rules as RuleGroup, current?.id as number | undefined);
    if (!current) return { created_by: req.user!.id };
  },
  afterWrite: async (tx, req, record) => {
    const size = await refreshSize(tx, req.tenant!.id, record as unknown as Stored);
    return { ...record, size };
  },
});

const idParam = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/) });

/** The dashboard's period: start and end dates, or the last `date_range` days (7 by default, SPEC §9). */
const periodSchema = z
  .object({
    date_range: z.coerce.number().int().min(1).max(3660).default(7),
    start_date: z.iso.date({ error: 'The start date must match the format Y-m-d.' }).optional(),
    end_date: z.iso.date({ error: 'The end date must match the format Y-m-d.' }).optional(),
  })
  .refine((p) => !p.start_date || !p.end_date || p.start_date <= p.end_date, { path: ['end_date'], error: 'The end date must be a date after or equal to start date.' });

/** [from, to) as SQL timestamps in the company's time zone */
function period(req: FastifyRequest, p: z.output<typeof periodSchema>) {
  const tz = req.tenant!.timezone || 'UTC';
  const to = p.end_date ? sql`((${p.end_date}::date + 1)::timestamp at time zone ${tz})` : sql`now()`;
  const from = p.start_date ? sql`(${p.start_date}::date::timestamp at time zone ${tz})` : sql`(now() - make_interval(days => ${p.date_range}::int))`;
  return { from, to };
}

const activityQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  activity_type: z
    .string()
    .regex(/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/, 'The selected activity type is invalid.')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

const analyticsQuery = z.object({ period: z.enum(['day', 'week', 'month']).default('day') });

/** Contacts picked into (or out of) a static segment: by id, or every contact matching a rule tree ("select all N matching"). */
const pickSchema = z.union([
  z.object({ contact_ids: z.array(z.coerce.number().int().positive()).min(1).max(10_000) }),
  z.object({ matching: segmentRulesSchema }),
]);

/** The segment dashboard's endpoints and the rule editor's live count. */
export async function segmentRoutes(app: FastifyInstance) {
  segmentResource.routes(app);

  const load = async (tx: Tx, req: FastifyRequest): Promise<Stored & { name: string }> => {
    const p = idParam.safeParse(req.params);
    if (!p.success) throw notFound('Segment');
    const [s] = await tx
      .select({ id: segments.id, type: segments.type, rules: segments.rules, name: segments.name })
      .from(segments)
      .where(and(eq(segments.tenantId, req.tenant!.id), eq(segments.id, Number(p.data.id))));
    if (!s) throw notFound('Segment');
    return s;
  };

  // Segments/ContactSelection: pick contacts into a static segment, or take them out, in one statement
  for (const [verb, adding] of [
    ['add-contacts', true],
    ['remove-contacts', false],
  ] as const) {
    app.post(`/segments/${verb}/:id`, { config: { access: 'segments.update' } }, async (req) => {
      const pick = validate(pickSchema, req.body);
      return req.tenantTx(async (tx) => {
        const s = await load(tx, req);
        if (s.type !== 'static') throw fieldError('segment', 'Contacts are picked into static segments only; a dynamic segment follows its rules.');
        const tenantId = req.tenant!.id;
        const picked = 'contact_ids' in pick ? sql`${c.tenantId} = ${tenantId} and ${c.id} = any(${sql.param(pick.contact_ids)}::bigint[])` : await rulesCondition(tx, tenantId, pick.matching);
        const [{ n }] = adding
          ? await rows<{ n: number }>(
              tx,
              sql`with added as (insert into ${segmentContacts} (tenant_id, segment_id, contact_id)
                    select ${tenantId}, ${s.id}, ${c.id} from ${c} where ${picked}
                    on conflict (tenant_id, segment_id, contact_id) do nothing returning 1)
                  select count(*)::int as n from added`,
            )
          : await rows<{ n: number }>(
              tx,
              sql`with removed as (delete from ${segmentContacts} m where m.tenant_id = ${tenantId} and m.segment_id = ${s.id}
                    and m.contact_id in (select ${c.id} from ${c} where ${picked}) returning 1)
                  select count(*)::int as n from removed`,
            );
        const size = await refreshSize(tx, tenantId, s);
        return { data: { changed: n, size } };
      });
    });
  }

  // the rule editor's live count: how many contacts the rules match now, and how many of them may be sent to
  app.post('/segments/count', { config: { access: ['segments.create', 'segments.update'] } }, async (req) => {
    const { rules } = validate(z.object({ rules: segmentRulesSchema }), req.body);
    return req.tenantTx(async (tx) => {
      const where = await rulesCondition(tx, req.tenant!.id, rules);
      const [r] = await rows<Record<string, number>>(
        tx,
        sql`select count(*)::bigint as count, ${sql.join(
          CHANNELS.map((ch) => sql`count(*) filter (where ${sendableCondition(ch)})::bigint as ${sql.identifier(ch)}`),
          sql`, `,
        )} from ${c} where ${where}`,
      );
      return { data: { count: Number(r.count), sendable: Object.fromEntries(CHANNELS.map((ch) => [ch, Number(r[ch])])) } };
    });
  });

  // size, growth, reachable and opted out by channel (SPEC §7 statistics; date range default 7 days)
  app.get('/segments/statistics/:id', { config: { access: 'segments.view' } }, async (req) => {
    const q = validate(periodSchema, req.query ?? {});
    return req.tenantTx(async (tx) => {
      const s = await load(tx, req);
      const where = await segmentCondition(tx, req.tenant!.id, s);
      const { from, to } = period(req, q);
      // growth: members who joined in the period (picked into a static segment, or created for a dynamic one)
      const joined =
        s.type === 'static'
          ? sql`(select m.created_at from ${segmentContacts} m where m.tenant_id = ${c.tenantId} and m.segment_id = ${s.id} and m.contact_id = ${c.id})`
          : sql`${c.createdAt}`;
      const [r] = await rows<Record<string, number>>(
        tx,
        sql`select count(*)::bigint as size,
                   count(*) filter (where ${joined} >= ${from} and ${joined} < ${to})::bigint as growth,
                   ${sql.join(
                     CHANNELS.flatMap((ch) => [
                       sql`count(*) filter (where ${sendableCondition(ch)})::bigint as ${sql.identifier(`reachable_${ch}`)}`,
                       sql`count(*) filter (where not ${sendableCondition(ch)} and (${sql.raw(`"outreach_contacts"."consent_${ch}"`)} = 'withdrawn' or exists (
                             select 1 from contact_suppressions x where x.tenant_id = ${c.tenantId} and x.contact_id = ${c.id} and x.channel = ${ch} and x.lifted_at is null)))::bigint as ${sql.identifier(`opted_out_${ch}`)}`,
                     ]),
                     sql`, `,
                   )}
              from ${c} where ${where}`,
      );
      await tx.update(segments).set({ size: Number(r.size), sizeAt: sql`now()` }).where(and(eq(segments.tenantId, req.tenant!.id), eq(segments.id, s.id)));
      const byChannel = (prefix: string) => Object.fromEntries(CHANNELS.map((ch) => [ch, Number(r[`${prefix}_${ch}`])]));
      return { data: { size: Number(r.size), growth: Number(r.growth), reachable: byChannel('reachable'), opted_out: byChannel('opted_out') } };
    });
  });

  // the contact events of the segment's members, newest first, 20 per page (SPEC §9)
  app.get('/segments/activity-logs/:id', { config: { access: 'segments.view' } }, async (req) => {
    const raw = (req.query ?? {}) as Record<string, unknown>;
    const q = validate(activityQuery, raw);
    const p = validate(periodSchema, raw);
    return req.tenantTx(async (tx) => {
      const s = await load(tx, req);
      const where = await segmentCondition(tx, req.tenant!.id, s);
      const { from, to } = period(req, p);
      const cond = sql`e.tenant_id = ${req.tenant!.id} and e.occurred_at >= ${from} and e.occurred_at < ${to}
        ${q.activity_type ? sql`and e.type = ${q.activity_type}` : sql``}
        and exists (select 1 from ${c} where ${c.id} = e.contact_id and ${where})`;
      const offset = (q.page - 1) * q.per_page;
      const data = await rows<Record<string, unknown>>(
        tx,
        sql`select e.id, e.type, to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as occurred_at, e.subject_type, e.subject_id, e.data,
                   e.contact_id, (select trim(o.first_name || ' ' || o.last_name) from ${c} o where o.tenant_id = e.tenant_id and o.id = e.contact_id) as contact_name
              from ${contactEvents} e where ${cond}
             order by e.occurred_at desc, e.id desc limit ${q.per_page} offset ${offset}`,
      );
      const [{ n }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from ${contactEvents} e where ${cond}`);
      return paginator(data, { total: n, page: q.page, perPage: q.per_page, path: req.url.split('?')[0], query: raw });
    });
  });

  // series for the dashboard's charts: members joined and contact events per day, week or month
  app.get('/segments/analytics/:id', { config: { access: 'segments.view' } }, async (req) => {
    const raw = (req.query ?? {}) as Record<string, unknown>;
    const { period: unit } = validate(analyticsQuery, raw);
    const p = validate(periodSchema, raw);
    return req.tenantTx(async (tx) => {
      const s = await load(tx, req);
      const where = await segmentCondition(tx, req.tenant!.id, s);
      const { from, to } = period(req, p);
      const tz = req.tenant!.timezone || 'UTC';
      const bucket = (col: SQL) => sql`to_char(date_trunc(${unit}, ${col} at time zone ${tz}), 'YYYY-MM-DD')`;
      const events = await rows<{ bucket: string; type: string; n: number }>(
        tx,
        sql`select ${bucket(sql`e.occurred_at`)} as bucket, e.type, count(*)::int as n
              from ${contactEvents} e
             where e.tenant_id = ${req.tenant!.id} and e.occurred_at >= ${from} and e.occurred_at < ${to}
               and exists (select 1 from ${c} where ${c.id} = e.contact_id and ${where})
             group by 1, 2 order by 1, 2`,
      );
      const joinedAt =
        s.type === 'static'
          ? sql`(select m.created_at from ${segmentContacts} m where m.tenant_id = ${c.tenantId} and m.segment_id = ${s.id} and m.contact_id = ${c.id})`
          : sql`${c.createdAt}`;
      const joined = await rows<{ bucket: string; n: number }>(
        tx,
        sql`select ${bucket(joinedAt)} as bucket, count(*)::int as n from ${c}
             where ${where} and ${joinedAt} >= ${from} and ${joinedAt} < ${to} group by 1 order by 1`,
      );
      const types = [...new Set(events.map((e) => e.type))];
      const buckets = [...new Set([...events.map((e) => e.bucket), ...joined.map((j) => j.bucket)])].sort();
      return {
        data: {
          period: unit,
          labels: buckets,
          joined: buckets.map((b) => joined.find((j) => j.bucket === b)?.n ?? 0),
          activity: Object.fromEntries(types.map((t) => [t, buckets.map((b) => events.find((e) => e.bucket === b && e.type === t)?.n ?? 0)])),
        },
      };
    });
  });
}
