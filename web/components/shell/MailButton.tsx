import { Link } from '@inertiajs/react';
import { Mail } from 'lucide-react';
import { useEffect } from 'react';
import { formatCount } from '@common/format';
import { MAILBOX_EVENTS, type MailboxSyncedPush } from '@common/schemas/mailbox';
import { userChannel } from '@common/realtime';
import { cx } from '@/components/cx';
import { pageExists } from '@/lib/menu';
import { useCan, useSharedProps } from '@/lib/page';
import { useChannel } from '@/lib/realtime';
import { useAppDispatch, useAppSelector } from '@/store';
import { fetchMailUnread, mailboxActions } from '@/store/mailbox-slice';
import { iconButton } from './styles';

/**
 * The mailbox in the top bar (issue 23, "new mail appears live with the unread count in the
 * shell"): unread mail in the member's inboxes, read at start and set again by each sync's push
 * on their own channel.
 */
export function MailButton() {
  const can = useCan('mailbox.view') && pageExists('Mailbox/Overview');
  const me = useSharedProps().auth.user?.id ?? null;
  const unread = useAppSelector((s) => s.mailbox.unreadTotal);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (can) void dispatch(fetchMailUnread());
  }, [can, dispatch, me]);

  useChannel(can && me ? userChannel(me) : null, (event, payload) => {
    if (event === MAILBOX_EVENTS.synced) dispatch(mailboxActions.unreadCounted((payload as MailboxSyncedPush).unread_total));
  });

  if (!can) return null;
  return (
    <Link href="/mailbox" className={cx(iconButton, 'relative')} aria-label={unread > 0 ? `Mailbox, ${formatCount(unread)} unread` : 'Mailbox'}>
      <Mail className="size-5" aria-hidden="true" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="mail-unread-count"
          className="absolute -end-0.5 -top-0.5 grid h-[1.125rem] min-w-[1.125rem] place-items-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white ring-2 ring-white dark:ring-dark"
        >
          {unread > 99 ? '99+' : formatCount(unread)}
        </span>
      )}
    </Link>
  );
}
