import { eventIcs } from '../campaigns/ical.js';
import type { EventRow } from './service.js';

/** The event as an iCalendar file (campaigns/ical.ts): the guest's "add to calendar" and the reminder's attachment (METHOD:REQUEST there). */
export function eventIcsFile(event: EventRow, company: string, opts: { tenantId: number; updatedAt: string; method?: 'publish' | 'request' }): string {
  return eventIcs(
    {
      id: event.id,
      tenantId: opts.tenantId,
      name: event.name,
      description: event.description,
      venue: event.venue,
      address: event.address,
      onlineUrl: event.online_url,
      startsAt: event.starts_at,
      endsAt: event.ends_at,
      status: event.status as 'active',
      updatedAt: opts.updatedAt,
    },
    { name: company },
    { method: opts.method },
  );
}

/** A Google Calendar "add event" link for the event. */
export function googleCalendarUrl(event: EventRow): string {
  const stamp = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const q = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.name,
    dates: `${stamp(event.starts_at)}/${stamp(event.ends_at)}`,
    details: [event.description, event.online_url ? `Online: ${event.online_url}` : null].filter(Boolean).join('\n\n'),
    location: [event.venue, event.address].filter(Boolean).join(', ') || event.online_url || '',
    ctz: event.timezone,
  });
  return `https://calendar.google.com/calendar/render?${q.toString()}`;
}
