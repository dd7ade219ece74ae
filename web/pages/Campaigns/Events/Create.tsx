import { Head } from '@inertiajs/react';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import { EventForm, type EventFormOptions } from '@/features/campaigns/EventForm';
import { AppLayout } from '@/layouts/AppLayout';

/** Campaigns/Events/Create (PAGES.md /events/create). */
export default function EventsCreate(props: EventFormOptions) {
  return (
    <>
      <Head title="New event" />
      <PageHeader title="New event" description="When and where it happens, in your company's timezone.">
        <BackLink href="/events">Back to events</BackLink>
      </PageHeader>
      <EventForm options={props} />
    </>
  );
}

EventsCreate.layout = AppLayout;
