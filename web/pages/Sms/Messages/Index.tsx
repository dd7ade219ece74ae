import { Head, Link } from '@inertiajs/react';
import { Ban, Pause, Pencil, Play, Plus, Trash } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { SMS_MESSAGE_STATUSES } from '@common/answers/sms';
import { formatCount } from '@common/format';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import type { ListParams, TableFilter } from '@/components/data-table/query';
import { Badge } from '@/components/display/Badge';
import { DateTimeText } from '@/components/display/DateText';
import { PageHeader } from '@/components/display/PageHeader';
import { Button, buttonClasses } from '@/components/form/Button';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { ProgressBar } from '@/components/upload/ProgressBar';
import { isMoving, MESSAGE_STATUS_LABEL, MESSAGE_STATUS_TONE, sendActions, sendProgress } from '@/features/sms/sends';
import { creditsLabel } from '@/features/wallet/credits';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useFormats } from '@/lib/format';
import { useCan } from '@/lib/page';
import { SHORT_TOAST } from '@/lib/toasts';
import { useActOnSmsMutation, useDeleteSmsMessageMutation, useGetSmsMessagesQuery, type SmsAction, type SmsMessageRow } from '@/store/sms-api';

/** How often the list asks again while a send on screen is moving. */
const LIVE_MS = 2000;

/**
 * The sends' list, asked again every 2 s while any send on screen is queued or sending (its
 * progress moves), and no more once none is.
 */
function useLiveSmsMessages(params: ListParams) {
  const [moving, setMoving] = useState(false);
  const result = useGetSmsMessagesQuery(params, { pollingInterval: moving ? LIVE_MS : 0, skipPollingIfUnfocused: false });
  const now = result.data?.data.some(isMoving) ?? false;
  // the next render polls (or stops) as the rows on screen ask
  if (now !== moving) setMoving(now);
  return result;
}

function Credits({ row }: { row: SmsMessageRow }) {
  const formats = useFormats();
  const charged = row.status === 'completed' || row.status === 'cancelled';
  return (
    <div>
      <div className="font-medium">{creditsLabel(charged ? row.credits_charged : row.credits_reserved, formats.currency)}</div>
      <div className="text-xs text-slate-500 dark:text-slate-400">{charged ? 'charged' : 'reserved'}</div>
    </div>
  );
}

const col = columnHelper<SmsMessageRow>();
const COLUMNS = col.columns([
  col.accessor('created_at', {
    header: 'Created',
    enableSorting: true,
    sortDescFirst: true,
    meta: { className: 'whitespace-nowrap' },
    cell: ({ row }) => (
      <div>
        <DateTimeText value={row.original.created_at} />
        {row.original.created_by_name && <div className="text-xs text-slate-500 dark:text-slate-400">{row.original.created_by_name}</div>}
      </div>
    ),
  }),
  col.accessor('body', {
    header: 'Message',
    cell: ({ row }) => (
      <div className="max-w-64 min-w-40">
        <p className="line-clamp-2 text-slate-900 dark:text-white" title={row.original.body}>
          {row.original.body}
        </p>
        <p className="truncate text-xs text-slate-500 dark:text-slate-400">{row.original.audience_label}</p>
      </div>
    ),
  }),
  col.accessor('status', {
    header: 'Status',
    cell: ({ row }) => (
      <div className="flex flex-col items-start gap-1">
        <Badge tone={MESSAGE_STATUS_TONE[row.original.status]} dot>
          {MESSAGE_STATUS_LABEL[row.original.status]}
        </Badge>
        {row.original.status === 'scheduled' && row.original.scheduled_at && (
          <span className="text-xs whitespace-nowrap text-slate-500 dark:text-slate-400">
            for <DateTimeText value={row.original.scheduled_at} />
          </span>
        )}
        {row.original.pause_reason && <span className="max-w-48 text-xs text-orange-800 dark:text-warning">{row.original.pause_reason}</span>}
      </div>
    ),
  }),
  col.accessor('recipients', {
    header: 'Progress',
    enableSorting: true,
    sortDescFirst: true,
    cell: ({ row }) => {
      const c = row.original.counts;
      return (
        <div className="min-w-32">
          <ProgressBar value={sendProgress(row.original)} label={`Progress of the SMS of ${row.original.audience_label}`} />
          <div className="mt-0.5 text-xs whitespace-nowrap text-slate-500 tabular-nums dark:text-slate-400">
            <Link href={`/sms/transactions?message_id=${row.original.id}`} className="font-medium text-primary hover:underline dark:text-sky-300" aria-label={`${formatCount(row.original.recipients)} recipients: see their delivery`}>
              {row.original.recipients === 1 ? '1 recipient' : `${formatCount(row.original.recipients)} recipients`}
            </Link>
            <span className="block">
              {formatCount(c.delivered)} delivered · {formatCount(c.failed + c.rejected)} failed
            </span>
          </div>
        </div>
      );
    },
  }),
  col.accessor('credits_reserved', { header: 'Credits', meta: { align: 'end', className: 'tabular-nums whitespace-nowrap' }, cell: ({ row }) => <Credits row={row.original} /> }),
]);

