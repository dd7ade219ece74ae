import { Head } from '@inertiajs/react';
import { Eye, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { DELIVERY_STATES, type DeliveryState } from '@common/answers/sms';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import type { ListParams, TableFilter } from '@/components/data-table/query';
import { Badge } from '@/components/display/Badge';
import { DateTimeText } from '@/components/display/DateText';
import { PageHeader } from '@/components/display/PageHeader';
import { Button } from '@/components/form/Button';
import { BackLink } from '@/components/record/BackLink';
import { DELIVERY_STATE_LABEL, DELIVERY_STATE_TONE } from '@/features/sms/sends';
import { TransactionDrawer } from '@/features/sms/TransactionDrawer';
import { creditsLabel } from '@/features/wallet/credits';
import { AppLayout } from '@/layouts/AppLayout';
import { useFormats } from '@/lib/format';
import { readUrlParams, writeUrlParams } from '@/lib/url-state';
import { useGetSmsTransactionsQuery, type SmsTransactionRow } from '@/store/sms-api';

/** Recipients whose state will still change by itself: the list asks again while one is on screen. */
const WAITING: readonly DeliveryState[] = ['queued', 'sending', 'sent'];
const LIVE_MS = 3000;

function useLiveSmsTransactions(params: ListParams) {
  const [waiting, setWaiting] = useState(false);
  const result = useGetSmsTransactionsQuery(params, { pollingInterval: waiting ? LIVE_MS : 0, skipPollingIfUnfocused: false });
  const now = result.data?.data.some((t) => WAITING.includes(t.state)) ?? false;
  // the next render polls (or stops) as the rows on screen ask
  if (now !== waiting) setWaiting(now);
  return result;
}

function CreditsCell({ credits }: { credits: string }) {
  const formats = useFormats();
  return <>{creditsLabel(credits, formats.currency)}</>;
}

const col = columnHelper<SmsTransactionRow>();
const COLUMNS = col.columns([
  col.accessor('phone', {
    header: 'Recipient',
    cell: ({ row }) => (
      <div className="min-w-32">
        <div className="font-medium text-slate-900 dark:text-white">{row.original.contact_name ?? <span dir="ltr">{row.original.phone}</span>}</div>
        {row.original.contact_name && (
          <div className="text-xs text-slate-500 dark:text-slate-400" dir="ltr">
            {row.original.phone}
          </div>
        )}
      </div>
    ),
  }),
  col.accessor('body', {
    header: 'Message',
    cell: ({ getValue }) => (
      <p className="line-clamp-2 max-w-64 min-w-40" title={getValue()}>
        {getValue()}
      </p>
    ),
  }),
  col.accessor('state', {
    header: 'Status',
    enableSorting: true,
    cell: ({ row }) => (
      <div className="flex flex-col items-start gap-1">
        <Badge tone={DELIVERY_STATE_TONE[row.original.state]} dot>
          {DELIVERY_STATE_LABEL[row.original.state]}
        </Badge>
        {row.original.reason && <span className="max-w-48 text-xs text-red-700 dark:text-red-300">{row.original.reason}</span>}
      </div>
    ),
  }),
  col.accessor('parts', { header: 'Parts', meta: { align: 'end', className: 'tabular-nums' } }),
  col.accessor('credits', { header: 'Credits', meta: { align: 'end', className: 'tabular-nums whitespace-nowrap' }, cell: ({ getValue }) => <CreditsCell credits={getValue()} /> }),
  col.accessor('sent_at', {
    header: 'Sent',
    meta: { className: 'whitespace-nowrap' },
    cell: ({ row }) => (
      <div>
        <DateTimeText value={row.original.sent_at} fallback="—" />
        {row.original.delivered_at && (
          <div className="text-xs text-slate-500 dark:text-slate-400">
            delivered <DateTimeText value={row.original.delivered_at} />
          </div>
        )}
      </div>
    ),
  }),
]);

const FILTERS: TableFilter[] = [{ name: 'state', label: 'Status', options: [{ value: '', label: 'All statuses' }, ...DELIVERY_STATES.map((s) => ({ value: s, label: DELIVERY_STATE_LABEL[s] }))] }];

function initialMessage(): string {
  const raw = readUrlParams().get('message_id') ?? '';
  return /^[1-9]\d{0,15}$/.test(raw) ? raw : '';
}

/** Sms/Transactions (PAGES.md): every recipient of every send (or of one, from its row), with its delivery and the reason it failed. */
export default function SmsTransactions() {
  const [messageId, setMessageId] = useState(initialMessage);
  const [open, setOpen] = useState<number | null>(null);
  const params = useMemo(() => ({ message_id: messageId || undefined }), [messageId]);
  const clearMessage = () => {
    setMessageId('');
    writeUrlParams({ message_id: undefined, page: undefined });
  };

  return (
    <>
      <Head title="SMS transactions" />
      <PageHeader title="SMS transactions" description="Each recipient of your SMS: whether it was delivered, and why not when it failed.">
        <BackLink href="/sms/messages">Messages</BackLink>
      </PageHeader>
      <DataTable
        key={messageId}
        label="SMS transactions"
        columns={COLUMNS}
        useQuery={useLiveSmsTransactions}
        params={params}
        getRowId={(t) => t.id}
        filters={FILTERS}
        toolbar={
          messageId && (
            <span className="inline-flex items-center gap-1 rounded-full bg-primary/10 py-1 ps-3 pe-1 text-sm text-blue-700 dark:bg-primary/20 dark:text-blue-300">
              SMS #{messageId}
              <button type="button" onClick={clearMessage} className="rounded-full p-0.5 hover:bg-primary/20 focus-visible:outline-2 focus-visible:outline-primary" aria-label="Show the recipients of every SMS">
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </span>
          )
        }
        search={{ placeholder: 'Phone number…', label: 'Search SMS recipients by phone' }}
        defaultSort={{ id: 'created_at', desc: true }}
        exportUrl="/sms/transactions/export"
        rowActions={(t) => (
          <Button size="sm" variant="ghost" onClick={() => setOpen(t.id)} aria-label={`Details of the SMS to ${t.contact_name ?? t.phone}`} title="Details">
            <Eye aria-hidden="true" className="size-4" />
          </Button>
        )}
        urlState
        empty={{ title: 'No SMS recipients yet', description: 'Each recipient of a send appears here with its delivery report.' }}
        errorFallback="Failed to load the SMS transactions"
      />
      <TransactionDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}

SmsTransactions.layout = AppLayout;
