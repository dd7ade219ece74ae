import type { FastifyInstance } from 'fastify';
import { bankingPages } from './pages.js';
import { bankAccountResource, transactionResource, transferResource } from './resources.js';

/** Banking: bank accounts, transactions and transfers (PAGES.md /banking/*). */
export async function bankingRoutes(app: FastifyInstance) {
  bankAccountResource.routes(app);
  transactionResource.routes(app);
  transferResource.routes(app);
  await bankingPages(app);
}
