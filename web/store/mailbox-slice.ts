import { createAsyncThunk, createSlice, isAnyOf, isFulfilled, isPending, isRejected, type PayloadAction } from '@reduxjs/toolkit';
import type { Paginator } from '@common/schemas/list-query';
import { sortFolders, type MailboxAccount, type MailboxFolder, type MailDetail, type MailListItem } from '@common/schemas/mailbox';
import { chatCall as jsonCall, type ChatFailure as MailboxFailure } from './chat-slice';

// The mailbox state of SPEC §3/§4 (docs/decisions/0050-mailbox.md): the member's mailboxes, the
// one shown with its folders and tags, the selected folder, the paged mail list and the selected
// mail. §4: fetching the default account selects its first folder; adding a folder re-sorts by
// the fixed order and selects INBOX when none is; adding a mail keeps the list newest first and
// drops the last beyond 9; fetching one mail clears the selection while pending and on failure;
// `loading` is true while a list loads. §8: failures of default, mails and mailboxes are only
// logged; one mail's and a delete's are passed on as the rejected value.

export type { MailboxFailure };

export type MailboxState = {
  mailboxes: MailboxAccount[];
  mailbox: MailboxAccount | null;
  folders: MailboxFolder[];
  tags: MailboxFolder[];
  selectedFolder: MailboxFolder | null;
  mails: Paginator<MailListItem> | null;
  mail: MailDetail | null;
  loading: boolean;
  /** the default account has answered once (with an account or none) */
  ready: boolean;
  /** unread mail in the member's inboxes (the top bar's badge), counted up to 1,000 */
  unreadTotal: number;
};

export const initialMailboxState: MailboxState = {
  mailboxes: [],
  mailbox: null,
  folders: [],
  tags: [],
  selectedFolder: null,
  mails: null,
  mail: null,
  loading: false,
  ready: false,
  unreadTotal: 0,
};

/** SPEC §9: the list keeps at most this many mails after an add */
export const MAIL_LIST_KEEP = 9;

const thunk = <R, A>(type: string, run: (arg: A) => Promise<R>, logOnly = false) =>
  createAsyncThunk<R, A, { rejectValue: MailboxFailure }>(`mailbox/${type}`, async (arg, { rejectWithValue }) => {
    try {
      return await run(arg);
    } catch (err) {
      // SPEC §8: these failures are only logged
      if (logOnly) console.error(`mailbox ${type} failed`, err);
      return rejectWithValue(err as MailboxFailure);
    }
  });

type Data<T> = { data: T };

export const fetchDefault = thunk('default', async (_: void) => (await jsonCall<Data<MailboxAccount | null>>('GET', '/mailbox/default')).data, true);
export const fetchMailboxes = thunk('mailboxes', async (_: void) => (await jsonCall<Data<MailboxAccount[]>>('GET', '/mailbox/all-mailboxes')).data, true);
export const fetchMails = thunk(
  'mails',
  async ({ folderId, page = 1, search = '', perPage }: { folderId: number; page?: number; search?: string; perPage?: number }) => {
    const q = new URLSearchParams({ page: String(page) });
    if (search) q.set('search', search);
    if (perPage) q.set('perPage', String(perPage));
    return jsonCall<Paginator<MailListItem>>('GET', `/mailbox/mails/json/${folderId}?${q.toString()}`);
  },
  true,
);
export const fetchMail = thunk('mail', async ({ id, mailboxId }: { id: number; mailboxId: number }) =>
  (await jsonCall<Data<MailDetail>>('GET', `/mailbox/mails/${id}?mailbox_id=${mailboxId}`)).data,
);
export const fetchMailUnread = thunk('unread', async (_: void) => (await jsonCall<Data<{ unread_total: number }>>('GET', '/mailbox/unread')).data.unread_total, true);
export const deleteMailbox = thunk('delete', async (id: number) => {
  // a JSON body, even empty: the server refuses a JSON request without one
  await jsonCall<{ message: string }>('DELETE', `/mailbox/delete/${id}`, {});
  return id;
});

const LOADS = [fetchDefault, fetchMailboxes, fetchMails] as const;

