import { Link } from '@inertiajs/react';
import { formatCount } from '@common/format';
import { Card } from '@/components/display/Card';
import { useGetEventSurveysQuery } from './api';
import { SurveyStatus } from './StatusActions';

/** The surveys of an event (its own and its group's) on the event's page, with the responses given for this event. */
export function EventSurveys({ eventId }: { eventId: number }) {
  const list = useGetEventSurveysQuery(eventId);
  return (
    <Card title="Surveys">
      {list.isLoading ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">Loading…</p>
      ) : !list.data?.length ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">
          No survey yet. <Link href="/surveys/create" className="text-primary underline dark:text-sky-300">Build one</Link> and choose this event.
        </p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {list.data.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-2">
              <Link href={`/surveys/${s.id}/results`} className="font-medium text-primary hover:underline dark:text-sky-300">
                {s.name}
              </Link>
              <SurveyStatus survey={s} />
              <span className="text-slate-600 dark:text-slate-300">{s.event_responses === 1 ? '1 response' : `${formatCount(s.event_responses)} responses`}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
