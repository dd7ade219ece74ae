import type { FastifyInstance } from 'fastify';
import { outreachContactResource } from './contacts.js';
import { outreachPages } from './pages.js';
import { segmentRoutes } from './segments.js';

/** Outreach: the contacts' and segments' endpoints (SPEC §7 Contacts and segments) and their pages. */
export async function outreachRoutes(app: FastifyInstance) {
  outreachContactResource.routes(app);
  await app.register(segmentRoutes);
  await app.register(outreachPages);
}
