/**
 * The one place money, counts and dates are turned into text for people: every page, chart,
 * PDF, export and e-mail calls these (docs/decisions/0024-formats-one-money-one-date.md).
 * web/format-guard.test.ts fails when code under web/ formats numbers or dates on its own.
 *
 * Money follows the currency's own settings (Settings/Accounting/Currencies: symbol, its
 * position, decimals, decimal mark, thousands separator) on exact decimal text — no float.
 * Dates follow the company's date format (Settings/Accounting, General: `date_format`),
 * with month names and time zones from Intl.
 */
import { catalogueCurrency } from './currency-catalogue.js';
import { fromUnits, isDecimal, toUnits } from './money.js';

/** Display format of a currency (Settings/Accounting/Currencies). */
export interface CurrencyFormat {
  code: string;
  precision: number;
  symbol: string;
  symbol_first: boolean;
  decimal_mark: string;
  thousands_separator: string;
}

/** A currency known only by its code (deleted since, or a report's code): the code after the figure. */
export const plainCurrency = (code: string, precision = 2): CurrencyFormat => ({
  code,
  precision,
  symbol: code,
  symbol_first: false,
  decimal_mark: '.',
  thousands_separator: ',',
});

/** A currency known by its ISO code only: the catalogue's display defaults, else the code after the figure. */
export function currencyFormatOf(code: string): CurrencyFormat {
  const known = catalogueCurrency(code);
  return known ? { ...known } : plainCurrency(code.toUpperCase());
}

function withSymbol(number: string, negative: boolean, currency: CurrencyFormat): string {
  const symbol = currency.symbol || currency.code;
  const body = currency.symbol_first ? `${symbol}${number}` : `${number} ${symbol}`;
  return negative ? `-${body}` : body;
}

