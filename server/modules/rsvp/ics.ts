import ical from 'ical-generator';
import type { EventRow } from './service.js';

/**
 * The event as an iCalendar file (the guest's "add to calendar", the reminder's attachment). The
 * UID is stable per event and company so a calendar that imports it twice keeps one entry.
 */
export function eventIcsFile(event: EventRow, company: string, appUrl: string): string {
  const host = (() => {
    try {
      return new URL(appUrl).host;
    } catch {
      return 'kazi';
    }
  })();
  const cal = ical({ name: event.name, prodId: { company: company || 'Kazi', product: 'Kazi events' } });
  cal.createEvent({
    id: `event-${event.id}@${host}`,
    start: new Date(event.starts_at),
    end: new Date(event.ends_at),
    summary: event.name,
    description: event.description ?? undefined,
    location: [event.venue, event.address].filter(Boolean).join(', ') || event.online_url || undefined,
    url: event.online_url ?? undefined,
  });
  return cal.toString();
}

/** A Google Calendar "add event" link for the event. */
export function googleCalendarUrl(event: EventRow): string {
  const stamp = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const q = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.name,
    dates: `${stamp(event.starts_at)}/${stamp(event.ends_at)}`,
    details: event.description ?? '',
    location: [event.venue, event.address].filter(Boolean).join(', ') || event.online_url || '',
    ctz: event.timezone,
  });
  return `https://calendar.google.com/calendar/render?${q.toString()}`;
}
