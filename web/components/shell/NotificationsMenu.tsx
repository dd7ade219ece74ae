import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Link, router } from '@inertiajs/react';
import { Bell, CheckCheck } from 'lucide-react';
import { toast } from 'react-toastify';
import { cx } from '@/components/cx';
import { errorMessage } from '@/lib/errors';
import { pageExists } from '@/lib/menu';
import { useSharedProps } from '@/lib/page';
import { useGetRecentNotificationsQuery, useMarkAllNotificationsReadMutation, useMarkNotificationReadMutation, type NotificationItem } from './notifications-api';
import { dropdown, iconButton } from './styles';
import type { ShellProps } from './use-shell';

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'short' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/** "5 min. ago", "yesterday"… */
export function timeAgo(iso: string, now = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  let value = (then - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return '';
}

function Item({ item, onOpen }: { item: NotificationItem; onOpen: (item: NotificationItem) => void }) {
  const unread = !item.read_at;
  const href = item.url || (pageExists('Notifications') ? '/notifications' : null);
  const content = (
    <>
      <span
        aria-hidden="true"
        className={cx('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')}
      />
      <span className="min-w-0 flex-1">
        <span className={cx('block truncate text-sm', unread ? 'font-semibold text-slate-900 dark:text-white' : 'text-slate-700 dark:text-slate-200')}>
          {item.title}
        </span>
        {unread && <span className="sr-only">Unread.</span>}
        {item.body && <span className="mt-0.5 line-clamp-2 block text-xs text-slate-600 dark:text-slate-400">{item.body}</span>}
        <time dateTime={item.created_at} className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
          {timeAgo(item.created_at)}
        </time>
      </span>
    </>
  );
  const classes = 'flex gap-3 px-4 py-3';
  if (!href) return <div className={classes}>{content}</div>;
  const external = /^https?:\/\//i.test(href) && !href.startsWith(window.location.origin);
  const linkClasses = cx(classes, 'transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary dark:hover:bg-slate-700/50 dark:focus-visible:bg-slate-700/50');
  return external ? (
    <a href={href} className={linkClasses} onClick={() => onOpen(item)}>
      {content}
    </a>
  ) : (
    <Link href={href} className={linkClasses} onClick={() => onOpen(item)}>
      {content}
    </Link>
  );
}

function Panel({ close }: { close: () => void }) {
  const { data, isLoading, isError, error, refetch } = useGetRecentNotificationsQuery();
  const [markAll, { isLoading: marking }] = useMarkAllNotificationsReadMutation();
  const [markRead] = useMarkNotificationReadMutation();
  const { notifications } = useSharedProps<ShellProps>();
  const unread = data?.unread ?? notifications?.unread ?? 0;

  // The badge is a shared prop: ask the server for it again after a change.
  const refreshBadge = () => router.reload({ only: ['notifications'] });

  async function markAllRead() {
    try {
      await markAll().unwrap();
      refreshBadge();
    } catch (err) {
      toast.error(errorMessage(err, 'An error occurred'));
    }
  }

  function open(item: NotificationItem) {
    close();
    if (!item.read_at) void markRead(item.id).unwrap().then(refreshBadge, () => undefined);
  }

  return (
    <>
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3 dark:border-slate-700">
        <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Notifications</h2>
        <button
          type="button"
          onClick={markAllRead}
          disabled={unread === 0 || marking}
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-primary hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:text-slate-500 disabled:hover:bg-transparent dark:text-primary-light dark:disabled:text-slate-500"
        >
          <CheckCheck className="size-4" aria-hidden="true" />
          Mark all as read
        </button>
      </div>
      <div className="max-h-96 overflow-y-auto" aria-live="polite" aria-busy={isLoading}>
        {isLoading ? (
          <ul aria-label="Loading notifications" className="divide-y divide-slate-100 dark:divide-slate-700">
            {[0, 1, 2].map((i) => (
              <li key={i} className="flex gap-3 px-4 py-3">
                <span className="h-3 w-2/3 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
              </li>
            ))}
          </ul>
        ) : isError ? (
          <div className="px-4 py-6 text-center text-sm text-slate-600 dark:text-slate-300">
            <p>{errorMessage(error, 'An error occurred')}</p>
            <button type="button" onClick={() => void refetch()} className="mt-2 font-medium text-primary underline-offset-2 hover:underline dark:text-primary-light">
              Try again
            </button>
          </div>
        ) : !data || data.data.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-slate-600 dark:text-slate-300">You have no notifications.</p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-700">
            {data.data.map((item) => (
              <li key={item.id}>
                <Item item={item} onOpen={open} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {pageExists('Notifications') && (
        <div className="border-t border-slate-100 p-2 dark:border-slate-700">
          <Link
            href="/notifications"
            onClick={close}
            className="block rounded-md px-3 py-2 text-center text-sm font-medium text-primary hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary dark:text-primary-light"
          >
            View all
          </Link>
        </div>
      )}
    </>
  );
}

/** The bell: unread count from the shared prop, the latest notifications in a dropdown. */
export function NotificationsMenu() {
  const { notifications } = useSharedProps<ShellProps>();
  const unread = Math.max(0, Number(notifications?.unread) || 0);
  return (
    // Positioned in place rather than anchored: an anchored (portalled) panel adds focus
    // sentinels that axe reports as focusable aria-hidden elements.
    <Popover className="relative">
      <PopoverButton className={cx(iconButton, 'relative data-open:bg-slate-100 dark:data-open:bg-slate-700')} aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}>
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="unread-count"
            className="absolute -end-0.5 -top-0.5 grid h-[1.125rem] min-w-[1.125rem] place-items-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white ring-2 ring-white dark:ring-dark"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </PopoverButton>
      <PopoverPanel
        className={cx(
          dropdown,
          'flex flex-col max-sm:fixed max-sm:inset-x-2 max-sm:top-16 sm:absolute sm:end-0 sm:top-full sm:mt-2 sm:w-[22rem]',
        )}
      >
        {({ close }) => <Panel close={close} />}
      </PopoverPanel>
    </Popover>
  );
}
