import type { CalendarOptions, DatesSetArg, EventClickArg, EventSourceInput } from '@fullcalendar/core';
import type { DateClickArg } from '@fullcalendar/interaction';
import { lazy, Suspense } from 'react';
import { useDocumentTheme } from '../chart/use-document-theme';
import { cx } from '../cx';
import { Skeleton } from '../display/Skeleton';

// FullCalendar is fetched the first time a calendar is shown, never with the first page.
const CalendarView = lazy(() => import('./CalendarView'));

export type CalendarProps = {
  /** An array of events (see `toCalendarEvent`), a JSON feed URL, or a function of the visible range. */
  events: EventSourceInput;
  /** Accessible name of the calendar region ("Events calendar"). */
  label: string;
  /** Month view by default (SPEC: "calendar view month"). */
  initialView?: 'dayGridMonth' | 'dayGridWeek' | 'dayGridDay' | 'timeGridWeek' | 'timeGridDay' | 'listMonth';
  initialDate?: string;
  /** Reading direction; follows the page's `dir` when left out. */
  direction?: 'ltr' | 'rtl';
  height?: number | 'auto';
  onEventClick?: (arg: EventClickArg) => void;
  onDateClick?: (arg: DateClickArg) => void;
  /** Called with the visible range whenever it changes (fetch that month's events here). */
  onDatesSet?: (arg: DatesSetArg) => void;
  /** Any other FullCalendar option. */
  options?: Omit<CalendarOptions, 'plugins' | 'events'>;
  className?: string;
};

// FullCalendar's colours are CSS variables: set them from the palette, with slate darks in dark mode.
const THEME = cx(
  '[--fc-border-color:#e2e8f0] [--fc-page-bg-color:#ffffff] [--fc-neutral-bg-color:#f8fafc] [--fc-today-bg-color:#4669fa14]',
  '[--fc-button-bg-color:#4669fa] [--fc-button-border-color:#4669fa] [--fc-button-hover-bg-color:#3656e0] [--fc-button-hover-border-color:#3656e0]',
  '[--fc-button-active-bg-color:#1e293b] [--fc-button-active-border-color:#1e293b] [--fc-button-text-color:#ffffff]',
  '[--fc-event-bg-color:#4669fa] [--fc-event-border-color:#4669fa] [--fc-highlight-color:#4669fa1f]',
  'dark:[--fc-border-color:#334155] dark:[--fc-page-bg-color:#1e293b] dark:[--fc-neutral-bg-color:#0f172a] dark:[--fc-today-bg-color:#4669fa2e]',
  'dark:[--fc-button-active-bg-color:#0f172a] dark:[--fc-button-active-border-color:#0f172a] dark:[--fc-list-event-hover-bg-color:#334155]',
  'text-sm text-slate-700 dark:text-slate-300 [&_.fc-toolbar-title]:text-lg [&_.fc-toolbar-title]:font-semibold [&_.fc-toolbar-title]:text-slate-900 dark:[&_.fc-toolbar-title]:text-white',
  '[&_.fc-col-header-cell-cushion]:font-medium [&_.fc-daygrid-day-number]:text-slate-600 dark:[&_.fc-daygrid-day-number]:text-slate-300',
  // other months' days: a quieter colour that still reads (FullCalendar's 30% opacity fell far below the contrast ratio)
  '[&_.fc-day-other_.fc-daygrid-day-top]:opacity-100! [&_.fc-day-other_.fc-daygrid-day-number]:text-slate-500 dark:[&_.fc-day-other_.fc-daygrid-day-number]:text-slate-400',
  '[&_.fc-button]:text-sm [&_.fc-button]:capitalize [&_.fc-button:focus-visible]:outline-2 [&_.fc-button:focus-visible]:outline-offset-2 [&_.fc-button:focus-visible]:outline-primary',
);

/**
 * The app's calendar (FullCalendar, loaded lazily): month view by default, right-to-left when the
 * page is, palette colours with a dark variant.
 */
export function Calendar({ label, className, direction, height = 'auto', ...rest }: CalendarProps) {
  const { rtl } = useDocumentTheme();
  return (
    <section aria-label={label} className={cx(THEME, className)}>
      <Suspense fallback={<Skeleton className="h-[32rem] w-full rounded-md" />}>
        <CalendarView {...rest} label={label} height={height} direction={direction ?? (rtl ? 'rtl' : 'ltr')} />
      </Suspense>
    </section>
  );
}
