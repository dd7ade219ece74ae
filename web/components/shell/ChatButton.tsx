import { Link } from '@inertiajs/react';
import { MessagesSquare } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { userChannel } from '@common/realtime';
import { cx } from '@/components/cx';
import { pageExists } from '@/lib/menu';
import { useCan, useSharedProps } from '@/lib/page';
import { useChannel } from '@/lib/realtime';
import { useAppDispatch, useAppSelector } from '@/store';
import { fetchUnread } from '@/store/chat-slice';
import { iconButton } from './styles';

/**
 * Chat in the top bar: a link to the conversations with the member's unread messages (issue 22,
 * "unread counts in the shell"), read at start and again when chat news reaches their own
 * channel (a new message, a read mark from another tab).
 */
export function ChatButton() {
  const can = useCan('chat.view') && pageExists('Chat/Overview');
  const me = useSharedProps().auth.user?.id ?? null;
  const unread = useAppSelector((s) => s.chat.unreadTotal);
  const dispatch = useAppDispatch();
  const timer = useRef<number | null>(null);

  useEffect(() => {
    if (can) void dispatch(fetchUnread());
    return () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    };
  }, [can, dispatch, me]);

  useChannel(can && me ? userChannel(me) : null, (event) => {
    if (!event.startsWith('chat.') || timer.current !== null) return;
    timer.current = window.setTimeout(() => {
      timer.current = null;
      void dispatch(fetchUnread());
    }, 300);
  });

  if (!can) return null;
  return (
    <Link href="/chat" className={cx(iconButton, 'relative')} aria-label={unread > 0 ? `Chat, ${unread} unread` : 'Chat'}>
      <MessagesSquare className="size-5" aria-hidden="true" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="chat-unread-count"
          className="absolute -end-0.5 -top-0.5 grid h-[1.125rem] min-w-[1.125rem] place-items-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white ring-2 ring-white dark:ring-dark"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
