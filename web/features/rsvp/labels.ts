import type { RsvpAnswer, RsvpPlace } from '@common/answers/rsvp';
import type { Tone } from '@/components/display/Badge';

export const ANSWER_LABEL: Record<RsvpAnswer, string> = { yes: 'Yes', no: 'No', maybe: 'Maybe' };
export const ANSWER_TONE: Record<RsvpAnswer, Tone> = { yes: 'success', no: 'danger', maybe: 'warning' };
export const PLACE_LABEL: Record<RsvpPlace, string> = { confirmed: 'Confirmed', waitlisted: 'Waitlist', offered: 'Place offered' };
export const PLACE_TONE: Record<RsvpPlace, Tone> = { confirmed: 'success', waitlisted: 'secondary', offered: 'info' };

/** "Sat, 5 Dec 2026, 18:00" in the event's own time zone */
export function eventTime(iso: string, timezone: string): string {
  try {
    return new Intl.DateTimeFormat(undefined, { timeZone: timezone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  } catch {
    return new Date(iso).toLocaleString();
  }
}
