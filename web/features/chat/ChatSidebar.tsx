import { router } from '@inertiajs/react';
import { formatDateTime, formatDayMonth } from '@common/format';
import { Paperclip, Search, Users, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import type { ChatContact, ChatThreadRow } from '@common/answers/chat';
import { CHAT_STATUSES, CHAT_UNREAD_CAP, type ChatStatus } from '@common/schemas/chat';
import { cx } from '@/components/cx';
import { Avatar } from '@/components/display/Avatar';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { Skeleton } from '@/components/display/Skeleton';
import { useCan } from '@/lib/page';
import { useAppDispatch, useAppSelector } from '@/store';
import { fetchContactThread, updateStatus, type ChatFailure } from '@/store/chat-slice';
import { GroupDialog } from './GroupDialog';
import { shownStatus, STATUS_DOT, STATUS_LABEL } from './presence';

const when = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return d.toDateString() === new Date().toDateString() ? formatDateTime(d).slice(-5) : formatDayMonth(d.getDate(), d.getMonth() + 1);
};

function ThreadItem({ t, active, me }: { t: ChatThreadRow; active: boolean; me: number }) {
  const { onlineUsers, contacts } = useAppSelector((s) => s.chat);
  const status = t.type === 'direct' ? shownStatus(t.contact_id, onlineUsers, contacts) : null;
  const last = t.last_message;
  const preview = !last ? 'No messages yet' : last.deleted ? 'Message deleted' : last.body || (last.has_attachments ? 'Attachment' : '');
  return (
    <li>
      <a
        href={`/chat/threads/${t.id}`}
        onClick={(e) => {
          e.preventDefault();
          router.visit(`/chat/threads/${t.id}`);
        }}
        aria-current={active ? 'page' : undefined}
        data-testid="chat-thread"
        data-thread-id={t.id}
        className={cx(
          'flex items-center gap-3 rounded-md px-3 py-2.5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary',
          active ? 'bg-primary/10 dark:bg-primary/20' : 'hover:bg-slate-50 dark:hover:bg-slate-700/50',
        )}
      >
        <span className="relative shrink-0">
          {t.type === 'group' ? (
            <span className="grid size-10 place-items-center rounded-full bg-primary/10 text-primary dark:bg-primary/20" aria-hidden="true">
              <Users className="size-5" />
            </span>
          ) : (
            <Avatar name={t.name} />
          )}
          {status && <span className={cx('absolute -end-0.5 -bottom-0.5 size-3 rounded-full ring-2 ring-white dark:ring-slate-800', STATUS_DOT[status])} aria-hidden="true" />}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cx('truncate text-sm', t.unread_count ? 'font-semibold text-slate-900 dark:text-white' : 'font-medium text-slate-800 dark:text-slate-100')}>{t.name}</span>
            <time className="shrink-0 text-xs text-slate-600 dark:text-slate-300" dateTime={t.last_message_at ?? undefined}>
              {when(t.last_message_at)}
            </time>
          </span>
          <span className="flex items-center justify-between gap-2">
            <span className="flex min-w-0 items-center gap-1 truncate text-xs text-slate-600 dark:text-slate-300">
              {last?.has_attachments && !last.deleted && <Paperclip className="size-3 shrink-0" aria-hidden="true" />}
              <span className="truncate">
                {last && !last.deleted && t.type === 'group' && <span>{last.sender_id === me ? 'You' : last.sender_name}: </span>}
                {last?.sender_id === me && t.type === 'direct' && !last.deleted && <span>You: </span>}
                {preview}
              </span>
            </span>
            {t.unread_count > 0 && (
              <span className="grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-primary px-1.5 text-[11px] font-semibold text-white" data-testid="thread-unread">
                <span className="sr-only">Unread: </span>
                {t.unread_count >= CHAT_UNREAD_CAP ? `${CHAT_UNREAD_CAP - 1}+` : t.unread_count}
              </span>
            )}
          </span>
        </span>
      </a>
    </li>
  );
}

function ContactItem({ c }: { c: ChatContact }) {
  const dispatch = useAppDispatch();
  const { onlineUsers, contacts } = useAppSelector((s) => s.chat);
  const status = shownStatus(c.id, onlineUsers, contacts);
  const open = async () => {
    if (c.thread_id) return router.visit(`/chat/threads/${c.thread_id}`);
    const r = await dispatch(fetchContactThread(c.id));
    if (r.meta.requestStatus === 'rejected') toast.error((r.payload as ChatFailure | undefined)?.message ?? 'Failed to open the conversation');
    else router.visit(`/chat/threads/${(r.payload as { id: number }).id}`);
  };
  return (
    <li>
      <button type="button" onClick={open} className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-start hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary dark:hover:bg-slate-700/50" data-testid="chat-contact">
        <span className="relative shrink-0">
          <Avatar name={c.name} src={c.avatar} size="sm" />
          <span className={cx('absolute -end-0.5 -bottom-0.5 size-2.5 rounded-full ring-2 ring-white dark:ring-slate-800', STATUS_DOT[status])} aria-hidden="true" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-slate-800 dark:text-slate-100">{c.name}</span>
          <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{STATUS_LABEL[status]}</span>
        </span>
      </button>
    </li>
  );
}

