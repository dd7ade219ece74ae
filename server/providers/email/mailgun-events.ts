import { createHmac, timingSafeEqual } from 'node:crypto';
import { isRecord } from '../payments/http.js';
import { WebhookRejected } from '../payments/types.js';
import { REFERENCE_VARIABLE } from './mailgun.js';
import type { EmailEvent } from './types.js';

/**
 * Mailgun's webhooks (https://documentation.mailgun.com/docs/mailgun/user-manual/events/webhooks/):
 * a JSON body `{ signature: { timestamp, token, signature }, "event-data": {…} }` where
 * signature = hex HMAC-SHA256 of timestamp + token under the webhook signing key. A signature that
 * does not match, or a timestamp outside the replay window, is refused before anything is read;
 * the caller keeps the tokens it has seen for the window to refuse a replayed one.
 */
export const REPLAY_WINDOW_SECONDS = 300;

export interface MailgunSignature {
  timestamp: string;
  token: string;
  signature: string;
}

/** the body's signature, checked; WebhookRejected when it is missing, forged or stale */
export function verifyMailgunSignature(signingKey: string, body: unknown, now = Date.now()): MailgunSignature {
  const s = isRecord(body) && isRecord(body.signature) ? body.signature : null;
  const timestamp = s && typeof s.timestamp === 'string' ? s.timestamp : s && typeof s.timestamp === 'number' ? String(s.timestamp) : null;
  const token = s && typeof s.token === 'string' ? s.token : null;
  const signature = s && typeof s.signature === 'string' ? s.signature : null;
  if (!timestamp || !token || !signature) throw new WebhookRejected('The Mailgun webhook carries no signature.');
  const expected = createHmac('sha256', signingKey).update(timestamp + token).digest();
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new WebhookRejected('The Mailgun webhook signature does not match the signing key.');
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > REPLAY_WINDOW_SECONDS) throw new WebhookRejected('The Mailgun webhook is too old (or from the future) to be taken.');
  return { timestamp, token, signature };
}

const KINDS: Record<string, EmailEvent['kind']> = { delivered: 'delivered', failed: 'failed', opened: 'opened', clicked: 'clicked', unsubscribed: 'unsubscribed', complained: 'complained' };

/** the event of a verified body; WebhookRejected for an event kind Kazi does not take (accepted, stored…) or a body that is not one */
export function readMailgunEvent(body: unknown): EmailEvent {
  const d = isRecord(body) && isRecord(body['event-data']) ? body['event-data'] : null;
  if (!d) throw new WebhookRejected('The Mailgun webhook carries no event-data.');
  const kind = typeof d.event === 'string' ? KINDS[d.event] : undefined;
  if (!kind) throw new WebhookRejected(`Mailgun event "${String(d.event)}" is not one Kazi takes.`);
  const vars = isRecord(d['user-variables']) ? d['user-variables'] : {};
  const headers = isRecord(d.message) && isRecord(d.message.headers) ? d.message.headers : {};
  const status = isRecord(d['delivery-status']) ? d['delivery-status'] : {};
  const severity = kind === 'failed' ? (d.severity === 'temporary' ? 'temporary' : 'permanent') : null;
  const statusText = typeof status.message === 'string' && status.message ? status.message : typeof status.description === 'string' && status.description ? status.description : null;
  const reason = [typeof d.reason === 'string' ? d.reason : null, statusText].filter(Boolean).join(': ') || null;
  const at = typeof d.timestamp === 'number' ? new Date(d.timestamp * 1000) : new Date();
  return {
    eventId: typeof d.id === 'string' ? d.id : '',
    kind,
    severity,
    reference: typeof vars[REFERENCE_VARIABLE] === 'string' ? vars[REFERENCE_VARIABLE] : null,
    messageId: typeof headers['message-id'] === 'string' ? headers['message-id'].replace(/^<|>$/g, '') : null,
    recipient: typeof d.recipient === 'string' ? d.recipient : '',
    reason,
    url: kind === 'clicked' && typeof d.url === 'string' ? d.url : null,
    at,
  };
}
