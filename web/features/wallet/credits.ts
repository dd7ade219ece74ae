import { formatFigure, type CurrencyFormat } from '@common/format';
import { AMOUNT_SCALE, RATE_SCALE, compare, divRound, fromUnits, isDecimal, toUnits } from '@common/money';
import type { CreditKind, CreditMovement, CreditService, PaymentDriver, PaymentStatus } from '@common/wallet';
import type { Tone } from '@/components/display/Badge';

// The wallet's words and sums for the pages. Credits are exact decimal strings (common/wallet.ts),
// shown like a figure in the company's marks with no trailing zeros: "1,250", "12.5".

type Marks = Pick<CurrencyFormat, 'decimal_mark' | 'thousands_separator'>;
const PLAIN: Marks = { decimal_mark: '.', thousands_separator: ',' };

/** "1250.0000" → "1,250"; "0.1000" → "0.1"; '' for what is not a decimal. */
export function formatCredits(credits: string | number | null | undefined, marks: Marks = PLAIN): string {
  if (credits === null || credits === undefined) return '';
  const text = typeof credits === 'number' ? (Number.isFinite(credits) ? fromUnits(toUnits(credits, AMOUNT_SCALE), AMOUNT_SCALE) : '') : credits;
  if (!isDecimal(text)) return '';
  const figure = formatFigure(text, { precision: AMOUNT_SCALE, ...marks });
  const mark = marks.decimal_mark;
  const at = figure.lastIndexOf(mark);
  if (at < 0) return figure;
  const fraction = figure.slice(at + mark.length).replace(/0+$/, '');
  return fraction ? `${figure.slice(0, at)}${mark}${fraction}` : figure.slice(0, at);
}

/** "1,250 credits", "1 credit" */
export function creditsLabel(credits: string, marks?: Marks): string {
  const figure = formatCredits(credits, marks);
  return `${figure} ${isDecimal(credits) && compare(credits, '1') === 0 ? 'credit' : 'credits'}`;
}

/**
 * What `credits` cost at `creditPrice` (the price of one credit), exactly, rounded half away
 * from zero to the currency's decimals: the figure the purchase form shows before the server
 * prices the purchase with the same rate.
 */
export function creditsPrice(credits: string, creditPrice: string, precision: number): string {
  const product = toUnits(credits, AMOUNT_SCALE) * toUnits(creditPrice, RATE_SCALE); // at scale 4 + 8
  const scale = AMOUNT_SCALE + RATE_SCALE;
  return fromUnits(divRound(product, 10n ** BigInt(scale - precision)), precision);
}

export type CustomAmount = { ok: true; credits: string } | { ok: false; error: string };

/** A typed number of credits: whole credits, within the operator's bounds. */
export function readCustomCredits(text: string, min: string, max: string, marks?: Marks): CustomAmount {
  const value = text.trim().replace(/[\s,_]/g, '');
  if (value === '') return { ok: false, error: 'Enter the number of credits to buy.' };
  if (!/^\d+$/.test(value)) return { ok: false, error: 'Enter a whole number of credits.' };
  if (compare(value, min) < 0) return { ok: false, error: `The smallest purchase is ${creditsLabel(min, marks)}.` };
  if (compare(value, max) > 0) return { ok: false, error: `The largest purchase is ${creditsLabel(max, marks)}.` };
  return { ok: true, credits: value.replace(/^0+(?=\d)/, '') };
}

export const MOVEMENT_LABEL: Record<CreditMovement, string> = {
  purchase: 'Purchase',
  grant: 'Grant',
  reserve: 'Reserved',
  settle: 'Spent',
  release: 'Released',
  refund: 'Refund',
  expiry: 'Expired',
  adjustment: 'Adjustment',
};

export const SERVICE_LABEL: Record<CreditService, string> = { sms: 'SMS', email: 'Email', airtime: 'Airtime' };

export const KIND_LABEL: Record<CreditKind, string> = { paid: 'Paid', granted: 'Granted' };

/** how each payment way is named to the payer; `log` only appears in development */
export const DRIVER_LABEL: Record<PaymentDriver, string> = { stripe: 'Card', mpesa: 'M-Pesa', offline: 'Bank transfer', log: 'Test payment' };

export const DRIVER_HINT: Record<PaymentDriver, string> = {
  stripe: 'Visa, Mastercard and other cards, on the card processor’s secure page.',
  mpesa: 'A payment prompt is sent to your phone; enter your M-Pesa PIN there.',
  offline: 'Pay by bank transfer with the reference shown; credits land once the payment is confirmed.',
  log: 'Approves at once without charging anyone (development only).',
};

export const STATUS_LABEL: Record<PaymentStatus, string> = { pending: 'Pending', succeeded: 'Paid', failed: 'Failed', expired: 'Expired', cancelled: 'Cancelled' };

export const STATUS_TONE: Record<PaymentStatus, Tone> = { pending: 'warning', succeeded: 'success', failed: 'danger', expired: 'secondary', cancelled: 'secondary' };
