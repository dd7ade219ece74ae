import { CalendarCheck, DoorOpen, MessageSquareText, Users } from 'lucide-react';
import { formatCount } from '@common/format';
import type { RsvpEventSummary } from '@common/answers/rsvp';
import { Card } from '@/components/display/Card';
import { Chart } from '@/components/chart/Chart';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { Skeleton } from '@/components/display/Skeleton';
import { StatCard, StatCardSkeletons } from '@/components/display/StatCard';
import { EventRsvpShell } from '@/features/rsvp/EventRsvpShell';
import { creditsLabel } from '@/features/wallet/credits';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useFormats } from '@/lib/format';
import { useGetRsvpDashboardQuery } from '@/store/rsvp-api';

/** Campaigns/Events/Dashboard (PAGES /events/{id}/dashboard): invitations, answers, attendance, check-ins and the messages with their cost. */
export default function EventDashboard({ event }: { event: RsvpEventSummary }) {
  const formats = useFormats();
  const { data, isLoading, error, refetch } = useGetRsvpDashboardQuery(event.id, { pollingInterval: 30_000 });
  if (error) {
    return (
      <EventRsvpShell event={event} title="Dashboard" current="/dashboard">
        <ErrorAlert onRetry={() => void refetch()}>{errorMessage(error, 'Failed to load statistics')}</ErrorAlert>
      </EventRsvpShell>
    );
  }
  const t = data?.totals;
  return (
    <EventRsvpShell event={event} title="Dashboard" current="/dashboard">
      <div className="flex flex-col gap-6">
        {isLoading || !data || !t ? (
          <>
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy="true">
              <StatCardSkeletons count={4} />
            </div>
            <Skeleton className="h-72" />
          </>
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <StatCard label="Invitations" value={t.invited} icon={<Users className="size-5" />} detail={`${formatCount(t.answered)} answered (${t.invited ? Math.round((100 * t.answered) / t.invited) : 0}%)`} />
              <StatCard label="Attending" value={t.seats_taken} icon={<CalendarCheck className="size-5" />} tone="success" detail={`${formatCount(t.confirmed)} confirmed with plus-ones${t.capacity !== null ? ` · ${t.capacity} places` : ''}`} />
              <StatCard label="Checked in" value={t.checked_in} icon={<DoorOpen className="size-5" />} tone="info" detail={`${formatCount(t.checked_in_seats)} ${t.checked_in_seats === 1 ? 'person' : 'people'} with their guests`} />
              <StatCard label="Messages" value={data.messages.reduce((a, m) => a + m.recipients, 0)} icon={<MessageSquareText className="size-5" />} tone="warning" detail={creditsLabel(data.credits_total, formats.currency)} />
            </div>
            <div className="grid gap-6 xl:grid-cols-3">
              <Card title="Answers">
                {t.answered ? (
                  <Chart
                    type="doughnut"
                    labels={['Yes', 'No', 'Maybe', 'Not answered']}
                    series={[{ label: 'Guests', data: [t.yes, t.no, t.maybe, t.not_answered] }]}
                    label="Answers to the invitation"
                    legend
                    height={240}
                  />
                ) : (
                  <p className="py-16 text-center text-sm text-slate-500 dark:text-slate-400">No answers yet.</p>
                )}
              </Card>
              <Card title="Answers by day" className="xl:col-span-2">
                {data.answers_by_day.length ? (
                  <Chart
                    type="bar"
                    stacked
                    labels={data.answers_by_day.map((d) => d.day)}
                    series={[
                      { label: 'Yes', data: data.answers_by_day.map((d) => d.yes), color: 'success' },
                      { label: 'No', data: data.answers_by_day.map((d) => d.no), color: 'danger' },
                      { label: 'Maybe', data: data.answers_by_day.map((d) => d.maybe), color: 'warning' },
                    ]}
                    label="Answers per day"
                    legend
                    height={240}
                  />
                ) : (
                  <p className="py-16 text-center text-sm text-slate-500 dark:text-slate-400">Answers per day appear here.</p>
                )}
              </Card>
            </div>
            <div className="grid gap-6 xl:grid-cols-3">
              <Card title="Arrivals" className="xl:col-span-2">
                {data.check_ins_by_hour.length ? (
                  <Chart type="bar" labels={data.check_ins_by_hour.map((h) => h.hour.slice(11))} series={[{ label: 'Checked in', data: data.check_ins_by_hour.map((h) => h.count), color: 'info' }]} label="Check-ins per hour" height={220} />
                ) : (
                  <p className="py-16 text-center text-sm text-slate-500 dark:text-slate-400">No one has been checked in yet.</p>
                )}
              </Card>
              <Card title="Messages and cost">
                {data.messages.length ? (
                  <table className="w-full text-sm">
                    <thead className="text-xs uppercase text-slate-500 dark:text-slate-400">
                      <tr>
                        <th className="py-1 text-start">Channel</th>
                        <th className="py-1 text-end">Sent to</th>
                        <th className="py-1 text-end">Delivered</th>
                        <th className="py-1 text-end">Credits</th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
                      {data.messages.map((m) => (
                        <tr key={m.channel}>
                          <td className="py-2">{m.channel === 'sms' ? 'SMS' : 'Email'} ({m.sends})</td>
                          <td className="py-2 text-end tabular-nums">{formatCount(m.recipients)}</td>
                          <td className="py-2 text-end tabular-nums">{formatCount(m.delivered)}</td>
                          <td className="py-2 text-end tabular-nums">{creditsLabel(m.credits, formats.currency)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ) : (
                  <p className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">No messages sent for this event yet.</p>
                )}
              </Card>
            </div>
          </>
        )}
      </div>
    </EventRsvpShell>
  );
}

EventDashboard.layout = AppLayout;
