import { and, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AIRTIME_PERIODS, type AirtimePeriod, type AirtimeTotals, type AirtimeTransactionRow, type AirtimeTransactionsTotals } from '../../../common/answers/airtime.js';
import { DELIVERY_STATES } from '../../../common/answers/sms.js';
import { rows, type Tx } from '../../db/client.js';
import { answerFields } from '../../http/answer-fields.js';
import { defineResource } from '../../http/resource.js';
import { validate } from '../../http/validate.js';
import { deliveries as d, recipientList, recipientListFields } from '../delivery/index.js';
import { airtimeCurrency } from './sends.js';


/**
 * Airtime top-ups, one per recipient (Airtime/Transactions; GET /airtime/transactions/json): the
 * delivery engine's outbox rows of airtime sends, paged, searched by phone, filtered by send,
 * contact and state; exported as CSV or XLSX.
 */
export const airtimeTransactionResource = defineResource({
  label: 'Airtime transaction',
  singular: 'transaction',
  base: '/airtime/transactions',
  ...recipientList,
  fields: answerFields<AirtimeTransactionRow>()({
    ...recipientListFields,
    send_id: d.sendId,
    amount: sql<string>`${d.units}::numeric(20,2)::text`,
    currency: sql<string>`coalesce((select x.currency from sends x where x.tenant_id = ${d.tenantId} and x.id = ${d.sendId}), '')`,
    provider_request_id: d.providerId,
  }),
  columns: { created_at: d.createdAt, updated_at: d.updatedAt, send_id: d.sendId, phone: d.address },
  filterable: ['state', 'send_id', 'contact_id'],
  scope: () => and(sql`${d.channel} = 'airtime'`),
  access: { view: 'airtime.view', create: 'airtime.send', update: 'airtime.send', delete: 'airtime.send' },
  export: { filename: 'airtime-transactions' },
});

const PERIODS: Record<AirtimePeriod, number> = { '7d': 7, '30d': 30, '90d': 90, '365d': 365 };
const totalsQuery = z.object({ type: z.enum(AIRTIME_PERIODS, { error: 'The period must be one of 7d, 30d, 90d, 365d.' }).default('30d') });

/** The Overview's chart over a period, in the company's time zone: top-ups sent, successful, failed, and the amount delivered. */
export async function airtimeTotals(tx: Tx, req: FastifyRequest, period: AirtimePeriod): Promise<AirtimeTotals> {
  const tenantId = req.tenant!.id;
  const tz = req.tenant!.timezone || 'UTC';
  const currency = await airtimeCurrency(tx, tenantId);
  const days = PERIODS[period];
  const unit = days > 90 ? 'month' : 'day';
  const label = unit === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
  const since = sql`(date_trunc(${unit}, (now() at time zone ${tz}) - make_interval(days => ${days - 1})) at time zone ${tz})`;
  const inCurrency = sql`exists (select 1 from sends x where x.tenant_id = d.tenant_id and x.id = d.send_id and x.currency = ${currency})`;
  const [t] = await rows<{ recipients: number; sent: number; successful: number; failed: number; amount: string; credits: string }>(
    tx,
    sql`select count(*)::int as recipients,
               count(*) filter (where sent_at is not null)::int as sent,
               count(*) filter (where state = 'delivered')::int as successful,
               count(*) filter (where state in ('failed', 'rejected'))::int as failed,
               coalesce(sum(units) filter (where state = 'delivered' and ${inCurrency}), 0)::numeric(20,2)::text as amount,
               coalesce(sum(credits) filter (where credit_state in ('held', 'refund_due')), 0)::numeric(20,4)::text as credits
          from deliveries d where tenant_id = ${tenantId} and channel = 'airtime' and created_at >= ${since}`,
  );
  const series = await rows<{ date: string; sent: number; successful: number; failed: number; amount: string }>(
    tx,
    sql`with b as (
          select generate_series(date_trunc(${unit}, (now() at time zone ${tz}) - make_interval(days => ${days - 1})), date_trunc(${unit}, now() at time zone ${tz}),
                                 ${unit === 'month' ? sql`interval '1 month'` : sql`interval '1 day'`}) as bucket
        ), x as (
          select date_trunc(${unit}, created_at at time zone ${tz}) as bucket,
                 count(*) filter (where sent_at is not null)::int as sent,
                 count(*) filter (where state = 'delivered')::int as successful,
                 count(*) filter (where state in ('failed', 'rejected'))::int as failed,
                 coalesce(sum(units) filter (where state = 'delivered' and ${inCurrency}), 0) as amount
            from deliveries d where tenant_id = ${tenantId} and channel = 'airtime' and created_at >= ${since}
           group by 1
        )
        select to_char(b.bucket, ${label}) as date, coalesce(x.sent, 0) as sent, coalesce(x.successful, 0) as successful, coalesce(x.failed, 0) as failed,
               coalesce(x.amount, 0)::numeric(20,2)::text as amount
          from b left join x using (bucket) order by b.bucket`,
  );
  return {
    period,
    currency,
    totals: { recipients: Number(t.recipients), sent: Number(t.sent), successful: Number(t.successful), failed: Number(t.failed), amount: t.amount, credits: t.credits },
    series: series.map((p) => ({ date: p.date, sent: Number(p.sent), successful: Number(p.successful), failed: Number(p.failed), amount: p.amount })),
  };
}

/** Recipients by state and the amounts by outcome per currency, over every airtime top-up: one read. */
export async function airtimeTransactionsTotals(tx: Tx, tenantId: number): Promise<AirtimeTransactionsTotals> {
  const byState = await rows<{ state: (typeof DELIVERY_STATES)[number]; n: number }>(
    tx,
    sql`select state, count(*)::int as n from deliveries where tenant_id = ${tenantId} and channel = 'airtime' group by state`,
  );
  const amounts = await rows<{ currency: string; delivered: string; pending: string; failed: string }>(
    tx,
    sql`select coalesce(x.currency, '') as currency,
               coalesce(sum(d.units) filter (where d.state = 'delivered'), 0)::numeric(20,2)::text as delivered,
               coalesce(sum(d.units) filter (where d.state in ('queued', 'sending', 'sent', 'unknown')), 0)::numeric(20,2)::text as pending,
               coalesce(sum(d.units) filter (where d.state in ('failed', 'rejected')), 0)::numeric(20,2)::text as failed
          from deliveries d join sends x on x.tenant_id = d.tenant_id and x.id = d.send_id
         where d.tenant_id = ${tenantId} and d.channel = 'airtime'
         group by 1 order by 1`,
  );
  const counts = Object.fromEntries(DELIVERY_STATES.map((k) => [k, 0])) as AirtimeTransactionsTotals['counts'];
  for (const f of byState) counts[f.state] = Number(f.n);
  return { counts, amounts: amounts.map((a) => ({ currency: a.currency, delivered: a.delivered, pending: a.pending, failed: a.failed })) };
}

export function airtimeTransactionRoutes(app: FastifyInstance) {
  airtimeTransactionResource.routes(app);

  app.get('/airtime/totals', { config: { access: 'airtime.view' } }, async (req) => {
    const { type } = validate(totalsQuery, req.query ?? {});
    return { data: await req.tenantTx((tx) => airtimeTotals(tx, req, type)) };
  });

  app.get('/airtime/transactions-totals', { config: { access: 'airtime.view' } }, async (req) => {
    return { data: await req.tenantTx((tx) => airtimeTransactionsTotals(tx, req.tenant!.id)) };
  });
}
