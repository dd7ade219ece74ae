import { TextLink } from '@/components/TextLink';
import { AlertTriangle, ArrowDownLeft, ArrowUpRight, TrendingUp } from 'lucide-react';
import { useMemo } from 'react';
import type { FinanceWidgets } from '@common/reports/widgets';
import { Chart } from '@/components/chart/Chart';
import { Card } from '@/components/display/Card';
import { EmptyState } from '@/components/display/EmptyState';
import { cx } from '@/components/cx';
import { formatCompactMoney, formatCount, formatMoney, formatMoneyNumber, formatMonth } from '@common/format';
import { useFormats } from '@/lib/format';
import { chartNumber } from './format';

const TONES = {
  success: 'bg-success/15 text-emerald-600 dark:text-success',
  warning: 'bg-warning/15 text-orange-600 dark:text-warning',
  info: 'bg-info/15 text-cyan-700 dark:text-info',
  danger: 'bg-danger/10 text-danger-strong dark:text-danger',
};

/** StatCard's look for a figure that is an amount (decimal text, shown exactly) */
function FigureCard({ label, value, icon, tone, detail, testId }: { label: string; value: string; icon: React.ReactNode; tone: keyof typeof TONES; detail?: string; testId: string }) {
  return (
    <div className="flex items-center gap-4 rounded-md bg-white p-5 shadow-sm ring-1 ring-slate-900/5 dark:bg-dark dark:ring-white/10" data-testid={testId}>
      <span className={cx('grid size-12 shrink-0 place-items-center rounded-full', TONES[tone])} aria-hidden="true">
        {icon}
      </span>
      <dl className="min-w-0">
        <dt className="truncate text-sm text-slate-500 dark:text-slate-400">{label}</dt>
        <dd className="text-xl font-semibold text-slate-900 tabular-nums dark:text-white">{value}</dd>
        {detail && <dd className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{detail}</dd>}
      </dl>
    </div>
  );
}

/** The Dashboard's money widgets: what is owed either way, this year's profit, overdue invoices and six months of cash flow. */
export function FinanceWidgetsSection({ data }: { data: FinanceWidgets }) {
  const currency = data.currency;
  const formats = useFormats();
  const { code } = currency;
  const money = (v: string) => formatMoney(v, currency);
  const flow = useMemo(() => {
    if (!data.cashFlow) return null;
    return {
      labels: data.cashFlow.map((m) => formatMonth(m.month, true).short),
      series: [
        { label: 'Money in', data: data.cashFlow.map((m) => chartNumber(m.in)), color: 'success' as const },
        { label: 'Money out', data: data.cashFlow.map((m) => chartNumber(m.out)), color: 'danger' as const },
      ],
      any: data.cashFlow.some((m) => chartNumber(m.in) !== 0 || chartNumber(m.out) !== 0),
    };
  }, [data.cashFlow]);
  const format = useMemo(() => (v: number) => formatMoneyNumber(v, currency), [currency]);
  const axisFormat = useMemo(() => (v: number) => formatCompactMoney(v, currency), [currency]);
  return (
    <section aria-label="Money" className="mt-6 flex flex-col gap-6">
      <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
        {data.totals && (
          <>
            <FigureCard testId="widget-receivables" label="Receivables" value={money(data.totals.receivables)} icon={<ArrowDownLeft className="size-5" />} tone="info" detail="Owed to you" />
            <FigureCard testId="widget-payables" label="Payables" value={money(data.totals.payables)} icon={<ArrowUpRight className="size-5" />} tone="warning" detail="You owe" />
            <FigureCard testId="widget-profit" label="Profit this year" value={money(data.totals.profit)} icon={<TrendingUp className="size-5" />} tone="success" detail={`Since ${formats.date(data.totals.profitFrom)}`} />
          </>
        )}
        {data.overdue && (
          <FigureCard
            testId="widget-overdue"
            label="Overdue invoices"
            value={formatCount(data.overdue.count)}
            icon={<AlertTriangle className="size-5" />}
            tone="danger"
            detail={data.overdue.count ? `${money(data.overdue.amount)} past due` : 'Nothing past due'}
          />
        )}
      </div>
      {flow && (
        <Card title="Cash flow" actions={<TextLink href="/reports" className="text-sm">Reports</TextLink>}>
          {flow.any ? (
            <Chart type="bar" labels={flow.labels} series={flow.series} label={`Money in and out of the bank accounts per month, in ${code}`} height={240} legend format={format} axisFormat={axisFormat} />
          ) : (
            <EmptyState title="No money moved yet" description="Money into and out of your accounts over the last six months will show here." />
          )}
        </Card>
      )}
    </section>
  );
}
