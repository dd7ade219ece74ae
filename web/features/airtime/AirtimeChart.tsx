import { useMemo } from 'react';
import { AIRTIME_PERIODS, type AirtimePeriod, type AirtimeTotals } from '@common/answers/airtime';
import { currencyFormatOf, formatCount } from '@common/format';
import { Chart } from '@/components/chart/Chart';
import { Card } from '@/components/display/Card';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { Skeleton } from '@/components/display/Skeleton';
import { selectClasses } from '@/components/form/styles';
import { errorMessage } from '@/lib/errors';
import { useFormats } from '@/lib/format';
import { useGetAirtimeTotalsQuery } from '@/store/airtime-api';
import { PERIOD_LABEL, periodLabel } from '@/features/wallet/WalletUsage';

function PeriodSelect({ value, onChange }: { value: AirtimePeriod; onChange: (p: AirtimePeriod) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
      <span className="sr-only sm:not-sr-only">Period</span>
      <select className={`${selectClasses} w-auto`} value={value} onChange={(e) => onChange(e.target.value as AirtimePeriod)} aria-label="Period">
        {AIRTIME_PERIODS.map((p) => (
          <option key={p} value={p}>
            {PERIOD_LABEL[p]}
          </option>
        ))}
      </select>
    </label>
  );
}

function TopUpsChart({ data, period }: { data: AirtimeTotals; period: AirtimePeriod }) {
  const formats = useFormats();
  const currency = data.currency === formats.currency.code ? formats.currency : currencyFormatOf(data.currency);
  const { labels, series } = useMemo(
    () => ({
      labels: data.series.map((p) => periodLabel(p.date)),
      series: [
        { label: 'Successful', data: data.series.map((p) => p.successful), color: 'success' as const },
        { label: 'Failed', data: data.series.map((p) => p.failed), color: 'danger' as const },
        { label: 'Sent', data: data.series.map((p) => p.sent), color: 'primary' as const },
      ],
    }),
    [data],
  );
  if (data.series.every((p) => p.sent === 0 && p.failed === 0 && p.successful === 0)) {
    return <p className="py-16 text-center text-sm text-slate-500 dark:text-slate-400">No airtime was sent in this period.</p>;
  }
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        {[
          ['Top-ups', formatCount(data.totals.recipients)],
          ['Successful', formatCount(data.totals.successful)],
          ['Failed', formatCount(data.totals.failed)],
          ['Delivered', formats.money(data.totals.amount, currency)],
        ].map(([k, v]) => (
          <div key={k}>
            <dt className="text-slate-500 dark:text-slate-400">{k}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">{v}</dd>
          </div>
        ))}
      </dl>
      <Chart type="bar" labels={labels} series={series} label={`Airtime top-ups by outcome, ${PERIOD_LABEL[period].toLowerCase()}`} legend height={280} />
    </div>
  );
}

/** The top-ups over time by outcome, and the period's figures. */
export function AirtimeChart({ period, onPeriod }: { period: AirtimePeriod; onPeriod: (p: AirtimePeriod) => void }) {
  const { data, isLoading, error, refetch } = useGetAirtimeTotalsQuery(period);
  return (
    <Card title="Top-ups over time" actions={<PeriodSelect value={period} onChange={onPeriod} />}>
      {error ? (
        <ErrorAlert onRetry={() => void refetch()}>{errorMessage(error, 'Failed to load the chart')}</ErrorAlert>
      ) : isLoading || !data ? (
        <Skeleton className="h-72" />
      ) : (
        <TopUpsChart data={data} period={period} />
      )}
    </Card>
  );
}
