import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.js';
import { WebhookRejected, type AirtimeStatus } from '../../providers/airtime/index.js';
import { deliveryEngine } from '../delivery/index.js';
import { AIRTIME_STATUS_PATH, airtimeGateways } from './channel.js';

const BODY_LIMIT = 64 * 1024;

/**
 * Africa's Talking's airtime status callbacks (docs/decisions/0033): public, no CSRF, the address
 * carrying the company's HMAC secret ('airtime-status'), verified before anything is read — a
 * forged or foreign address is a 400 and changes nothing. A verified status for a request Kazi
 * does not know is acknowledged (the provider would retry it) and ignored.
 *
 *   POST /webhooks/airtime/status/{tenant}/{token}   requestId, status Success/Failed → the outbox row and the wallet
 */
export async function airtimeWebhookRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
  const open = { access: 'public' as const, csrf: false, activity: false as const };
  const engine = deliveryEngine(app.ctx);

  app.post(`${AIRTIME_STATUS_PATH}/:tenant/:token`, { config: open }, async (req) => {
    const status = read(req);
    const tenantId = Number(status.tenantId);
    // applied with the company's other callbacks of these milliseconds, in one statement (delivery/report-batcher.ts)
    const found = await engine.reports.add(tenantId, 'airtime', {
      providerId: status.requestId,
      address: status.phoneNumber,
      state: status.state,
      status: status.status,
      reason: status.reason,
    });
    if (!found) req.log.info({ tenant: tenantId, requestId: status.requestId }, 'airtime status for a request Kazi does not know');
    return { received: true, found };
  });
}

function read(req: FastifyRequest): AirtimeStatus {
  const gateway = airtimeGateways(req.server).values().next().value;
  if (!gateway) throw new HttpError(404, 'Not Found');
  const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  try {
    return gateway.readStatus({ headers: req.headers, rawBody, url: req.url });
  } catch (err) {
    if (err instanceof WebhookRejected || (err as Error)?.name === 'WebhookRejected') {
      req.log.warn({ reason: (err as Error).message }, 'airtime status callback rejected');
      throw new HttpError(400, (err as Error).message);
    }
    throw err;
  }
}
