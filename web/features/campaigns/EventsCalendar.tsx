import type { DatesSetArg, EventDropArg } from '@fullcalendar/core';
import { router } from '@inertiajs/react';
import { useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import { CALENDAR_ROLES, EVENT_STATUSES } from '@common/schemas/campaigns';
import { Calendar } from '@/components/calendar/Calendar';
import { toCalendarEvent } from '@/components/calendar/events';
import { statusLabel } from '@/components/display/Badge';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { selectClasses } from '@/components/form/styles';
import { errorMessage } from '@/lib/errors';
import { SHORT_TOAST } from '@/lib/toasts';
import { useGetCalendarEventsQuery, useUpdateEventMutation } from './api';

const ROLE_LABELS: Record<string, string> = { creator: 'I created', organizer: 'I organise', campaign_owner: 'My campaigns' };

/**
 * The events calendar (Calendar/Overview, Campaigns/Calendar): month view by default (week, day and
 * list too), filtered by status and by the member's relation to an event (SPEC §4, §6); an event
 * the member may change is dragged to another time, and a failed move goes back with the reason.
 */
export function EventsCalendar({ campaigns, canUpdate, fixedCampaign }: { campaigns: { id: number; name: string }[]; canUpdate: boolean; fixedCampaign?: number }) {
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const [status, setStatus] = useState('');
  const [role, setRole] = useState('');
  const [campaign, setCampaign] = useState(fixedCampaign ? String(fixedCampaign) : '');
  const query = useGetCalendarEventsQuery(
    range ? { ...range, ...(status ? { status } : {}), ...(role ? { role } : {}), ...(campaign ? { campaign_id: Number(campaign) } : {}) } : { start: '', end: '' },
    { skip: !range },
  );
  const [update] = useUpdateEventMutation();
  const events = useMemo(() => (query.data ?? []).map((item) => ({ ...toCalendarEvent({ ...item }), editable: canUpdate && item.editable })), [query.data, canUpdate]);

  async function moved(arg: EventDropArg) {
    const id = Number(arg.event.id);
    const start = arg.event.start;
    const end = arg.event.end ?? new Date((start?.getTime() ?? 0) + ((arg.oldEvent.end?.getTime() ?? 0) - (arg.oldEvent.start?.getTime() ?? 0)));
    if (!start) return arg.revert();
    try {
      const answer = await update({ id, starts_at: start.toISOString(), ends_at: end.toISOString() }).unwrap();
      toast.success(answer.message, SHORT_TOAST);
    } catch (err) {
      arg.revert();
      toast.error(errorMessage(err, 'The event could not be moved.'));
    }
  }

  const select = (label: string, value: string, set: (v: string) => void, options: { value: string; label: string }[]) => (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-300">
      {label}
      <select className={selectClasses} value={value} onChange={(e) => set(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Calendar filters">
        {select('Status', status, setStatus, [{ value: '', label: 'All statuses' }, ...EVENT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))])}
        {select('My role', role, setRole, [{ value: '', label: 'All events I see' }, ...CALENDAR_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))])}
        {!fixedCampaign && select('Campaign', campaign, setCampaign, [{ value: '', label: 'All campaigns' }, ...campaigns.map((c) => ({ value: String(c.id), label: c.name }))])}
        {query.isFetching && <span className="pb-2 text-sm text-slate-500 dark:text-slate-400">Loading…</span>}
      </div>
      {query.isError && <ErrorAlert>{errorMessage(query.error, 'Failed to fetch calendar events')}</ErrorAlert>}
      <Calendar
        label="Events calendar"
        events={events}
        onDatesSet={(arg: DatesSetArg) => setRange({ start: arg.startStr, end: arg.endStr })}
        onEventClick={(arg) => router.visit(`/events/${arg.event.id}`)}
        options={{ eventDrop: (arg) => void moved(arg), eventStartEditable: canUpdate, eventDurationEditable: false, displayEventEnd: true }}
      />
    </div>
  );
}
