import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { rows, type Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { HttpError } from '../../http/errors.js';
import { readToken, signToken } from '../../http/signed-token.js';
import { readMailgunEvent, REPLAY_WINDOW_SECONDS, verifyMailgunSignature } from '../../providers/email/mailgun-events.js';
import type { EmailEvent } from '../../providers/email/types.js';
import { WebhookRejected } from '../../providers/payments/types.js';
import { deliveryEngine, type DeliveryReportInput } from '../delivery/index.js';
import { recordConsent, suppress } from '../outreach/consent.js';
import { recordContactEvents } from '../outreach/events.js';
import { emailSigningKey } from './sender.js';

const BODY_LIMIT = 256 * 1024;
/** the tokens taken are kept twice the provider's replay window (a token older than the window is refused by its timestamp) */
const TOKEN_KEEP_SECONDS = 2 * REPLAY_WINDOW_SECONDS;
const PURPOSE = 'mailgun-webhook';
const PATH = '/webhooks/mailgun';

/** The address a company gives Mailgun for its webhooks: the company's id and a token signed with APP_KEY. */
export function mailgunWebhookUrl(config: Pick<Config, 'appUrl' | 'appKey'>, tenantId: number): string {
  // the signed token is "<tenant>-<signature>": the address reads /{tenant}/{signature}
  const token = signToken(config.appKey, PURPOSE, [tenantId]);
  return `${config.appUrl}${PATH}/${tenantId}/${token.slice(String(tenantId).length + 1)}`;
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
    const body = parse(req);
    return withTenant(app.ctx.database, tenantId, async (tx) => {
      const key = await emailSigningKey(app, tx, tenantId);
      if (!key) throw new HttpError(404, 'Not Found');
      let signature: { token: string };
      try {
        signature = verifyMailgunSignature(key, body);
      } catch (err) {
        if (!(err instanceof WebhookRejected)) throw err;
        req.log.warn({ tenant: tenantId, reason: err.message }, 'Mailgun webhook refused');
        throw new HttpError(401, err.message);
      }
      await tx.execute(sql`delete from email_webhook_tokens where tenant_id = ${tenantId} and created_at < now() - make_interval(secs => ${TOKEN_KEEP_SECONDS})`);
      const [fresh] = await rows(
        tx,
        sql`insert into email_webhook_tokens (tenant_id, token) values (${tenantId}, ${signature.token}) on conflict (tenant_id, token) do nothing returning id`,
      );
      if (!fresh) return reply.code(406).send({ message: 'This webhook was already received.' });
      let event: EmailEvent;
      try {
        event = readMailgunEvent(body);
      } catch (err) {
        // a signed event Kazi does not follow (accepted, stored…): taken and ignored, so Mailgun does not retry it
        if (err instanceof WebhookRejected) return { received: true, applied: false };
        throw err;
      }
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

function parse(req: FastifyRequest): unknown {
  const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
  try {
    return JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'The webhook body is not JSON.');
  }
}

/** GET /email/webhook-url → { data: { url } }: the address the company gives Mailgun for its events (Mailgun › Webhooks). */
export function mailgunWebhookAddressRoute(app: FastifyInstance) {
  app.get('/email/webhook-url', { config: { access: 'email_settings.view' } }, async (req) => ({ data: { url: mailgunWebhookUrl(app.ctx.config, req.tenant!.id) } }));
}
