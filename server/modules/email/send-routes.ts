import type { FastifyInstance } from 'fastify';
import { deliveryEngine } from '../delivery/index.js';
import { emailChannel } from './channel.js';
import { emailMetricRoutes } from './metrics.js';
import { emailSendPages } from './send-pages.js';
import { emailSendingRoutes } from './sending.js';
import { mailgunWebhookAddressRoute, mailgunWebhookRoutes } from './webhooks.js';

/**
 * Email sending (docs/decisions/0038-email-sending.md): the email channel of the delivery engine,
 * POST /email/send and the sends' pause, resume and cancel, the recipients and sends lists, the
 * metrics, Mailgun's webhooks and the Email/Overview, Transactions and GroupTransactions pages.
 * Registered from the email module's routes.
 */
export async function emailSendRoutes(app: FastifyInstance) {
  deliveryEngine(app.ctx).register(emailChannel(app));
  emailSendingRoutes(app);
  emailMetricRoutes(app);
  emailSendPages(app);
  mailgunWebhookAddressRoute(app);
  await app.register(mailgunWebhookRoutes);
}
