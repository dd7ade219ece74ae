import { Head } from '@inertiajs/react';
import { PageHeader } from '@/components/display/PageHeader';
import { MailboxScreen } from '@/features/mailbox/MailboxScreen';
import { AppLayout } from '@/layouts/AppLayout';

/** Mailbox/Overview (PAGES.md, /mailbox): folders, the paged mail list and the selected mail of the member's mailboxes. */
export default function MailboxOverview() {
  return (
    <>
      <Head title="Mailbox" />
      <PageHeader title="Mailbox" description="Your connected mail accounts, synced into Kazi." />
      <MailboxScreen />
    </>
  );
}

MailboxOverview.layout = AppLayout;
