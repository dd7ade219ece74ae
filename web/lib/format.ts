// The company's formats on every page: common/format.ts does the formatting, this hook hands it
// the company's date format, time zone and default currency (the shared prop `formats`).
import { useMemo } from 'react';
import {
  DEFAULT_DATE_FORMAT,
  formatCompactMoney,
  formatDate,
  formatDateTime,
  formatMoney,
  plainCurrency,
  type CompanyFormats,
  type CurrencyFormat,
} from '@common/format';
import { useSharedProps } from './page';

export { formatMonth } from '@common/format';

const FALLBACK: CompanyFormats = { date_format: DEFAULT_DATE_FORMAT, timezone: 'UTC', currency: plainCurrency('USD') };

export interface Formats {
  /** a date (or the day of a moment in the company's time zone) in the company's date format */
  date: (value: string | Date | null | undefined) => string;
  /** a moment with its time of day */
  dateTime: (value: string | Date | null | undefined) => string;
  /** an amount in `currency` (the default currency when none is given) */
  money: (amount: string | null | undefined, currency?: CurrencyFormat) => string;
  /** a short amount for chart axes: "KSh4.5M" */
  compactMoney: (value: number, currency?: CurrencyFormat) => string;
  /** the company's default currency */
  currency: CurrencyFormat;
}

export function formatsOf(formats: CompanyFormats | null | undefined): Formats {
  const f = formats ?? FALLBACK;
  return {
    date: (value) => formatDate(value, f.date_format, f.timezone),
    dateTime: (value) => formatDateTime(value, f.date_format, f.timezone),
    money: (amount, currency) => formatMoney(amount, currency ?? f.currency),
    compactMoney: (value, currency) => formatCompactMoney(value, currency ?? f.currency),
    currency: f.currency,
  };
}

/** The one formatter with the company's settings (common/format.ts). */
export function useFormats(): Formats {
  const { formats } = useSharedProps();
  return useMemo(() => formatsOf(formats), [formats]);
}

/** Up to two initials for an avatar. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0][0], parts[parts.length - 1][0]] : [parts[0]?.[0] ?? '?'];
  return letters.join('').toUpperCase();
}

/** The browser's own time zone (IANA name), or null when it cannot tell: a first guess for forms, never for formatting. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}
