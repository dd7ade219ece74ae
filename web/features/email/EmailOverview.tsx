import { AlertTriangle, CheckCircle2, MailOpen, MousePointerClick, Send, UserMinus } from 'lucide-react';
import { useMemo } from 'react';
import { EMAIL_PERIODS, type EmailMetrics, type EmailPeriod } from '@common/answers/email-sending';
import { formatCount } from '@common/format';
import { Chart } from '@/components/chart/Chart';
import { Card } from '@/components/display/Card';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { Skeleton } from '@/components/display/Skeleton';
import { StatCard, StatCardSkeletons } from '@/components/display/StatCard';
import { controlClasses, selectClasses } from '@/components/form/styles';
import { errorMessage } from '@/lib/errors';
import { useGetEmailMetricsQuery, useGetEmailTransactionTotalsQuery, useGetEmailWebhookUrlQuery } from '@/store/email-api';
import { PERIOD_LABEL, periodLabel } from '@/features/wallet/WalletUsage';
import { rateLabel } from './labels';

export function PeriodSelect({ value, onChange }: { value: EmailPeriod; onChange: (p: EmailPeriod) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
      <span className="sr-only sm:not-sr-only">Period</span>
      <select className={`${selectClasses} w-auto`} value={value} onChange={(e) => onChange(e.target.value as EmailPeriod)} aria-label="Period">
        {EMAIL_PERIODS.map((p) => (
          <option key={p} value={p}>
            {PERIOD_LABEL[p]}
          </option>
        ))}
      </select>
    </label>
  );
}

function Cards({ data }: { data: EmailMetrics }) {
  const t = data.totals;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <StatCard label="Sent" value={t.sent} icon={<Send className="size-5" />} detail={`${formatCount(t.recipients)} recipients in all`} />
      <StatCard label="Delivered" value={t.delivered} icon={<CheckCircle2 className="size-5" />} tone="success" detail={`${rateLabel(data.rates.delivered)} of those sent`} />
      <StatCard label="Opened" value={t.opened} icon={<MailOpen className="size-5" />} tone="info" detail={`${rateLabel(data.rates.opened)} of those delivered`} />
      <StatCard label="Clicked" value={t.clicked} icon={<MousePointerClick className="size-5" />} tone="info" detail={`${rateLabel(data.rates.clicked)} of those delivered`} />
      <StatCard label="Bounced" value={t.bounced} icon={<AlertTriangle className="size-5" />} tone="danger" detail={`${rateLabel(data.rates.bounced)} of those sent; suppressed`} />
      <StatCard label="Unsubscribed" value={t.unsubscribed + t.complained} icon={<UserMinus className="size-5" />} tone="warning" detail={`${formatCount(t.complained)} marked as spam`} />
    </div>
  );
}

function ActivityChart({ data }: { data: EmailMetrics }) {
  const { labels, series } = useMemo(
    () => ({
      labels: data.series.map((p) => periodLabel(p.date)),
      series: [
        { label: 'Sent', data: data.series.map((p) => p.sent), color: 'primary' as const },
        { label: 'Delivered', data: data.series.map((p) => p.delivered), color: 'success' as const },
        { label: 'Opened', data: data.series.map((p) => p.opened), color: 'info' as const },
        { label: 'Clicked', data: data.series.map((p) => p.clicked), color: 'warning' as const },
        { label: 'Bounced', data: data.series.map((p) => p.bounced), color: 'danger' as const },
      ],
    }),
    [data],
  );
  if (data.series.every((p) => p.sent + p.delivered + p.opened + p.clicked + p.bounced === 0)) {
    return <p className="py-16 text-center text-sm text-slate-500 dark:text-slate-400">No email was sent in this period.</p>;
  }
  return <Chart type="line" labels={labels} series={series} label={`Emails sent, delivered, opened, clicked and bounced, ${PERIOD_LABEL[data.period].toLowerCase()}`} legend height={280} />;
}

