import { Head, Link } from '@inertiajs/react';
import type { ReactNode } from 'react';
import type { RsvpEventSummary } from '@common/answers/rsvp';
import { cx } from '@/components/cx';
import { PageHeader } from '@/components/display/PageHeader';
import { useCan } from '@/lib/page';
import { eventTime } from './labels';

const TABS = [
  { path: '/rsvp', label: 'RSVP', permission: 'rsvp.view' },
  { path: '/rsvp/invitations', label: 'Invitations', permission: 'rsvp.view' },
  { path: '/rsvp/responses', label: 'Responses', permission: 'rsvp.view' },
  { path: '/rsvp/follow-up', label: 'Follow-up', permission: 'rsvp.view' },
  { path: '/dashboard', label: 'Dashboard', permission: 'rsvp.view' },
  { path: '/check-in', label: 'Check-in', permission: 'rsvp.check_in' },
] as const;

/** The header and navigation of an event's RSVP pages. */
export function EventRsvpShell({ event, title, current, actions, children }: { event: RsvpEventSummary; title: string; current: (typeof TABS)[number]['path']; actions?: ReactNode; children: ReactNode }) {
  const canView = useCan('rsvp.view');
  const canCheckIn = useCan('rsvp.check_in');
  const visible = TABS.filter((t) => (t.permission === 'rsvp.view' ? canView : canCheckIn));
  return (
    <>
      <Head title={`${title} · ${event.name}`} />
      <PageHeader
        title={<bdi>{event.name}</bdi>}
        description={
          <>
            {eventTime(event.starts_at, event.timezone)}
            {event.venue ? <> · <bdi>{event.venue}</bdi></> : null}
            {event.capacity !== null ? ` · ${event.seats_taken} of ${event.capacity} places taken` : ' · no limit on places'}
          </>
        }
      >
        <Link href={`/events/${event.id}`} className="text-sm font-medium text-primary hover:underline dark:text-primary-light">
          Event
        </Link>
        {actions}
      </PageHeader>
      <nav aria-label="RSVP pages" className="mb-6 flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-700">
        {visible.map((t) => (
          <Link
            key={t.path}
            href={`/events/${event.id}${t.path}`}
            aria-current={t.path === current ? 'page' : undefined}
            className={cx(
              '-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary',
              t.path === current ? 'border-primary text-primary dark:text-primary-light' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
            )}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {children}
    </>
  );
}
