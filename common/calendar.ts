/**
 * Calendar helpers shared by the server and the pages (decision 0042): a moment typed in the
 * company's timezone to UTC, and an event's "add to Google Calendar" link.
 */

/** The offset of `timeZone` from UTC at the moment `ms`, in milliseconds (east positive). */
function offsetAt(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return asUtc - Math.floor(ms / 1000) * 1000;
}

export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * "2026-12-01T18:00" read as a wall-clock time in `timeZone` → the moment, as an ISO string in
 * UTC; a value that already carries Z or an offset is that moment. null when it is no date.
 */
export function zonedToUtc(value: string, timeZone: string): string | null {
  const local = LOCAL_DATE_TIME.exec(value.trim());
  if (!local) {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value.trim())) return null;
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : d.toISOString();
  }
  const [, y, mo, d, h, mi, s] = local.map(Number) as number[];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s || 0);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  // twice: the offset at the guessed moment may differ from the offset at the real one (a DST change between)
  let at = wall - offsetAt(wall, zone);
  at = wall - offsetAt(at, zone);
  return new Date(at).toISOString();
}

const icsStamp = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

export interface CalendarLinkEvent {
  name: string;
  description?: string | null;
  venue?: string | null;
  address?: string | null;
  online_url?: string | null;
  starts_at: string;
  ends_at: string;
}

/** Where the event happens, in one line: venue, address, or its online link. */
export const eventLocation = (e: Pick<CalendarLinkEvent, 'venue' | 'address' | 'online_url'>) =>
  [e.venue, e.address].filter(Boolean).join(', ') || e.online_url || '';

/** Google Calendar's "add event" link (its documented TEMPLATE action), times in UTC. */
export function googleCalendarUrl(e: CalendarLinkEvent): string {
  const q = new URLSearchParams({ action: 'TEMPLATE', text: e.name, dates: `${icsStamp(e.starts_at)}/${icsStamp(e.ends_at)}` });
  const details = [e.description, e.online_url].filter(Boolean).join('\n\n');
  if (details) q.set('details', details);
  const where = eventLocation(e);
  if (where) q.set('location', where);
  return `https://calendar.google.com/calendar/render?${q.toString()}`;
}
