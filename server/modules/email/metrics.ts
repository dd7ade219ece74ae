import { and, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EMAIL_PERIODS, type EmailMetrics, type EmailPeriod, type EmailSendRow, type EmailTransactionRow, type EmailTransactionTotals } from '../../../common/answers/email-sending.js';
import { rows, type Tx } from '../../db/client.js';
import { answerFields } from '../../http/answer-fields.js';
import { defineResource } from '../../http/resource.js';
import { validate } from '../../http/validate.js';
import { attachCounts, deliveries as d, recipientList, recipientListFields } from '../delivery/index.js';

const pct = (n: number, of: number) => (of > 0 ? Math.round((n * 1000) / of) / 10 : 0);

/** a send's rates: delivered and bounced of what was sent, opened and clicked of what was delivered */
function ratesOf(sent: number, delivered: number, bounced: number, opened: number, clicked: number) {
  return { delivered: pct(delivered, sent), bounced: pct(bounced, sent), opened: pct(opened, delivered), clicked: pct(clicked, delivered) };
}

/** A page of sends' counts by state and their unique opens, clicks, unsubscribes and complaints: two grouped reads. */
export async function attachEmailFigures(tx: Tx, tenantId: number, list: EmailSendRow[]) {
  if (!list.length) return;
  await attachCounts(tx, tenantId, list);
  const found = await rows<{ send_id: number; opened: number; clicked: number; unsubscribed: number; complained: number }>(
    tx,
    sql`select send_id, count(distinct delivery_id) filter (where kind = 'opened')::int as opened,
               count(distinct delivery_id) filter (where kind = 'clicked')::int as clicked,
               count(distinct delivery_id) filter (where kind = 'unsubscribed')::int as unsubscribed,
               count(distinct delivery_id) filter (where kind = 'complained')::int as complained
          from email_events where tenant_id = ${tenantId} and send_id = any(${sql.param(list.map((r) => Number(r.id)))}::bigint[])
           and kind in ('opened', 'clicked', 'unsubscribed', 'complained')
         group by send_id`,
  );
  const by = new Map(found.map((f) => [Number(f.send_id), f]));
  for (const r of list) {
    const f = by.get(Number(r.id));
    r.opened = Number(f?.opened ?? 0);
    r.clicked = Number(f?.clicked ?? 0);
    r.unsubscribed = Number(f?.unsubscribed ?? 0);
    r.complained = Number(f?.complained ?? 0);
    const c = r.counts;
    const sent = c.sent + c.delivered + c.failed;
    r.rates = ratesOf(sent, c.delivered, c.failed, r.opened, r.clicked);
  }
}

const filters = z.object({ send_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(), status: z.enum(['SENT', 'FAILED']).optional() });
const event = (kind: string) => sql<boolean>`exists (select 1 from email_events e where e.tenant_id = ${d.tenantId} and e.delivery_id = ${d.id} and e.kind = ${kind})`;
const { phone: _phone, ...recipientFields } = recipientListFields;

/**
 * An email send's recipients (Email/Transactions; GET /email/transactions/json): the outbox rows
 * of email sends, paged, searched by address, filtered by send, state, contact, and SENT or FAILED.
 */
export const emailTransactionResource = defineResource({
  label: 'Email transaction',
  singular: 'transaction',
  base: '/email/transactions',
  ...recipientList,
  fields: answerFields<EmailTransactionRow>()({
    ...recipientFields,
    email: d.address,
    send_id: d.sendId,
    subject: sql<string>`(select x.body from sends x where x.tenant_id = ${d.tenantId} and x.id = ${d.sendId})`,
    provider_message_id: d.providerId,
    opened: event('opened'),
    clicked: event('clicked'),
  }),
  searchable: ['email'],
  columns: { created_at: d.createdAt, updated_at: d.updatedAt, send_id: d.sendId, email: d.address },
  filterable: ['state', 'send_id', 'contact_id'],
  scope: (req: FastifyRequest) => {
    const q = validate(filters, req.query ?? {});
    const parts: SQL[] = [sql`${d.channel} = 'email'`];
    if (q.status === 'SENT') parts.push(sql`${d.state} in ('sent', 'delivered')`);
    if (q.status === 'FAILED') parts.push(sql`${d.state} in ('failed', 'rejected')`);
    return and(...parts);
  },
  access: { view: 'email.view', create: 'email.send', update: 'email.send', delete: 'email.send' },
  export: { filename: 'email-transactions' },
});

const period = z.enum(EMAIL_PERIODS, { error: 'The period must be 7d, 30d, 90d or 365d.' }).default('30d');
const metricsQuery = z.object({ period });
const totalsQuery = z.object({ filter: z.enum(['SENT', 'FAILED'], { error: 'The filter must be SENT or FAILED.' }).default('SENT'), filter_value: period });

/** the buckets of a period in the company's zone: days, months beyond 90 days */
function window(req: FastifyRequest, p: EmailPeriod) {
  const tz = req.tenant!.timezone || 'UTC';
  const days = Number(p.slice(0, -1));
  const unit = days > 90 ? 'month' : 'day';
  return {
    tz,
    unit,
    label: unit === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD',
    since: sql`(date_trunc(${unit}, (now() at time zone ${tz}) - make_interval(days => ${days - 1})) at time zone ${tz})`,
    buckets: sql`select generate_series(date_trunc(${unit}, (now() at time zone ${tz}) - make_interval(days => ${days - 1})), date_trunc(${unit}, now() at time zone ${tz}),
                                        ${unit === 'month' ? sql`interval '1 month'` : sql`interval '1 day'`}) as bucket`,
  };
}

