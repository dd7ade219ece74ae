import type { FastifyInstance } from 'fastify';
import { deliveryEngine } from '../delivery/index.js';
import { airtimeChannel } from './channel.js';
import { airtimePages } from './pages.js';
import { airtimeSendRoutes } from './sends.js';
import { airtimeTransactionRoutes } from './transactions.js';
import { airtimeWebhookRoutes } from './webhooks.js';

/** Airtime: sends through the delivery engine (sends.ts), their top-ups (transactions.ts), pages and the provider's status callbacks. */
export async function airtimeRoutes(app: FastifyInstance) {
  deliveryEngine(app.ctx).register(airtimeChannel(app));
  airtimeSendRoutes(app);
  airtimeTransactionRoutes(app);
  await app.register(airtimeWebhookRoutes);
  airtimePages(app);
}
