import { Head, Link } from '@inertiajs/react';
import type { MailboxAccount } from '@common/schemas/mailbox';
import { EmptyState } from '@/components/display/EmptyState';
import { PageHeader } from '@/components/display/PageHeader';
import { buttonClasses } from '@/components/form/Button';
import { ComposeForm } from '@/features/mailbox/ComposeForm';
import { AppLayout } from '@/layouts/AppLayout';

/** Mailbox/Compose (PAGES.md, /mailbox/compose): a new mail from one of the member's mailboxes. */
export default function Compose({ mailboxes }: { mailboxes: MailboxAccount[] }) {
  const asked = Number(new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search).get('mailbox_id'));
  const from = mailboxes.find((m) => m.id === asked) ?? mailboxes.find((m) => m.default) ?? mailboxes[0];
  return (
    <>
      <Head title="Compose" />
      <PageHeader title="Compose" description="A new mail, sent through your mailbox's own server." />
      {from ? (
        <ComposeForm mailboxes={mailboxes} initial={{ mailbox_id: from.id, to: '', cc: '', subject: '', body: '' }} />
      ) : (
        <EmptyState
          title="No mailbox connected yet"
          description="Connect a mailbox to send mail from it."
          action={
            <Link href="/mailbox/providers" className={buttonClasses('primary')}>
              Connect a mailbox
            </Link>
          }
        />
      )}
    </>
  );
}

Compose.layout = AppLayout;
