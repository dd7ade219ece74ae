import { Link } from '@inertiajs/react';
import { createContext, useContext } from 'react';
import { columnHelper } from '@/components/data-table/features';
import { Badge } from '@/components/display/Badge';
import { findCurrency, Money, type CurrencyOption } from '@/components/money';
import type { TransactionRow, TransferRow } from '@/store/banking-api';
import { DateText } from '@/components/display/DateText';

/** The company's currencies, for cells that format amounts (from the page's props). */
export const CurrenciesContext = createContext<CurrencyOption[]>([]);

export function AmountIn({ amount, code, tone = 'plain' }: { amount: string | null | undefined; code: string; tone?: 'plain' | 'income' | 'expense' | 'signed' }) {
  const list = useContext(CurrenciesContext);
  return <Money amount={amount} currency={findCurrency(list, code)} code={code} tone={tone} />;
}

const linkClass = 'font-medium text-slate-900 hover:text-primary hover:underline dark:text-white';

export function TypeBadge({ type }: { type: 'income' | 'expense' }) {
  return <Badge tone={type === 'income' ? 'success' : 'danger'}>{type === 'income' ? 'Income' : 'Expense'}</Badge>;
}

const tx = columnHelper<TransactionRow>();
export const TRANSACTION_COLUMNS = tx.columns([
  tx.accessor('paid_at', { header: 'Date', enableSorting: true, sortDescFirst: true, meta: { className: 'whitespace-nowrap' }, cell: ({ getValue }) => <DateText value={getValue()} /> }),
  tx.accessor('number', {
    header: 'Number',
    enableSorting: true,
    cell: ({ row }) => (
      <Link href={`/banking/transactions/${row.original.id}`} className={linkClass}>
        {row.original.number}
      </Link>
    ),
  }),
  tx.accessor('type', { header: 'Type', enableSorting: true, cell: ({ getValue }) => <TypeBadge type={getValue()} /> }),
  tx.accessor('account_name', { header: 'Account' }),
  tx.accessor('contact_name', { header: 'Contact', cell: ({ getValue }) => getValue() ?? <span className="text-slate-400">—</span> }),
  tx.accessor('category_name', {
    header: 'Category',
    cell: ({ row }) =>
      row.original.category_name ? (
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="size-2.5 rounded-full" style={{ backgroundColor: row.original.category_color ?? '#94a3b8' }} />
          {row.original.category_name}
        </span>
      ) : (
        <span className="text-slate-400">—</span>
      ),
  }),
  tx.accessor('amount', {
    header: 'Amount',
    enableSorting: true,
    meta: { align: 'end' },
    cell: ({ row }) => <AmountIn amount={row.original.amount} code={row.original.currency_code} tone={row.original.type} />,
  }),
]);

const tf = columnHelper<TransferRow>();
export const TRANSFER_COLUMNS = tf.columns([
  tf.accessor('transferred_at', {
    header: 'Date',
    enableSorting: true,
    sortDescFirst: true,
    meta: { className: 'whitespace-nowrap' },
    cell: ({ row }) => (
      <Link href={`/banking/transfers/${row.original.id}`} className={linkClass}>
        <DateText value={row.original.transferred_at} />
      </Link>
    ),
  }),
  tf.accessor('from_account_name', { header: 'From' }),
  tf.accessor('to_account_name', { header: 'To' }),
  tf.accessor('amount', {
    header: 'Amount',
    enableSorting: true,
    meta: { align: 'end' },
    cell: ({ row }) => <AmountIn amount={row.original.amount} code={row.original.from_currency} />,
  }),
  tf.accessor('to_amount', {
    header: 'Received',
    meta: { align: 'end' },
    cell: ({ row }) => <AmountIn amount={row.original.to_amount} code={row.original.to_currency} />,
  }),
  tf.accessor('reference', { header: 'Reference', cell: ({ getValue }) => getValue() ?? <span className="text-slate-400">—</span> }),
]);
