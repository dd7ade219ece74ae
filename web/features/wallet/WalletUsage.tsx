import { useMemo } from 'react';
import { formatCount, formatMonth, formatWeekday } from '@common/format';
import { CREDIT_SERVICES } from '@common/wallet';
import { Chart } from '@/components/chart/Chart';
import { Card } from '@/components/display/Card';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { Skeleton } from '@/components/display/Skeleton';
import { selectClasses } from '@/components/form/styles';
import { errorMessage } from '@/lib/errors';
import { useFormats } from '@/lib/format';
import { useGetWalletDistributionQuery, WALLET_PERIODS, type WalletDistribution, type WalletPeriod } from '@/store/wallet-api';
import { creditsLabel, formatCredits, SERVICE_LABEL } from './credits';

export const PERIOD_LABEL: Record<WalletPeriod, string> = { '7d': 'Last 7 days', '30d': 'Last 30 days', '90d': 'Last 90 days', '365d': 'Last 12 months' };

/** A point of the series: a day ("2026-11-24") as "Tue 24 Nov", a month ("2026-11") as "Nov 26". */
export function periodLabel(period: string): string {
  if (/^\d{4}-\d{2}$/.test(period)) return formatMonth(period, true).short;
  return formatWeekday(period.slice(0, 10));
}

/** The chart's period (7, 30, 90 or 365 days), a select beside its title. */
export function PeriodSelect({ value, onChange }: { value: WalletPeriod; onChange: (p: WalletPeriod) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
      <span className="sr-only sm:not-sr-only">Period</span>
      <select className={`${selectClasses} w-auto`} value={value} onChange={(e) => onChange(e.target.value as WalletPeriod)} aria-label="Period">
        {WALLET_PERIODS.map((p) => (
          <option key={p} value={p}>
            {PERIOD_LABEL[p]}
          </option>
        ))}
      </select>
    </label>
  );
}

function UsageChart({ data, period }: { data: WalletDistribution; period: WalletPeriod }) {
  const formats = useFormats();
  const { labels, series } = useMemo(
    () => ({
      labels: data.series.map((p) => periodLabel(p.period)),
      // credits become numbers only to draw; the figures shown as text stay exact
      series: [
        ...CREDIT_SERVICES.map((s, i) => ({ label: SERVICE_LABEL[s], data: data.series.map((p) => Number(p[s])), color: (['primary', 'info', 'warning'] as const)[i] })),
        { label: 'Purchased', data: data.series.map((p) => Number(p.purchased)), color: 'success' as const },
      ],
    }),
    [data],
  );
  const empty = data.series.every((p) => [p.sms, p.email, p.airtime, p.purchased].every((v) => Number(v) === 0));
  if (empty) return <p className="py-16 text-center text-sm text-slate-500 dark:text-slate-400">No credits were used or bought in this period.</p>;
  return (
    <Chart
      type="bar"
      labels={labels}
      series={series}
      label={`Credits used by service and credits purchased, ${PERIOD_LABEL[period].toLowerCase()}`}
      legend
      height={280}
      format={(v) => formatCredits(v, formats.currency)}
    />
  );
}

function ServiceBreakdown({ data }: { data: WalletDistribution }) {
  const formats = useFormats();
  const rows = CREDIT_SERVICES.map((service) => data.by_service.find((r) => r.service === service) ?? { service, credits: '0', count: 0 });
  const total = rows.reduce((sum, r) => sum + Number(r.credits), 0);
  if (total === 0) return <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">Nothing spent in this period.</p>;
  return (
    <div className="flex flex-col gap-4">
      <Chart
        type="doughnut"
        labels={rows.map((r) => SERVICE_LABEL[r.service])}
        series={[{ label: 'Credits', data: rows.map((r) => Number(r.credits)), color: ['primary', 'info', 'warning'] }]}
        label="Credits spent by service"
        height={180}
        format={(v) => formatCredits(v, formats.currency)}
      />
      <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-700">
        {rows.map((r) => (
          <li key={r.service} className="flex items-center justify-between gap-3 py-2">
            <span className="text-slate-700 dark:text-slate-200">
              {SERVICE_LABEL[r.service]}
              <span className="ms-2 text-xs text-slate-500 dark:text-slate-400">{r.count === 1 ? '1 send' : `${formatCount(r.count)} sends`}</span>
            </span>
            <span className="font-medium text-slate-900 tabular-nums dark:text-white">{creditsLabel(r.credits, formats.currency)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Usage over time (by service, plus purchases) and the spending by service, for one period. */
export function WalletUsage({ period, onPeriod }: { period: WalletPeriod; onPeriod: (p: WalletPeriod) => void }) {
  const { data, isLoading, error, refetch } = useGetWalletDistributionQuery(period);
  const failed = error ? <ErrorAlert onRetry={() => void refetch()}>{errorMessage(error, 'Failed to load analytics')}</ErrorAlert> : null;
  return (
    <div className="grid gap-6 xl:grid-cols-3">
      <Card title="Usage over time" actions={<PeriodSelect value={period} onChange={onPeriod} />} className="xl:col-span-2">
        {failed ?? (isLoading || !data ? <Skeleton className="h-72" /> : <UsageChart data={data} period={period} />)}
      </Card>
      <Card title="Spending by service">{failed ?? (isLoading || !data ? <Skeleton className="h-72" /> : <ServiceBreakdown data={data} />)}</Card>
    </div>
  );
}
