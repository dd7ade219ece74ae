import type { DeliveryState } from '@common/answers/sms';
import { formatDecimal } from '@common/format';
import type { Tone } from '@/components/display/Badge';

// The words of an email's life on the email pages.

export const STATE_LABEL: Record<DeliveryState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Bounced',
  rejected: 'Refused',
  unknown: 'Unknown',
  cancelled: 'Cancelled',
};

export const STATE_TONE: Record<DeliveryState, Tone> = {
  queued: 'secondary',
  sending: 'info',
  sent: 'info',
  delivered: 'success',
  failed: 'danger',
  rejected: 'danger',
  unknown: 'warning',
  cancelled: 'secondary',
};

/** "a@x.test, b@y.test\nc@z.test" → the addresses, one per comma, semicolon, space or line */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);
}

/** "12.5 %" */
export const rateLabel = (n: number) => `${formatDecimal(n)} %`;
