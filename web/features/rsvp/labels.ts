import type { RsvpAnswer, RsvpPlace } from '@common/answers/rsvp';
import { formatDateTime } from '@common/format';
import type { Tone } from '@/components/display/Badge';

export const ANSWER_LABEL: Record<RsvpAnswer, string> = { yes: 'Yes', no: 'No', maybe: 'Maybe' };
export const ANSWER_TONE: Record<RsvpAnswer, Tone> = { yes: 'success', no: 'danger', maybe: 'warning' };
export const PLACE_LABEL: Record<RsvpPlace, string> = { confirmed: 'Confirmed', waitlisted: 'Waitlist', offered: 'Place offered' };
export const PLACE_TONE: Record<RsvpPlace, Tone> = { confirmed: 'success', waitlisted: 'secondary', offered: 'info' };

/** "Sat, 5 Dec 2026, 18:00" in the event's own time zone */
export function eventTime(iso: string, timezone: string): string {
  return formatDateTime(iso, undefined, timezone);
}
