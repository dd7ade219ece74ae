import { formatCount } from '@common/format';
import { DataTable } from '@/components/data-table/DataTable';
import { columnHelper } from '@/components/data-table/features';
import type { ListParams, TableFilter } from '@/components/data-table/query';
import { StatusPill } from '@/components/display/Badge';
import { DateTimeText } from '@/components/display/DateText';
import { useChangeEmailSendMutation, useGetEmailSendsQuery, type EmailSendRow } from '@/store/email-api';
import { useSendControls } from '../delivery/SendControls';
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

/** The sends of email with their totals and rates, and (for those who may send) pause, resume and cancel. */
export function EmailSendsList({ canSend, full = false }: { canSend: boolean; full?: boolean }) {
  const [change, { isLoading }] = useChangeEmailSendMutation();
  const controls = useSendControls<EmailSendRow>({
    change,
    busy: isLoading,
    name: (row) => `“${row.subject}”`,
    failure: (past) => `The email could not be ${past}.`,
    pauseScheduled: true,
    confirm: {
      title: 'Cancel this email?',
      confirmLabel: 'Cancel email',
      body: 'Emails that have not gone yet are dropped and their credits given back. Those already sent are not recalled.',
    },
  });
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
        rowActions={canSend ? controls.buttons : undefined}
        empty={{ title: 'No emails sent yet', description: 'Each email you send shows here with its delivered, opened and clicked rates.' }}
        errorFallback="Failed to load the email sends"
      />
      {controls.dialog}
    </>
  );
}
