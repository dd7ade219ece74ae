import { Link } from '@inertiajs/react';
import { formatDateTime } from '@common/format';
import { CalendarCheck, Clock, MailQuestion, Users } from 'lucide-react';
import type { RsvpEventSummary } from '@common/answers/rsvp';
import { Card } from '@/components/display/Card';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { StatCard, StatCardSkeletons } from '@/components/display/StatCard';
import { EventRsvpShell } from '@/features/rsvp/EventRsvpShell';
import { InviteCard } from '@/features/rsvp/InviteCard';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useCan } from '@/lib/page';
import { useGetRsvpListQuery } from '@/store/rsvp-api';

/** Campaigns/Events/Rsvp (PAGES /events/{id}/rsvp): the RSVP hub of an event — its figures, its settings, and sending invitations. */
export default function EventRsvp({ event }: { event: RsvpEventSummary }) {
  const canSend = useCan('rsvp.send');
  const { data, error, refetch } = useGetRsvpListQuery({ eventId: event.id, list: 'invitations', page: 1, per_page: 1, meta: true });
  const t = data?.meta;
  const c = event.config;
  return (
    <EventRsvpShell event={event} title="RSVP" current="/rsvp">
      <div className="flex flex-col gap-6">
        {error ? (
          <ErrorAlert onRetry={() => void refetch()}>{errorMessage(error, 'Failed to load the invitations')}</ErrorAlert>
        ) : !t ? (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy="true">
            <StatCardSkeletons count={4} />
          </div>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard label="Invited" value={t.invited} icon={<Users className="size-5" />} detail={`${t.answered} answered`} />
            <StatCard label="Confirmed" value={t.confirmed} icon={<CalendarCheck className="size-5" />} tone="success" detail={`${t.seats_taken}${t.capacity !== null ? ` of ${t.capacity}` : ''} places with plus-ones`} />
            <StatCard label="Waitlist" value={t.waitlisted + t.offered} icon={<Clock className="size-5" />} tone="warning" detail={`${t.offered} offered a place`} />
            <StatCard label="Not answered" value={t.not_answered} icon={<MailQuestion className="size-5" />} tone="info" detail={<Link className="underline" href={`/events/${event.id}/rsvp/follow-up`}>Follow up</Link>} />
          </div>
        )}
        <div className="grid items-start gap-6 xl:grid-cols-3">
          <div className="xl:col-span-2">{canSend ? <InviteCard eventId={event.id} inGroup={event.group_id !== null} defaultChannels={c.channels} /> : null}</div>
          <Card title="RSVP settings">
            <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-700">
              {[
                ['Answers', c.allow_maybe ? 'Yes, no or maybe' : 'Yes or no'],
                ['Plus-ones', c.max_plus_ones ? `Up to ${c.max_plus_ones}` : 'None'],
                ['Answers close', c.deadline ? formatDateTime(c.deadline) : 'When the event starts'],
                ['Reminder', c.reminder_hours === null ? 'None' : `${c.reminder_hours} hours before`],
                ['Waitlist offers', `Held ${c.waitlist_offer_hours} hours`],
                ['Channels', c.channels.map((x) => (x === 'sms' ? 'SMS' : 'Email')).join(', ')],
                ['Questions', c.questions.length ? c.questions.map((q) => q.label).join('; ') : 'None'],
              ].map(([k, v]) => (
                <div key={k} className="flex justify-between gap-3 py-2">
                  <dt className="text-slate-600 dark:text-slate-400">{k}</dt>
                  <dd className="text-end font-medium text-slate-900 dark:text-white">{v}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">The event’s own settings win over its group’s. Change them on the event or the group’s RSVP setup.</p>
          </Card>
        </div>
      </div>
    </EventRsvpShell>
  );
}

EventRsvp.layout = AppLayout;