const FILTERS: TableFilter[] = [{ name: 'status', label: 'Status', options: [{ value: '', label: 'All statuses' }, ...SMS_MESSAGE_STATUSES.map((s) => ({ value: s, label: MESSAGE_STATUS_LABEL[s] }))] }];

type Asked = { row: SmsMessageRow; what: 'cancel' | 'delete' };

const DONE: Record<SmsAction, string> = { pause: 'Failed to pause the SMS', resume: 'Failed to resume the SMS', cancel: 'Failed to cancel the SMS' };

/** Sms/Messages/Index (PAGES.md): every send with its status, progress and credits; pause, resume, cancel, edit and delete. */
export default function SmsMessagesIndex() {
  const canSend = useCan('sms.send');
  const canDelete = useCan('sms.delete');
  const [act, { isLoading: acting }] = useActOnSmsMutation();
  const [remove, { isLoading: removing }] = useDeleteSmsMessageMutation();
  const [asked, setAsked] = useState<Asked | null>(null);

  const run = async (row: SmsMessageRow, action: SmsAction) => {
    try {
      toast.success((await act({ id: row.id, action }).unwrap()).message);
    } catch (err) {
      toast.error(errorMessage(err, DONE[action]));
    }
  };
  const confirm = async () => {
    if (!asked) return;
    if (asked.what === 'cancel') await run(asked.row, 'cancel');
    else {
      try {
        toast.warning((await remove(asked.row.id).unwrap()).message, SHORT_TOAST);
      } catch (err) {
        toast.error(errorMessage(err, 'Failed to delete the SMS'));
      }
    }
    setAsked(null);
  };

  const actions = (row: SmsMessageRow) => {
    const can = sendActions(row.status);
    const name = `the SMS of ${row.audience_label}`;
    return (
      <>
        {canSend && can.pause && (
          <Button size="sm" variant="ghost" onClick={() => void run(row, 'pause')} disabled={acting} aria-label={`Pause ${name}`} title="Pause">
            <Pause aria-hidden="true" className="size-4" />
          </Button>
        )}
        {canSend && can.resume && (
          <Button size="sm" variant="ghost" onClick={() => void run(row, 'resume')} disabled={acting} aria-label={`Resume ${name}`} title="Resume">
            <Play aria-hidden="true" className="size-4" />
          </Button>
        )}
        {canSend && can.edit && (
          <Link href={`/sms/messages/${row.id}/edit`} className={buttonClasses('ghost', 'sm')} aria-label={`Edit ${name}`} title="Edit">
            <Pencil aria-hidden="true" className="size-4" />
          </Link>
        )}
        {canSend && can.cancel && (
          <Button size="sm" variant="danger-ghost" onClick={() => setAsked({ row, what: 'cancel' })} aria-label={`Cancel ${name}`} title="Cancel">
            <Ban aria-hidden="true" className="size-4" />
          </Button>
        )}
        {canDelete && can.remove && (
          <Button size="sm" variant="danger-ghost" onClick={() => setAsked({ row, what: 'delete' })} aria-label={`Delete ${name}`} title="Delete">
            <Trash aria-hidden="true" className="size-4" />
          </Button>
        )}
      </>
    );
  };

  return (
    <>
      <Head title="SMS messages" />
      <PageHeader title="SMS messages" description="Every send: who it went to, how far it got and what it cost.">
        <Link href="/sms" className={buttonClasses('outline')}>
          Overview
        </Link>
        {canSend && (
          <Link href="/sms/messages/create" className={buttonClasses('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            New SMS
          </Link>
        )}
      </PageHeader>
      <DataTable
        label="SMS messages"
        columns={COLUMNS}
        useQuery={useLiveSmsMessages}
        getRowId={(m) => m.id}
        search={{ placeholder: 'Search the text…', label: 'Search SMS messages' }}
        filters={FILTERS}
        defaultSort={{ id: 'created_at', desc: true }}
        rowActions={actions}
        urlState
        empty={{
          title: 'No SMS sent yet',
          description: 'Send an SMS to a segment, a few contacts or pasted numbers: its progress and delivery show here.',
          action: canSend && (
            <Link href="/sms/messages/create" className={buttonClasses('outline', 'sm')}>
              New SMS
            </Link>
          ),
        }}
        errorFallback="Failed to load the SMS messages"
      />
      <ConfirmDialog
        open={asked !== null}
        onClose={() => setAsked(null)}
        onConfirm={() => void confirm()}
        busy={acting || removing}
        title={asked?.what === 'cancel' ? 'Cancel this SMS?' : 'Delete this SMS?'}
        confirmLabel={asked?.what === 'cancel' ? 'Cancel the SMS' : 'Delete'}
        cancelLabel={asked?.what === 'cancel' ? 'Keep it' : 'Cancel'}
      >
        {asked?.what === 'cancel' ? (
          <p>Recipients not reached yet will not get it, and their reserved credits go back to the wallet. Messages already sent stay sent.</p>
        ) : (
          <p>The SMS and its recipients list will be deleted.</p>
        )}
      </ConfirmDialog>
    </>
  );
}

SmsMessagesIndex.layout = AppLayout;
