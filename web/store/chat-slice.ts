import { createAsyncThunk, createSlice, isAnyOf, isFulfilled, isPending, isRejected, type PayloadAction } from '@reduxjs/toolkit';
import type { ChatContact, ChatMessageRow, ChatMessagesPage, ChatOverview, ChatSearchHit, ChatThreadData, ChatThreadRow } from '@common/answers/chat';
import type { ChatStatus, StoreGroupInput, UpdateGroupInput } from '@common/schemas/chat';
import { xsrfToken } from '@/lib/cookies';

// The chat state of SPEC §3 (messages, threadList, contacts, groups, calls, loading, thread,
// threadID, onlineUsers, chatThreads) and its calls (§7 Chat). §4: `loading` is true when a
// request starts and false on success or failure; §8: a failure is passed on as the call's
// rejected value (the server's answer, `{ message, errors? }`, or the network's message).
// docs/decisions/0045-chat.md.

export type ChatFailure = { status: number | null; message: string; errors?: Record<string, string[]> };
export type TypingMember = { user_id: number; name: string; until: number };
export type OnlineUser = { id: number; name: string };

export type ChatState = {
  /** the open thread's history, oldest first */
  messages: ChatMessageRow[];
  /** older messages remain above the first (infinite scroll up) */
  hasMore: boolean;
  /** the member's threads, newest activity first, with unread counts */
  threadList: ChatThreadRow[];
  contacts: ChatContact[];
  /** the group threads among threadList */
  groups: ChatThreadRow[];
  /** voice and video calls are not part of Kazi's chat: always empty (decision 0045) */
  calls: never[];
  loading: boolean;
  /** the open thread with its members */
  thread: ChatThreadData | null;
  threadID: number | null;
  /** who is connected now (the presence channel online-users) */
  onlineUsers: OnlineUser[];
  /** messages found by the search across threads */
  chatThreads: ChatSearchHit[];
  unreadTotal: number;
  /** the member's own chosen status */
  status: ChatStatus | null;
  /** who is typing, per thread */
  typing: Record<number, TypingMember[]>;
  /** the thread list has answered once (or failed): the sidebar stops showing its skeleton */
  listReady: boolean;
  /** why the thread list failed, if it did */
  listError: string | null;
  /** why the open thread's history failed, if it did */
  messagesError: string | null;
};

export const initialChatState: ChatState = {
  messages: [],
  hasMore: false,
  threadList: [],
  contacts: [],
  groups: [],
  calls: [],
  loading: false,
  thread: null,
  threadID: null,
  onlineUsers: [],
  chatThreads: [],
  unreadTotal: 0,
  status: null,
  typing: {},
  listReady: false,
  listError: null,
  messagesError: null,
};

