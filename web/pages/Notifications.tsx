import { Head, Link, router } from '@inertiajs/react';
import { CheckCheck, Eye, ExternalLink, Trash } from 'lucide-react';
import { createContext, useContext, useState } from 'react';
import { toast } from 'react-toastify';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import type { TableFilter } from '@/components/data-table/query';
import { Badge, StatusPill, statusLabel } from '@/components/display/Badge';
import { PageHeader } from '@/components/display/PageHeader';
import { formatDateTime, timeAgo } from '@/components/display/time';
import { Button, buttonClasses } from '@/components/form/Button';
import { cx } from '@/components/cx';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { Drawer } from '@/components/overlay/Drawer';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { DELETED, SHORT_TOAST } from '@/lib/toasts';
import { useSharedProps } from '@/lib/page';
import {
  useDeleteNotificationMutation,
  useGetNotificationsQuery,
  useMarkEveryNotificationReadMutation,
  useMarkNotificationsReadMutation,
  type NotificationRow,
} from '@/store/notifications-api';

// SPEC §8: a delete is confirmed by a warning toast that closes after 1500 ms.

const FILTERS: TableFilter[] = [
  {
    name: 'filter',
    label: 'Show',
    defaultValue: 'all',
    options: [
      { value: 'all', label: 'All' },
      { value: 'unread', label: 'Unread' },
    ],
  },
];

