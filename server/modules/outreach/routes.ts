import type { FastifyInstance } from 'fastify';
import { importPageRoutes } from '../../http/import-export.js';
import { bulkRoutes } from './bulk.js';
import { outreachContactResource } from './contacts.js';
import { contactFieldResource } from './fields.js';
import { contactImport } from './imports.js';
import { contactRoutes } from './merge.js';
import { outreachPages } from './pages.js';
import { segmentRoutes } from './segments.js';
import { unsubscribeRoutes } from './unsubscribe.js';

/** Outreach: the contacts' and segments' endpoints (SPEC §7 Contacts and segments), their pages and the public unsubscribe link. */
export async function outreachRoutes(app: FastifyInstance) {
  contactFieldResource.routes(app);
  await app.register(contactRoutes);
  outreachContactResource.routes(app);
  importPageRoutes(app, [{ url: '/contacts/import', component: 'Contacts/Import', listUrl: '/contacts', title: 'Import contacts', resource: contactImport }]);
  await app.register(segmentRoutes);
  await app.register(bulkRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(outreachPages);
}
