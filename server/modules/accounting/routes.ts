import type { FastifyInstance } from 'fastify';
import { contactResource } from './resources.js';
import { accountingSettingsRoutes } from './settings/routes.js';

export async function accountingRoutes(app: FastifyInstance) {
  contactResource.routes(app);
  await app.register(accountingSettingsRoutes);
}
