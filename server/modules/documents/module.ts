import { documentSearch } from './search.js';
import type { FastifyInstance } from 'fastify';
import { defineModule } from '../kazi-module.js';
import { documentDeliveryRoutes } from './delivery-routes.js';
import { seedDemoDocuments } from './demo.js';
import { documentImportPages } from './import-pages.js';
import { documentPageRoutes } from './pages.js';
import { recurringRoutes } from './recurring.js';
import { documentRoutes } from './routes.js';

// Each part stays its own encapsulated plugin, as it was when app.ts registered them one by one
// (routes.ts's preSerialization hook applies to the resource routes only).
async function documentsPlugin(app: FastifyInstance) {
  await app.register(documentRoutes);
  await app.register(documentPageRoutes);
  await app.register(documentDeliveryRoutes);
  await app.register(recurringRoutes);
  await app.register(documentImportPages);
}

export const documentsModule = defineModule({ name: 'documents', plugin: documentsPlugin, seedDemo: seedDemoDocuments, search: documentSearch });
