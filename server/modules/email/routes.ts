import type { FastifyInstance } from 'fastify';
import { emailSendRoutes } from './send-routes.js';

/** Email (SPEC §2 Email, §7 Email; issue 17): sending, its events and metrics. */
export async function emailRoutes(app: FastifyInstance) {
  await emailSendRoutes(app);
}
