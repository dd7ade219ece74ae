/**
 * Exact decimal money for amounts and rates kept as PostgreSQL numeric: values travel as
 * decimal strings ("1234.5000") and all arithmetic is on bigint fixed-point units, so no
 * amount ever passes through a float. Rounding is half away from zero, as accountants expect.
 */

/** scale of stored amounts: numeric(20,4) */
export const AMOUNT_SCALE = 4;
/** scale of stored rates: numeric(18,8) */
export const RATE_SCALE = 8;

const DECIMAL = /^([+-])?(\d+)(?:\.(\d*))?$/;

export function isDecimal(text: string): boolean {
  return DECIMAL.test(text.trim());
}

/** "12.345" at scale 2 → 1235n (rounded half away from zero). Throws on text that is not a decimal. */
export function toUnits(value: string | number | bigint, scale: number): bigint {
  if (typeof value === 'bigint') return value * 10n ** BigInt(scale);
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  const m = DECIMAL.exec(text);
  if (!m) throw new Error(`Not a decimal: ${value}`);
  const [, sign, whole, frac = ''] = m;
  const kept = frac.slice(0, scale).padEnd(scale, '0');
  let units = BigInt(whole + kept);
  const next = frac.charCodeAt(scale);
  if (next >= 53 /* '5' */ && next <= 57) units += 1n;
  return sign === '-' ? -units : units;
}

function numberText(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`Not a decimal: ${n}`);
  // integers and short decimals only ever come from literals and JSON numbers
  return n.toFixed(10).replace(/\.?0+$/, '');
}

/** 1235n at scale 2 → "12.35" (always `scale` decimals). */
export function fromUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = scale ? digits.slice(0, -scale) : digits;
  const frac = scale ? `.${digits.slice(-scale)}` : '';
  return `${negative ? '-' : ''}${whole}${frac}`;
}

/** a / b rounded half away from zero (b ≠ 0). */
export function divRound(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new Error('Division by zero');
  const negative = a < 0n !== b < 0n;
  const x = a < 0n ? -a : a;
  const y = b < 0n ? -b : b;
  let q = x / y;
  if ((x % y) * 2n >= y) q += 1n;
  return negative ? -q : q;
}

/** Rounds a decimal to `precision` places, keeping the stored scale: ("1.005", 2) → "1.0100". */
export function roundTo(amount: string, precision: number, scale = AMOUNT_SCALE): string {
  const units = toUnits(amount, scale);
  const step = 10n ** BigInt(Math.max(0, scale - precision));
  return fromUnits(divRound(units, step) * step, scale);
}

export function add(...values: string[]): string {
  return fromUnits(
    values.reduce((s, v) => s + toUnits(v, AMOUNT_SCALE), 0n),
    AMOUNT_SCALE,
  );
}

export function negate(amount: string): string {
  return fromUnits(-toUnits(amount, AMOUNT_SCALE), AMOUNT_SCALE);
}

export function compare(a: string, b: string): -1 | 0 | 1 {
  const x = toUnits(a, AMOUNT_SCALE);
  const y = toUnits(b, AMOUNT_SCALE);
  return x < y ? -1 : x > y ? 1 : 0;
}

export const isZero = (amount: string) => toUnits(amount, AMOUNT_SCALE) === 0n;

/**
 * An amount in a currency whose rate (units per one unit of the default currency) is
 * `fromRate`, expressed in a currency of rate `toRate`, rounded to `precision` places:
 * amount / fromRate * toRate. With toRate "1" this is the amount in the default currency.
 */
export function convert(amount: string, fromRate: string, toRate: string, precision: number): string {
  const a = toUnits(amount, AMOUNT_SCALE);
  const from = toUnits(fromRate, RATE_SCALE);
  const to = toUnits(toRate, RATE_SCALE);
  if (from <= 0n || to <= 0n) throw new Error('Rates must be positive');
  const exact = divRound(a * to, from); // still at AMOUNT_SCALE
  const step = 10n ** BigInt(Math.max(0, AMOUNT_SCALE - precision));
  return fromUnits(divRound(exact, step) * step, AMOUNT_SCALE);
}

// Display formats (CurrencyFormat, formatMoney) live in common/format.ts, the one formatter.
export type { CurrencyFormat } from './format.js';
