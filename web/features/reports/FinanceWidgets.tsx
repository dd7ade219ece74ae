import { TextLink } from '@/components/TextLink';
import { AlertTriangle, ArrowDownLeft, ArrowUpRight, TrendingUp } from 'lucide-react';
import { useMemo } from 'react';
import type { FinanceWidgets } from '@common/reports/widgets';
import { Chart } from '@/components/chart/Chart';
import { Card } from '@/components/display/Card';
import { EmptyState } from '@/components/display/EmptyState';
import { Money } from '@/components/money/Money';
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

/**
 * StatCard's look for a figure that is an amount (decimal text, shown exactly). The amount never
 * wraps (its digits and code stay on one line) and is isolated, so it reads the same in RTL.
 */
function FigureCard({ label, value, icon, tone, detail, testId }: { label: string; value: React.ReactNode; icon: React.ReactNode; tone: keyof typeof TONES; detail?: React.ReactNode; testId: string }) {
  return (
    <div className="flex items-center gap-4 rounded-md bg-white p-5 shadow-sm ring-1 ring-slate-900/5 dark:bg-dark dark:ring-white/10" data-testid={testId}>
      <span className={cx('grid size-12 shrink-0 place-items-center rounded-full', TONES[tone])} aria-hidden="true">
        {icon}
      </span>
      <dl className="min-w-0">
        <dt className="truncate text-sm text-slate-500 dark:text-slate-400">{label}</dt>
        <dd className="text-xl font-semibold whitespace-nowrap text-slate-900 tabular-nums dark:text-white">{value}</dd>
        {detail && <dd className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{detail}</dd>}
      </dl>
    </div>
  );
}

/** A short list inside a card: one line per record, the amount at the end. */
function Rows({ children, label }: { children: React.ReactNode; label: string }) {
  return (
    <ul aria-label={label} className="-my-2 divide-y divide-slate-100 dark:divide-slate-700">
      {children}
    </ul>
  );
}

/**
 * The Dashboard's money, first: what is owed either way (and how much of it is late), this
 * year's profit, cash in each bank account, income and expenses by category, the overdue
 * invoices, the latest money in and out, and six months of cash flow. Each part only for whom
 * may see it (server/modules/reports/widgets.ts).
 */