function group(whole: string, separator: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * "1234567.5" in { symbol: 'KSh', symbol_first: true, precision: 2, '.', ',' } → "KSh1,234,567.50";
 * '' for a missing or non-decimal value.
 */
export function formatMoney(amount: string | null | undefined, currency: CurrencyFormat): string {
  if (amount === null || amount === undefined || !isDecimal(String(amount))) return '';
  const units = toUnits(String(amount), currency.precision);
  const negative = units < 0n;
  const [whole, frac] = fromUnits(negative ? -units : units, currency.precision).split('.');
  const number = frac ? `${group(whole, currency.thousands_separator)}${currency.decimal_mark}${frac}` : group(whole, currency.thousands_separator);
  return withSymbol(number, negative, currency);
}

/** The figure alone, in the currency's marks and decimals ("1,234,567.50"): table cells under a heading naming the currency. */
export function formatFigure(amount: string | null | undefined, currency: Pick<CurrencyFormat, 'precision' | 'decimal_mark' | 'thousands_separator'>): string {
  return formatMoney(amount, { ...currency, code: '', symbol: '\u0000', symbol_first: true }).replace('\u0000', '');
}

/** A number (what charts hold) as money: rounded to the currency's decimals first, then as formatMoney. */
export function formatMoneyNumber(value: number, currency: CurrencyFormat): string {
  if (!Number.isFinite(value)) return '';
  return formatMoney(value.toFixed(currency.precision), currency);
}

const COMPACT = [
  { size: 1e12, suffix: 'T' },
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
];

/**
 * A short amount for chart axes and tight spaces: 4500000 → "KSh4.5M", 950 → "KSh950",
 * at most one decimal, in the currency's decimal mark and symbol position. Charts hand numbers
 * over, so this one takes a number; the exact figures stay with formatMoney.
 */
export function formatCompactMoney(value: number, currency: CurrencyFormat): string {
  if (!Number.isFinite(value)) return '';
  const negative = value < 0;
  const size = Math.abs(value);
  const step = COMPACT.find((c) => size >= c.size);
  let number: string;
  if (step) {
    const tenths = Math.round((size / step.size) * 10);
    const whole = Math.floor(tenths / 10);
    const frac = tenths % 10;
    number = `${group(String(whole), currency.thousands_separator)}${frac ? `${currency.decimal_mark}${frac}` : ''}${step.suffix}`;
  } else {
    number = String(Math.round(size));
  }
  return withSymbol(number, negative && number !== '0', currency);
}

const counts = new Intl.NumberFormat('en');

/** A count of things (rows, records, visits): "1,234". */
export function formatCount(value: number): string {
  return counts.format(value);
}

const compactCounts = new Intl.NumberFormat('en', { notation: 'compact', maximumSignificantDigits: 2 });

/** A rough count: 12300 → "12K". */
export function formatCompactCount(value: number): string {
  return compactCounts.format(value);
}

const decimals1 = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

/** A measure with at most one decimal (a percentage change, minutes): 12.25 → "12.3". */
export function formatDecimal(value: number): string {
  return decimals1.format(value);
}

// ------------------------------------------------------------------ dates

/** The date formats a company may choose (Settings/Accounting, General). */
export const DATE_FORMATS = ['DD MMM YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'DD.MM.YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const DEFAULT_DATE_FORMAT: DateFormat = 'DD MMM YYYY';

export const DATE_FORMAT_LABELS: Record<DateFormat, string> = {
  'DD MMM YYYY': '24 Nov 2026',
  'DD/MM/YYYY': '24/11/2026',
  'MM/DD/YYYY': '11/24/2026',
  'YYYY-MM-DD': '2026-11-24',
  'DD.MM.YYYY': '24.11.2026',
};

const MONTHS = Array.from({ length: 12 }, (_, m) => new Intl.DateTimeFormat('en', { month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, m, 1))));
const pad = (n: number) => String(n).padStart(2, '0');
const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function safeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** The calendar day of `value`: a "YYYY-MM-DD" date as written, a moment in `timeZone` (UTC when none). */
function calendarDay(value: string | Date, timeZone?: string | null): { y: number; m: number; d: number } | null {
  if (typeof value === 'string') {
    const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
    if (plain) return { y: Number(plain[1]), m: Number(plain[2]), d: Number(plain[3]) };
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const zone = safeZone(timeZone);
  let f = partsFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    partsFormatters.set(zone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(date).map((p) => [p.type, p.value]));
  return { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day) };
}

/**
 * A date in the company's format: "2026-11-24" → "24 Nov 2026" (DD MMM YYYY), "24/11/2026",
 * "11/24/2026", "2026-11-24" or "24.11.2026". A plain date is a calendar day (never shifted); a
 * timestamp is shown as the day it is in `timeZone`. '' for nothing, the text itself when it is
 * not a date.
 */
export function formatDate(value: string | Date | null | undefined, format: string | null | undefined = DEFAULT_DATE_FORMAT, timeZone?: string | null): string {
  if (value === null || value === undefined || value === '') return '';
  const day = calendarDay(value, timeZone);
  if (!day) return String(value);
  const { y, m, d } = day;
  switch (format) {
    case 'DD/MM/YYYY':
      return `${pad(d)}/${pad(m)}/${y}`;
    case 'MM/DD/YYYY':
      return `${pad(m)}/${pad(d)}/${y}`;
    case 'YYYY-MM-DD':
      return `${y}-${pad(m)}-${pad(d)}`;
    case 'DD.MM.YYYY':
      return `${pad(d)}.${pad(m)}.${y}`;
    default:
      return `${pad(d)} ${MONTHS[m - 1]} ${y}`;
  }
}

const times = new Map<string, Intl.DateTimeFormat>();

/** A moment with its time of day: "24 Nov 2026, 14:05" in the company's date format and time zone. */
export function formatDateTime(value: string | Date | null | undefined, format: string | null | undefined = DEFAULT_DATE_FORMAT, timeZone?: string | null): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const zone = safeZone(timeZone);
  let f = times.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    times.set(zone, f);
  }
  return `${formatDate(date, format, zone)}, ${f.format(date)}`;
}

/** A "YYYY-MM" month: "Nov" / "Nov 26" (short, for chart labels) and "November 2026" (long). */
export function formatMonth(month: string, withYear = false): { short: string; long: string } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return { short: month, long: month };
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  const short = `${MONTHS[date.getUTCMonth()]}${withYear ? ` ${match[1].slice(2)}` : ''}`;
  const long = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
  return { short, long };
}

/** The company's formats as every page receives them (shared prop `formats`). */
export interface CompanyFormats {
  date_format: DateFormat;
  timezone: string;
  currency: CurrencyFormat;
}

/** "2026-03-08" → "Sun 8 Mar" (the day as a calendar day): chart labels of recent days. */
export function formatWeekday(day: string, locale = 'en'): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date);
}

/** (1, 7) → "1 July": a day of every year (the financial year's start). */
export function formatDayMonth(day: number, month: number): string {
  const date = new Date(Date.UTC(2000, month - 1, day));
  return `${date.getUTCDate()} ${new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(date)}`;
}

/** Today as "YYYY-MM-DD" in `timeZone` (the browser's own when none): a date input's value, not a display. */
export function isoToday(timeZone?: string | null): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ? safeZone(timeZone) : undefined, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** A moment as "YYYY-MM-DDTHH:MM" in `timeZone`: a datetime-local input's value, not a display. */
export function isoLocalDateTime(value: string | Date, timeZone?: string | null): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timeZone ? safeZone(timeZone) : undefined,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(typeof value === 'string' ? new Date(value) : value);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}
