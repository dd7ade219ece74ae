import { Link } from '@inertiajs/react';
import { ChevronLeft, ChevronRight, Download, Folder, Image, Inbox, Mail, MailOpen, Paperclip, PenSquare, RefreshCw, Reply, Search, Star, Tag, Trash2 } from 'lucide-react';
import { toast } from 'react-toastify';
import { useCallback, useEffect, useState } from 'react';
import { MAILBOX_EVENTS, type MailboxAccount, type MailboxFolder } from '@common/schemas/mailbox';
import { userChannel } from '@common/realtime';
import { cx } from '@/components/cx';
import { Badge } from '@/components/display/Badge';
import { EmptyState } from '@/components/display/EmptyState';
import { Skeleton } from '@/components/display/Skeleton';
import { Button, buttonClasses } from '@/components/form/Button';
import { formatBytes } from '@/components/upload/file-checks';
import { useDebouncedValue } from '@/components/data-table/use-debounced-value';
import { formatCount } from '@common/format';
import { useFormats } from '@/lib/format';
import { errorMessage } from '@/lib/errors';
import { useCan, useSharedProps } from '@/lib/page';
import { DELETED, SHORT_TOAST } from '@/lib/toasts';
import { useChannel } from '@/lib/realtime';
import { useAppDispatch, useAppSelector } from '@/store';
import { chatCall as jsonCall } from '@/store/chat-slice';
import { fetchDefault, fetchMail, fetchMailboxes, fetchMails, fetchMailUnread, mailboxActions } from '@/store/mailbox-slice';
import { folderLabel } from './labels';

/**
 * Mailbox/Overview (SPEC §2 Mailbox screens; docs/decisions/0050-mailbox.md): the mailbox switcher,
 * its folders in the fixed order and its tags, the paged list of the selected folder with search,
 * and the selected mail. New mail is pushed on the member's channel; while a sync runs its
 * progress is shown and read again every two seconds.
 */
