import { createHash } from 'node:crypto';

// no I or O: a reference is read aloud and typed from a bank statement
const CHECK_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * A short reference for a payment that a payer can type into a bank transfer or see on an
 * M-Pesa statement: "KZ000042T" for payment 42 (a check letter catches a mistyped digit), and a
 * hash for an id that is not a number. At most 12 characters (M-Pesa's AccountReference limit).
 */
export function paymentReference(paymentId: string): string {
  if (/^\d{1,9}$/.test(paymentId)) {
    const n = Number(paymentId);
    return `KZ${String(n).padStart(6, '0')}${CHECK_LETTERS[n % 23]}`;
  }
  const digest = createHash('sha256').update(paymentId).digest();
  let text = '';
  for (let i = 0; i < 9; i++) text += CHECK_LETTERS[digest[i] % CHECK_LETTERS.length];
  return `KZ${text}`;
}
