import type { FastifyInstance } from 'fastify';
import { deliveryEngine } from '../delivery/index.js';
import { smsChannel } from './channel.js';
import { smsMessageRoutes } from './messages.js';
import { smsPages } from './pages.js';
import { smsSettingsRoutes } from './settings.js';
import { smsTemplateRoutes } from './templates.js';
import { smsTransactionRoutes } from './transactions.js';
import { smsWebhookRoutes } from './webhooks.js';

/** SMS: the sends and their recipients (messages.ts, transactions.ts), templates, settings, pages and the provider's callbacks. */
export async function smsRoutes(app: FastifyInstance) {
  deliveryEngine(app.ctx).register(smsChannel(app));
  smsMessageRoutes(app);
  smsTransactionRoutes(app);
  smsSettingsRoutes(app);
  await app.register(smsTemplateRoutes);
  await app.register(smsWebhookRoutes);
  smsPages(app);
}
