import { createHmac, timingSafeEqual } from 'node:crypto';
import { header, isRecord } from '../payments/http.js';
import { WebhookRejected, type IncomingWebhook } from '../payments/types.js';

/**
 * Africa's Talking signs none of its callbacks, so each callback address carries a secret:
 * `<base>/<tenantId>/<token>`, the token an HMAC of the callback's kind and the tenant id under a
 * key derived from APP_KEY. The kind is part of it: a delivery-report address cannot be used to
 * post an opt-out. The addresses are set per Africa's Talking app in its dashboard (see
 * docs/decisions/0033): the tenant id is the company whose app it is.
 */
export type CallbackKind = 'sms-delivery' | 'sms-inbound' | 'sms-optout' | 'airtime-status';

export class CallbackSecrets {
  private key: Buffer;

  constructor(appKey: string) {
    this.key = createHmac('sha256', appKey).update('kazi/providers/africastalking-callback').digest();
  }

  token(kind: CallbackKind, tenantId: string): string {
    return createHmac('sha256', this.key).update(`${kind}\n${tenantId}`).digest('base64url');
  }

  /** the address to give Africa's Talking for `kind`: `base` is Kazi's webhook route for it */
  url(base: string, kind: CallbackKind, tenantId: string): string {
    return `${base.replace(/\/+$/, '')}/${encodeURIComponent(tenantId)}/${this.token(kind, tenantId)}`;
  }

  /** the tenant whose secret the webhook's address carries, or WebhookRejected */
  verify(kind: CallbackKind, webhook: IncomingWebhook, what: string): string {
    const [rawTenant, token] = webhook.url.split('?')[0].split('/').filter(Boolean).slice(-2);
    let tenantId: string;
    try {
      tenantId = decodeURIComponent(rawTenant ?? '');
    } catch {
      throw new WebhookRejected(`The ${what} address is malformed.`);
    }
    if (!tenantId || !token) throw new WebhookRejected(`The ${what} address carries no secret.`);
    const given = Buffer.from(token);
    const expected = Buffer.from(this.token(kind, tenantId));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new WebhookRejected(`The ${what} address does not carry a valid secret.`);
    return tenantId;
  }
}

/** a callback's fields: form-encoded as Africa's Talking posts SMS callbacks, or JSON (airtime status) */
export function callbackFields(webhook: IncomingWebhook, what: string): Record<string, string> {
  const text = webhook.rawBody.toString('utf8');
  const type = header(webhook.headers, 'content-type') ?? '';
  if (/json/i.test(type) || /^\s*\{/.test(text)) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new WebhookRejected(`The ${what} is not valid JSON.`);
    }
    if (!isRecord(body)) throw new WebhookRejected(`The ${what} is not a JSON object.`);
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(body)) if (v !== null && v !== undefined && typeof v !== 'object') out[k] = String(v);
    return out;
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** a required field, or WebhookRejected naming it */
export function required(fields: Record<string, string>, name: string, what: string): string {
  const v = fields[name]?.trim();
  if (!v) throw new WebhookRejected(`The ${what} has no ${name}.`);
  return v;
}

export const optional = (fields: Record<string, string>, name: string): string | null => fields[name]?.trim() || null;
