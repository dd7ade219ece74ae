import type { FastifyInstance } from 'fastify';

/**
 * The email sending pages (PAGES.md Email/*): each reads its figures and lists from the JSON
 * endpoints (metrics.ts, sending.ts); the compose dialog is part of Email/Overview.
 */
export function emailSendPages(app: FastifyInstance) {
  app.get('/email', { config: { access: 'email.view' } }, (_req, reply) => reply.inertia('Email/Overview', {}));
  app.get('/email/transactions', { config: { access: 'email.view' } }, (_req, reply) => reply.inertia('Email/Transactions', {}));
  app.get('/email/group-transactions', { config: { access: 'email.view' } }, (_req, reply) => reply.inertia('Email/GroupTransactions', {}));
}
