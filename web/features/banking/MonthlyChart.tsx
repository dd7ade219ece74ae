import { currencyFormatOf, formatCompactMoney, formatMoneyNumber, formatMonth } from '@common/format';
import { Chart } from '@/components/chart/Chart';
import { Card } from '@/components/display/Card';
import { useFormats } from '@/lib/format';
import { useGetTransactionsQuery } from '@/store/banking-api';

const monthKey = (d: Date) => d.toISOString().slice(0, 7);

/**
 * Income against expense of one account for the last 12 months, from its transactions (the
 * list's largest page of 100; busier accounts show those). Amounts become numbers only to
 * draw the bars — totals shown as text stay exact decimals elsewhere.
 */
export function MonthlyChart({ accountId, currencyCode }: { accountId: number; currencyCode: string }) {
  const formats = useFormats();
  const currency = currencyCode === formats.currency.code ? formats.currency : currencyFormatOf(currencyCode);
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const { data, isLoading, isError } = useGetTransactionsQuery({ bank_account_id: accountId, date_from: start.toISOString().slice(0, 10), per_page: 100, page: 1 });
  const months = Array.from({ length: 12 }, (_, i) => monthKey(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + i, 1))));
  const income = months.map(() => 0);
  const expense = months.map(() => 0);
  for (const t of data?.data ?? []) {
    const i = months.indexOf(t.paid_at.slice(0, 7));
    if (i < 0) continue;
    if (t.type === 'income') income[i] += Number(t.amount);
    else expense[i] += Number(t.amount);
  }
  return (
    <Card title={`Income and expense by month (${currencyCode})`}>
      {isError ? (
        <p className="text-sm text-red-600 dark:text-red-400">The chart could not be loaded.</p>
      ) : isLoading ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">Loading…</p>
      ) : (
        <Chart
          type="bar"
          label={`Income and expense of the account by month, in ${currencyCode}`}
          labels={months.map((m) => formatMonth(m, true).short)}
          series={[
            { label: 'Income', data: income, color: 'success' },
            { label: 'Expense', data: expense, color: 'danger' },
          ]}
          legend
          height={240}
          format={(v) => formatMoneyNumber(v, currency)}
          axisFormat={(v) => formatCompactMoney(v, currency)}
        />
      )}
    </Card>
  );
}
