import { Download } from 'lucide-react';
import { useState } from 'react';
import type { RsvpEventSummary, RsvpTotals } from '@common/answers/rsvp';
import { StatCard } from '@/components/display/StatCard';
import { buttonClasses } from '@/components/form/Button';
import { EventRsvpShell } from '@/features/rsvp/EventRsvpShell';
import { InvitationTable } from '@/features/rsvp/InvitationTable';
import { AppLayout } from '@/layouts/AppLayout';

/** Campaigns/Events/RsvpResponses (PAGES /events/{id}/rsvp/responses): the answers with their totals, exported as CSV or XLSX. */
export default function RsvpResponses({ event }: { event: RsvpEventSummary }) {
  const [totals, setTotals] = useState<RsvpTotals | null>(null);
  const exportUrl = (format: 'csv' | 'xlsx') => `/events/rsvp-responses/export?event_id=${event.id}&format=${format}`;
  return (
    <EventRsvpShell
      event={event}
      title="Responses"
      current="/rsvp/responses"
      actions={
        <>
          <a href={exportUrl('csv')} className={buttonClasses('outline', 'sm')} download>
            <Download aria-hidden="true" className="size-4" />
            CSV
          </a>
          <a href={exportUrl('xlsx')} className={buttonClasses('outline', 'sm')} download>
            <Download aria-hidden="true" className="size-4" />
            XLSX
          </a>
        </>
      }
    >
      <div className="flex flex-col gap-6">
        {totals && (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5" aria-label="Totals">
            <StatCard label="Yes" value={totals.yes} tone="success" detail={`${totals.confirmed} confirmed · ${totals.waitlisted + totals.offered} waiting`} />
            <StatCard label="No" value={totals.no} tone="danger" />
            <StatCard label="Maybe" value={totals.maybe} tone="warning" />
            <StatCard label="Guests coming" value={totals.seats_taken} tone="primary" detail="confirmed with their plus-ones" />
            <StatCard label="Not answered" value={totals.not_answered} tone="info" />
          </div>
        )}
        <InvitationTable
          eventId={event.id}
          list="responses"
          title="Responses"
          columns={['answer', 'plus_ones', 'answers', 'answered_at', 'checked_in']}
          emptyTitle="No answers yet"
          emptyText="Answers appear here as guests reply through their invitation link."
          onPage={(p) => {
            if (p.meta && JSON.stringify(p.meta) !== JSON.stringify(totals)) setTotals(p.meta);
          }}
        />
      </div>
    </EventRsvpShell>
  );
}

RsvpResponses.layout = AppLayout;
