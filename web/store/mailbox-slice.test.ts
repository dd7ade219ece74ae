import { describe, expect, it, vi } from 'vitest';
import type { MailboxAccount, MailboxFolder, MailListItem } from '@common/schemas/mailbox';
import type { Paginator } from '@common/schemas/list-query';
import { deleteMailbox, fetchDefault, fetchMail, fetchMails, initialMailboxState, mailboxActions, mailboxReducer, MAIL_LIST_KEEP } from './mailbox-slice';

const folder = (id: number, role: MailboxFolder['role'], name: string = role ?? `Tag ${id}`): MailboxFolder => ({ id, role, name, path: name, unread: 0 });
const account: MailboxAccount = {
  id: 1,
  name: 'Work',
  email: 'me@work.test',
  default: true,
  provider: 'imap',
  last_synced_at: null,
  sync_status: 'idle',
  sync_error: null,
  reconnect_reason: null,
  sync_done: 0,
  sync_total: 0,
  // as a server might list them: not in the fixed order
  folders: [folder(4, 'TRASH'), folder(2, 'SENT'), folder(1, 'INBOX'), folder(3, 'SPAM')],
  tags: [folder(9, null, 'Projects')],
};
const mail = (id: number, day: number): MailListItem => ({
  id,
  mailbox_id: 1,
  folder_id: 1,
  subject: `m${id}`,
  from: { name: '', address: 'a@b.test' },
  snippet: '',
  date: new Date(Date.UTC(2026, 0, day)).toISOString(),
  is_read: false,
  is_starred: false,
  has_attachments: false,
});
const pageOf = (data: MailListItem[]) => ({ current_page: 1, last_page: 1, links: [], data }) as unknown as Paginator<MailListItem>;

describe('mailbox state (SPEC §3, §4, §8, §9)', () => {
  it('fetching the default account sorts its folders in the fixed order and selects the first', () => {
    const s = mailboxReducer(initialMailboxState, fetchDefault.fulfilled(account, 'r', undefined));
    expect(s.folders.map((f) => f.role)).toEqual(['INBOX', 'SENT', 'SPAM', 'TRASH']);
    expect(s.selectedFolder?.role).toBe('INBOX');
    expect(s.tags.map((t) => t.name)).toEqual(['Projects']);
  });

  it('adding a folder re-sorts by the fixed order and selects INBOX when none is selected', () => {
    const s = mailboxReducer(initialMailboxState, mailboxActions.addFolder(folder(2, 'SENT')));
    expect(s.selectedFolder).toBeNull();
    const t = mailboxReducer(s, mailboxActions.addFolder(folder(1, 'INBOX')));
    expect(t.folders.map((f) => f.role)).toEqual(['INBOX', 'SENT']);
    expect(t.selectedFolder?.role).toBe('INBOX');
    const u = mailboxReducer(t, mailboxActions.addFolder(folder(5, 'STARRED')));
    expect(u.folders.map((f) => f.role)).toEqual(['INBOX', 'STARRED', 'SENT']);
    expect(u.selectedFolder?.role).toBe('INBOX');
  });

  it('adding a mail keeps the list newest first and drops the last beyond 9', () => {
    let s = mailboxReducer(initialMailboxState, fetchMails.fulfilled(pageOf(Array.from({ length: 9 }, (_, i) => mail(i + 1, i + 1)).reverse()), 'r', { folderId: 1 }));
    s = mailboxReducer(s, mailboxActions.addMail(mail(100, 5)));
    expect(s.mails!.data).toHaveLength(MAIL_LIST_KEEP);
    expect(s.mails!.data.map((m) => m.id)).toEqual([9, 8, 7, 6, 100, 5, 4, 3, 2]);
  });

  it('fetching one mail clears the selection while pending and on failure, whose value is passed on', () => {
    const arg = { id: 1, mailboxId: 1 };
    const withMail = { ...initialMailboxState, mail: { id: 7 } as never };
    expect(mailboxReducer(withMail, fetchMail.pending('r', arg)).mail).toBeNull();
    const failed = fetchMail.rejected(null, 'r', arg, { status: 404, message: 'Mail not found.' });
    expect(failed.payload).toEqual({ status: 404, message: 'Mail not found.' });
    expect(mailboxReducer(withMail, failed).mail).toBeNull();
    expect(deleteMailbox.rejected(null, 'r', 1, { status: 404, message: 'Mailbox not found.' }).payload?.message).toBe('Mailbox not found.');
  });

  it('loading is true while a list loads and false after it answers or fails; those failures are only logged', async () => {
    const s = mailboxReducer(initialMailboxState, fetchMails.pending('r', { folderId: 1 }));
    expect(s.loading).toBe(true);
    expect(mailboxReducer(s, fetchMails.rejected(null, 'r', { folderId: 1 }, { status: 500, message: 'x' })).loading).toBe(false);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"Server Error"}', { status: 500 })));
    const actions: unknown[] = [];
    await fetchDefault()((a: unknown) => actions.push(a), () => ({}), undefined);
    expect(log).toHaveBeenCalled();
    vi.unstubAllGlobals();
    log.mockRestore();
  });
});
