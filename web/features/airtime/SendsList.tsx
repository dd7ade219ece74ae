import { useState } from 'react';
import { toast } from 'react-toastify';
import type { AirtimeSendRow } from '@common/answers/airtime';
import { currencyFormatOf, formatCount } from '@common/format';
import { DataTable } from '@/components/data-table/DataTable';
import { columnHelper } from '@/components/data-table/features';
import { StatusPill } from '@/components/display/Badge';
import { DateTimeText } from '@/components/display/DateText';
import { Button } from '@/components/form/Button';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { errorMessage } from '@/lib/errors';
import { useFormats } from '@/lib/format';
import { useChangeAirtimeSendMutation, useGetAirtimeSendsQuery, type AirtimeSendAction } from '@/store/airtime-api';
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

const DONE: Record<AirtimeSendAction, string> = { pause: 'paused', resume: 'resumed', cancel: 'cancelled' };

/** The sends of airtime: what each was, how far it got, and (for those who may send) pause, resume and cancel. */
export function SendsList({ canSend }: { canSend: boolean }) {
  const [change, { isLoading }] = useChangeAirtimeSendMutation();
  const [cancelling, setCancelling] = useState<AirtimeSendRow | null>(null);
  const run = async (row: AirtimeSendRow, action: AirtimeSendAction) => {
    try {
      const answer = await change({ id: row.id, action }).unwrap();
      toast.success(answer.message);
    } catch (err) {
      toast.error(errorMessage(err, `The send could not be ${DONE[action]}.`));
    }
  };
  const actions = (row: AirtimeSendRow) => (
    <div className="flex justify-end gap-2">
      {(row.status === 'queued' || row.status === 'sending') && (
        <Button size="sm" variant="outline" onClick={() => void run(row, 'pause')} aria-label={`Pause the send to ${row.audience_label}`}>
          Pause
        </Button>
      )}
      {row.status === 'paused' && (
        <Button size="sm" variant="outline" onClick={() => void run(row, 'resume')} aria-label={`Resume the send to ${row.audience_label}`}>
          Resume
        </Button>
      )}
      {['scheduled', 'queued', 'sending', 'paused'].includes(row.status) && (
        <Button size="sm" variant="danger-ghost" onClick={() => setCancelling(row)} aria-label={`Cancel the send to ${row.audience_label}`}>
          Cancel
        </Button>
      )}
    </div>
  );
  return (
    <>
      <DataTable
        label="Airtime sends"
        columns={COLUMNS}
        useQuery={useSendsLive}
        defaultSort={{ id: 'created_at', desc: true }}
        getRowId={(s) => s.id}
        rowLabel={(s) => s.audience_label}
        rowActions={canSend ? actions : undefined}
        empty={{ title: 'No sends yet', description: 'Each send of airtime shows here with how far it got.' }}
        errorFallback="Failed to load the sends"
      />
      <ConfirmDialog
        open={cancelling !== null}
        onClose={() => setCancelling(null)}
        onConfirm={() => {
          const row = cancelling;
          setCancelling(null);
          if (row) void run(row, 'cancel');
        }}
        title="Cancel this send?"
        confirmLabel="Cancel send"
        cancelLabel="Keep it"
        busy={isLoading}
      >
        Top-ups that have not gone yet are dropped and their credits given back. Those already sent settle as usual.
      </ConfirmDialog>
    </>
  );
}