export async function emailMetrics(tx: Tx, req: FastifyRequest, p: EmailPeriod): Promise<EmailMetrics> {
  const tenantId = req.tenant!.id;
  const w = window(req, p);
  const [t] = await rows<Record<string, number | string>>(
    tx,
    sql`select (select count(*)::int from deliveries where tenant_id = ${tenantId} and channel = 'email' and created_at >= ${w.since}) as recipients,
               (select count(*) filter (where state in ('sent', 'delivered', 'failed'))::int from deliveries where tenant_id = ${tenantId} and channel = 'email' and created_at >= ${w.since}) as sent,
               (select count(*) filter (where state = 'delivered')::int from deliveries where tenant_id = ${tenantId} and channel = 'email' and created_at >= ${w.since}) as delivered,
               (select count(*) filter (where state = 'failed')::int from deliveries where tenant_id = ${tenantId} and channel = 'email' and created_at >= ${w.since}) as bounced,
               (select coalesce(sum(credits) filter (where credit_state in ('held', 'refund_due')), 0)::numeric(20,4)::text from deliveries where tenant_id = ${tenantId} and channel = 'email' and created_at >= ${w.since}) as credits,
               (select count(distinct delivery_id) filter (where kind = 'opened')::int from email_events where tenant_id = ${tenantId} and occurred_at >= ${w.since} and kind = 'opened') as opened,
               (select count(distinct delivery_id) filter (where kind = 'clicked')::int from email_events where tenant_id = ${tenantId} and occurred_at >= ${w.since} and kind = 'clicked') as clicked,
               (select count(*)::int from email_events where tenant_id = ${tenantId} and occurred_at >= ${w.since} and kind = 'unsubscribed') as unsubscribed,
               (select count(*)::int from email_events where tenant_id = ${tenantId} and occurred_at >= ${w.since} and kind = 'complained') as complained`,
  );
  const series = await rows<{ date: string; sent: number; delivered: number; opened: number; clicked: number; bounced: number }>(
    tx,
    sql`with b as (${w.buckets}), x as (
          select date_trunc(${w.unit}, created_at at time zone ${w.tz}) as bucket,
                 count(*) filter (where state in ('sent', 'delivered', 'failed'))::int as sent,
                 count(*) filter (where state = 'delivered')::int as delivered,
                 count(*) filter (where state = 'failed')::int as bounced
            from deliveries where tenant_id = ${tenantId} and channel = 'email' and created_at >= ${w.since} group by 1
        ), e as (
          select date_trunc(${w.unit}, occurred_at at time zone ${w.tz}) as bucket,
                 count(distinct delivery_id) filter (where kind = 'opened')::int as opened,
                 count(distinct delivery_id) filter (where kind = 'clicked')::int as clicked
            from email_events where tenant_id = ${tenantId} and occurred_at >= ${w.since} and kind in ('opened', 'clicked') group by 1
        )
        select to_char(b.bucket, ${w.label}) as date, coalesce(x.sent, 0) as sent, coalesce(x.delivered, 0) as delivered,
               coalesce(e.opened, 0) as opened, coalesce(e.clicked, 0) as clicked, coalesce(x.bounced, 0) as bounced
          from b left join x using (bucket) left join e using (bucket) order by b.bucket`,
  );
  const n = (k: string) => Number(t[k]);
  return {
    period: p,
    totals: {
      recipients: n('recipients'),
      sent: n('sent'),
      delivered: n('delivered'),
      bounced: n('bounced'),
      opened: n('opened'),
      clicked: n('clicked'),
      unsubscribed: n('unsubscribed'),
      complained: n('complained'),
      credits: String(t.credits),
    },
    rates: ratesOf(n('sent'), n('delivered'), n('bounced'), n('opened'), n('clicked')),
    series: series.map((r) => ({ date: r.date, sent: Number(r.sent), delivered: Number(r.delivered), opened: Number(r.opened), clicked: Number(r.clicked), bounced: Number(r.bounced) })),
  };
}

/** One graph (SPEC §3 "Email graphs filter: SENT or FAILED"): sent (sent or delivered) or failed (bounced or refused) emails over the period. */
export async function emailTransactionTotals(tx: Tx, req: FastifyRequest, filter: 'SENT' | 'FAILED', p: EmailPeriod): Promise<EmailTransactionTotals> {
  const w = window(req, p);
  const states = filter === 'SENT' ? sql`('sent', 'delivered')` : sql`('failed', 'rejected')`;
  const series = await rows<{ date: string; count: number }>(
    tx,
    sql`with b as (${w.buckets}), x as (
          select date_trunc(${w.unit}, created_at at time zone ${w.tz}) as bucket, count(*)::int as n
            from deliveries where tenant_id = ${req.tenant!.id} and channel = 'email' and created_at >= ${w.since} and state in ${states} group by 1
        )
        select to_char(b.bucket, ${w.label}) as date, coalesce(x.n, 0) as count from b left join x using (bucket) order by b.bucket`,
  );
  const list = series.map((r) => ({ date: r.date, count: Number(r.count) }));
  return { filter, filter_value: p, total: list.reduce((a, r) => a + r.count, 0), series: list };
}

export function emailMetricRoutes(app: FastifyInstance) {
  emailTransactionResource.routes(app);

  app.get('/email/metrics', { config: { access: 'email.view' } }, async (req) => {
    const q = validate(metricsQuery, req.query ?? {});
    return { data: await req.tenantTx((tx) => emailMetrics(tx, req, q.period)) };
  });

  app.get('/email/transaction-totals', { config: { access: 'email.view' } }, async (req) => {
    const q = validate(totalsQuery, req.query ?? {});
    return { data: await req.tenantRead((tx) => emailTransactionTotals(tx, req, q.filter, q.filter_value)) };
  });
}
