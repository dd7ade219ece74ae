import type { FastifyInstance } from 'fastify';
import { outreachContactResource } from './contacts.js';

/** Outreach: the contacts' endpoints (SPEC §7 Contacts and segments). */
export async function outreachRoutes(app: FastifyInstance) {
  outreachContactResource.routes(app);
}
