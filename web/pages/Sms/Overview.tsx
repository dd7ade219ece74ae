import { Head, Link } from '@inertiajs/react';
import { CalendarClock, CheckCheck, Loader, MessageSquareText, Plus, Settings2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatCount } from '@common/format';
import { Chart } from '@/components/chart/Chart';
import { Badge } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { DateTimeText } from '@/components/display/DateText';
import { EmptyState } from '@/components/display/EmptyState';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { PageHeader } from '@/components/display/PageHeader';
import { Skeleton, SkeletonText } from '@/components/display/Skeleton';
import { StatCard, StatCardSkeletons } from '@/components/display/StatCard';
import { Button, buttonClasses } from '@/components/form/Button';
import { selectClasses } from '@/components/form/styles';
import { DELIVERY_STATE_LABEL, DELIVERY_STATE_TONE } from '@/features/sms/sends';
import { SendingRulesDialog } from '@/features/sms/SendingRulesDialog';
import { creditsLabel } from '@/features/wallet/credits';
import { periodLabel } from '@/features/wallet/WalletUsage';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useFormats } from '@/lib/format';
import { useCan } from '@/lib/page';
import { readUrlParams, writeUrlParams } from '@/lib/url-state';
import { SMS_PERIODS, useGetRecentSmsTransactionsQuery, useGetSmsCountsQuery, useGetSmsSettingsQuery, useGetSmsTotalsQuery, type SmsPeriod, type SmsTotals } from '@/store/sms-api';

const DEFAULT_PERIOD: SmsPeriod = '30d';
const PERIOD_LABEL: Record<SmsPeriod, string> = { '7d': 'Last 7 days', '30d': 'Last 30 days', '90d': 'Last 90 days', '365d': 'Last 12 months' };

function initialPeriod(): SmsPeriod {
  const asked = readUrlParams().get('period');
  return (SMS_PERIODS as readonly string[]).includes(asked ?? '') ? (asked as SmsPeriod) : DEFAULT_PERIOD;
}

/** SPEC §3 SMS counts: total, scheduled, sent, processing (queued, sending or paused). */
function Counts() {
  const { data, isLoading, error, refetch } = useGetSmsCountsQuery();
  if (error) return <ErrorAlert onRetry={() => void refetch()}>{errorMessage(error, 'Failed to load the SMS counts')}</ErrorAlert>;
  if (isLoading || !data) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-4" aria-busy="true" aria-label="Loading the SMS counts">
        <StatCardSkeletons count={4} />
      </div>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-4">
      <StatCard label="Total" value={data.total} icon={<MessageSquareText className="size-5" />} detail="sends" />
      <StatCard label="Scheduled" value={data.scheduled} icon={<CalendarClock className="size-5" />} tone="info" detail="waiting for their time" />
      <StatCard label="Sent" value={data.sent} icon={<CheckCheck className="size-5" />} tone="success" detail="completed sends" />
      <StatCard label="Processing" value={data.processing} icon={<Loader className="size-5" />} tone="warning" detail="queued, sending or paused" />
    </div>
  );
}

function DeliveryChart({ data, period }: { data: SmsTotals; period: SmsPeriod }) {
  const { labels, series } = useMemo(
    () => ({
      labels: data.series.map((p) => periodLabel(p.date)),
      series: [
        { label: 'Sent', data: data.series.map((p) => p.sent), color: 'primary' as const },
        { label: 'Delivered', data: data.series.map((p) => p.delivered), color: 'success' as const },
        { label: 'Failed', data: data.series.map((p) => p.failed), color: 'danger' as const },
      ],
    }),
    [data],
  );
  if (data.series.every((p) => p.sent + p.delivered + p.failed === 0)) {
    return <p className="py-16 text-center text-sm text-slate-500 dark:text-slate-400">No SMS were sent in this period.</p>;
  }
  return <Chart type="line" labels={labels} series={series} label={`SMS sent, delivered and failed, ${PERIOD_LABEL[period].toLowerCase()}`} legend height={280} format={(v) => formatCount(v)} />;
}

