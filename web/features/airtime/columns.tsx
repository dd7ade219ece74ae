import type { DeliveryState } from '@common/answers/sms';
import { currencyFormatOf } from '@common/format';
import { columnHelper } from '@/components/data-table/features';
import { StatusPill } from '@/components/display/Badge';
import { DateTimeText } from '@/components/display/DateText';
import { useFormats } from '@/lib/format';
import type { AirtimeTransactionRow } from '@/store/airtime-api';
import { formatCredits } from '@/features/wallet/credits';
import { STATE_LABEL, STATE_TONE } from './labels';

const none = <span className="text-slate-400">—</span>;

export function StateBadge({ state }: { state: DeliveryState }) {
  return <StatusPill status={state} label={STATE_LABEL[state]} tone={STATE_TONE[state]} />;
}

function Amount({ row }: { row: AirtimeTransactionRow }) {
  const formats = useFormats();
  const currency = row.currency === formats.currency.code ? formats.currency : currencyFormatOf(row.currency);
  return <span className="whitespace-nowrap tabular-nums">{formats.money(row.amount, currency)}</span>;
}

function Credits({ credits }: { credits: string }) {
  const formats = useFormats();
  return <span className="whitespace-nowrap tabular-nums">{formatCredits(credits, formats.currency)}</span>;
}

function Recipient({ row }: { row: AirtimeTransactionRow }) {
  return (
    <div className="min-w-0">
      <div className="tabular-nums text-slate-900 [unicode-bidi:plaintext] dark:text-white">{row.phone}</div>
      {row.contact_name && <div className="text-xs text-slate-500 dark:text-slate-400">{row.contact_name}</div>}
    </div>
  );
}

function Outcome({ row }: { row: AirtimeTransactionRow }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <StateBadge state={row.state} />
      {row.reason && <span className="max-w-xs text-xs text-slate-500 dark:text-slate-400">{row.reason}</span>}
    </div>
  );
}

const col = columnHelper<AirtimeTransactionRow>();
/** The top-ups (Airtime/Transactions, the Overview's latest): when, to whom, how much, the outcome and the credits. */
export const AIRTIME_TRANSACTION_COLUMNS = col.columns([
  col.accessor('created_at', { header: 'Date', enableSorting: true, sortDescFirst: true, meta: { className: 'whitespace-nowrap' }, cell: ({ getValue }) => <DateTimeText value={getValue()} /> }),
  col.accessor('phone', { header: 'Recipient', cell: ({ row }) => <Recipient row={row.original} /> }),
  col.accessor('amount', { header: 'Amount', meta: { align: 'end' }, cell: ({ row }) => <Amount row={row.original} /> }),
  col.accessor('state', { header: 'Status', enableSorting: true, cell: ({ row }) => <Outcome row={row.original} /> }),
  col.accessor('provider_request_id', { header: 'Request', cell: ({ getValue }) => (getValue() ? <span className="font-mono text-xs [unicode-bidi:plaintext]">{getValue()}</span> : none) }),
  col.accessor('credits', { header: 'Credits', meta: { align: 'end' }, cell: ({ getValue }) => <Credits credits={getValue()} /> }),
]);
