import type { FastifyInstance } from 'fastify';

/** The airtime pages (PAGES.md Airtime): they read their figures and lists from the JSON endpoints. */
export function airtimePages(app: FastifyInstance) {
  app.get('/airtime', { config: { access: 'airtime.view' } }, (_req, reply) => reply.inertia('Airtime/Overview', {}));
  app.get('/airtime/transactions', { config: { access: 'airtime.view' } }, (_req, reply) => reply.inertia('Airtime/Transactions', {}));
}
