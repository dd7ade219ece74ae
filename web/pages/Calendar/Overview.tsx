import { Head } from '@inertiajs/react';
import { Copy, RefreshCw } from 'lucide-react';
import { toast } from 'react-toastify';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { Button } from '@/components/form/Button';
import { EventsCalendar } from '@/features/campaigns/EventsCalendar';
import { useGetCalendarFeedQuery, useRegenerateCalendarFeedMutation } from '@/features/campaigns/api';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { SHORT_TOAST } from '@/lib/toasts';

type Props = { campaigns: { id: number; name: string }[]; can_update: boolean; can_feed: boolean; can_regenerate_feed: boolean };

/** The company's private iCal feed: its secret address, copied into a calendar app, and a new one when the old has leaked. */
export function CalendarFeed({ canRegenerate }: { canRegenerate: boolean }) {
  const feed = useGetCalendarFeedQuery();
  const [regenerate, state] = useRegenerateCalendarFeedMutation();
  return (
    <Card title="Calendar feed">
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">Subscribe to every event of the company from Google Calendar, Outlook or Apple Calendar. Keep this address private.</p>
      {feed.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(feed.error, 'The feed address could not be loaded.')}
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <input readOnly aria-label="Calendar feed address" value={feed.data?.url ?? 'Loading…'} dir="ltr" className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-xs dark:border-slate-600 dark:bg-slate-900" />
          <Button
            size="sm"
            variant="outline"
            disabled={!feed.data}
            onClick={() => void navigator.clipboard?.writeText(feed.data!.url).then(() => toast.success('Feed address copied.', SHORT_TOAST))}
          >
            <Copy aria-hidden="true" className="size-4" />
            Copy
          </Button>
          {canRegenerate && (
            <Button
              size="sm"
              variant="outline"
              busy={state.isLoading}
              onClick={() =>
                void regenerate()
                  .unwrap()
                  .then((a) => toast.success(a.message, SHORT_TOAST))
                  .catch((err: unknown) => toast.error(errorMessage(err, 'An error occurred')))
              }
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              New address
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}

/** Calendar/Overview (PAGES.md /calendar): the events the member sees and the due dates of their tasks, month view by default. */
export default function CalendarOverview({ campaigns, can_update, can_feed, can_regenerate_feed }: Props) {
  return (
    <>
      <Head title="Calendar" />
      <PageHeader title="Calendar" description="Your events and task due dates by month, week or day; drag an event to move it." />
      <div className="flex flex-col gap-6">
        <Card>
          <EventsCalendar campaigns={campaigns} canUpdate={can_update} withTasks />
        </Card>
        {can_feed && <CalendarFeed canRegenerate={can_regenerate_feed} />}
      </div>
    </>
  );
}

CalendarOverview.layout = AppLayout;
