import { formatDateTime as formatDateTimeIn } from '@common/format';

// Relative times for lists ("5 minutes ago", "yesterday").

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago", "last year"; '' for something that is not a date. */
export function timeAgo(value: string | number | Date | null | undefined, now: number = Date.now(), locale?: string): string {
  if (value == null || value === '') return '';
  const then = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(then)) return '';
  const seconds = (then - now) / 1000;
  const size = Math.abs(seconds);
  if (size < 45) return 'just now';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (size < HOUR) return format.format(Math.round(seconds / MINUTE), 'minute');
  if (size < DAY) return format.format(Math.round(seconds / HOUR), 'hour');
  if (size < 7 * DAY) return format.format(Math.round(seconds / DAY), 'day');
  if (size < 30 * DAY) return format.format(Math.round(seconds / (7 * DAY)), 'week');
  if (size < 365 * DAY) return format.format(Math.round(seconds / (30.44 * DAY)), 'month');
  return format.format(Math.round(seconds / (365.25 * DAY)), 'year');
}

/** "24 Nov 2026, 14:05" (for a title or tooltip beside a relative time): the one date format, common/format.ts. */
export function formatDateTime(value: string | null | undefined, timeZone?: string | null, dateFormat?: string | null): string {
  return formatDateTimeIn(value, dateFormat, timeZone);
}