/** The figures of the period and the chart of sent, delivered, opened, clicked and bounced over time (GET /email/metrics), refreshed while in view. */
export function EmailMetricsPanel({ period, onPeriod }: { period: EmailPeriod; onPeriod: (p: EmailPeriod) => void }) {
  const { data, isLoading, error, refetch } = useGetEmailMetricsQuery(period, { pollingInterval: 10_000, skipPollingIfUnfocused: true });
  if (error) return <ErrorAlert onRetry={() => void refetch()}>{errorMessage(error, 'Failed to load the email figures')}</ErrorAlert>;
  return (
    <div className="flex flex-col gap-6">
      {isLoading || !data ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading the email figures">
          <StatCardSkeletons count={6} />
        </div>
      ) : (
        <Cards data={data} />
      )}
      <Card title="Emails over time" actions={<PeriodSelect value={period} onChange={onPeriod} />}>
        {isLoading || !data ? <Skeleton className="h-72" /> : <ActivityChart data={data} />}
      </Card>
    </div>
  );
}

/** SPEC §3's graph: the emails sent, or those that failed, over the period (GET /email/transaction-totals). */
export function SentOrFailedGraph({ period, filter, onFilter }: { period: EmailPeriod; filter: 'SENT' | 'FAILED'; onFilter: (f: 'SENT' | 'FAILED') => void }) {
  const { data, isLoading, error, refetch } = useGetEmailTransactionTotalsQuery({ filter, filter_value: period });
  const chart = useMemo(
    () =>
      data
        ? { labels: data.series.map((p) => periodLabel(p.date)), series: [{ label: filter === 'SENT' ? 'Sent' : 'Failed', data: data.series.map((p) => p.count), color: filter === 'SENT' ? ('primary' as const) : ('danger' as const) }] }
        : null,
    [data, filter],
  );
  return (
    <Card
      title={filter === 'SENT' ? 'Sent emails' : 'Failed emails'}
      actions={
        <div role="group" aria-label="Which emails" className="inline-flex rounded-md ring-1 ring-slate-300 dark:ring-slate-600">
          {(['SENT', 'FAILED'] as const).map((f) => (
            <button
              key={f}
              type="button"
              aria-pressed={filter === f}
              onClick={() => onFilter(f)}
              className={`px-3 py-1.5 text-sm first:rounded-s-md last:rounded-e-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${filter === f ? 'bg-primary text-white' : 'text-slate-700 hover:bg-slate-50 dark:text-slate-200 dark:hover:bg-slate-700/50'}`}
            >
              {f === 'SENT' ? 'Sent' : 'Failed'}
            </button>
          ))}
        </div>
      }
    >
      {error ? (
        <ErrorAlert onRetry={() => void refetch()}>{errorMessage(error, 'Failed to load the graph')}</ErrorAlert>
      ) : isLoading || !data || !chart ? (
        <Skeleton className="h-60" />
      ) : (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            <strong className="font-semibold text-slate-900 tabular-nums dark:text-white">{formatCount(data.total)}</strong> {filter === 'SENT' ? 'sent' : 'failed'} · {PERIOD_LABEL[period].toLowerCase()}
          </p>
          <Chart type="bar" labels={chart.labels} series={chart.series} label={`${filter === 'SENT' ? 'Sent' : 'Failed'} emails, ${PERIOD_LABEL[period].toLowerCase()}`} height={220} />
        </div>
      )}
    </Card>
  );
}

/** Where Mailgun posts its events: the company pastes this address in Mailgun › Webhooks. */
export function WebhookAddress() {
  const { data: url, error, refetch } = useGetEmailWebhookUrlQuery();
  return (
    <Card title="Mailgun events">
      {error ? (
        <ErrorAlert onRetry={() => void refetch()}>{errorMessage(error, 'Failed to load the webhook address')}</ErrorAlert>
      ) : (
        <div className="flex flex-col gap-2 text-sm text-slate-700 dark:text-slate-200">
          <p>
            In Mailgun › Webhooks, add this address for delivered, permanent and temporary failure, opened, clicked, unsubscribed and complained events, and save Mailgun's webhook signing key in the email
            settings. Bounces and complaints then stop further emails to that address.
          </p>
          <label className="sr-only" htmlFor="mailgun-webhook-url">
            Webhook address
          </label>
          <input id="mailgun-webhook-url" readOnly dir="ltr" value={url ?? ''} onFocus={(e) => e.currentTarget.select()} className={controlClasses(false, 'font-mono text-xs')} />
        </div>
      )}
    </Card>
  );
}
