import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PaymentDriver } from '../../../common/wallet.js';
import { HttpError } from '../../http/errors.js';
import { WebhookRejected, type ProviderEvent } from '../../providers/payments/types.js';
import { findGateway } from './gateways.js';
import { settlePayment, settlingTx, type SettleEffect } from './service.js';

/**
 * The providers' webhooks (docs/decisions/0031). Public routes without CSRF, each verified by
 * its driver over the raw body before anything is read: a forged or altered one is a 400 and
 * changes nothing. A verified event for a payment Kazi does not know (another system on the
 * same Stripe account, a payment deleted since) is acknowledged with 200 and ignored: the
 * provider would otherwise retry it for days.
 *
 *   POST /webhooks/stripe                      Stripe-Signature over the body (signing secret)
 *   POST /webhooks/mpesa/{paymentId}/{token}   Daraja signs nothing: the token in the address,
 *                                              the driver's HMAC of the payment id under a key
 *                                              derived from APP_KEY, is the proof
 */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export async function webhookRoutes(app: FastifyInstance) {
  // the bytes exactly as sent: signatures are computed over them (this plugin's routes only)
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));
  const open = { access: 'public' as const, csrf: false, activity: false as const };

  app.post('/webhooks/stripe', { config: open }, async (req, reply) => {
    const event = read(req, 'stripe');
    if (!event) return reply.send({ received: true });
    const found = await byReference(req, 'stripe', event.providerRef);
    if (!found) return reply.send({ received: true, ignored: true });
    const effect = await settle(req, Number(found.tenant_id), Number(found.payment_id), 'stripe', event);
    return reply.send({ received: true, effect });
  });

  app.post<{ Params: { paymentId: string; token: string } }>('/webhooks/mpesa/:paymentId/:token', { config: open }, async (req, reply) => {
    // the driver checks the token of the address (an HMAC of the payment id under APP_KEY)
    const event = read(req, 'mpesa');
    // Daraja expects this acknowledgement whatever Kazi makes of the callback
    const accepted = { ResultCode: 0, ResultDesc: 'Accepted' };
    if (!event) return reply.send(accepted);
    const found = await byReference(req, 'mpesa', event.providerRef);
    // the address names the payment the push was started for: a callback of another one changes nothing
    if (!found || String(found.payment_id) !== req.params.paymentId) return reply.send({ ...accepted, ignored: true });
    const effect = await settle(req, Number(found.tenant_id), Number(found.payment_id), 'mpesa', { ...event, paymentId: event.paymentId ?? req.params.paymentId });
    return reply.send({ ...accepted, effect });
  });
}

/** The company and payment of a provider's reference: one indexed read on the owner connection (docs/decisions/0031). */
async function byReference(req: FastifyRequest, driver: PaymentDriver, providerRef: string) {
  const found = await req.server.ctx.database.prepared<{ tenant_id: number; payment_id: number }>(
    'payments.by_ref',
    'select tenant_id, payment_id from payment_attempts where driver = $1 and provider_ref = $2 limit 2',
    [driver, providerRef],
  );
  // provider references are the provider's own and unique; two companies with one is refused, not guessed
  return found.length === 1 ? found[0] : null;
}

/** The driver's reading of the webhook; a signature that does not verify is a 400, nothing read. */
function read(req: FastifyRequest, driver: PaymentDriver): ProviderEvent | null {
  const gateway = findGateway(req.server, driver);
  if (!gateway) throw new HttpError(404, 'Not Found');
  const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  try {
    return gateway.readWebhook({ headers: req.headers, rawBody, url: req.url });
  } catch (err) {
    if (err instanceof WebhookRejected || (err as Error)?.name === 'WebhookRejected') {
      req.log.warn({ driver, reason: (err as Error).message }, 'payment webhook rejected');
      throw new HttpError(400, 'The webhook signature is not valid.');
    }
    throw err;
  }
}

/** Settles in the company's own transaction (row-level security on); an event of another payment changes nothing. */
function settle(req: FastifyRequest, tenantId: number, paymentId: number, driver: PaymentDriver, event: ProviderEvent): Promise<SettleEffect> {
  return settlingTx(req.server, tenantId, (tx) => settlePayment(tx, tenantId, paymentId, driver, event));
}
