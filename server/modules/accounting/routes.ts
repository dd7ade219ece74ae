import type { FastifyInstance } from 'fastify';
import { contactSummaryRoutes } from './contact-summary.js';
import { itemRoutes } from './items.js';
import { accountingPages } from './pages.js';
import { importPages } from './import-pages.js';
import { contactResource } from './resources.js';

export async function accountingRoutes(app: FastifyInstance) {
  contactResource.routes(app);
  await app.register(contactSummaryRoutes);
  itemRoutes(app);
  await app.register(accountingPages);
  await app.register(importPages);
}
