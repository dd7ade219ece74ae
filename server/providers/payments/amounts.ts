import { fromUnits, isDecimal, toUnits } from '../../../common/money.js';
import { PaymentRequestInvalid } from './errors.js';

/**
 * Stripe's minor units (https://docs.stripe.com/currencies): most currencies have two decimals;
 * these have none (¥500 is `500`), these three (the last digit must be 0), and ISK is sent with
 * two decimals that must be 00.
 */
export const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
export const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);
const WHOLE_ONLY = new Set(['ISK']);

export function minorDigits(currency: string): number {
  const c = currency.toUpperCase();
  return ZERO_DECIMAL.has(c) ? 0 : THREE_DECIMAL.has(c) ? 3 : 2;
}

/** A positive decimal string, or PaymentRequestInvalid naming it. */
export function positiveAmount(amount: string): string {
  const text = typeof amount === 'string' ? amount.trim() : '';
  if (!isDecimal(text) || text.startsWith('-') || toUnits(text, 12) <= 0n) {
    throw new PaymentRequestInvalid(`The amount must be a positive number, not "${String(amount)}".`, 'amount');
  }
  return text;
}

export function isoCurrency(currency: string): string {
  const c = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
  if (!/^[A-Z]{3}$/.test(c)) throw new PaymentRequestInvalid(`The currency must be an ISO 4217 code such as KES, not "${String(currency)}".`, 'currency');
  return c;
}

/**
 * "1500.50" USD → 150050; "500" JPY → 500; "1.25" KWD → 1250. An amount finer than the
 * currency allows (a fraction of a yen, "1.255" KWD, a fraction of a króna) is refused, never
 * rounded: the payer must be charged exactly what they were shown.
 */
export function toMinorUnits(amount: string, currency: string): bigint {
  const c = isoCurrency(currency);
  const text = positiveAmount(amount);
  const digits = minorDigits(c);
  // 12 decimals: anything finer than any currency's unit shows up as a remainder
  const fine = toUnits(text, 12);
  const step = 10n ** BigInt(12 - digits);
  const minor = fine / step;
  const wholeOnly = digits === 0 || WHOLE_ONLY.has(c);
  if (fine % step !== 0n || (WHOLE_ONLY.has(c) && minor % 100n !== 0n)) {
    throw new PaymentRequestInvalid(
      wholeOnly ? `${c} is charged in whole units: ${text} has a fraction.` : `${c} has ${digits} decimals: ${text} has more.`,
      'amount',
    );
  }
  if (digits === 3 && minor % 10n !== 0n) {
    throw new PaymentRequestInvalid(`${c} is charged to two decimals (Stripe needs the last of three digits to be 0): ${text} has more.`, 'amount');
  }
  return minor;
}

/** 150050 USD → "1500.50"; 500 JPY → "500" */
export function fromMinorUnits(minor: bigint | number, currency: string): string {
  return fromUnits(BigInt(minor), minorDigits(currency));
}
