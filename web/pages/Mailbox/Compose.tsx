import { Head, Link } from '@inertiajs/react';
import type { MailboxAccount } from '@common/schemas/mailbox';
import { EmptyState } from '@/components/display/EmptyState';
import { PageHeader } from '@/components/display/PageHeader';
import { buttonClasses } from '@/components/form/Button';
import { ComposeForm } from '@/features/mailbox/ComposeForm';
import { AppLayout } from '@/layouts/AppLayout';

export interface DraftToReopen {
  id: number;
  mailbox_id: number;
  to: string;
  cc: string;
  subject: string;
  body: string;
}

/** Mailbox/Compose (PAGES.md, /mailbox/compose): a new mail from one of the member's mailboxes, or a saved draft reopened (?draft=<id>). */
export default function Compose({ mailboxes, draft = null }: { mailboxes: MailboxAccount[]; draft?: DraftToReopen | null }) {
  const asked = Number(new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search).get('mailbox_id'));
  const from = mailboxes.find((m) => m.id === asked) ?? mailboxes.find((m) => m.default) ?? mailboxes[0];
  return (
    <>
      <Head title="Compose" />
      <PageHeader title="Compose" description="A new mail, sent through your mailbox's own server." />
      {from ? (
        <ComposeForm
          mailboxes={mailboxes}
          draftId={draft?.id ?? null}
          initial={draft ? { mailbox_id: draft.mailbox_id, to: draft.to, cc: draft.cc, subject: draft.subject, body: draft.body } : { mailbox_id: from.id, to: '', cc: '', subject: '', body: '' }}
        />
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
