import type { AirtimeSendRow } from '@common/answers/airtime';
import { currencyFormatOf, formatCount } from '@common/format';
import { DataTable } from '@/components/data-table/DataTable';
import { columnHelper } from '@/components/data-table/features';
import { StatusPill } from '@/components/display/Badge';
import { DateTimeText } from '@/components/display/DateText';
import { useFormats } from '@/lib/format';
import { useChangeAirtimeSendMutation, useGetAirtimeSendsQuery } from '@/store/airtime-api';
import { useSendControls } from '../delivery/SendControls';
import type { ListParams } from '@/components/data-table/query';

function Amount({ row }: { row: AirtimeSendRow }) {
  const formats = useFormats();
  const currency = row.currency === formats.currency.code ? formats.currency : currencyFormatOf(row.currency);
  return <span className="whitespace-nowrap tabular-nums">{formats.money(row.amount, currency)}</span>;
}

function Progress({ row }: { row: AirtimeSendRow }) {
  const c = row.counts;
  const pending = c.queued + c.sending + c.sent + c.unknown;
  return (
    <span className="text-xs whitespace-nowrap text-slate-600 tabular-nums dark:text-slate-300">
      {formatCount(c.delivered)} successful · {formatCount(c.failed + c.rejected)} failed{pending ? ` · ${formatCount(pending)} pending` : ''}
    </span>
  );
}

const col = columnHelper<AirtimeSendRow>();
const COLUMNS = col.columns([
  col.accessor('created_at', { header: 'Date', enableSorting: true, sortDescFirst: true, meta: { className: 'whitespace-nowrap' }, cell: ({ row }) => <DateTimeText value={row.original.scheduled_at ?? row.original.created_at} /> }),
  col.accessor('audience_label', { header: 'To', cell: ({ row }) => <span className="text-slate-900 dark:text-white">{row.original.audience_label}</span> }),
  col.accessor('amount', { header: 'Amount each', meta: { align: 'end' }, cell: ({ row }) => <Amount row={row.original} /> }),
  col.accessor('recipients', { header: 'Recipients', enableSorting: true, meta: { align: 'end', className: 'tabular-nums' }, cell: ({ getValue }) => formatCount(getValue()) }),
  col.accessor('status', {
    header: 'Status',
    cell: ({ row }) => (
      <div className="flex min-w-0 flex-col gap-1">
        <StatusPill status={row.original.status} />
        {row.original.pause_reason && <span className="max-w-xs text-xs text-slate-500 dark:text-slate-400">{row.original.pause_reason}</span>}
        <Progress row={row.original} />
      </div>
    ),
  }),
]);

/** the sends list, asked again every few seconds while the page is in view */
function useSendsLive(params: ListParams) {
  return useGetAirtimeSendsQuery(params, { pollingInterval: 5000, skipPollingIfUnfocused: true });
}

/** The sends of airtime: what each was, how far it got, and (for those who may send) pause, resume and cancel. */
export function SendsList({ canSend }: { canSend: boolean }) {
  const [change, { isLoading }] = useChangeAirtimeSendMutation();
  const controls = useSendControls<AirtimeSendRow>({
    change,
    busy: isLoading,
    name: (row) => `the send to ${row.audience_label}`,
    failure: (past) => `The send could not be ${past}.`,
    confirm: {
      title: 'Cancel this send?',
      confirmLabel: 'Cancel send',
      body: 'Top-ups that have not gone yet are dropped and their credits given back. Those already sent settle as usual.',
    },
  });
  return (
    <>
      <DataTable
        label="Airtime sends"
        columns={COLUMNS}
        useQuery={useSendsLive}
        defaultSort={{ id: 'created_at', desc: true }}
        getRowId={(s) => s.id}
        rowLabel={(s) => s.audience_label}
        rowActions={canSend ? controls.buttons : undefined}
        empty={{ title: 'No sends yet', description: 'Each send of airtime shows here with how far it got.' }}
        errorFallback="Failed to load the sends"
      />
      {controls.dialog}
    </>
  );
}