/** A JSON call as RTK Query makes it (script header, XSRF token); a failure is thrown as a ChatFailure. */
export async function chatCall<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  if (method !== 'GET') {
    // a JSON type with no body is refused (400) by the server: a DELETE carries none
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const token = xsrfToken();
    if (token) headers['X-XSRF-TOKEN'] = token;
  }
  let response: Response;
  try {
    response = await fetch(url, { method, credentials: 'same-origin', headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw { status: null, message: 'Network error: the server could not be reached' } satisfies ChatFailure;
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    throw { status: response.status, message: 'The server sent an unreadable answer' } satisfies ChatFailure;
  }
  if (!response.ok) {
    const d = (data ?? {}) as { message?: string; errors?: Record<string, string[]> };
    throw { status: response.status, message: d.message || 'An error occurred', errors: d.errors } satisfies ChatFailure;
  }
  return data as T;
}

const thunk = <R, A>(type: string, run: (arg: A) => Promise<R>) =>
  createAsyncThunk<R, A, { rejectValue: ChatFailure }>(`chat/${type}`, async (arg, { rejectWithValue }) => {
    try {
      return await run(arg);
    } catch (err) {
      return rejectWithValue(err as ChatFailure);
    }
  });

type Data<T> = { data: T };
type Written<T> = { message: string; data: T };

export const fetchContacts = thunk('getContacts', async (search: string = '') =>
  (await chatCall<Data<ChatContact[]>>('GET', `/chat/get-contacts${search ? `?search=${encodeURIComponent(search)}` : ''}`)).data,
);
/** The direct thread with a member (made on first use): its id is data.id. */
export const fetchContactThread = thunk('getContactThread', async (userId: number) => (await chatCall<Data<ChatThreadData>>('GET', `/chat/get-contact-thread/${userId}`)).data);
export const fetchThreadData = thunk('threadData', async (id: number) => (await chatCall<Data<ChatThreadData>>('GET', `/chat/thread-data/${id}`)).data);
export const updateStatus = thunk('updateStatus', async (status: ChatStatus) => (await chatCall<Written<{ status: ChatStatus }>>('POST', '/chat/update-status', { status })).data);
export const sendMessage = thunk(
  'sendMessage',
  async (input: { thread_id: number; body: string; reply_to_id?: number | null; attachment_ids?: number[] }) =>
    (await chatCall<Written<ChatMessageRow>>('POST', '/chat/send-message', input)).data,
);
export const fetchMessages = thunk('getMessages', async ({ id, before_id }: { id: number; before_id?: number }) =>
  chatCall<ChatMessagesPage>('GET', `/chat/get-messages/${id}${before_id ? `?before_id=${before_id}` : ''}`),
);
export const markAsRead = thunk(
  'markAsRead',
  async ({ id, message_id }: { id: number; message_id?: number }) =>
    (await chatCall<Written<{ thread_id: number; last_read_message_id: number; unread_total: number }>>('POST', `/chat/mark-as-read/${id}`, message_id ? { message_id } : {}))
      .data,
);
export const fetchContactWithThreads = thunk('getContactWithThreads', async (search: string = '') =>
  (await chatCall<Data<ChatOverview & { hits?: ChatSearchHit[] }>>('GET', `/chat/get-contact-with-threads${search ? `?search=${encodeURIComponent(search)}` : ''}`)).data,
);
export const fetchUnread = thunk('unread', async (_: void) => (await chatCall<Data<{ unread_total: number }>>('GET', '/chat/unread')).data.unread_total);
export const editMessage = thunk('editMessage', async ({ id, body }: { id: number; body: string }) => (await chatCall<Written<ChatMessageRow>>('PUT', `/chat/messages/update/${id}`, { body })).data);
export const deleteMessage = thunk('deleteMessage', async (id: number) => (await chatCall<Written<ChatMessageRow>>('DELETE', `/chat/messages/delete/${id}`)).data);
export const createGroup = thunk('createGroup', async (input: StoreGroupInput) => (await chatCall<Written<ChatThreadData>>('POST', '/chat/groups/store', input)).data);
export const updateGroup = thunk('updateGroup', async ({ id, ...input }: UpdateGroupInput & { id: number }) =>
  (await chatCall<Written<ChatThreadData>>('PUT', `/chat/groups/update/${id}`, input)).data,
);
export const leaveGroup = thunk('leaveGroup', async (id: number) => {
  await chatCall<{ message: string }>('POST', `/chat/groups/${id}/leave`, {});
  return id;
});
export const sendTyping = thunk('typing', async (id: number) => {
  await chatCall<{ message: string }>('POST', `/chat/typing/${id}`, {});
  return id;
});

/** A message into the open thread's list: replaced when known (an edit, a delete, our own echo), else added in id order. */
function upsert(list: ChatMessageRow[], m: ChatMessageRow) {
  const i = list.findIndex((x) => x.id === m.id);
  if (i >= 0) list[i] = m;
  else if (!list.length || list[list.length - 1].id < m.id) list.push(m);
  else {
    list.push(m);
    list.sort((a, b) => a.id - b.id);
  }
}

/** The calls that set the loading flag (SPEC §4): the lists and the history, not the small writes. */
const LOADS = [fetchContacts, fetchContactThread, fetchThreadData, fetchMessages, fetchContactWithThreads] as const;

const chatSlice = createSlice({
  name: 'chat',
  initialState: initialChatState,
  reducers: {
    /** opens a thread: its history starts empty until get-messages answers */
    openThread(state, action: PayloadAction<ChatThreadData>) {
      if (state.threadID !== action.payload.id) {
        state.messages = [];
        state.hasMore = false;
        state.messagesError = null;
      }
      state.thread = action.payload;
      state.threadID = action.payload.id;
    },
    closeThread(state) {
      state.thread = null;
      state.threadID = null;
      state.messages = [];
      state.hasMore = false;
    },
    /** a message pushed live on the open thread's channel (new, edited or deleted) */
    messageArrived(state, action: PayloadAction<ChatMessageRow>) {
      if (action.payload.thread_id !== state.threadID) return;
      upsert(state.messages, action.payload);
      const typing = state.typing[action.payload.thread_id];
      if (typing) state.typing[action.payload.thread_id] = typing.filter((t) => t.user_id !== action.payload.sender_id);
    },
    typingStarted(state, action: PayloadAction<{ thread_id: number; user_id: number; name: string; until: number }>) {
      const { thread_id, ...who } = action.payload;
      const list = (state.typing[thread_id] ?? []).filter((t) => t.user_id !== who.user_id);
      state.typing[thread_id] = [...list, who];
    },
    /** drops typing notices whose time has passed */
    typingExpired(state, action: PayloadAction<number>) {
      for (const [id, list] of Object.entries(state.typing)) state.typing[Number(id)] = list.filter((t) => t.until > action.payload);
    },
    setOnlineUsers(state, action: PayloadAction<OnlineUser[]>) {
      state.onlineUsers = action.payload;
    },
    userJoined(state, action: PayloadAction<OnlineUser>) {
      if (!state.onlineUsers.some((u) => u.id === action.payload.id)) state.onlineUsers.push(action.payload);
    },
    userLeft(state, action: PayloadAction<{ id: number }>) {
      state.onlineUsers = state.onlineUsers.filter((u) => u.id !== action.payload.id);
    },
    statusChanged(state, action: PayloadAction<{ user_id: number; status: ChatStatus }>) {
      const c = state.contacts.find((x) => x.id === action.payload.user_id);
      if (c) c.status = action.payload.status;
    },
    unreadChanged(state, action: PayloadAction<number>) {
      state.unreadTotal = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchContacts.fulfilled, (state, { payload }) => {
        state.contacts = payload;
      })
      .addCase(fetchThreadData.fulfilled, (state, { payload }) => {
        if (state.threadID === null || state.threadID === payload.id) {
          state.thread = payload;
          state.threadID = payload.id;
        }
      })
      .addCase(fetchMessages.fulfilled, (state, { payload, meta }) => {
        if (meta.arg.id !== state.threadID) return;
        // a later page goes above what is shown; the first page replaces it (keeping messages pushed meanwhile)
        if (meta.arg.before_id) state.messages = [...payload.data, ...state.messages.filter((m) => m.id >= meta.arg.before_id!)];
        else {
          const newer = state.messages.filter((m) => !payload.data.length || m.id > payload.data[payload.data.length - 1].id);
          state.messages = [...payload.data, ...newer];
        }
        state.hasMore = payload.has_more;
        state.messagesError = null;
      })
      .addCase(fetchMessages.rejected, (state, { payload, meta }) => {
        if (meta.arg.id === state.threadID) state.messagesError = payload?.message ?? 'Failed to load the messages';
      })
      .addCase(fetchContactWithThreads.fulfilled, (state, { payload }) => {
        state.threadList = payload.threads;
        state.groups = payload.groups;
        state.contacts = payload.contacts;
        state.unreadTotal = payload.unread_total;
        state.status = payload.status;
        state.chatThreads = payload.hits ?? [];
        state.listReady = true;
        state.listError = null;
      })
      .addCase(fetchContactWithThreads.rejected, (state, { payload }) => {
        state.listReady = true;
        state.listError = payload?.message ?? 'Failed to load the conversations';
      })
      .addCase(fetchUnread.fulfilled, (state, { payload }) => {
        state.unreadTotal = payload;
      })
      .addCase(updateStatus.fulfilled, (state, { payload }) => {
        state.status = payload.status;
      })
      .addCase(sendMessage.fulfilled, (state, { payload }) => {
        if (payload.thread_id === state.threadID) upsert(state.messages, payload);
        const t = state.threadList.find((x) => x.id === payload.thread_id);
        if (t) {
          t.last_message = { id: payload.id, sender_id: payload.sender_id, sender_name: payload.sender_name, body: payload.body, has_attachments: payload.attachments.length > 0, deleted: false, created_at: payload.created_at };
          t.last_message_at = payload.created_at;
          state.threadList = [t, ...state.threadList.filter((x) => x.id !== t.id)];
        }
      })
      .addCase(editMessage.fulfilled, (state, { payload }) => {
        if (payload.thread_id === state.threadID) upsert(state.messages, payload);
      })
      .addCase(deleteMessage.fulfilled, (state, { payload }) => {
        if (payload.thread_id === state.threadID) upsert(state.messages, payload);
      })
      .addCase(markAsRead.fulfilled, (state, { payload }) => {
        state.unreadTotal = payload.unread_total;
        const t = state.threadList.find((x) => x.id === payload.thread_id);
        if (t) t.unread_count = 0;
      })
      .addCase(updateGroup.fulfilled, (state, { payload }) => {
        if (state.threadID === payload.id) state.thread = payload;
      });
    builder
      .addMatcher(isPending(...LOADS), (state) => {
        state.loading = true;
      })
      // several loads may overlap: the flag follows the last one to end
      .addMatcher(isAnyOf(isFulfilled(...LOADS), isRejected(...LOADS)), (state) => {
        state.loading = false;
      });
  },
});

export const chatActions = chatSlice.actions;
export const chatReducer = chatSlice.reducer;
