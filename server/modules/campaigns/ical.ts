import ical, { ICalCalendarMethod, ICalEventStatus, type ICalEventData } from 'ical-generator';
import { eventLocation } from '../../../common/calendar.js';
import type { EventRow } from './access.js';

/** What an iCal entry says of an event (an events row, as access.ts's findVisibleEvent answers it). */
export type IcsEvent = Pick<EventRow, 'id' | 'tenantId' | 'name' | 'description' | 'venue' | 'address' | 'onlineUrl' | 'startsAt' | 'endsAt' | 'status' | 'updatedAt'>;
export interface IcsCompany {
  name: string;
}
export interface IcsOptions {
  /** the event's page, shown as the entry's link */
  url?: string | null;
  /** METHOD:REQUEST for an invitation or reminder attached to a message (calendar apps offer to add it); PUBLISH by default */
  method?: 'publish' | 'request';
}

const STATUS: Record<string, ICalEventStatus> = {
  draft: ICalEventStatus.TENTATIVE,
  active: ICalEventStatus.CONFIRMED,
  completed: ICalEventStatus.CONFIRMED,
  paused: ICalEventStatus.TENTATIVE,
};

/**
 * The same UID for an event in every file and feed that carries it, so a calendar that imported
 * it once updates it rather than adding a second copy.
 */
export const eventUid = (e: Pick<EventRow, 'tenantId' | 'id'>) => `kazi-event-${e.tenantId}-${e.id}`;

function entry(e: IcsEvent, url?: string | null): ICalEventData {
  const description = [e.description, e.onlineUrl ? `Online: ${e.onlineUrl}` : null].filter(Boolean).join('\n\n');
  return {
    id: eventUid(e),
    // times in UTC: every calendar app places them in its own timezone
    start: new Date(e.startsAt),
    end: new Date(e.endsAt),
    stamp: new Date(e.updatedAt),
    lastModified: new Date(e.updatedAt),
    summary: e.name,
    description: description || null,
    location: eventLocation({ venue: e.venue, address: e.address, online_url: e.onlineUrl }) || null,
    url: url ?? e.onlineUrl ?? null,
    status: STATUS[e.status] ?? ICalEventStatus.CONFIRMED,
  };
}

/** One event as an iCalendar (RFC 5545) file: the download of an event and the attachment of its reminders. */
export function eventIcs(event: IcsEvent, company: IcsCompany, opts: IcsOptions = {}): string {
  const cal = ical({
    name: `${company.name}: ${event.name}`,
    prodId: { company: 'Kazi', product: 'Events', language: 'EN' },
    method: opts.method === 'request' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.PUBLISH,
  });
  cal.createEvent(entry(event, opts.url));
  return cal.toString();
}

/** Many events as one calendar: the company's private feed. */
export function calendarIcs(list: readonly IcsEvent[], company: IcsCompany, urlOf?: (e: IcsEvent) => string): string {
  const cal = ical({ name: `${company.name} events`, prodId: { company: 'Kazi', product: 'Events', language: 'EN' }, ttl: 60 * 60 });
  for (const e of list) cal.createEvent(entry(e, urlOf?.(e)));
  return cal.toString();
}

/** A file name for an event's .ics: letters, digits and dashes of its name. */
export const icsFileName = (e: Pick<EventRow, 'id' | 'name'>) =>
  `${e.name.normalize('NFKD').replace(/[^\w]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).toLowerCase() || 'event'}-${e.id}.ics`;
