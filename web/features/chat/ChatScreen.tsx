import { MessagesSquare } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { ChatThreadData } from '@common/answers/chat';
import { cx } from '@/components/cx';
import { EmptyState } from '@/components/display/EmptyState';
import { useDebouncedValue } from '@/components/data-table/use-debounced-value';
import { useSharedProps } from '@/lib/page';
import { useAppDispatch, useAppSelector } from '@/store';
import { chatActions, fetchContactWithThreads } from '@/store/chat-slice';
import { ChatSidebar } from './ChatSidebar';
import { ThreadView } from './ThreadView';
import { useChatLive } from './use-chat-live';

/**
 * Chat's screen (Chat/Overview without a thread, Chat/ShowThread with one): the list beside the
 * open conversation on wide screens, one or the other on a phone. The list is
 * GET /chat/get-contact-with-threads (with the search), kept live by use-chat-live.
 */
export function ChatScreen({ thread }: { thread: ChatThreadData | null }) {
  const dispatch = useAppDispatch();
  const me = useSharedProps().auth.user!.id;
  const [search, setSearch] = useState('');
  const phrase = useDebouncedValue(search.trim(), 300);
  const { listReady: ready, listError: error } = useAppSelector((s) => s.chat);

  const load = useCallback(() => void dispatch(fetchContactWithThreads(phrase)), [dispatch, phrase]);
  useEffect(load, [load]);

  useEffect(() => {
    if (!thread) dispatch(chatActions.closeThread());
  }, [dispatch, thread]);

  useChatLive(thread?.id ?? null, phrase);

  return (
    <div className="flex h-[calc(100dvh-10rem)] min-h-[28rem] overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-900/5 dark:bg-slate-800 dark:ring-white/10">
      <aside className={cx('w-full shrink-0 border-e border-slate-200 lg:block lg:w-80 dark:border-slate-700', thread ? 'hidden' : 'block')} aria-label="Chats">
        <ChatSidebar activeId={thread?.id ?? null} me={me} search={search} onSearch={setSearch} ready={ready} error={error} onRetry={load} />
      </aside>
      <div className={cx('min-w-0 flex-1', thread ? 'block' : 'hidden lg:block')}>
        {thread ? (
          <ThreadView key={thread.id} thread={thread} />
        ) : (
          <EmptyState className="h-full" icon={<MessagesSquare className="size-6" />} title="Choose a conversation" description="Pick a chat on the left, or someone under People to start one." />
        )}
      </div>
    </div>
  );
}
