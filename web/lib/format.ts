// Dates and numbers for display. Timezones come from the tenant (default UTC, SPEC §9).

const DEFAULT_TIMEZONE = 'UTC';

function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIMEZONE;
  try {
    new Intl.DateTimeFormat(undefined, { timeZone });
    return timeZone;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

/** "12 Mar 2026" in the tenant's timezone; the raw text when it is not a date. */
export function formatDate(value: string | null | undefined, timeZone?: string | null): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: safeTimeZone(timeZone) }).format(date);
}

/** A "YYYY-MM" month as a short label ("Mar", or "Mar 26" with the year) and a long one ("March 2026"). */
export function formatMonth(month: string, withYear = false): { short: string; long: string } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return { short: month, long: month };
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  const short = new Intl.DateTimeFormat(undefined, {
    month: 'short',
    ...(withYear ? { year: '2-digit' as const } : {}),
    timeZone: 'UTC',
  }).format(date);
  const long = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
  return { short, long };
}

/** Up to two initials for an avatar. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0][0], parts[parts.length - 1][0]] : [parts[0]?.[0] ?? '?'];
  return letters.join('').toUpperCase();
}
