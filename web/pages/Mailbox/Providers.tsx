import { Head, Link, router } from '@inertiajs/react';
import { Mail, RefreshCw, Server, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import type { MailboxAccount } from '@common/schemas/mailbox';
import { Badge } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { EmptyState } from '@/components/display/EmptyState';
import { PageHeader } from '@/components/display/PageHeader';
import { Button, buttonClasses } from '@/components/form/Button';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useFormats } from '@/lib/format';
import { useCan } from '@/lib/page';
import { DELETED, SHORT_TOAST } from '@/lib/toasts';
import { useAppDispatch } from '@/store';
import { chatCall as jsonCall } from '@/store/chat-slice';
import { deleteMailbox } from '@/store/mailbox-slice';

/**
 * Mailbox/Providers (PAGES.md, /mailbox/providers): the member's connected mailboxes (the default,
 * the last sync, deleting one with its synced mail after a confirmation) and the ways to connect
 * another.
 */
export default function Providers({ mailboxes, oauth }: { mailboxes: MailboxAccount[]; oauth: { gmail: boolean; outlook: boolean } }) {
  const dispatch = useAppDispatch();
  const fmt = useFormats();
  const canCreate = useCan('mailbox.create');
  const canUpdate = useCan('mailbox.update');
  const canDelete = useCan('mailbox.delete');
  const [doomed, setDoomed] = useState<MailboxAccount | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!doomed) return;
    setBusy(true);
    try {
      await dispatch(deleteMailbox(doomed.id)).unwrap();
      toast.warning(DELETED, SHORT_TOAST);
      setDoomed(null);
      router.reload({ only: ['mailboxes'] });
    } catch (err) {
      toast.error(errorMessage(err, 'The mailbox could not be deleted'));
    } finally {
      setBusy(false);
    }
  };

  const makeDefault = async (m: MailboxAccount) => {
    try {
      const answer = await jsonCall<{ message: string }>('POST', `/mailbox/default/${m.id}`, {});
      toast.success(answer.message, SHORT_TOAST);
      router.reload({ only: ['mailboxes'] });
    } catch (err) {
      toast.error(errorMessage(err, 'The default could not be changed'));
    }
  };

  return (
    <>
      <Head title="Mail accounts" />
      <PageHeader title="Mail accounts" description="The mailboxes you read and answer in Kazi." />
      <div className="flex flex-col gap-6">
        <Card title="Connected mailboxes" flush>
          {mailboxes.length === 0 ? (
            <EmptyState icon={<Mail className="size-6" />} title="No mailbox connected yet" description="Connect one below." />
          ) : (
            <ul className="divide-y divide-slate-100 dark:divide-slate-700">
              {mailboxes.map((m) => (
                <li key={m.id} className="flex flex-wrap items-center gap-3 px-5 py-4">
                  <div className="min-w-0 flex-1">
                    <p className="flex items-center gap-2 font-medium text-slate-900 dark:text-white">
                      {m.name} {m.default && <Badge tone="primary">Default</Badge>}
                    </p>
                    <p className="text-sm text-slate-600 dark:text-slate-400" dir="ltr">
                      {m.email}
                    </p>
                    {m.reconnect_reason ? (
                      <p role="alert" className="text-xs text-red-700 dark:text-red-300">
                        {m.reconnect_reason}
                      </p>
                    ) : (
                      <p className="text-xs text-slate-600 dark:text-slate-400">
                        {m.sync_status === 'failed' ? `Sync failed: ${m.sync_error ?? ''}` : m.last_synced_at ? `Synced ${fmt.dateTime(m.last_synced_at)}` : 'Not synced yet'}
                      </p>
                    )}
                  </div>
                  {canCreate && m.reconnect_reason && m.provider !== 'imap' && (
                    <a href={`/mailbox/oauth/${m.provider}/start`} className={buttonClasses('primary', 'sm')}>
                      <RefreshCw className="size-4" aria-hidden /> Reconnect
                    </a>
                  )}
                  {canUpdate && !m.default && (
                    <Button variant="outline" size="sm" onClick={() => void makeDefault(m)}>
                      <Star className="size-4" aria-hidden /> Make default
                    </Button>
                  )}
                  {canDelete && (
                    <Button variant="danger-ghost" size="sm" onClick={() => setDoomed(m)} aria-label={`Delete ${m.email}`}>
                      <Trash2 className="size-4" aria-hidden /> Delete
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Card>
        {canCreate && (
          <Card title="Connect a mailbox">
            <div className="grid gap-4 md:grid-cols-3">
              <div className="flex flex-col gap-2 rounded-md p-4 ring-1 ring-slate-200 dark:ring-slate-700">
                <Server className="size-6 text-primary-text dark:text-primary-300" aria-hidden />
                <h3 className="font-medium text-slate-900 dark:text-white">IMAP and SMTP</h3>
                <p className="text-sm text-slate-600 dark:text-slate-400">Any provider: the server names, ports and your login. Kazi tests them before saving.</p>
                <Link href="/mailbox/setup/imap" className={buttonClasses('primary', 'sm', 'self-start')}>
                  Connect with IMAP
                </Link>
              </div>
              {(
                [
                  { key: 'gmail', label: 'Gmail', company: 'Google', servers: 'imap.gmail.com / smtp.gmail.com' },
                  { key: 'outlook', label: 'Outlook', company: 'Microsoft', servers: 'outlook.office365.com / smtp.office365.com' },
                ] as const
              ).map((p) => (
                <div key={p.key} className="flex flex-col gap-2 rounded-md p-4 ring-1 ring-slate-200 dark:ring-slate-700">
                  <Mail className="size-6 text-primary-text dark:text-primary-300" aria-hidden />
                  <h3 className="font-medium text-slate-900 dark:text-white">{p.label}</h3>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {oauth[p.key] ? (
                      <>Sign in with {p.company}: no password to type or store.</>
                    ) : (
                      <>
                        Sign-in with {p.company} is not set up on this Kazi. Connect {p.label} with IMAP and an app password: <span dir="ltr">{p.servers}</span>.
                      </>
                    )}
                  </p>
                  <Link href={`/mailbox/setup/${p.key}`} className={buttonClasses(oauth[p.key] ? 'primary' : 'outline', 'sm', 'self-start')}>
                    Connect {p.label}
                  </Link>
                </div>
              ))}
            </div>
          </Card>
        )}
      </div>
      <ConfirmDialog open={doomed !== null} onClose={() => setDoomed(null)} onConfirm={() => void remove()} busy={busy} title="Delete this mailbox?">
        {doomed && (
          <p>
            <span dir="ltr">{doomed.email}</span> and all the mail Kazi synced from it are removed from Kazi. The mail stays on your provider&apos;s server.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

Providers.layout = AppLayout;
