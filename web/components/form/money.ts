import { catalogueCurrency } from '@common/currency-catalogue';
import { currencyFormatOf, formatMoney, type CurrencyFormat } from '@common/format';

// Money is held as integer minor units (cents), never floats: parsing and formatting work on the
// digits as text and only ever build integers.

/** How many decimals a currency uses (USD 2, JPY 0, KWD 3), from the ISO catalogue; 2 for an unknown code. */
export function currencyDigits(currency: string): number {
  return catalogueCurrency(currency)?.precision ?? 2;
}

/** 123456 minor units → "1234.56" (plain, for editing). */
export function minorToDecimal(minor: number, digits: number): string {
  if (!Number.isSafeInteger(minor)) return '';
  const negative = minor < 0;
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  const whole = digits ? text.slice(0, -digits) : text;
  const fraction = digits ? text.slice(-digits) : '';
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** 123456 minor units of USD → "$1,234.56": the one money format (common/format.ts) in `currency`'s settings, or its catalogue defaults for a bare code. */
export function formatMinor(minor: number, currency: CurrencyFormat | string): string {
  const format = typeof currency === 'string' ? currencyFormatOf(currency) : currency;
  const decimal = minorToDecimal(minor, format.precision);
  return decimal ? formatMoney(decimal, format) : '';
}

export type MoneyParse = { ok: true; minor: number | null } | { ok: false; error: string };

/**
 * What someone typed → minor units. Accepts "1234.5", "1,234.50", "1.234,50", "1 234,5", "$12",
 * "-3.10"; the last "." or "," followed by at most `digits` digits is the decimal mark, any
 * other separator groups thousands. Empty text is `null` (no amount).
 */
export function parseMoney(text: string, digits: number, { allowNegative = false } = {}): MoneyParse {
  const raw = text.trim();
  if (raw === '') return { ok: true, minor: null };
  const negative = /^-|^\(.*\)$|-$/.test(raw.replace(/[^\d\-().,]/g, ''));
  const cleaned = raw.replace(/[^\d.,]/g, '');
  if (!/\d/.test(cleaned)) return { ok: false, error: 'Enter an amount, such as 12.50.' };

  let whole = cleaned;
  let fraction = '';
  const lastMark = Math.max(cleaned.lastIndexOf('.'), cleaned.lastIndexOf(','));
  if (lastMark !== -1) {
    const after = cleaned.slice(lastMark + 1);
    const marks = cleaned.match(/[.,]/g) ?? [];
    const sameMarkRepeats = marks.filter((m) => m === cleaned[lastMark]).length > 1;
    // "1,234" (3 digits after a single mark, currency with fewer decimals) groups thousands.
    const isDecimal = !sameMarkRepeats && after.length <= Math.max(digits, 0) && !(after.length === 3 && digits < 3);
    if (isDecimal && digits > 0) {
      whole = cleaned.slice(0, lastMark);
      fraction = after;
    } else if (after.length !== 3 && !sameMarkRepeats) {
      return digits === 0
        ? { ok: false, error: 'This currency has no decimals.' }
        : { ok: false, error: `Enter at most ${digits} decimal places.` };
    }
  }
  whole = whole.replace(/[.,]/g, '');
  const combined = `${whole || '0'}${fraction.padEnd(digits, '0')}`.replace(/^0+(?=\d)/, '');
  const minor = Number(combined);
  if (!Number.isSafeInteger(minor)) return { ok: false, error: 'The amount is too large.' };
  if (negative && !allowNegative && minor !== 0) return { ok: false, error: 'The amount cannot be negative.' };
  return { ok: true, minor: negative && minor !== 0 ? -minor : minor };
}
