import { Head } from '@inertiajs/react';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import { EmailSendsList } from '@/features/email/SendsList';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';

/** Email/GroupTransactions (PAGES.md): every send with its totals and its delivered, opened and clicked rates; pause, resume and cancel for those who may send. */
export default function EmailGroupTransactions() {
  const canSend = useCan('email.send');
  return (
    <>
      <Head title="Email sends" />
      <PageHeader title="Email sends" description="Each campaign and email with how many it reached and how they responded.">
        <BackLink href="/email">Email</BackLink>
      </PageHeader>
      <EmailSendsList canSend={canSend} full />
    </>
  );
}

EmailGroupTransactions.layout = AppLayout;