function Totals({ data }: { data: SmsTotals }) {
  const formats = useFormats();
  const t = data.totals;
  const rows: [string, string][] = [
    ['Recipients', formatCount(t.recipients)],
    ['Sent', formatCount(t.sent)],
    ['Delivered', formatCount(t.delivered)],
    ['Failed', formatCount(t.failed)],
    ['Rejected', formatCount(t.rejected)],
    ['Unknown', formatCount(t.unknown)],
    ['Credits', creditsLabel(t.credits, formats.currency)],
  ];
  return (
    <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-700">
      {rows.map(([label, value]) => (
        <div key={label} className="flex items-center justify-between gap-3 py-2">
          <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="font-medium text-slate-900 tabular-nums dark:text-white">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Sent, delivered and failed over the chosen period, and the period's totals. */
function Delivery({ period, onPeriod }: { period: SmsPeriod; onPeriod: (p: SmsPeriod) => void }) {
  const { data, isLoading, error, refetch } = useGetSmsTotalsQuery(period);
  const failed = error ? <ErrorAlert onRetry={() => void refetch()}>{errorMessage(error, 'Failed to load analytics')}</ErrorAlert> : null;
  const select = (
    <label className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
      <span className="sr-only sm:not-sr-only">Period</span>
      <select className={`${selectClasses} w-auto`} value={period} onChange={(e) => onPeriod(e.target.value as SmsPeriod)} aria-label="Period">
        {SMS_PERIODS.map((p) => (
          <option key={p} value={p}>
            {PERIOD_LABEL[p]}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="grid gap-6 xl:grid-cols-3">
      <Card title="Delivery over time" actions={select} className="xl:col-span-2">
        {failed ?? (isLoading || !data ? <Skeleton className="h-72" /> : <DeliveryChart data={data} period={period} />)}
      </Card>
      <Card title={PERIOD_LABEL[period]}>{failed ?? (isLoading || !data ? <SkeletonText lines={7} /> : <Totals data={data} />)}</Card>
    </div>
  );
}

/** The 10 latest recipients (GET /sms/transactions/recent), with a link to all of them. */
function Recent() {
  const { data, isLoading, error, refetch } = useGetRecentSmsTransactionsQuery();
  return (
    <Card
      title="Recent transactions"
      actions={
        <Link href="/sms/transactions" className="text-sm font-medium text-primary hover:underline dark:text-primary-light">
          View all
        </Link>
      }
    >
      {error ? (
        <ErrorAlert onRetry={() => void refetch()}>{errorMessage(error, 'Failed to load the recent transactions')}</ErrorAlert>
      ) : isLoading || !data ? (
        <SkeletonText lines={5} />
      ) : data.length === 0 ? (
        <EmptyState title="No SMS sent yet" description="The latest recipients of your SMS and their delivery appear here." />
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-700" aria-label="Recent SMS transactions">
          {data.map((t) => (
            <li key={t.id} className="flex items-center justify-between gap-3 py-2.5">
              <div className="min-w-0">
                <div className="truncate text-sm font-medium text-slate-900 dark:text-white">{t.contact_name ?? <span dir="ltr">{t.phone}</span>}</div>
                <div className="truncate text-xs text-slate-500 dark:text-slate-400">
                  <DateTimeText value={t.sent_at ?? t.created_at} /> · {t.body}
                </div>
              </div>
              <Badge tone={DELIVERY_STATE_TONE[t.state]} dot>
                {DELIVERY_STATE_LABEL[t.state]}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Sms/Overview (PAGES.md): the SMS counts, delivery over time, the latest recipients and the sending rules. */
export default function SmsOverview() {
  const canSend = useCan('sms.send');
  const canUpdate = useCan('sms.update');
  const [period, setPeriod] = useState<SmsPeriod>(initialPeriod);
  const [rulesOpen, setRulesOpen] = useState(false);
  const { data: settings } = useGetSmsSettingsQuery(undefined, { skip: !canUpdate });
  const choosePeriod = (p: SmsPeriod) => {
    setPeriod(p);
    writeUrlParams({ period: p === DEFAULT_PERIOD ? undefined : p });
  };

  return (
    <>
      <Head title="SMS" />
      <PageHeader title="SMS" description="Bulk SMS to your contacts and segments, paid from the wallet's credits.">
        <Link href="/sms/messages" className={buttonClasses('outline')}>
          Messages
        </Link>
        {canUpdate && (
          <Button variant="outline" onClick={() => setRulesOpen(true)}>
            <Settings2 aria-hidden="true" className="size-4" />
            Sending rules
          </Button>
        )}
        {canSend && (
          <Link href="/sms/messages/create" className={buttonClasses('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            New SMS
          </Link>
        )}
      </PageHeader>
      <div className="flex flex-col gap-6">
        <Counts />
        <Delivery period={period} onPeriod={choosePeriod} />
        <Recent />
      </div>
      {canUpdate && <SendingRulesDialog open={rulesOpen} settings={settings} onClose={() => setRulesOpen(false)} />}
    </>
  );
}

SmsOverview.layout = AppLayout;
