import type { FastifyInstance } from 'fastify';

/** Banking: bank accounts, transactions and transfers (PAGES.md /banking/*). */
export async function bankingRoutes(app: FastifyInstance) {
  void app;
}
