import { Head } from '@inertiajs/react';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import type { EventRow } from '@/features/campaigns/api';
import { EventForm, type EventFormOptions } from '@/features/campaigns/EventForm';
import { AppLayout } from '@/layouts/AppLayout';

/** Campaigns/Events/Edit (PAGES.md /events/{id}/edit). */
export default function EventsEdit({ event, ...options }: EventFormOptions & { event: EventRow }) {
  return (
    <>
      <Head title={`Edit ${event.name}`} />
      <PageHeader title={`Edit ${event.name}`}>
        <BackLink href={`/events/${event.id}`}>Back to the event</BackLink>
      </PageHeader>
      <EventForm event={event} options={options} />
    </>
  );
}

EventsEdit.layout = AppLayout;
