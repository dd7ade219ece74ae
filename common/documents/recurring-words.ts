import type { RECURRING_FREQUENCIES } from '../schemas/documents.js';

/** How a recurring invoice repeats (docs/decisions/0014-recurring-invoices-and-document-imports.md). */
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];

export type RecurringSchedule = {
  frequency: RecurringFrequency;
  interval: number;
  starts_at: string;
  ends_at: string | null;
  count: number | null;
};

const UNITS: Record<RecurringFrequency, [one: string, many: string]> = {
  daily: ['day', 'days'],
  weekly: ['week', 'weeks'],
  monthly: ['month', 'months'],
  yearly: ['year', 'years'],
};

/** "month" for 1, "months" for any other number. */
export const unitOf = (frequency: RecurringFrequency, n: number) => UNITS[frequency][n === 1 ? 0 : 1];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A calendar day (YYYY-MM-DD) as "1 Dec 2026". Written out by hand rather than through Intl: the
 * day is a date without a time zone, and the sentence should read the same in every browser.
 */
export function formatDay(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1] ?? m[2]} ${m[1]}`;
}

/** "Every month", "Every 2 weeks". */
export const everyInWords = (frequency: RecurringFrequency, interval: number) =>
  interval === 1 ? `Every ${unitOf(frequency, 1)}` : `Every ${interval} ${unitOf(frequency, interval)}`;

/** "once", "twice", "3 times". */
export const timesInWords = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);

/**
 * The schedule in a sentence: "Every month from 1 Dec 2026, until 31 May 2027",
 * "Every 2 weeks from 4 Jan 2027, 6 times", "Every year from 29 Feb 2028, no end".
 */
export function scheduleInWords(r: RecurringSchedule, day: (iso: string) => string = formatDay): string {
  const every = everyInWords(r.frequency, r.interval);
  const ends: string[] = [];
  if (r.count != null) ends.push(timesInWords(r.count));
  if (r.ends_at) ends.push(`until ${day(r.ends_at)}`);
  return `${every} from ${day(r.starts_at)}, ${ends.length ? ends.join(', ') : 'no end'}`;
}

/** How many invoices were made: "No invoice made yet", "1 invoice made", "3 invoices made", "2 of 3 invoices made". */
export function generatedInWords(generated: number, count: number | null): string {
  if (count != null) return `${generated} of ${count} ${count === 1 ? 'invoice' : 'invoices'} made`;
  if (generated === 0) return 'No invoice made yet';
  return `${generated} ${generated === 1 ? 'invoice' : 'invoices'} made`;
}