const showAccount = (state: MailboxState, account: MailboxAccount | null) => {
  state.mailbox = account;
  state.folders = account ? sortFolders(account.folders) : [];
  state.tags = account?.tags ?? [];
};

const mailboxSlice = createSlice({
  name: 'mailbox',
  initialState: initialMailboxState,
  reducers: {
    /** switches to another of the member's mailboxes: its first folder is selected */
    switchMailbox(state, action: PayloadAction<MailboxAccount>) {
      showAccount(state, action.payload);
      state.selectedFolder = state.folders[0] ?? null;
      state.mails = null;
      state.mail = null;
    },
    /** the same account again (after a sync): folders and counts refreshed, the selection kept */
    refreshMailbox(state, action: PayloadAction<MailboxAccount>) {
      showAccount(state, action.payload);
      const selected = state.selectedFolder;
      state.selectedFolder = (selected && [...state.folders, ...state.tags].find((f) => f.id === selected.id)) || state.folders[0] || null;
    },
    selectFolder(state, action: PayloadAction<MailboxFolder>) {
      state.selectedFolder = action.payload;
      state.mail = null;
    },
    addFolder(state, action: PayloadAction<MailboxFolder>) {
      state.folders = sortFolders([...state.folders.filter((f) => f.id !== action.payload.id), action.payload]);
      if (!state.selectedFolder) state.selectedFolder = state.folders.find((f) => f.role === 'INBOX') ?? null;
    },
    addMail(state, action: PayloadAction<MailListItem>) {
      if (!state.mails) return;
      const list = [action.payload, ...state.mails.data.filter((m) => m.id !== action.payload.id)].sort((a, b) => b.date.localeCompare(a.date));
      state.mails.data = list.length > MAIL_LIST_KEEP ? list.slice(0, MAIL_LIST_KEEP) : list;
    },
    /** a mark changed here (read, starred) shows at once in the list and the open mail */
    mailMarked(state, action: PayloadAction<{ id: number; is_read?: boolean; is_starred?: boolean }>) {
      const { id, ...marks } = action.payload;
      const row = state.mails?.data.find((m) => m.id === id);
      if (row) Object.assign(row, marks);
      if (state.mail?.id === id) Object.assign(state.mail, marks);
    },
    clearMail(state) {
      state.mail = null;
    },
    /** the count a sync pushed with its news */
    unreadCounted(state, action: PayloadAction<number>) {
      state.unreadTotal = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchDefault.fulfilled, (state, action) => {
        showAccount(state, action.payload);
        state.selectedFolder = state.folders[0] ?? null;
        state.ready = true;
      })
      .addCase(fetchDefault.rejected, (state) => {
        state.ready = true;
      })
      .addCase(fetchMailboxes.fulfilled, (state, action) => {
        state.mailboxes = action.payload;
      })
      .addCase(fetchMails.fulfilled, (state, action) => {
        state.mails = action.payload;
      })
      .addCase(fetchMailUnread.fulfilled, (state, action) => {
        state.unreadTotal = action.payload;
      })
      .addCase(fetchMail.pending, (state) => {
        state.mail = null;
      })
      .addCase(fetchMail.fulfilled, (state, action) => {
        state.mail = action.payload;
        const row = state.mails?.data.find((m) => m.id === action.payload.id);
        if (row) row.is_read = true;
      })
      .addCase(fetchMail.rejected, (state) => {
        state.mail = null;
      })
      .addCase(deleteMailbox.fulfilled, (state, action) => {
        state.mailboxes = state.mailboxes.filter((m) => m.id !== action.payload);
        if (state.mailbox?.id === action.payload) {
          showAccount(state, null);
          state.selectedFolder = null;
          state.mails = null;
          state.mail = null;
        }
      })
      .addMatcher(isPending(...LOADS), (state) => {
        state.loading = true;
      })
      .addMatcher(isAnyOf(isFulfilled(...LOADS), isRejected(...LOADS)), (state) => {
        state.loading = false;
      });
  },
});

export const mailboxActions = mailboxSlice.actions;
export const mailboxReducer = mailboxSlice.reducer;