/** Same-site links go through Inertia; anything else is a normal link. */
function isInternal(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

function NotificationLink({ row, className, onOpen }: { row: NotificationRow; className?: string; onOpen?: () => void }) {
  if (!row.url) return <span className={className}>{row.title}</span>;
  const classes = cx('rounded-sm underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary', className);
  return isInternal(row.url) ? (
    <Link href={row.url} className={classes} onClick={onOpen}>
      {row.title}
    </Link>
  ) : (
    <a href={row.url} className={classes} onClick={onOpen} rel="noopener noreferrer">
      {row.title}
    </a>
  );
}

/** What a row's cells can do on the page (a link click reads the notification). */
const RowActions = createContext<{ onOpen: (row: NotificationRow) => void }>({ onOpen: () => {} });

function TitleCell({ row }: { row: NotificationRow }) {
  const { onOpen } = useContext(RowActions);
  const isUnread = !row.read_at;
  return (
    <div className="flex min-w-0 items-start gap-3 max-sm:text-start">
      <span aria-hidden="true" className={cx('mt-1.5 size-2 shrink-0 rounded-full', isUnread ? 'bg-primary' : 'bg-transparent')} />
      <div className="min-w-0">
        <NotificationLink
          row={row}
          onOpen={isUnread ? () => onOpen(row) : undefined}
          className={cx('block', isUnread ? 'font-semibold text-slate-900 dark:text-white' : 'text-slate-700 dark:text-slate-300')}
        />
        {isUnread && <span className="sr-only"> (unread)</span>}
        {row.body && <p className="mt-0.5 line-clamp-2 max-w-xl text-xs text-slate-600 dark:text-slate-400">{row.body}</p>}
      </div>
    </div>
  );
}

function ReceivedCell({ at }: { at: string }) {
  const { tenant } = useSharedProps();
  return (
    <time dateTime={at} title={formatDateTime(at, tenant?.timezone)}>
      {timeAgo(at)}
    </time>
  );
}

const col = columnHelper<NotificationRow>();
const COLUMNS = col.columns([
  col.accessor('title', {
    header: 'Notification',
    enableSorting: true,
    cell: ({ row }) => <TitleCell row={row.original} />,
  }),
  col.accessor('type', {
    header: 'Type',
    cell: ({ getValue }) => <Badge tone="secondary">{statusLabel(getValue())}</Badge>,
  }),
  col.accessor('read_at', {
    header: 'Status',
    cell: ({ getValue }) => <StatusPill status={getValue() ? 'read' : 'unread'} />,
  }),
  col.accessor('created_at', {
    header: 'Received',
    enableSorting: true,
    sortDescFirst: true,
    meta: { align: 'end', className: 'whitespace-nowrap tabular-nums' },
    cell: ({ getValue }) => <ReceivedCell at={getValue()} />,
  }),
]);

/** The shell shows the unread count (a shared prop): ask the server for it again after a change. */
function refreshUnreadBadge() {
  router.reload({ only: ['notifications'] });
}

export default function Notifications() {
  const { notifications, tenant } = useSharedProps<{ notifications?: { unread: number } }>();
  const unread = notifications?.unread ?? 0;
  const [markRead] = useMarkNotificationsReadMutation();
  const [markAll, { isLoading: markingAll }] = useMarkEveryNotificationReadMutation();
  const [remove, { isLoading: deleting }] = useDeleteNotificationMutation();
  const [toDelete, setToDelete] = useState<NotificationRow | null>(null);
  const [shown, setShown] = useState<NotificationRow | null>(null);

  async function read(ids: number[], { quiet = false } = {}) {
    try {
      const answer = await markRead(ids).unwrap();
      if (answer.failed.length) toast.error(`${answer.failed.length} of ${ids.length} could not be marked as read.`);
      else if (!quiet) toast.success(answer.message ?? 'Marked as read.', SHORT_TOAST);
      refreshUnreadBadge();
    } catch (err) {
      toast.error(errorMessage(err, 'An error occurred'));
    }
  }

  async function readAll() {
    try {
      const answer = await markAll().unwrap();
      toast.success(answer.message, SHORT_TOAST);
      refreshUnreadBadge();
    } catch (err) {
      toast.error(errorMessage(err, 'An error occurred'));
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await remove(toDelete.id).unwrap();
      toast.warning(DELETED, SHORT_TOAST);
      if (shown?.id === toDelete.id) setShown(null);
      setToDelete(null);
      if (!toDelete.read_at) refreshUnreadBadge();
    } catch (err) {
      toast.error(errorMessage(err, 'An error occurred'));
    }
  }

  function open(row: NotificationRow) {
    setShown(row);
    // Opening an unread notification reads it.
    if (!row.read_at) void read([row.id], { quiet: true });
  }

  return (
    <>
      <Head title="Notifications" />
      <PageHeader title="Notifications" description={unread ? `${unread} unread` : 'You are all caught up.'} />

      <RowActions.Provider value={{ onOpen: (row) => void read([row.id], { quiet: true }) }}>
      <DataTable
        label="Notifications"
        columns={COLUMNS}
        useQuery={useGetNotificationsQuery}
        getRowId={(n) => n.id}
        rowLabel={(n) => n.title}
        rowClassName={(n) => (n.read_at ? undefined : 'bg-primary/[0.03] dark:bg-primary/[0.06]')}
        search={{ placeholder: 'Search notifications…', label: 'Search notifications' }}
        filters={FILTERS}
        defaultSort={{ id: 'created_at', desc: true }}
        selectable
        bulkActions={[
          {
            label: 'Mark as read',
            icon: <CheckCheck aria-hidden="true" className="size-4" />,
            onAction: (_rows, ids) => read(ids.map(Number)),
          },
        ]}
        toolbar={
          <Button variant="outline" onClick={() => void readAll()} disabled={unread === 0 || markingAll} busy={markingAll}>
            <CheckCheck aria-hidden="true" className="size-4" />
            Mark all as read
          </Button>
        }
        rowActions={(n) => (
          <>
            <Button size="sm" variant="ghost" onClick={() => open(n)} aria-label={`View ${n.title}`}>
              <Eye aria-hidden="true" className="size-4" />
            </Button>
            {!n.read_at && (
              <Button size="sm" variant="ghost" onClick={() => void read([n.id])} aria-label={`Mark as read: ${n.title}`}>
                Mark as read
              </Button>
            )}
            <Button size="sm" variant="danger-ghost" onClick={() => setToDelete(n)} aria-label={`Delete ${n.title}`}>
              <Trash aria-hidden="true" className="size-4" />
            </Button>
          </>
        )}
        empty={{ title: 'No notifications', description: 'When something needs your attention, it will show here.' }}
        errorFallback="Failed to fetch notifications"
      />
      </RowActions.Provider>

      <Drawer
        open={shown !== null}
        onClose={() => setShown(null)}
        title={shown?.title ?? ''}
        footer={
          shown && (
            <>
              <Button
                variant="outline"
                className="text-danger-strong dark:text-red-300"
                onClick={() => {
                  // One dialog at a time: the drawer closes, the question opens.
                  setShown(null);
                  setToDelete(shown);
                }}
              >
                <Trash aria-hidden="true" className="size-4" />
                Delete
              </Button>
              {shown.url && (
                isInternal(shown.url) ? (
                  <Link href={shown.url} className={buttonClasses('primary')}>
                    Open
                    <ExternalLink aria-hidden="true" className="size-4 rtl:-scale-x-100" />
                  </Link>
                ) : (
                  <a href={shown.url} rel="noopener noreferrer" className={buttonClasses('primary')}>
                    Open
                    <ExternalLink aria-hidden="true" className="size-4 rtl:-scale-x-100" />
                  </a>
                )
              )}
            </>
          )
        }
      >
        {shown && (
          <dl className="space-y-4">
            <div>
              <dt className="text-xs font-medium text-slate-500 uppercase dark:text-slate-400">Received</dt>
              <dd className="mt-1">
                <time dateTime={shown.created_at}>{formatDateTime(shown.created_at, tenant?.timezone)}</time>
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-slate-500 uppercase dark:text-slate-400">Type</dt>
              <dd className="mt-1">
                <Badge tone="secondary">{statusLabel(shown.type)}</Badge>
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-slate-500 uppercase dark:text-slate-400">Message</dt>
              <dd className="mt-1 whitespace-pre-line">{shown.body || 'No further details.'}</dd>
            </div>
          </dl>
        )}
      </Drawer>

      <ConfirmDialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
        busy={deleting}
        title="Delete this notification?"
      >
        {toDelete && (
          <p>
            <strong className="font-medium text-slate-900 dark:text-white">{toDelete.title}</strong> will be deleted. This cannot be undone.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

Notifications.layout = AppLayout;
