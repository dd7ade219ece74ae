import { Head } from '@inertiajs/react';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import { ComposeForm } from '@/features/sms/ComposeForm';
import { AppLayout } from '@/layouts/AppLayout';

/** Sms/Messages/Create (PAGES.md): compose a send to contacts, segments or pasted numbers, see its cost, send it or schedule it. */
export default function SmsMessagesCreate() {
  return (
    <>
      <Head title="New SMS" />
      <PageHeader title="New SMS" description="Only contacts who agreed to SMS and did not unsubscribe get it; each number once.">
        <BackLink href="/sms/messages">Messages</BackLink>
      </PageHeader>
      <ComposeForm />
    </>
  );
}

SmsMessagesCreate.layout = AppLayout;
