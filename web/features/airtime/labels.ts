import type { DeliveryState } from '@common/answers/sms';
import { fromUnits, toUnits } from '@common/money';
import type { Tone } from '@/components/display/Badge';

// The words of a top-up's life on the airtime pages.

export const STATE_LABEL: Record<DeliveryState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Pending',
  delivered: 'Successful',
  failed: 'Failed',
  rejected: 'Rejected',
  unknown: 'Unknown',
  cancelled: 'Cancelled',
};

export const STATE_TONE: Record<DeliveryState, Tone> = {
  queued: 'secondary',
  sending: 'info',
  sent: 'warning',
  delivered: 'success',
  failed: 'danger',
  rejected: 'danger',
  unknown: 'warning',
  cancelled: 'secondary',
};

/** the states a top-up may still leave: the lists refresh while some are */
export const OPEN_STATES: readonly DeliveryState[] = ['queued', 'sending', 'sent', 'unknown'];

/** "0712 345678, +254722000001\n0733…" → the numbers, one per comma, semicolon or line */
export function splitNumbers(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((n) => n.trim())
    .filter(Boolean);
}

/** A typed amount: more than 0, at most two decimals; null when it does not read. */
export function readAmount(text: string): string | null {
  const v = text.trim().replace(/[\s,_]/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(v) || Number(v) <= 0) return null;
  return v;
}

/** The credits a send holds: recipients × amount × the airtime rate, exactly (four decimals, as the wallet keeps them). */
export function creditsFor(recipients: number, amount: string, rate: string): string {
  const product = BigInt(recipients) * toUnits(amount, 4) * toUnits(rate, 4);
  return fromUnits(product / 10n ** 4n, 4);
}
