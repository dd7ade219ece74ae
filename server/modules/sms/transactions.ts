import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SmsCounts, SmsTotals, SmsTransactionRow } from '../../../common/answers/sms.js';
import { rows, type Tx } from '../../db/client.js';
import { isoTimestamp as ts } from '../../db/sql.js';
import { answerFields } from '../../http/answer-fields.js';
import { defineResource } from '../../http/resource.js';
import { validate } from '../../http/validate.js';
import { deliveries as d, recipientList, recipientListFields, sends as s } from '../delivery/index.js';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const filters = z.object({
  segment_id: id.optional(),
  campaign_id: id.optional(),
  event_id: id.optional(),
  group_id: id.optional(),
});

export { attachCounts, emptyCounts } from '../delivery/index.js';

/**
 * An SMS send's recipients (Sms/Transactions; GET /sms/transactions/json): the delivery engine's
 * outbox rows of SMS sends, paged, searched by phone, filtered by send, contact, state, and by the
 * segment, campaign, event or group the send was for; exported as CSV or XLSX.
 */
export const smsTransactionResource = defineResource({
  label: 'SMS transaction',
  singular: 'transaction',
  base: '/sms/transactions',
  ...recipientList,
  fields: answerFields<SmsTransactionRow>()({
    ...recipientListFields,
    message_id: d.sendId,
    provider_message_id: d.providerId,
    parts: sql<number>`${d.units}::int`,
    body: sql<string>`coalesce(${d.body}, (select x.body from sends x where x.tenant_id = ${d.tenantId} and x.id = ${d.sendId}))`,
    sender_id: sql<string | null>`(select x.sender_id from sends x where x.tenant_id = ${d.tenantId} and x.id = ${d.sendId})`,
    attempts: d.attempts,
  }),
  columns: { created_at: d.createdAt, updated_at: d.updatedAt, message_id: d.sendId, phone: d.address },
  filterable: ['state', 'message_id', 'contact_id'],
  scope: (req: FastifyRequest) => {
    const q = validate(filters, req.query ?? {});
    const parts: SQL[] = [sql`${d.channel} = 'sms'`];
    const of = (cond: SQL) => sql`exists (select 1 from sends x where x.tenant_id = ${d.tenantId} and x.id = ${d.sendId} and ${cond})`;
    if (q.segment_id) parts.push(of(sql`x.audience->'segment_ids' @> to_jsonb(${q.segment_id}::bigint)`));
    if (q.campaign_id) parts.push(of(sql`x.campaign_id = ${q.campaign_id}`));
    if (q.event_id) parts.push(of(sql`x.event_id = ${q.event_id}`));
    if (q.group_id) parts.push(of(sql`x.group_id = ${q.group_id}`));
    return and(...parts);
  },
  access: { view: 'sms.view', create: 'sms.send', update: 'sms.send', delete: 'sms.delete' },
  attach: async (tx, req, list) => {
    // the single read (Sms/Transactions' details) carries the recipient's history
    if (list.length !== 1 || !/\/get-transaction\//.test(req.url)) return;
    const row = list[0];
    const history = await rows<{ at: string; state: string; note: string | null; network_code: string | null }>(
      tx,
      sql`select ${ts(sql`at`)} as at, state, note from (
            select created_at as at, 'queued' as state, null::text as note, 0 as ord from deliveries where tenant_id = ${req.tenant!.id} and id = ${row.id}
            union all
            select sent_at, 'sent', provider_id, 1 from deliveries where tenant_id = ${req.tenant!.id} and id = ${row.id} and sent_at is not null
            union all
            select created_at, state, coalesce(reason, status), 2 from delivery_reports where tenant_id = ${req.tenant!.id} and delivery_id = ${row.id}
          ) h order by at, ord`,
    );
    const [n] = await rows<{ network_code: string | null }>(tx, sql`select network_code from deliveries where tenant_id = ${req.tenant!.id} and id = ${row.id}`);
    row.history = history;
    row.network_code = n?.network_code ?? null;
  },
  export: { filename: 'sms-transactions' },
});

const PERIODS = { '7d': 7, '30d': 30, '90d': 90, '365d': 365 } as const;
const totalsQuery = z.object({ type: z.enum(Object.keys(PERIODS) as [keyof typeof PERIODS]).default('30d') });

/** The Overview's figures and chart over a period, in the company's time zone. */
export async function smsTotals(tx: Tx, req: FastifyRequest, period: keyof typeof PERIODS): Promise<SmsTotals> {
  const tenantId = req.tenant!.id;
  const tz = req.tenant!.timezone || 'UTC';
  const days = PERIODS[period];
  const unit = days > 90 ? 'month' : 'day';
  const label = unit === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
  const since = sql`(date_trunc(${unit}, (now() at time zone ${tz}) - make_interval(days => ${days - 1})) at time zone ${tz})`;
  const [t] = await rows<Record<string, number | string>>(
    tx,
    sql`select count(*)::int as recipients,
               count(*) filter (where state in ('sent', 'delivered', 'failed', 'rejected') and sent_at is not null)::int as sent,
               count(*) filter (where state = 'delivered')::int as delivered,
               count(*) filter (where state = 'failed')::int as failed,
               count(*) filter (where state = 'rejected')::int as rejected,
               count(*) filter (where state = 'unknown')::int as unknown,
               coalesce(sum(credits) filter (where credit_state in ('held', 'refund_due')), 0)::numeric(20,4)::text as credits
          from deliveries where tenant_id = ${tenantId} and channel = 'sms' and created_at >= ${since}`,
  );
  const series = await rows<{ date: string; sent: number; delivered: number; failed: number }>(
    tx,
    sql`with b as (
          select generate_series(date_trunc(${unit}, (now() at time zone ${tz}) - make_interval(days => ${days - 1})), date_trunc(${unit}, now() at time zone ${tz}),
                                 ${unit === 'month' ? sql`interval '1 month'` : sql`interval '1 day'`}) as bucket
        ), x as (
          select date_trunc(${unit}, created_at at time zone ${tz}) as bucket,
                 count(*) filter (where sent_at is not null)::int as sent,
                 count(*) filter (where state = 'delivered')::int as delivered,
                 count(*) filter (where state in ('failed', 'rejected'))::int as failed
            from deliveries where tenant_id = ${tenantId} and channel = 'sms' and created_at >= ${since}
           group by 1
        )
        select to_char(b.bucket, ${label}) as date, coalesce(x.sent, 0) as sent, coalesce(x.delivered, 0) as delivered, coalesce(x.failed, 0) as failed
          from b left join x using (bucket) order by b.bucket`,
  );
  return {
    period,
    totals: {
      recipients: Number(t.recipients),
      sent: Number(t.sent),
      delivered: Number(t.delivered),
      failed: Number(t.failed),
      rejected: Number(t.rejected),
      unknown: Number(t.unknown),
      credits: String(t.credits),
    },
    series: series.map((p) => ({ date: p.date, sent: Number(p.sent), delivered: Number(p.delivered), failed: Number(p.failed) })),
  };
}

export function smsTransactionRoutes(app: FastifyInstance) {
  smsTransactionResource.routes(app);

  app.get('/sms/transactions/recent', { config: { access: 'sms.view' } }, async (req) => {
    const data = await req.tenantRead((tx) =>
      tx
        .select(smsTransactionResource.def.fields)
        .from(d)
        .where(and(eq(d.tenantId, req.tenant!.id), eq(d.channel, 'sms')))
        .orderBy(desc(d.createdAt), desc(d.id))
        .limit(10),
    );
    return { data };
  });

  app.get('/sms/transactions/totals', { config: { access: 'sms.view' } }, async (req) => {
    const { type } = validate(totalsQuery, req.query ?? {});
    return { data: await req.tenantTx((tx) => smsTotals(tx, req, type)) };
  });

  app.get('/sms/count', { config: { access: 'sms.view' } }, async (req) => {
    const [c] = await req.tenantRead((tx) =>
      rows<SmsCounts>(
        tx,
        sql`select count(*)::int as total,
                   count(*) filter (where status = 'scheduled')::int as scheduled,
                   count(*) filter (where status = 'completed')::int as sent,
                   count(*) filter (where status in ('queued', 'sending', 'paused'))::int as processing
              from ${s} where ${and(eq(s.tenantId, req.tenant!.id), eq(s.channel, 'sms'))}`,
      ),
    );
    return { data: { total: Number(c.total), scheduled: Number(c.scheduled), sent: Number(c.sent), processing: Number(c.processing) } };
  });
}