export function FinanceWidgetsSection({ data }: { data: FinanceWidgets }) {
  const currency = data.currency;
  const formats = useFormats();
  const { code } = currency;
  /** an amount of the default currency, as one isolated unit ("KSh1,234.50") */
  const money = (v: string) => <bdi className="whitespace-nowrap tabular-nums">{formatMoney(v, currency)}</bdi>;
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
  const byCategory = useMemo(() => {
    if (!data.categories) return null;
    const list = data.categories;
    return {
      labels: list.map((c) => c.name),
      // one series per side, stacked: each category's bar has the colour of its side
      series: [
        { label: 'Income', data: list.map((c) => (c.type === 'income' ? chartNumber(c.amount) : 0)), color: 'success' as const },
        { label: 'Expenses', data: list.map((c) => (c.type === 'expense' ? chartNumber(c.amount) : 0)), color: 'danger' as const },
      ],
    };
  }, [data.categories]);
  const format = useMemo(() => (v: number) => formatMoneyNumber(v, currency), [currency]);
  const axisFormat = useMemo(() => (v: number) => formatCompactMoney(v, currency), [currency]);
  const overdueBills = data.overdueBills;
  return (
    <section aria-label="Money" className="flex flex-col gap-6">
      <div className="grid gap-5 sm:grid-cols-2 2xl:grid-cols-4">
        {data.totals && (
          <>
            <FigureCard
              testId="widget-receivables"
              label="Receivables"
              value={money(data.totals.receivables)}
              icon={<ArrowDownLeft className="size-5" />}
              tone="info"
              detail={data.overdue && Number(data.overdue.amount) !== 0 ? <>Owed to you · {money(data.overdue.amount)} overdue</> : 'Owed to you'}
            />
            <FigureCard
              testId="widget-payables"
              label="Payables"
              value={money(data.totals.payables)}
              icon={<ArrowUpRight className="size-5" />}
              tone="warning"
              detail={overdueBills && Number(overdueBills.amount) !== 0 ? <>You owe · {money(overdueBills.amount)} overdue</> : 'You owe'}
            />
            <FigureCard testId="widget-profit" label="Profit this year" value={money(data.totals.profit)} icon={<TrendingUp className="size-5" />} tone="success" detail={<>Since <bdi>{formats.date(data.totals.profitFrom)}</bdi></>} />
          </>
        )}
        {data.overdue && (
          <FigureCard
            testId="widget-overdue"
            label="Overdue invoices"
            value={<bdi>{formatCount(data.overdue.count)}</bdi>}
            icon={<AlertTriangle className="size-5" />}
            tone="danger"
            detail={data.overdue.count ? <>{money(data.overdue.amount)} past due</> : 'Nothing past due'}
          />
        )}
      </div>

      {(data.accounts || byCategory) && (
        <div className="grid gap-6 xl:grid-cols-3">
          {data.accounts && (
            <Card title="Cash in bank" actions={<TextLink href="/banking/accounts" className="text-sm">Accounts</TextLink>} data-testid="widget-accounts">
              {data.accounts.length === 0 ? (
                <EmptyState title="No bank accounts yet" description="Each account's balance will show here." />
              ) : (
                <Rows label="Bank account balances">
                  {data.accounts.map((a) => (
                    <li key={a.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                      <TextLink href={`/banking/accounts/${a.id}`} className="min-w-0 truncate">
                        <bdi>{a.name}</bdi>
                      </TextLink>
                      <Money amount={a.balance} code={a.currency_code} tone="signed" className="font-medium" />
                    </li>
                  ))}
                </Rows>
              )}
            </Card>
          )}
          {byCategory && (
            <Card title="Income and expenses this year" className={cx(data.accounts && 'xl:col-span-2')}>
              {byCategory.labels.length ? (
                <Chart type="bar" labels={byCategory.labels} series={byCategory.series} label={`Income and expenses of this year per category, in ${code}`} height={240} stacked legend format={format} axisFormat={axisFormat} />
              ) : (
                <EmptyState title="No income or expenses yet" description="This year's income and expenses per category will show here." />
              )}
            </Card>
          )}
        </div>
      )}

      {(data.overdueInvoices || data.recent) && (
        <div className="grid gap-6 xl:grid-cols-2">
          {data.overdueInvoices && (
            <Card title="Overdue invoices" actions={<TextLink href="/sales/invoices" className="text-sm">Invoices</TextLink>} data-testid="widget-overdue-list">
              {data.overdueInvoices.length === 0 ? (
                <EmptyState title="Nothing overdue" description="Invoices past their due date will show here." />
              ) : (
                <Rows label="Overdue invoices">
                  {data.overdueInvoices.map((i) => (
                    <li key={i.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                      <span className="min-w-0">
                        <TextLink href={`/sales/invoices/${i.id}`}>
                          <bdi>{i.document_number}</bdi>
                        </TextLink>
                        <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
                          <bdi>{i.contact_name}</bdi> · {i.days === 1 ? '1 day late' : `${i.days} days late`}
                        </span>
                      </span>
                      <span className="font-medium">{money(i.due)}</span>
                    </li>
                  ))}
                </Rows>
              )}
            </Card>
          )}
          {data.recent && (
            <Card title="Recent activity" actions={<TextLink href="/banking/transactions" className="text-sm">Transactions</TextLink>} data-testid="widget-recent">
              {data.recent.length === 0 ? (
                <EmptyState title="No money moved yet" description="The latest money in and out will show here." />
              ) : (
                <Rows label="Latest transactions">
                  {data.recent.map((r) => (
                    <li key={r.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                      <span className="min-w-0">
                        <TextLink href={`/banking/transactions/${r.id}`} className="block truncate">
                          <bdi>{r.title}</bdi>
                        </TextLink>
                        <span className="block text-xs text-slate-600 dark:text-slate-400">
                          {r.type === 'income' ? 'Money in' : 'Money out'} · <bdi>{formats.date(r.paid_at)}</bdi>
                        </span>
                      </span>
                      <Money amount={r.amount} code={r.currency_code} tone={r.type === 'income' ? 'income' : 'expense'} className="font-medium" />
                    </li>
                  ))}
                </Rows>
              )}
            </Card>
          )}
        </div>
      )}

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
