import { compare, fromUnits, isDecimal, toUnits } from '../../../common/money.js';
import type { PaymentDriver } from '../../../common/wallet.js';
import { ValidationError, type FieldErrors } from '../../http/errors.js';

/**
 * What each driver can collect, checked before a payment row exists or a provider is called
 * (docs/decisions/0031): the currencies it takes, and the smallest and largest amount in them.
 * M-Pesa's STK push takes whole shillings from 1 to 250,000 (Safaricom's per-transaction limit);
 * Stripe takes the currencies a Kenyan account settles; offline and log take any ISO code.
 */
export interface DriverLimits {
  currencies: readonly string[] | 'any';
  min: string;
  max: string;
  /** decimals the driver can send: 0 for M-Pesa */
  precision: number;
}

export const DRIVER_LIMITS: Record<PaymentDriver, DriverLimits> = {
  stripe: { currencies: ['USD', 'EUR', 'GBP', 'KES', 'UGX', 'TZS', 'RWF', 'ZAR', 'NGN'], min: '1', max: '999999.99', precision: 2 },
  mpesa: { currencies: ['KES'], min: '1', max: '250000', precision: 0 },
  offline: { currencies: 'any', min: '1', max: '100000000', precision: 2 },
  log: { currencies: 'any', min: '0.01', max: '100000000', precision: 2 },
};

const ISO = /^[A-Z]{3}$/;
/** E.164: a plus, a country code and 7–14 more digits */
const E164 = /^\+[1-9]\d{7,14}$/;

export interface PaymentInput {
  amount: string;
  currency: string;
  driver: PaymentDriver;
  phone?: string | null;
  email?: string | null;
}

/** The amount as the driver sends it ("1500.00"), or a 422 naming each field at fault. */
export function checkPaymentInput(p: PaymentInput): string {
  const errors: FieldErrors = {};
  const limits = DRIVER_LIMITS[p.driver];
  const currency = p.currency;
  if (!ISO.test(currency)) errors.currency = ['The currency must be a three-letter ISO code.'];
  else if (limits.currencies !== 'any' && !limits.currencies.includes(currency)) {
    errors.currency = [`${currency} cannot be paid this way; it takes ${limits.currencies.join(', ')}.`];
  }
  let amount = '';
  if (!isDecimal(p.amount) || p.amount.trim().startsWith('-') || p.amount.trim().startsWith('+')) errors.amount = ['The amount must be a positive number.'];
  else {
    const frac = (p.amount.trim().split('.')[1] ?? '').replace(/0+$/, '');
    if (frac.length > limits.precision) {
      errors.amount = [limits.precision === 0 ? 'The amount must be a whole number for this payment method.' : `The amount may have at most ${limits.precision} decimals.`];
    } else if (compare(p.amount, limits.min) < 0) errors.amount = [`The amount must be at least ${limits.min}.`];
    else if (compare(p.amount, limits.max) > 0) errors.amount = [`The amount may not be greater than ${limits.max}.`];
    else amount = fromUnits(toUnits(p.amount, limits.precision), limits.precision);
  }
  if (p.driver === 'mpesa') {
    if (!p.phone) errors.phone = ['The phone number is required for M-Pesa.'];
    else if (!E164.test(p.phone) || !p.phone.startsWith('+254')) errors.phone = ['The phone number must be a Kenyan mobile number (+2547… or +2541…).'];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return amount;
}
