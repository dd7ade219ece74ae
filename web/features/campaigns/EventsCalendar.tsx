import type { DatesSetArg, EventDropArg, EventInput } from '@fullcalendar/core';
import { router } from '@inertiajs/react';
import { useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import { CALENDAR_ROLES, EVENT_STATUSES } from '@common/schemas/campaigns';
import { Calendar } from '@/components/calendar/Calendar';
import { toCalendarEvent } from '@/components/calendar/events';
import { PALETTE } from '@/components/chart/palette';
import { statusLabel } from '@/components/display/Badge';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { selectClasses } from '@/components/form/styles';
import { errorMessage } from '@/lib/errors';
import { SHORT_TOAST } from '@/lib/toasts';
import { useGetCalendarEventsQuery, useUpdateEventMutation, type CalendarEntry } from './api';

/** the colours of a task's due date by its status; an overdue one in the danger colour */
const TASK_COLORS: Record<string, string> = { todo: PALETTE.secondary, in_progress: PALETTE.info, submitted: PALETTE.warning, approved: PALETTE.success, done: PALETTE.success };

/** A task's due date on the calendar (issue 21): a point in time, titled as a task, never dragged. */
function toCalendarTask(item: Extract<CalendarEntry, { kind: 'task' }>): EventInput {
  const color = item.overdue ? PALETTE.danger : (TASK_COLORS[item.status] ?? PALETTE.secondary);
  return {
    id: item.id,
    title: `Task: ${item.title}`,
    start: item.start_date,
    allDay: false,
    editable: false,
    backgroundColor: color,
    borderColor: color,
    textColor: '#0F172A',
    classNames: ['kazi-task'],
    extendedProps: { item },
  };
}

const ROLE_LABELS: Record<string, string> = { creator: 'I created', organizer: 'I organise', campaign_owner: 'My campaigns' };

/**
 * The events calendar (Calendar/Overview, Campaigns/Calendar): month view by default (week, day and
 * list too), filtered by status and by the member's relation to an event (SPEC §4, §6); an event
 * the member may change is dragged to another time, and a failed move goes back with the reason.
 */
export function EventsCalendar({ campaigns, canUpdate, fixedCampaign, withTasks = false }: { campaigns: { id: number; name: string }[]; canUpdate: boolean; fixedCampaign?: number; withTasks?: boolean }) {
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const [status, setStatus] = useState('');
  const [role, setRole] = useState('');
  const [campaign, setCampaign] = useState(fixedCampaign ? String(fixedCampaign) : '');
  const query = useGetCalendarEventsQuery(
    range ? { ...range, ...(withTasks ? { with_tasks: true } : {}), ...(status ? { status } : {}), ...(role ? { role } : {}), ...(campaign ? { campaign_id: Number(campaign) } : {}) } : { start: '', end: '' },
    { skip: !range },
  );
  const [update] = useUpdateEventMutation();
  const events = useMemo(
    () => (query.data ?? []).map((item) => (item.kind === 'task' ? toCalendarTask(item) : { ...toCalendarEvent({ ...item }), editable: canUpdate && item.editable })),
    [query.data, canUpdate],
  );

  async function moved(arg: EventDropArg) {
    if (String(arg.event.id).startsWith('task-')) return arg.revert();
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
        onEventClick={(arg) => {
          const item = arg.event.extendedProps.item as CalendarEntry;
          router.visit(item.kind === 'task' ? `/events/${item.event_id}/tasks?task=${item.task_id}` : `/events/${arg.event.id}`);
        }}
        options={{ eventDrop: (arg) => void moved(arg), eventStartEditable: canUpdate, eventDurationEditable: false, displayEventEnd: true }}
      />
    </div>
  );
}
