import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { rows, type Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { HttpError } from '../../http/errors.js';
import { readToken, signToken } from '../../http/signed-token.js';
import type { EmailEvent } from '../../providers/email/types.js';
import { deliveryEngine, type DeliveryReportInput } from '../delivery/index.js';
import { recordConsent, suppress } from '../outreach/consent.js';
import { recordContactEvents } from '../outreach/events.js';
import { emailSetup } from './sender.js';

const BODY_LIMIT = 256 * 1024;
/** a signature older (or newer) than this is refused: a captured request cannot be played later */
export const REPLAY_WINDOW_SECONDS = 300;
const PURPOSE = 'mailgun-webhook';
const PATH = '/webhooks/mailgun';

/** The address a company gives Mailgun for its webhooks: the company's id and a token signed with APP_KEY. */
export function mailgunWebhookUrl(config: Pick<Config, 'appUrl' | 'appKey'>, tenantId: number): string {
  // the signed token is "<tenant>-<signature>": the address reads /{tenant}/{signature}
  const token = signToken(config.appKey, PURPOSE, [tenantId]);
  return `${config.appUrl}${PATH}/${tenantId}/${token.slice(String(tenantId).length + 1)}`;
}

/** Mailgun's signature of a webhook: HMAC-SHA256 of timestamp + token under the webhook signing key, hex. */
export function mailgunSignature(signingKey: string, timestamp: string, token: string): string {
  return createHmac('sha256', signingKey).update(timestamp + token).digest('hex');
}

const KINDS = new Set<EmailEvent['kind']>(['delivered', 'failed', 'opened', 'clicked', 'unsubscribed', 'complained']);

interface Signed {
  timestamp: string;
  token: string;
  signature: string;
}

/** Mailgun's `event-data` as our event; null for events Kazi does not follow (accepted, stored…). */
export function readMailgunEvent(data: Record<string, unknown>): EmailEvent | null {
  const kind = data.event as EmailEvent['kind'];
  if (!KINDS.has(kind)) return null;
  const vars = (data['user-variables'] ?? {}) as Record<string, unknown>;
  const message = (data.message ?? {}) as { headers?: Record<string, unknown> };
  const status = (data['delivery-status'] ?? {}) as Record<string, unknown>;
  const ref = vars.kazi_ref;
  const messageId = message.headers?.['message-id'];
  const severity = data.severity === 'temporary' || data.severity === 'permanent' ? data.severity : null;
  const reasonParts = [status.description, status.message, data.reason].filter((x): x is string => typeof x === 'string' && x.trim() !== '');
  const at = typeof data.timestamp === 'number' ? new Date(data.timestamp * 1000) : new Date();
  return {
    eventId: typeof data.id === 'string' && data.id ? data.id : '',
    kind,
    severity: kind === 'failed' ? (severity ?? 'permanent') : null,
    reference: typeof ref === 'string' && /^\d{1,18}$/.test(ref) ? ref : typeof ref === 'number' ? String(ref) : null,
    messageId: typeof messageId === 'string' ? messageId.replace(/^<|>$/g, '') : null,
    recipient: typeof data.recipient === 'string' ? data.recipient.trim().toLowerCase() : '',
    reason: reasonParts.length ? reasonParts.join(' — ').slice(0, 1000) : null,
    url: typeof data.url === 'string' ? data.url.slice(0, 2000) : null,
    at: Number.isNaN(at.getTime()) ? new Date() : at,
  };
}

/**
 * Applies one verified event in the company's transaction: recorded once per provider event id;
 * delivered and failed become the recipient's delivery report (a temporary failure leaves it sent,
 * Mailgun tries again); a permanent failure or a complaint suppresses the address's contact, with
 * the reason; an unsubscribe withdraws the contact's email consent; an open is on the contact's
 * timeline. Answers false for a replayed event.
 */
export async function applyEmailEvent(tx: Tx, app: FastifyInstance, tenantId: number, e: EmailEvent): Promise<boolean> {
  const [row] = e.reference
    ? await rows<{ id: number; send_id: number; contact_id: number | null; provider_id: string | null; address: string }>(
        tx,
        sql`select id, send_id, contact_id, provider_id, address from deliveries where tenant_id = ${tenantId} and channel = 'email' and id = ${e.reference}`,
      )
    : e.messageId
      ? await rows<{ id: number; send_id: number; contact_id: number | null; provider_id: string | null; address: string }>(
          tx,
          sql`select id, send_id, contact_id, provider_id, address from deliveries where tenant_id = ${tenantId} and channel = 'email' and provider_id = ${e.messageId} limit 1`,
        )
      : [];
  const recipient = row?.address ?? e.recipient;
  const [logged] = await rows<{ id: number }>(
    tx,
    sql`insert into email_events (tenant_id, delivery_id, send_id, kind, severity, recipient, reason, url, provider_event_id, occurred_at)
        values (${tenantId}, ${row?.id ?? null}, ${row?.send_id ?? null}, ${e.kind}, ${e.severity}, ${recipient}, ${e.reason}, ${e.url},
                ${e.eventId || `${e.kind}:${e.reference ?? e.messageId}:${e.at.toISOString()}`}, ${e.at.toISOString()})
        on conflict (tenant_id, provider_event_id) do nothing returning id`,
  );
  if (!logged) return false;

  if (row && (e.kind === 'delivered' || e.kind === 'failed')) {
    const report: DeliveryReportInput = {
      providerId: row.provider_id ?? e.messageId ?? `ref:${row.id}`,
      address: row.address,
      state: e.kind === 'delivered' ? 'delivered' : e.severity === 'permanent' ? 'failed' : 'pending',
      status: e.kind === 'delivered' ? 'delivered' : `failed (${e.severity})`,
      reason: e.reason,
    };
    await deliveryEngine(app.ctx).applyReports(tx, tenantId, 'email', [report]);
  }

  const needsContact = (e.kind === 'failed' && e.severity === 'permanent') || e.kind === 'complained' || e.kind === 'unsubscribed' || e.kind === 'opened';
  if (!needsContact) return true;
  let contactId = row?.contact_id ?? null;
  if (contactId === null && recipient) {
    const [c] = await rows<{ id: number }>(tx, sql`select id from outreach_contacts where tenant_id = ${tenantId} and email = ${recipient}`);
    contactId = c ? Number(c.id) : null;
  }
  if (contactId === null) return true;
  contactId = Number(contactId);
  if (e.kind === 'failed') await suppress(tx, tenantId, [{ contactId, channel: 'email', reason: 'bounced', detail: e.reason ?? 'Permanent failure reported by Mailgun' }]);
  if (e.kind === 'complained') await suppress(tx, tenantId, [{ contactId, channel: 'email', reason: 'complained', detail: 'Marked as spam (reported by Mailgun)' }]);
  if (e.kind === 'unsubscribed') {
    await suppress(tx, tenantId, [{ contactId, channel: 'email', reason: 'unsubscribed', detail: 'Unsubscribed through Mailgun' }]);
    await recordConsent(tx, tenantId, [{ contactId, channel: 'email', status: 'withdrawn', method: 'unsubscribe_link', userId: null, note: 'Unsubscribed through Mailgun' }]);
  }
  if (e.kind === 'opened') await recordContactEvents(tx, tenantId, [{ contactId, type: 'email.opened', occurredAt: e.at, subject: row ? { type: 'send', id: Number(row.send_id) } : undefined }]);
  return true;
}

/**
 * Mailgun's webhooks (docs/decisions/0038): public, no session, no CSRF. The address names the
 * company and carries a token signed with APP_KEY (a foreign or altered address is a 404); the
 * body's signature is checked against the company's webhook signing key (HMAC-SHA256 of timestamp
 * + token, constant-time), the timestamp must be within the replay window and each token is taken
 * once. A forged, stale or replayed request is a 4xx and changes nothing (406 for a replay, which
 * Mailgun does not retry).
 *
 *   POST /webhooks/mailgun/{tenant}/{token}
 */
export async function mailgunWebhookRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
  const open = { access: 'public' as const, csrf: false, activity: false as const };

  app.post(`${PATH}/:tenant/:token`, { config: open }, async (req, reply) => {
    const tenantId = tenantOf(req, app.ctx.config.appKey);
    const { signature, data } = parse(req);
    return withTenant(app.ctx.database, tenantId, async (tx) => {
      const setup = await emailSetup(app, tx, tenantId);
      const key = setup?.webhookSigningKey;
      if (!key) throw new HttpError(404, 'Not Found');
      const expected = Buffer.from(mailgunSignature(key, signature.timestamp, signature.token));
      const given = Buffer.from(signature.signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        req.log.warn({ tenant: tenantId }, 'Mailgun webhook with a wrong signature');
        throw new HttpError(401, 'The webhook signature is not valid.');
      }
      const age = Math.abs(Date.now() / 1000 - Number(signature.timestamp));
      if (!Number.isFinite(age) || age > REPLAY_WINDOW_SECONDS) throw new HttpError(401, 'The webhook signature has expired.');
      await tx.execute(sql`delete from email_webhook_tokens where tenant_id = ${tenantId} and created_at < now() - make_interval(secs => ${REPLAY_WINDOW_SECONDS * 2})`);
      const [fresh] = await rows(
        tx,
        sql`insert into email_webhook_tokens (tenant_id, token) values (${tenantId}, ${signature.token}) on conflict (tenant_id, token) do nothing returning id`,
      );
      if (!fresh) return reply.code(406).send({ message: 'This webhook was already received.' });
      const event = readMailgunEvent(data);
      if (!event) return { received: true, applied: false };
      const applied = await applyEmailEvent(tx, app, tenantId, event);
      return { received: true, applied };
    });
  });
}

function tenantOf(req: FastifyRequest, appKey: string): number {
  const p = req.params as { tenant?: string; token?: string };
  const parts = readToken(appKey, PURPOSE, `${p.tenant ?? ''}-${p.token ?? ''}`, 1);
  if (!parts || !/^[1-9]\d{0,15}$/.test(parts[0])) throw new HttpError(404, 'Not Found');
  return Number(parts[0]);
}

function parse(req: FastifyRequest): { signature: Signed; data: Record<string, unknown> } {
  const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'The webhook body is not JSON.');
  }
  const b = body as { signature?: Partial<Signed>; 'event-data'?: unknown };
  const s = b?.signature;
  if (!s || typeof s.timestamp !== 'string' || typeof s.token !== 'string' || typeof s.signature !== 'string' || !/^\d{1,12}$/.test(s.timestamp) || s.token.length > 200) {
    throw new HttpError(400, 'The webhook has no signature.');
  }
  const data = b['event-data'];
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new HttpError(400, 'The webhook has no event data.');
  return { signature: s as Signed, data: data as Record<string, unknown> };
}
