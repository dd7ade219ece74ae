import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../http/errors.js';
import { operatorPaymentRoutes } from './operator.js';
import { paymentOf, refreshPayment, type PaymentRow } from './service.js';
import { webhookRoutes } from './webhooks.js';

/**
 * A company's own payments, as its checkout pages poll them:
 *   GET  /payments/get-payment/{id}   { data }
 *   POST /payments/refresh/{id}       asks the provider now (a callback that is late) → { message, data }
 * Another company's id is a 404. Who may see a payment: whoever may see what is paid for
 * (the wallet's purchases today; the subscriptions' plans later).
 */
const ACCESS = ['wallet.view', 'subscriptions.view'] as const;
const idSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** What a company is shown of its payment (no provider internals beyond the receipt). */
export const paymentAnswer = (p: PaymentRow) => ({
  id: p.id,
  purpose: p.purpose,
  reference: p.reference,
  amount: p.amount,
  currency: p.currency,
  driver: p.driver,
  status: p.status,
  action: p.status === 'pending' ? p.action : null,
  receipt: p.provider_receipt,
  failure_reason: p.failure_reason,
  late: p.late,
  expires_at: p.expires_at,
  settled_at: p.settled_at,
  created_at: p.created_at,
});

const idOf = (params: unknown) => {
  const parsed = idSchema.safeParse(params);
  if (!parsed.success) throw notFound('Payment');
  return parsed.data.id;
};

export async function paymentRoutes(app: FastifyInstance) {
  app.get('/payments/get-payment/:id', { config: { access: ACCESS } }, async (req) => {
    const id = idOf(req.params);
    const p = await req.tenantTx((tx) => paymentOf(tx, id));
    if (!p) throw notFound('Payment');
    return { data: paymentAnswer(p) };
  });

  app.post('/payments/refresh/:id', { config: { access: ACCESS } }, async (req) => {
    const id = idOf(req.params);
    const p = await refreshPayment(req.server, req.tenant!.id, id);
    return { message: p.status === 'pending' ? 'The payment is still waiting.' : `The payment ${p.status}.`, data: paymentAnswer(p) };
  });

  await app.register(webhookRoutes);
  await app.register(operatorPaymentRoutes);
}
