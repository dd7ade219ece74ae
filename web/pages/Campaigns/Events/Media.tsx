import { Head } from '@inertiajs/react';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import type { EventRow } from '@/features/campaigns/api';
import { MediaLibrary } from '@/features/media/MediaLibrary';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';

/** Campaigns/Events/Media (PAGES.md /events/{id}/media): the media library, showing and taking the event's own files. */
export default function EventsMedia({ event }: { event: EventRow }) {
  const can = { upload: useCan('media.upload'), create: useCan('media.create'), update: useCan('media.update'), delete: useCan('media.delete') };
  return (
    <>
      <Head title={`Media of ${event.name}`} />
      <PageHeader title={`Media of ${event.name}`} description="Photos, programmes and documents of this event.">
        <BackLink href={`/events/${event.id}`}>Back to the event</BackLink>
      </PageHeader>
      <MediaLibrary mode="manage" modelType="event" modelId={event.id} can={can} />
    </>
  );
}

EventsMedia.layout = AppLayout;
