import { useEffect, useRef } from 'react';
import { CHAT_EVENTS, threadChannel, type ChatMessageRow } from '@common/answers/chat';
import { CHAT_TYPING_MS, type ChatStatus } from '@common/schemas/chat';
import { companyChannel, ONLINE_USERS, userChannel } from '@common/realtime';
import { useSharedProps } from '@/lib/page';
import { useChannel, usePresence } from '@/lib/realtime';
import { useAppDispatch } from '@/store';
import { chatActions, fetchContactWithThreads, fetchThreadData } from '@/store/chat-slice';

/**
 * Chat's live updates (docs/decisions/0045-chat.md) while a chat page is open: the open thread's
 * channel (messages, edits, deletes, typing, membership changes), the member's own channel (any
 * thread's news: the list and its unread counts are read again, at most every half second), the
 * company's channel (statuses) and who is online (the presence channel online-users).
 */
export function useChatLive(threadId: number | null, search: string) {
  const dispatch = useAppDispatch();
  const { auth, tenant } = useSharedProps();
  const me = auth.user?.id ?? null;
  const refresh = useRef<number | null>(null);

  const reloadList = () => {
    if (refresh.current !== null) return;
    refresh.current = window.setTimeout(() => {
      refresh.current = null;
      void dispatch(fetchContactWithThreads(search));
    }, 500);
  };
  useEffect(() => () => {
    if (refresh.current !== null) window.clearTimeout(refresh.current);
  }, []);

  useChannel(threadId ? threadChannel(threadId) : null, (event, payload) => {
    if (event === CHAT_EVENTS.message || event === CHAT_EVENTS.updated || event === CHAT_EVENTS.deleted) {
      dispatch(chatActions.messageArrived(payload as ChatMessageRow));
    } else if (event === CHAT_EVENTS.typing) {
      const p = payload as { thread_id: number; user_id: number; name: string };
      if (p.user_id !== me) dispatch(chatActions.typingStarted({ ...p, until: Date.now() + CHAT_TYPING_MS }));
    } else if (event === CHAT_EVENTS.thread && threadId) {
      void dispatch(fetchThreadData(threadId));
    }
  });

  useChannel(me ? userChannel(me) : null, (event) => {
    if (Object.values(CHAT_EVENTS).includes(event as never)) reloadList();
  });

  useChannel(tenant ? companyChannel(tenant.id) : null, (event, payload) => {
    if (event === CHAT_EVENTS.status) dispatch(chatActions.statusChanged(payload as { user_id: number; status: ChatStatus }));
  });

  const online = usePresence(ONLINE_USERS);
  useEffect(() => {
    dispatch(chatActions.setOnlineUsers(online.map((m) => ({ id: m.user_id, name: m.user_info.name }))));
  }, [dispatch, online]);
}
