import { Head } from '@inertiajs/react';
import { PageHeader } from '@/components/display/PageHeader';
import { ChatScreen } from '@/features/chat/ChatScreen';
import { AppLayout } from '@/layouts/AppLayout';

/** Chat (PAGES.md Chat/Overview, /chat): the member's conversations and the company's people. */
export default function ChatOverview() {
  return (
    <>
      <Head title="Chat" />
      <PageHeader title="Chat" description="Conversations with your colleagues." />
      <ChatScreen thread={null} />
    </>
  );
}

ChatOverview.layout = AppLayout;
