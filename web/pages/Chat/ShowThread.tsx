import { Head } from '@inertiajs/react';
import type { ChatThreadData } from '@common/answers/chat';
import { PageHeader } from '@/components/display/PageHeader';
import { ChatScreen } from '@/features/chat/ChatScreen';
import { AppLayout } from '@/layouts/AppLayout';

/** A conversation (PAGES.md Chat/ShowThread, /chat/threads/{id}): the thread beside the list. */
export default function ShowThread({ thread }: { thread: ChatThreadData }) {
  return (
    <>
      <Head title={`${thread.name} · Chat`} />
      <PageHeader title="Chat" description="Conversations with your colleagues." />
      <ChatScreen thread={thread} />
    </>
  );
}

ShowThread.layout = AppLayout;
