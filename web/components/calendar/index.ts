// FullCalendar itself is only reached through a dynamic import inside <Calendar>.
export { Calendar, type CalendarProps } from './Calendar';
export { EVENT_STATUS_COLORS, toCalendarEvent, type CalendarItem } from './events';
