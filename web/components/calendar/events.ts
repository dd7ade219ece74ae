import type { EventInput } from '@fullcalendar/core';
import { PALETTE } from '../chart/palette';

/** The calendar statuses of SPEC §4 and their colours. */
export const EVENT_STATUS_COLORS: Record<string, string> = {
  draft: PALETTE.secondary,
  active: PALETTE.primary,
  completed: PALETTE.success,
  paused: PALETTE.warning,
};

/** An event as the calendar endpoints give it (SPEC §3 "Event calendar item"). */
export type CalendarItem = {
  id: number | string;
  title: string;
  start_date: string;
  end_date?: string | null;
  status?: string | null;
  [key: string]: unknown;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** "2026-03-31" → "2026-04-01" (the calendar's all-day ends are exclusive). */
export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * A calendar item → a FullCalendar event: day-only dates are all-day events whose (inclusive)
 * end day is made exclusive, the colour follows the status, and the item rides along in
 * `extendedProps` for click handlers.
 */
export function toCalendarEvent(item: CalendarItem): EventInput {
  const allDay = DAY.test(item.start_date) && (!item.end_date || DAY.test(item.end_date));
  const end = item.end_date ? (allDay ? nextDay(item.end_date) : item.end_date) : undefined;
  const color = EVENT_STATUS_COLORS[(item.status ?? '').toLowerCase()] ?? PALETTE.primary;
  return {
    id: String(item.id),
    title: item.title,
    start: item.start_date,
    end,
    allDay,
    backgroundColor: color,
    borderColor: color,
    textColor: '#FFFFFF',
    extendedProps: { item },
  };
}
