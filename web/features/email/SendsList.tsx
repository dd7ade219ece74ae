import { useState } from 'react';
import { toast } from 'react-toastify';
import { formatCount } from '@common/format';
import { DataTable } from '@/components/data-table/DataTable';
import { columnHelper } from '@/components/data-table/features';
import type { ListParams, TableFilter } from '@/components/data-table/query';
import { StatusPill } from '@/components/display/Badge';
import { DateTimeText } from '@/components/display/DateText';
import { Button } from '@/components/form/Button';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { errorMessage } from '@/lib/errors';
import { useChangeEmailSendMutation, useGetEmailSendsQuery, type EmailSendAction, type EmailSendRow } from '@/store/email-api';
import { rateLabel } from './labels';

function Figures({ row }: { row: EmailSendRow }) {
  const c = row.counts;
  const pending = c.queued + c.sending + c.unknown;
  return (
    <span className="text-xs whitespace-nowrap text-slate-600 tabular-nums dark:text-slate-300">
      {formatCount(c.delivered)} delivered · {formatCount(c.failed + c.rejected)} bounced{pending ? ` · ${formatCount(pending)} pending` : ''}
    </span>
  );
}

const col = columnHelper<EmailSendRow>();
const COLUMNS = col.columns([
  col.accessor('created_at', { header: 'Date', enableSorting: true, sortDescFirst: true, meta: { className: 'whitespace-nowrap' }, cell: ({ row }) => <DateTimeText value={row.original.scheduled_at ?? row.original.created_at} /> }),
  col.accessor('subject', {
    header: 'Email',
    cell: ({ row }) => (
      <div className="min-w-0">
        <div className="line-clamp-2 max-w-xs text-slate-900 dark:text-white">{row.original.subject}</div>
        <div className="text-xs text-slate-500 dark:text-slate-400">{row.original.audience_label}</div>
      </div>
    ),
  }),
  col.accessor('recipients', { header: 'Recipients', enableSorting: true, meta: { align: 'end', className: 'tabular-nums' }, cell: ({ getValue }) => formatCount(getValue()) }),
  col.accessor('rates', {
    header: 'Delivered · opened · clicked',
    meta: { align: 'end', className: 'whitespace-nowrap tabular-nums' },
    cell: ({ getValue }) => `${rateLabel(getValue().delivered)} · ${rateLabel(getValue().opened)} · ${rateLabel(getValue().clicked)}`,
  }),
  col.accessor('status', {
    header: 'Status',
    cell: ({ row }) => (
      <div className="flex min-w-0 flex-col gap-1">
        <StatusPill status={row.original.status} />
        {row.original.pause_reason && <span className="max-w-xs text-xs text-slate-500 dark:text-slate-400">{row.original.pause_reason}</span>}
        <Figures row={row.original} />
      </div>
    ),
  }),
]);

const FILTERS: TableFilter[] = [
  {
    name: 'status',
    label: 'Status',
    options: [
      { value: '', label: 'All statuses' },
      ...(['scheduled', 'queued', 'sending', 'paused', 'completed', 'cancelled'] as const).map((s) => ({ value: s, label: s[0].toUpperCase() + s.slice(1) })),
    ],
  },
];

/** the sends list, asked again every few seconds while the page is in view (events keep arriving) */
function useSendsLive(params: ListParams) {
  return useGetEmailSendsQuery(params, { pollingInterval: 5000, skipPollingIfUnfocused: true });
}

const DONE: Record<EmailSendAction, string> = { pause: 'paused', resume: 'resumed', cancel: 'cancelled' };

/** The sends of email with their totals and rates, and (for those who may send) pause, resume and cancel. */
export function EmailSendsList({ canSend, full = false }: { canSend: boolean; full?: boolean }) {
  const [change, { isLoading }] = useChangeEmailSendMutation();
  const [cancelling, setCancelling] = useState<EmailSendRow | null>(null);
  const run = async (row: EmailSendRow, action: EmailSendAction) => {
    try {
      const answer = await change({ id: row.id, action }).unwrap();
      toast.success(answer.message);
    } catch (err) {
      toast.error(errorMessage(err, `The email could not be ${DONE[action]}.`));
    }
  };
  const actions = (row: EmailSendRow) => (
    <div className="flex justify-end gap-2">
      {(row.status === 'queued' || row.status === 'sending' || row.status === 'scheduled') && (
        <Button size="sm" variant="outline" onClick={() => void run(row, 'pause')} aria-label={`Pause “${row.subject}”`}>
          Pause
        </Button>
      )}
      {row.status === 'paused' && (
        <Button size="sm" variant="outline" onClick={() => void run(row, 'resume')} aria-label={`Resume “${row.subject}”`}>
          Resume
        </Button>
      )}
      {['scheduled', 'queued', 'sending', 'paused'].includes(row.status) && (
        <Button size="sm" variant="danger-ghost" onClick={() => setCancelling(row)} aria-label={`Cancel “${row.subject}”`}>
          Cancel
        </Button>
      )}
    </div>
  );
  return (
    <>
      <DataTable
        label="Email sends"
        columns={COLUMNS}
        useQuery={useSendsLive}
        filters={full ? FILTERS : undefined}
        search={full ? { placeholder: 'Subject…', label: 'Search email sends' } : undefined}
        urlState={full}
        defaultSort={{ id: 'created_at', desc: true }}
        getRowId={(s) => s.id}
        rowLabel={(s) => s.subject}
        rowActions={canSend ? actions : undefined}
        empty={{ title: 'No emails sent yet', description: 'Each email you send shows here with its delivered, opened and clicked rates.' }}
        errorFallback="Failed to load the email sends"
      />
      <ConfirmDialog
        open={cancelling !== null}
        onClose={() => setCancelling(null)}
        onConfirm={() => {
          const row = cancelling;
          setCancelling(null);
          if (row) void run(row, 'cancel');
        }}
        title="Cancel this email?"
        confirmLabel="Cancel email"
        cancelLabel="Keep it"
        busy={isLoading}
      >
        Emails that have not gone yet are dropped and their credits given back. Those already sent are not recalled.
      </ConfirmDialog>
    </>
  );
}
