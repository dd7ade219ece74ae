import type { CalendarOptions } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { CalendarProps } from './Calendar';

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];

// Loaded on demand by <Calendar>; FullCalendar 6 injects its own base styles.
export default function CalendarView({ events, initialView, initialDate, direction, height, onEventClick, onDateClick, onDatesSet, options }: CalendarProps & { direction: 'ltr' | 'rtl' }) {
  const settings: CalendarOptions = {
    plugins: PLUGINS,
    initialView: initialView ?? 'dayGridMonth',
    initialDate,
    direction,
    events,
    height: height ?? 'auto',
    // month by default; week and day with the hours; a list of the month's events
    headerToolbar: { start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay,listMonth' },
    // words rather than FullCalendar's chevron icons, which are role="img" without a name
    buttonIcons: false,
    buttonText: { prev: 'Previous', next: 'Next', today: 'Today', month: 'Month', week: 'Week', day: 'Day', list: 'List' },
    dayMaxEvents: true,
    // Events are reachable with Tab and open with Enter when they do something.
    eventInteractive: Boolean(onEventClick),
    eventClick: onEventClick,
    dateClick: onDateClick,
    datesSet: onDatesSet,
    // a day cell is named by its date link alone, which leaves out the events inside it (the name
    // must include what the cell shows); the link keeps its full date for screen readers
    dayCellDidMount: (arg) => arg.el.removeAttribute('aria-labelledby'),
    ...options,
  };
  return <FullCalendar {...settings} />;
}