export function MailboxScreen() {
  const dispatch = useAppDispatch();
  const me = useSharedProps().auth.user!.id;
  const canSend = useCan('mailbox.send');
  const canUpdate = useCan('mailbox.update');
  const canDelete = useCan('mailbox.delete');
  const { mailbox, mailboxes, folders, tags, selectedFolder, mails, mail, loading, ready } = useAppSelector((s) => s.mailbox);
  const [search, setSearch] = useState('');
  const phrase = useDebouncedValue(search.trim(), 300);
  // the page of the list, back to 1 when the folder or the search changes
  const [paging, setPaging] = useState({ key: '', page: 1 });
  const [images, setImages] = useState(false);
  const [mailError, setMailError] = useState<string | null>(null);

  useEffect(() => {
    void dispatch(fetchDefault());
    void dispatch(fetchMailboxes());
  }, [dispatch]);

  const folderId = selectedFolder?.id ?? null;
  const pagingKey = `${folderId}|${phrase}`;
  const page = paging.key === pagingKey ? paging.page : 1;
  const setPage = (p: number) => setPaging({ key: pagingKey, page: p });
  const loadMails = useCallback(() => {
    if (folderId) void dispatch(fetchMails({ folderId, page, search: phrase }));
  }, [dispatch, folderId, page, phrase]);
  useEffect(loadMails, [loadMails]);

  const refreshAccount = useCallback(async () => {
    const list = await dispatch(fetchMailboxes()).unwrap().catch(() => null);
    const current = list?.find((m) => m.id === mailbox?.id);
    if (current) dispatch(mailboxActions.refreshMailbox(current));
  }, [dispatch, mailbox?.id]);

  // new mail: the member's own channel says a sync of one of their mailboxes stored some
  useChannel(userChannel(me), (event, payload) => {
    if (event !== MAILBOX_EVENTS.synced) return;
    void refreshAccount();
    if ((payload as { mailbox_id: number }).mailbox_id === mailbox?.id) loadMails();
  });

  // a running sync: its progress, read again until it ends
  const syncing = mailbox && (mailbox.sync_status === 'syncing' || mailbox.sync_status === 'pending');
  useEffect(() => {
    if (!syncing) return;
    const timer = window.setInterval(() => {
      void refreshAccount();
      loadMails();
    }, 2000);
    return () => window.clearInterval(timer);
  }, [syncing, refreshAccount, loadMails]);

  const openMail = async (id: number) => {
    if (!mailbox) return;
    setImages(false);
    setMailError(null);
    const r = await dispatch(fetchMail({ id, mailboxId: mailbox.id }));
    if (fetchMail.rejected.match(r)) setMailError(r.payload?.message ?? 'The mail could not be opened.');
    else void dispatch(fetchMailUnread());
  };

  const mark = async (id: number, marks: { read?: boolean; starred?: boolean }) => {
    dispatch(mailboxActions.mailMarked({ id, ...(marks.read !== undefined ? { is_read: marks.read } : {}), ...(marks.starred !== undefined ? { is_starred: marks.starred } : {}) }));
    await jsonCall('POST', `/mailbox/mails/${id}/flags`, marks).catch(() => loadMails());
    if (marks.read !== undefined) void dispatch(fetchMailUnread());
  };

  /** to the trash (or for good from the trash), or to another folder: gone from this list at once */
  const moveOrDelete = async (id: number, folderId: number | null) => {
    try {
      if (folderId === null) await jsonCall('DELETE', `/mailbox/mails/${id}`, {});
      else await jsonCall('POST', `/mailbox/mails/${id}/move`, { folder_id: folderId });
      dispatch(mailboxActions.clearMail());
      if (folderId === null) toast.warning(DELETED, SHORT_TOAST);
      else toast.success('Mail moved', SHORT_TOAST);
      loadMails();
    } catch (err) {
      toast.error(errorMessage(err, 'The mail could not be moved'));
    }
  };

  const switchTo = (m: MailboxAccount) => {
    setSearch('');
    dispatch(mailboxActions.switchMailbox(m));
  };

  const syncNow = async () => {
    if (!mailbox) return;
    await jsonCall('POST', `/mailbox/sync/${mailbox.id}`, {}).catch(() => undefined);
    void refreshAccount();
  };

  const fmt = useFormats();

  if (!ready) return <Skeleton className="h-96 w-full" />;
  if (!mailbox)
    return (
      <EmptyState
        icon={<Inbox className="size-6" />}
        title="No mailbox connected yet"
        description="Connect an IMAP account to read and answer your mail here."
        action={
          <Link href="/mailbox/providers" className={buttonClasses('primary')}>
            Connect a mailbox
          </Link>
        }
      />
    );

  const folderButton = (f: MailboxFolder, icon: React.ReactNode) => (
    <li key={f.id}>
      <button
        type="button"
        onClick={() => dispatch(mailboxActions.selectFolder(f))}
        aria-current={selectedFolder?.id === f.id ? 'true' : undefined}
        className={cx(
          'flex w-full items-center gap-2 rounded-md px-3 py-2 text-start text-sm',
          selectedFolder?.id === f.id ? 'bg-primary/10 font-medium text-primary-text dark:text-white' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700/50',
        )}
      >
        {icon}
        <span className="min-w-0 flex-1 truncate">{f.role ? folderLabel(f.role) : f.name}</span>
        {f.unread > 0 && <Badge tone="primary">{f.unread >= 1000 ? '999+' : formatCount(f.unread)}</Badge>}
      </button>
    </li>
  );

  return (
    <div className="grid gap-4 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <aside className="flex flex-col gap-4 rounded-md bg-white p-4 shadow-sm ring-1 ring-slate-900/5 dark:bg-dark dark:ring-white/10" aria-label="Mailboxes and folders">
        {canSend && (
          <Link href={`/mailbox/compose?mailbox_id=${mailbox.id}`} className={buttonClasses('primary', 'md', 'w-full justify-center')}>
            <PenSquare className="size-4" aria-hidden /> Compose
          </Link>
        )}
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700 dark:text-slate-300">Mailbox</span>
          <select
            className="rounded-md border-slate-300 bg-white text-sm dark:border-slate-600 dark:bg-slate-800 dark:text-white"
            value={mailbox.id}
            onChange={(e) => {
              const next = mailboxes.find((m) => m.id === Number(e.target.value));
              if (next) switchTo(next);
            }}
          >
            {(mailboxes.length ? mailboxes : [mailbox]).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name} ({m.email})
              </option>
            ))}
          </select>
        </label>
        <div className="text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
          {syncing ? (
            <span>
              Syncing… {mailbox.sync_total > 0 ? `${formatCount(Math.min(mailbox.sync_done, mailbox.sync_total))} of ${formatCount(mailbox.sync_total)}` : ''}
            </span>
          ) : mailbox.sync_status === 'failed' ? (
            <span className="text-red-700 dark:text-red-300">Sync failed: {mailbox.sync_error}</span>
          ) : (
            <span>Synced {mailbox.last_synced_at ? fmt.dateTime(mailbox.last_synced_at) : 'never'}</span>
          )}
          <button type="button" onClick={() => void syncNow()} className="ms-2 inline-flex items-center gap-1 text-primary-text underline dark:text-primary-300">
            <RefreshCw className="size-3" aria-hidden /> Sync now
          </button>
        </div>
        <nav aria-label="Folders">
          <ul className="flex flex-col gap-1">{folders.map((f) => folderButton(f, <Folder className="size-4 shrink-0" aria-hidden />))}</ul>
        </nav>
        {tags.length > 0 && (
          <nav aria-label="Tags">
            <h2 className="mb-1 px-3 text-xs font-semibold uppercase text-slate-600 dark:text-slate-400">Tags</h2>
            <ul className="flex flex-col gap-1">{tags.map((f) => folderButton(f, <Tag className="size-4 shrink-0" aria-hidden />))}</ul>
          </nav>
        )}
      </aside>

      <div className="grid min-w-0 gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <section className="min-w-0 rounded-md bg-white shadow-sm ring-1 ring-slate-900/5 dark:bg-dark dark:ring-white/10" aria-label="Mail list">
          <div className="flex items-center gap-2 border-b border-slate-100 p-3 dark:border-slate-700">
            <Search className="size-4 text-slate-500" aria-hidden />
            <input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Search mail"
              aria-label="Search mail"
              className="min-w-0 flex-1 border-0 bg-transparent text-sm focus:ring-0 dark:text-white"
            />
          </div>
          <ul aria-busy={loading} className="divide-y divide-slate-100 dark:divide-slate-700">
            {mails && mails.data.length === 0 && <li className="p-6 text-center text-sm text-slate-600 dark:text-slate-400">{phrase ? 'No mail matches your search.' : 'This folder is empty.'}</li>}
            {mails?.data.map((m) => (
              <li key={m.id} className={cx('flex items-start gap-2 p-3', mail?.id === m.id && 'bg-primary/5')}>
                <button
                  type="button"
                  aria-label={m.is_starred ? 'Unstar' : 'Star'}
                  aria-pressed={m.is_starred}
                  onClick={() => void mark(m.id, { starred: !m.is_starred })}
                  className="mt-0.5 text-slate-400 hover:text-amber-500"
                >
                  <Star className={cx('size-4', m.is_starred && 'fill-amber-400 text-amber-500')} aria-hidden />
                </button>
                <button type="button" onClick={() => void openMail(m.id)} className="min-w-0 flex-1 text-start">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className={cx('truncate text-sm', m.is_read ? 'text-slate-700 dark:text-slate-300' : 'font-semibold text-slate-900 dark:text-white')}>
                      {m.from.name || m.from.address}
                    </span>
                    <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">{fmt.date(m.date)}</span>
                  </span>
                  <span className={cx('block truncate text-sm', m.is_read ? 'text-slate-700 dark:text-slate-300' : 'font-semibold text-slate-900 dark:text-white')}>{m.subject || '(no subject)'}</span>
                  <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{m.snippet}</span>
                </button>
              </li>
            ))}
          </ul>
          {mails && mails.last_page > 1 && (
            <nav aria-label="Mail pages" className="flex items-center justify-between border-t border-slate-100 p-3 text-sm dark:border-slate-700">
              <Button variant="outline" size="sm" disabled={mails.current_page <= 1} onClick={() => setPage(mails.current_page - 1)}>
                <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden /> Newer
              </Button>
              <span className="text-slate-600 dark:text-slate-400">
                Page {formatCount(mails.current_page)} of {formatCount(mails.last_page)}
              </span>
              <Button variant="outline" size="sm" disabled={mails.current_page >= mails.last_page} onClick={() => setPage(mails.current_page + 1)}>
                Older <ChevronRight className="size-4 rtl:rotate-180" aria-hidden />
              </Button>
            </nav>
          )}
        </section>

        <section className="min-w-0 rounded-md bg-white p-5 shadow-sm ring-1 ring-slate-900/5 dark:bg-dark dark:ring-white/10" aria-label="Selected mail">
          {mailError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {mailError}
            </p>
          )}
          {!mail && !mailError && <EmptyState icon={<Mail className="size-6" />} title="No mail selected" description="Choose a mail in the list to read it." />}
          {mail && (
            <article className="flex flex-col gap-4">
              <header className="flex flex-col gap-1">
                <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{mail.subject || '(no subject)'}</h2>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  From <strong>{mail.from.name || mail.from.address}</strong> <span dir="ltr">&lt;{mail.from.address}&gt;</span>
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  To <span dir="ltr">{mail.to.map((a) => a.address).join(', ')}</span> · {fmt.dateTime(mail.date)}
                </p>
                <div className="mt-2 flex flex-wrap gap-2">
                  {canSend && selectedFolder?.role === 'DRAFTS' && (
                    <Link href={`/mailbox/compose?draft=${mail.id}`} className={buttonClasses('primary', 'sm')}>
                      <PenSquare className="size-4" aria-hidden /> Edit draft
                    </Link>
                  )}
                  {canSend && selectedFolder?.role !== 'DRAFTS' && (
                    <Link href={`/mailbox/mails/${mail.id}/reply`} className={buttonClasses('primary', 'sm')}>
                      <Reply className="size-4 rtl:-scale-x-100" aria-hidden /> Reply
                    </Link>
                  )}
                  <Button variant="outline" size="sm" onClick={() => void mark(mail.id, { read: false })}>
                    <MailOpen className="size-4" aria-hidden /> Mark unread
                  </Button>
                  {mail.has_remote_images && !images && (
                    <Button variant="outline" size="sm" onClick={() => setImages(true)}>
                      <Image className="size-4" aria-hidden /> Show images
                    </Button>
                  )}
                  {canUpdate && (
                    <select
                      aria-label="Move to folder"
                      value=""
                      onChange={(e) => e.target.value && void moveOrDelete(mail.id, Number(e.target.value))}
                      className="rounded-md border-slate-300 bg-white py-1 text-sm dark:border-slate-600 dark:bg-slate-800 dark:text-white"
                    >
                      <option value="">Move to…</option>
                      {[...folders, ...tags]
                        .filter((f) => f.id !== mail.folder_id)
                        .map((f) => (
                          <option key={f.id} value={f.id}>
                            {f.role ? folderLabel(f.role) : f.name}
                          </option>
                        ))}
                    </select>
                  )}
                  {canDelete && (
                    <Button variant="danger-ghost" size="sm" onClick={() => void moveOrDelete(mail.id, null)}>
                      <Trash2 className="size-4" aria-hidden /> Delete
                    </Button>
                  )}
                </div>
              </header>
              {mail.html ? (
                // sanitised on the server (server/modules/mailbox/sanitize.ts); remote images only once allowed
                <div className="prose max-w-none text-sm dark:prose-invert" dangerouslySetInnerHTML={{ __html: images ? (mail.html_with_images ?? mail.html) : mail.html }} />
              ) : (
                <pre className="whitespace-pre-wrap font-sans text-sm text-slate-800 dark:text-slate-200">{mail.text}</pre>
              )}
              {mail.attachments.length > 0 && (
                <ul className="flex flex-wrap gap-2 text-xs text-slate-700 dark:text-slate-300" aria-label="Attachments">
                  {mail.attachments.map((a) => (
                    <li key={a.id} className="flex items-center gap-2 rounded bg-slate-100 px-2 py-1 dark:bg-slate-700">
                      <Paperclip className="size-3.5 shrink-0" aria-hidden />
                      <span className="max-w-64 truncate" title={a.name}>
                        {a.name}
                      </span>
                      <span className="text-slate-500 dark:text-slate-400">{formatBytes(a.size)}</span>
                      {a.url ? (
                        // a download from the app (Content-Disposition: attachment), never opened in the page
                        <a href={a.url} download={a.name} className="inline-flex items-center gap-1 font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                          <Download className="size-3.5" aria-hidden />
                          Download<span className="sr-only"> {a.name}</span>
                        </a>
                      ) : (
                        <span className="italic text-slate-500 dark:text-slate-400">too large to keep</span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </article>
          )}
        </section>
      </div>
    </div>
  );
}
