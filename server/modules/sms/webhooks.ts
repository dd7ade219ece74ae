import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { HttpError } from '../../http/errors.js';
import { WebhookRejected, type IncomingWebhook, type SmsGateway } from '../../providers/sms/index.js';
import { deliveryEngine } from '../delivery/index.js';
import { recordConsent } from '../outreach/consent.js';
import { SMS_DELIVERY_PATH, smsGateways } from './channel.js';

const BODY_LIMIT = 64 * 1024;

/**
 * Africa's Talking's SMS callbacks (docs/decisions/0033): public, no CSRF, each address carrying
 * the company's HMAC secret, verified before anything is read — a forged or foreign address is a
 * 400 and changes nothing. A verified report for a message Kazi does not know is acknowledged
 * (the provider would retry it) and ignored.
 *
 *   POST /webhooks/sms/delivery/{tenant}/{token}   delivery reports → the outbox rows
 *   POST /webhooks/sms/inbound/{tenant}/{token}    STOP / START keywords → the contact's SMS consent
 *   POST /webhooks/sms/optout/{tenant}/{token}     bulk SMS opt-outs → the contact's SMS consent withdrawn
 */
export async function smsWebhookRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
  const open = { access: 'public' as const, csrf: false, activity: false as const };
  const engine = deliveryEngine(app.ctx);

  app.post(`${SMS_DELIVERY_PATH}/:tenant/:token`, { config: open }, async (req) => {
    const report = read(req, (g, w) => g.readDeliveryReport(w));
    const tenantId = Number(report.tenantId);
    const found = await withTenant(app.ctx.database, tenantId, (tx) =>
      engine.applyReports(tx, tenantId, 'sms', [
        { providerId: report.messageId, address: report.phoneNumber, state: report.state, status: report.status, reason: report.reason, networkCode: report.networkCode },
      ]),
    );
    if (!found) req.log.info({ tenant: tenantId, messageId: report.messageId }, 'SMS delivery report for a message Kazi does not know');
    return { received: true, found: found > 0 };
  });

  const consent = async (tenantId: number, phone: string, status: 'granted' | 'withdrawn', note: string) =>
    withTenant(app.ctx.database, tenantId, async (tx) => {
      const found = await rows<{ id: number }>(tx, sql`select id from outreach_contacts where tenant_id = ${tenantId} and phone = ${phone}`);
      return recordConsent(
        tx,
        tenantId,
        found.map((c) => ({ contactId: Number(c.id), channel: 'sms' as const, status, method: 'sms_keyword' as const, userId: null, note })),
      );
    });

  app.post('/webhooks/sms/inbound/:tenant/:token', { config: open }, async (req) => {
    const m = read(req, (g, w) => g.readInbound(w));
    if (m.kind === 'message') return { received: true };
    const changed = await consent(Number(m.tenantId), m.from, m.kind === 'opt_out' ? 'withdrawn' : 'granted', `"${m.text.slice(0, 40)}" sent to ${m.to}`);
    return { received: true, changed };
  });

  app.post('/webhooks/sms/optout/:tenant/:token', { config: open }, async (req) => {
    const n = read(req, (g, w) => g.readOptOut(w));
    const changed = await consent(Number(n.tenantId), n.phoneNumber, 'withdrawn', `Opted out of ${n.senderId ?? 'the sender'} with the provider`);
    return { received: true, changed };
  });
}

function read<T>(req: FastifyRequest, fn: (gateway: SmsGateway, webhook: IncomingWebhook) => T): T {
  const gateway = smsGateways(req.server).values().next().value;
  if (!gateway) throw new HttpError(404, 'Not Found');
  const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  try {
    return fn(gateway, { headers: req.headers, rawBody, url: req.url });
  } catch (err) {
    if (err instanceof WebhookRejected || (err as Error)?.name === 'WebhookRejected') {
      req.log.warn({ reason: (err as Error).message }, 'SMS callback rejected');
      throw new HttpError(400, (err as Error).message);
    }
    throw err;
  }
}
