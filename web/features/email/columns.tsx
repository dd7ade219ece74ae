import { MousePointerClick, MailOpen } from 'lucide-react';
import { columnHelper } from '@/components/data-table/features';
import { StatusPill } from '@/components/display/Badge';
import { DateTimeText } from '@/components/display/DateText';
import type { EmailTransactionRow } from '@/store/email-api';
import { STATE_LABEL, STATE_TONE } from './labels';

function Recipient({ row }: { row: EmailTransactionRow }) {
  return (
    <div className="min-w-0">
      <div className="truncate text-slate-900 [unicode-bidi:plaintext] dark:text-white">{row.email}</div>
      {row.contact_name && <div className="text-xs text-slate-500 dark:text-slate-400">{row.contact_name}</div>}
    </div>
  );
}

function Outcome({ row }: { row: EmailTransactionRow }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex flex-wrap items-center gap-1.5">
        <StatusPill status={row.state} label={STATE_LABEL[row.state]} tone={STATE_TONE[row.state]} />
        {row.opened && (
          <span className="inline-flex items-center gap-1 text-xs text-emerald-700 dark:text-emerald-400">
            <MailOpen aria-hidden="true" className="size-3.5" />
            Opened
          </span>
        )}
        {row.clicked && (
          <span className="inline-flex items-center gap-1 text-xs text-sky-700 dark:text-sky-400">
            <MousePointerClick aria-hidden="true" className="size-3.5" />
            Clicked
          </span>
        )}
      </div>
      {row.reason && <span className="max-w-xs text-xs break-words text-slate-500 dark:text-slate-400">{row.reason}</span>}
    </div>
  );
}

const col = columnHelper<EmailTransactionRow>();
/** The recipients (Email/Transactions): when, to whom, which email, the outcome with its reason. Text is rendered as text: nothing a subject or a reason holds runs. */
export const EMAIL_TRANSACTION_COLUMNS = col.columns([
  col.accessor('created_at', { header: 'Date', enableSorting: true, sortDescFirst: true, meta: { className: 'whitespace-nowrap' }, cell: ({ getValue }) => <DateTimeText value={getValue()} /> }),
  col.accessor('email', { header: 'Recipient', cell: ({ row }) => <Recipient row={row.original} /> }),
  col.accessor('subject', { header: 'Subject', cell: ({ getValue }) => <span className="line-clamp-2 max-w-xs text-slate-700 dark:text-slate-200">{getValue()}</span> }),
  col.accessor('state', { header: 'Status', enableSorting: true, cell: ({ row }) => <Outcome row={row.original} /> }),
  col.accessor('sent_at', { header: 'Sent', meta: { className: 'whitespace-nowrap' }, cell: ({ getValue }) => (getValue() ? <DateTimeText value={getValue()!} /> : <span className="text-slate-400">—</span>) }),
]);
