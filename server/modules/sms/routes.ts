import type { FastifyInstance } from 'fastify';
import { smsPages } from './pages.js';
import { smsTemplateRoutes } from './templates.js';

/** SMS: the sends and their recipients (messages.ts, transactions.ts), templates, pages and webhooks. */
export async function smsRoutes(app: FastifyInstance) {
  await app.register(smsTemplateRoutes);
  smsPages(app);
}
