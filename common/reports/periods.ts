/**
 * Period arithmetic of the financial reports, shared by the server (which groups ledger lines
 * by these periods) and the pages (which label the columns). Dates are ISO `YYYY-MM-DD` text
 * and every computation is on calendar days in UTC, so no time zone moves a date.
 *
 * The financial year starts on a day and month (`DD-MM`, accounting settings). Quarters and
 * months are counted from that day: with a year starting 01-04, Q1 is April–June; with one
 * starting 15-04, the months run from the 15th to the 14th.
 */
export type PeriodBasis = 'month' | 'quarter' | 'year';

export interface Period {
  /** 0-based position among the periods of the range */
  index: number;
  label: string;
  /** first and last day, inclusive, clipped to the range */
  from: string;
  to: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface Ymd {
  y: number;
  m: number; // 1..12
  d: number;
}

export const parseDate = (iso: string): Ymd => {
  const [y, m, d] = iso.split('-').map(Number);
  return { y, m, d };
};
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
export const formatDate = ({ y, m, d }: Ymd) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** `anchor` moved by `months` months; the day is kept, or the month's last day when it has fewer. */
export function addMonths(anchor: string, months: number): string {
  const { y, m, d } = parseDate(anchor);
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  return formatDate({ y: ny, m: nm, d: Math.min(d, daysIn(ny, nm)) });
}

export function addDays(iso: string, days: number): string {
  const { y, m, d } = parseDate(iso);
  return new Date(Date.UTC(y, m - 1, d) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  const ms = (iso: string) => {
    const { y, m, d } = parseDate(iso);
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((ms(b) - ms(a)) / 86_400_000);
}

/** "DD-MM" → day and month; anything unreadable is 1 January. */
function yearStart(fyStart: string): { d: number; m: number } {
  const match = /^(\d{2})-(\d{2})$/.exec(fyStart ?? '');
  if (!match) return { d: 1, m: 1 };
  return { d: Number(match[1]), m: Number(match[2]) };
}

/** The first day of the financial year that contains `date`. */
export function financialYearOf(date: string, fyStart: string): { from: string; to: string } {
  const { d, m } = yearStart(fyStart);
  const { y } = parseDate(date);
  const startIn = (year: number) => formatDate({ y: year, m, d: Math.min(d, daysIn(year, m)) });
  const from = startIn(y) <= date ? startIn(y) : startIn(y - 1);
  return { from, to: addDays(addMonths(from, 12), -1) };
}

/** The financial quarter (three months from the year's start) that contains `date`. */
export function financialQuarterOf(date: string, fyStart: string): { from: string; to: string } {
  const fy = financialYearOf(date, fyStart);
  for (let q = 3; q >= 0; q--) {
    const from = addMonths(fy.from, q * 3);
    if (from <= date) return { from, to: addDays(addMonths(fy.from, q * 3 + 3), -1) };
  }
  return { from: fy.from, to: addDays(addMonths(fy.from, 3), -1) };
}

export type RangeKind = 'this_year' | 'last_year' | 'this_quarter' | 'last_quarter' | 'custom';

/** The dates a named range covers on `today` (custom: the given dates). */
export function resolveRange(
  kind: RangeKind,
  today: string,
  fyStart: string,
  custom: { date_from?: string | null; date_to?: string | null } = {},
): { from: string; to: string } {
  switch (kind) {
    case 'this_year':
      return financialYearOf(today, fyStart);
    case 'last_year':
      return financialYearOf(addDays(financialYearOf(today, fyStart).from, -1), fyStart);
    case 'this_quarter':
      return financialQuarterOf(today, fyStart);
    case 'last_quarter':
      return financialQuarterOf(addDays(financialQuarterOf(today, fyStart).from, -1), fyStart);
    case 'custom':
      return { from: custom.date_from ?? today, to: custom.date_to ?? today };
  }
}

/** The label of the financial year starting on `from`: "2026" when it is the calendar year, else "2026–27". */
function yearLabel(from: string): string {
  const { y, m, d } = parseDate(from);
  if (m === 1 && d === 1) return String(y);
  return `${y}–${pad((y + 1) % 100)}`;
}

function monthLabel(from: string): string {
  const { y, m, d } = parseDate(from);
  return d === 1 ? `${MONTHS[m - 1]} ${y}` : `${d} ${MONTHS[m - 1]} ${y}`;
}

/**
 * The periods (months, quarters or financial years) that cover [from, to], each clipped to
 * the range, in order. Months and quarters are counted from the financial year start.
 */
export function periodsOf(from: string, to: string, basis: PeriodBasis, fyStart: string): Period[] {
  if (from > to) return [];
  const step = basis === 'month' ? 1 : basis === 'quarter' ? 3 : 12;
  const fy = financialYearOf(from, fyStart);
  // the period that contains `from`
  let k = 0;
  while (addMonths(fy.from, (k + 1) * step) <= from) k++;
  const out: Period[] = [];
  for (;;) {
    const start = addMonths(fy.from, k * step);
    if (start > to) break;
    const end = addDays(addMonths(fy.from, (k + 1) * step), -1);
    const periodFy = financialYearOf(start, fyStart);
    const label =
      basis === 'month'
        ? monthLabel(start)
        : basis === 'quarter'
          ? `Q${Math.round(monthsBetween(periodFy.from, start) / 3) + 1} ${yearLabel(periodFy.from)}`
          : yearLabel(start);
    out.push({ index: out.length, label, from: start < from ? from : start, to: end > to ? to : end });
    k++;
  }
  return out;
}

function monthsBetween(a: string, b: string): number {
  const pa = parseDate(a);
  const pb = parseDate(b);
  return (pb.y - pa.y) * 12 + (pb.m - pa.m);
}

/** Today's date in a time zone, as YYYY-MM-DD. */
export function todayIn(timeZone = 'UTC', now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}
