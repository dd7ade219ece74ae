import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessageRow, ChatThreadData } from '@common/answers/chat';
import { chatActions, chatCall, chatReducer, fetchContactWithThreads, fetchMessages, initialChatState, markAsRead, sendMessage, type ChatState } from './chat-slice';

const msg = (id: number, thread_id = 1, body = `m${id}`): ChatMessageRow => ({
  id,
  thread_id,
  sender_id: 2,
  sender_name: 'Amina',
  body,
  reply_to: null,
  attachments: [],
  edited_at: null,
  deleted_at: null,
  created_at: '2026-11-25T06:00:00.000Z',
});
const thread = { id: 1, type: 'direct', name: 'Amina', contact_id: 2, is_admin: false, unread_count: 0, last_message: null, last_message_at: null, created_at: '', participants: [], last_read_message_id: 0 } as ChatThreadData;
const open = (): ChatState => chatReducer(initialChatState, chatActions.openThread(thread));

describe('chat state (SPEC §3, §4, §8)', () => {
  it('has the fields of SPEC §3', () => {
    for (const k of ['messages', 'threadList', 'contacts', 'groups', 'calls', 'loading', 'thread', 'threadID', 'onlineUsers', 'chatThreads']) expect(initialChatState).toHaveProperty(k);
  });

  it('loading is true when a load starts and false when it succeeds or fails', () => {
    const pending = chatReducer(initialChatState, fetchContactWithThreads.pending('r1', ''));
    expect(pending.loading).toBe(true);
    expect(chatReducer(pending, fetchContactWithThreads.rejected(null, 'r1', '', { status: 500, message: 'Server Error' })).loading).toBe(false);
    const again = chatReducer(initialChatState, fetchMessages.pending('r2', { id: 1 }));
    expect(again.loading).toBe(true);
    expect(chatReducer(again, fetchMessages.fulfilled({ data: [], has_more: false, per_page: 30 }, 'r2', { id: 1 })).loading).toBe(false);
  });

  it('a failure is the call’s rejected value, kept for the page to show', () => {
    const failed = fetchContactWithThreads.rejected(null, 'r1', '', { status: 403, message: 'This action is unauthorized.' });
    expect(failed.payload).toEqual({ status: 403, message: 'This action is unauthorized.' });
    expect(chatReducer(initialChatState, failed)).toMatchObject({ listReady: true, listError: 'This action is unauthorized.' });
  });

  it('history: an older page goes above, the first page keeps what was pushed meanwhile, a live message lands once in id order', () => {
    let s = open();
    s = chatReducer(s, chatActions.messageArrived(msg(12)));
    s = chatReducer(s, fetchMessages.fulfilled({ data: [msg(9), msg(10), msg(11)], has_more: true, per_page: 3 }, 'a', { id: 1 }));
    expect(s.messages.map((m) => m.id)).toEqual([9, 10, 11, 12]);
    expect(s.hasMore).toBe(true);
    s = chatReducer(s, fetchMessages.fulfilled({ data: [msg(7), msg(8)], has_more: false, per_page: 3 }, 'b', { id: 1, before_id: 9 }));
    expect(s.messages.map((m) => m.id)).toEqual([7, 8, 9, 10, 11, 12]);
    // our own send and its echo on the channel, an edit, another thread's message
    s = chatReducer(s, sendMessage.fulfilled(msg(13), 'c', { thread_id: 1, body: 'm13' }));
    s = chatReducer(s, chatActions.messageArrived(msg(13)));
    s = chatReducer(s, chatActions.messageArrived({ ...msg(10), body: 'edited', edited_at: '2026-11-25T06:01:00.000Z' }));
    s = chatReducer(s, chatActions.messageArrived(msg(14, 2)));
    expect(s.messages.map((m) => m.id)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(s.messages.find((m) => m.id === 10)!.body).toBe('edited');
  });

  it('typing notices fade, a message from the typist ends theirs, marking read clears the thread’s count', () => {
    let s = open();
    s = chatReducer(s, chatActions.typingStarted({ thread_id: 1, user_id: 2, name: 'Amina', until: 1000 }));
    s = chatReducer(s, chatActions.typingStarted({ thread_id: 1, user_id: 3, name: 'Brian', until: 5000 }));
    s = chatReducer(s, chatActions.typingExpired(2000));
    expect(s.typing[1].map((t) => t.name)).toEqual(['Brian']);
    s = chatReducer(s, chatActions.messageArrived({ ...msg(20), sender_id: 3 }));
    expect(s.typing[1]).toEqual([]);
    s = { ...s, threadList: [{ ...thread, unread_count: 4 }], unreadTotal: 9 };
    s = chatReducer(s, markAsRead.fulfilled({ thread_id: 1, last_read_message_id: 20, unread_total: 5 }, 'm', { id: 1 }));
    expect(s.threadList[0].unread_count).toBe(0);
    expect(s.unreadTotal).toBe(5);
  });
});

describe('chatCall', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('declares a JSON body only when it sends one: a DELETE goes without, which the server would refuse', async () => {
    const seen: { method: string; headers: Record<string, string>; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: { method: string; headers: Record<string, string>; body?: unknown }) => {
      seen.push({ method: init.method, headers: init.headers, body: init.body });
      return new Response('{"data":{}}', { status: 200 });
    });
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=abc' });
    await chatCall('DELETE', '/chat/messages/delete/1');
    await chatCall('POST', '/chat/messages/store', { body: 'hi' });
    expect(seen[0].headers['Content-Type']).toBeUndefined();
    expect(seen[0].body).toBeUndefined();
    expect(seen[1].headers['Content-Type']).toBe('application/json');
    expect(seen[1].body).toBe('{"body":"hi"}');
  });
});