/**
 * The list side of chat: the member's status, a search across threads (names and messages),
 * their threads with unread counts, the company's members to start a conversation with, and a
 * new group.
 */
export function ChatSidebar({
  activeId,
  me,
  search,
  onSearch,
  ready,
  error,
  onRetry,
}: {
  activeId: number | null;
  me: number;
  search: string;
  onSearch: (v: string) => void;
  /** the first list has arrived (or failed) */
  ready: boolean;
  error: string | null;
  onRetry: () => void;
}) {
  const dispatch = useAppDispatch();
  const { threadList, contacts, chatThreads, status } = useAppSelector((s) => s.chat);
  const canCreate = useCan('chat.create');
  const [tab, setTab] = useState<'chats' | 'contacts'>('chats');
  const [newGroup, setNewGroup] = useState(false);
  const loaded = ready && !error;

  const chooseStatus = async (s: ChatStatus) => {
    const r = await dispatch(updateStatus(s));
    if (r.meta.requestStatus === 'rejected') toast.error((r.payload as ChatFailure | undefined)?.message ?? 'Failed to update the status');
  };

  const tabClass = (on: boolean) =>
    cx('flex-1 border-b-2 px-3 py-2 text-sm font-medium', on ? 'border-primary text-primary dark:text-blue-300' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white');

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="space-y-3 border-b border-slate-200 p-3 dark:border-slate-700">
        <div className="flex items-center gap-2">
          <label htmlFor="chat-status" className="text-xs font-medium text-slate-600 dark:text-slate-400">
            My status
          </label>
          <select
            id="chat-status"
            value={status ?? 'online'}
            onChange={(e) => void chooseStatus(e.target.value as ChatStatus)}
            className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
          >
            {CHAT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
          {canCreate && (
            <button type="button" onClick={() => setNewGroup(true)} className="ms-auto inline-flex h-8 items-center gap-1 rounded-md px-2 text-sm font-medium text-primary hover:bg-primary/10 dark:text-blue-300">
              <UsersRound className="size-4" aria-hidden="true" />
              New group
            </button>
          )}
        </div>
        <div className="relative">
          <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <label htmlFor="chat-search" className="sr-only">
            Search conversations and messages
          </label>
          <input
            id="chat-search"
            type="search"
            value={search}
            onChange={(e) => onSearch(e.target.value)}
            maxLength={200}
            placeholder="Search conversations and messages"
            className="h-9 w-full rounded-md border border-slate-300 bg-white ps-9 pe-3 text-sm text-slate-900 placeholder:text-slate-500 focus:border-primary focus:ring-1 focus:ring-primary focus:outline-none dark:border-slate-600 dark:bg-slate-900 dark:text-white dark:placeholder:text-slate-400"
          />
        </div>
      </div>
      <div className="flex" role="tablist" aria-label="Conversations or people">
        <button type="button" role="tab" aria-selected={tab === 'chats'} className={tabClass(tab === 'chats')} onClick={() => setTab('chats')}>
          Chats
        </button>
        <button type="button" role="tab" aria-selected={tab === 'contacts'} className={tabClass(tab === 'contacts')} onClick={() => setTab('contacts')}>
          People
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-2" role="tabpanel">
        {error && <ErrorAlert onRetry={onRetry}>{error}</ErrorAlert>}
        {!loaded && !error && (
          <div className="space-y-2 p-2" aria-label="Loading conversations">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        )}
        {loaded && tab === 'chats' && (
          <>
            <ul aria-label="Conversations">
              {threadList.map((t) => (
                <ThreadItem key={t.id} t={t} active={t.id === activeId} me={me} />
              ))}
            </ul>
            {threadList.length === 0 && !search && <p className="px-3 py-6 text-center text-sm text-slate-500 dark:text-slate-400">No conversations yet. Pick someone under People to start one.</p>}
            {search && (
              <section className="mt-3" aria-label="Messages found">
                <h3 className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">Messages</h3>
                {chatThreads.length === 0 ? (
                  <p className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">No messages match “{search}”.</p>
                ) : (
                  <ul>
                    {chatThreads.map((h) => (
                      <li key={h.message.id}>
                        <a
                          href={`/chat/threads/${h.thread_id}`}
                          onClick={(e) => {
                            e.preventDefault();
                            router.visit(`/chat/threads/${h.thread_id}`);
                          }}
                          className="block rounded-md px-3 py-2 hover:bg-slate-50 dark:hover:bg-slate-700/50"
                          data-testid="chat-hit"
                        >
                          <span className="block text-xs font-medium text-slate-700 dark:text-slate-200">
                            {h.thread_name} · {h.message.sender_name}
                          </span>
                          <span className="line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{h.message.body}</span>
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            )}
          </>
        )}
        {loaded && tab === 'contacts' && (
          <ul aria-label="People">
            {contacts.map((c) => (
              <ContactItem key={c.id} c={c} />
            ))}
            {contacts.length === 0 && <li className="px-3 py-6 text-center text-sm text-slate-500 dark:text-slate-400">{search ? 'Nobody matches.' : 'Nobody else is in the company yet.'}</li>}
          </ul>
        )}
      </div>
      <GroupDialog open={newGroup} onClose={() => setNewGroup(false)} />
    </div>
  );
}
