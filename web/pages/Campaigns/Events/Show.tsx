import { Head, Link, router } from '@inertiajs/react';
import { CalendarPlus, Download, Images, ListChecks } from 'lucide-react';
import { googleCalendarUrl } from '@common/calendar';
import { formatCount } from '@common/format';
import { StatusPill } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { DateTimeText } from '@/components/display/DateText';
import { PageHeader } from '@/components/display/PageHeader';
import { buttonClasses } from '@/components/form/Button';
import { BackLink } from '@/components/record/BackLink';
import { useConfirmDelete } from '@/components/record/confirmed-delete';
import { Details, RecordActions } from '@/components/record/RecordPage';
import { useDeleteEventMutation, type EventRow } from '@/features/campaigns/api';
import { EventSurveys } from '@/features/surveys/EventSurveys';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';

/** Campaigns/Events/Show (PAGES.md /events/{id}): the event, its iCal file and an add-to-calendar link. */
export default function EventsShow({ event }: { event: EventRow }) {
  const canSurveys = useCan('surveys.view');
  const [remove] = useDeleteEventMutation();
  const canTasks = useCan('tasks.view');
  const del = useConfirmDelete<EventRow>(
    async (e) => {
      const answer = await remove(e.id).unwrap();
      router.visit('/events');
      return answer;
    },
    (e) => <>The event “{e.name}”, its invitations and answers will be deleted.</>,
  );
  return (
    <>
      <Head title={event.name} />
      <PageHeader title={event.name} description={<StatusPill status={event.status} />}>
        <BackLink href="/events">Back to events</BackLink>
        <a href={`/events/${event.id}/ical`} className={buttonClasses('outline', 'md')} download>
          <Download aria-hidden="true" className="size-4" />
          iCal file
        </a>
        <a href={googleCalendarUrl(event)} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline', 'md')}>
          <CalendarPlus aria-hidden="true" className="size-4" />
          Add to Google Calendar
        </a>
        <Link href={`/events/${event.id}/media`} className={buttonClasses('outline', 'md')}>
          <Images aria-hidden="true" className="size-4" />
          Media
        </Link>
        {canTasks && (
          <Link href={`/events/${event.id}/tasks`} className={buttonClasses('outline', 'md')}>
            <ListChecks aria-hidden="true" className="size-4" />
            Tasks
          </Link>
        )}
        <RecordActions area="events" href={`/events/${event.id}`} name={event.name} onDelete={() => del.ask(event)} size="md" />
      </PageHeader>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card title="Details" className="lg:col-span-2">
          {event.description && (
            <p dir="auto" className="mb-4 whitespace-pre-wrap text-slate-700 dark:text-slate-300">
              {event.description}
            </p>
          )}
          <Details
            items={[
              ['Starts', <DateTimeText key="s" value={event.starts_at} />],
              ['Ends', <DateTimeText key="e" value={event.ends_at} />],
              ['Timezone', event.timezone],
              ['Venue', [event.venue, event.address].filter(Boolean).join(', ') || '—'],
              [
                'Online link',
                event.online_url ? (
                  <a key="o" href={event.online_url} target="_blank" rel="noopener noreferrer" className="text-primary hover:underline" dir="ltr">
                    {event.online_url}
                  </a>
                ) : (
                  '—'
                ),
              ],
              ['Campaign', event.campaign_id ? <Link key="c" href={`/campaigns/${event.campaign_id}`} className="text-primary hover:underline">{event.campaign_name}</Link> : '—'],
              ['Event group', event.group_id ? <Link key="g" href={`/groups/${event.group_id}`} className="text-primary hover:underline">{event.group_name}</Link> : '—'],
              ['Capacity', event.capacity === null ? 'No limit' : `${formatCount(event.seats_taken)} of ${formatCount(event.capacity)} places taken`],
              ['Organisers', formatCount(event.organiser_ids.length)],
            ]}
          />
        </Card>
        <Card title="Cover image">
          {event.cover_url ? <img src={event.cover_url} alt={`Cover of ${event.name}`} className="w-full rounded-md object-cover" /> : <p className="text-sm text-slate-500 dark:text-slate-400">No cover image.</p>}
        </Card>
        {canSurveys && <EventSurveys eventId={event.id} />}
      </div>
      {del.dialog}
    </>
  );
}

EventsShow.layout = AppLayout;
