import { Link, router } from '@inertiajs/react';
import { ArrowLeft, LogOut, Settings2, Users } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import type { ChatMessageRow, ChatThreadData } from '@common/answers/chat';
import { cx } from '@/components/cx';
import { Avatar } from '@/components/display/Avatar';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { useCan, useSharedProps } from '@/lib/page';
import { DELETED, SHORT_TOAST } from '@/lib/toasts';
import { useAppDispatch, useAppSelector } from '@/store';
import { chatActions, deleteMessage, fetchMessages, leaveGroup, markAsRead, type ChatFailure } from '@/store/chat-slice';
import { Composer } from './Composer';
import { GroupDialog } from './GroupDialog';
import { MessageBubble } from './MessageBubble';
import { shownStatus, STATUS_DOT, STATUS_LABEL, typingLine } from './presence';

/** Near the bottom: a new message scrolls into view; further up, the reader keeps their place. */
const NEAR_BOTTOM_PX = 120;

/**
 * An open thread: its header (name, members or the other member's status), the history with older
 * pages loaded as the reader scrolls up (keyset, GET /chat/get-messages/{id}?before_id=), who is
 * typing, and the composer. What arrives is marked read while the thread is open and visible.
 */
export function ThreadView({ thread }: { thread: ChatThreadData }) {
  const dispatch = useAppDispatch();
  const me = useSharedProps().auth.user!.id;
  const canDelete = useCan('chat.delete');
  const canEdit = useCan('chat.update');
  const { messages, hasMore, loading, onlineUsers, contacts, typing, messagesError: error } = useAppSelector((s) => s.chat);
  const [replyTo, setReplyTo] = useState<ChatMessageRow | null>(null);
  const [editing, setEditing] = useState<ChatMessageRow | null>(null);
  const [deleting, setDeleting] = useState<ChatMessageRow | null>(null);
  const [groupOpen, setGroupOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const keep = useRef<{ height: number; top: number } | null>(null);
  const stick = useRef(true);
  const loadingOlder = useRef(false);

  const load = useCallback((before_id?: number) => dispatch(fetchMessages({ id: thread.id, before_id })), [dispatch, thread.id]);

  // opening the thread: its data into the state, the newest page of history (the screen mounts a new view per thread)
  useEffect(() => {
    dispatch(chatActions.openThread(thread));
    stick.current = true;
    void load();
  }, [dispatch, thread, load]);

  // older pages as the top of the history comes into view
  useEffect(() => {
    const el = top.current;
    if (!el || !hasMore) return;
    const io = new IntersectionObserver(async ([entry]) => {
      if (!entry.isIntersecting || loadingOlder.current || !scroller.current) return;
      const first = messages[0];
      if (!first) return;
      loadingOlder.current = true;
      keep.current = { height: scroller.current.scrollHeight, top: scroller.current.scrollTop };
      await load(first.id);
      loadingOlder.current = false;
    }, { root: scroller.current, rootMargin: '200px 0px 0px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, messages, load]);

  // after a render: keep the reader's place when older messages came in above, else follow the newest
  useLayoutEffect(() => {
    const s = scroller.current;
    if (!s) return;
    if (keep.current) {
      s.scrollTop = keep.current.top + (s.scrollHeight - keep.current.height);
      keep.current = null;
    } else if (stick.current) {
      s.scrollTop = s.scrollHeight;
    }
  }, [messages]);

  // what others wrote is read once it is shown in a visible tab
  const lastOthers = [...messages].reverse().find((m) => m.sender_id !== me);
  useEffect(() => {
    if (!lastOthers || lastOthers.id <= thread.last_read_message_id) return;
    const mark = () => {
      if (document.visibilityState === 'visible') void dispatch(markAsRead({ id: thread.id, message_id: lastOthers.id }));
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [dispatch, lastOthers, thread.id, thread.last_read_message_id]);

  // typing notices fade when not repeated
  const typingHere = (typing[thread.id] ?? []).filter((t) => t.user_id !== me);
  useEffect(() => {
    if (!typingHere.length) return;
    const timer = window.setInterval(() => dispatch(chatActions.typingExpired(Date.now())), 1000);
    return () => window.clearInterval(timer);
  }, [dispatch, typingHere.length]);

  const remove = async () => {
    if (!deleting) return;
    const r = await dispatch(deleteMessage(deleting.id));
    setDeleting(null);
    if (r.meta.requestStatus === 'rejected') toast.error((r.payload as ChatFailure | undefined)?.message ?? 'Failed to delete the message');
    else toast.warning(DELETED, SHORT_TOAST);
  };

  const leave = async () => {
    const r = await dispatch(leaveGroup(thread.id));
    setLeaving(false);
    if (r.meta.requestStatus === 'rejected') toast.error((r.payload as ChatFailure | undefined)?.message ?? 'Failed to leave the group');
    else router.visit('/chat');
  };

  const status = thread.type === 'direct' ? shownStatus(thread.contact_id, onlineUsers, contacts) : null;
  const others = thread.participants.filter((p) => p.id !== me);

  return (
    <section className="flex h-full min-h-0 flex-col" aria-label={`Conversation: ${thread.name}`}>
      <header className="flex items-center gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
        <Link href="/chat" className="grid size-8 place-items-center rounded-md text-slate-500 hover:bg-slate-100 lg:hidden dark:hover:bg-slate-700" aria-label="Back to conversations">
          <ArrowLeft className="size-5 rtl:-scale-x-100" aria-hidden="true" />
        </Link>
        {thread.type === 'group' ? (
          <span className="grid size-10 place-items-center rounded-full bg-primary/10 text-primary dark:bg-primary/20" aria-hidden="true">
            <Users className="size-5" />
          </span>
        ) : (
          <span className="relative">
            <Avatar name={thread.name} src={others[0]?.avatar} />
            {status && <span className={cx('absolute -end-0.5 -bottom-0.5 size-3 rounded-full ring-2 ring-white dark:ring-slate-800', STATUS_DOT[status])} aria-hidden="true" />}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold text-slate-900 dark:text-white">{thread.name}</h2>
          <p className="truncate text-xs text-slate-600 dark:text-slate-400" data-testid="thread-subtitle">
            {thread.type === 'group' ? `${thread.participants.length} members: ${thread.participants.map((p) => p.name).join(', ')}` : STATUS_LABEL[status!]}
          </p>
        </div>
        {thread.type === 'group' && thread.is_admin && canEdit && (
          <button type="button" onClick={() => setGroupOpen(true)} className="grid size-9 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-slate-700 dark:hover:text-white" aria-label="Group settings">
            <Settings2 className="size-5" aria-hidden="true" />
          </button>
        )}
        {thread.type === 'group' && (
          <button type="button" onClick={() => setLeaving(true)} className="grid size-9 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-slate-700 dark:hover:text-white" aria-label="Leave the group">
            <LogOut className="size-5 rtl:-scale-x-100" aria-hidden="true" />
          </button>
        )}
      </header>

      <div
        ref={scroller}
        className="min-h-0 flex-1 overflow-y-auto px-4 py-3"
        onScroll={(e) => {
          const s = e.currentTarget;
          stick.current = s.scrollHeight - s.scrollTop - s.clientHeight < NEAR_BOTTOM_PX;
        }}
        tabIndex={0}
        aria-label="Messages"
      >
        <div ref={top} aria-hidden="true" />
        {hasMore && (
          <p className="py-2 text-center text-xs text-slate-500 dark:text-slate-400" data-testid="older-messages">
            {loading ? 'Loading older messages…' : 'Scroll up for older messages'}
          </p>
        )}
        {error && <ErrorAlert className="my-2" onRetry={() => void load(messages[0]?.id)}>{error}</ErrorAlert>}
        {!loading && !error && messages.length === 0 && <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">No messages yet. Say hello!</p>}
        <ol className="flex flex-col gap-2" aria-live="polite" aria-relevant="additions">
          {messages.map((m, i) => (
            <MessageBubble
              key={m.id}
              message={m}
              mine={m.sender_id === me}
              showSender={thread.type === 'group' && messages[i - 1]?.sender_id !== m.sender_id}
              actions={{
                onReply: (x) => {
                  setEditing(null);
                  setReplyTo(x);
                },
                onEdit: m.sender_id === me && canEdit ? (x) => {
                  setReplyTo(null);
                  setEditing(x);
                } : undefined,
                onDelete: canDelete && (m.sender_id === me || (thread.type === 'group' && thread.is_admin)) ? setDeleting : undefined,
              }}
            />
          ))}
        </ol>
      </div>
      <p className="h-5 px-4 text-xs text-slate-600 italic dark:text-slate-400" aria-live="polite" data-testid="typing-indicator">
        {typingLine(typingHere.map((t) => t.name))}
      </p>
      <Composer
        threadId={thread.id}
        replyTo={replyTo}
        editing={editing}
        onDone={() => {
          setReplyTo(null);
          setEditing(null);
          stick.current = true;
        }}
      />
      <ConfirmDialog open={deleting !== null} onClose={() => setDeleting(null)} onConfirm={remove} title="Delete this message?">
        It is removed for everyone in the conversation.
      </ConfirmDialog>
      <ConfirmDialog open={leaving} onClose={() => setLeaving(false)} onConfirm={leave} title="Leave this group?" confirmLabel="Leave">
        You will no longer see its messages unless an admin adds you again.
      </ConfirmDialog>
      {thread.type === 'group' && <GroupDialog open={groupOpen} onClose={() => setGroupOpen(false)} group={thread} />}
    </section>
  );
}
