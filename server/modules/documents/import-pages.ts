import type { FastifyInstance } from 'fastify';
import { importPageRoutes } from '../../http/import-export.js';
import { billImport, estimateImport, invoiceImport } from './imports.js';

/**
 * Invoices/Import, Estimates/Import and Bills/Import (PAGES.md) and the import endpoints behind
 * them (server/http/import-export.ts, imports.ts): one row per line, grouped by number.
 */
export async function documentImportPages(app: FastifyInstance) {
  importPageRoutes(app, [
    { url: '/sales/invoices/import', component: 'Invoices/Import', listUrl: '/sales/invoices', title: 'Import invoices', resource: invoiceImport },
    { url: '/sales/estimates/import', component: 'Estimates/Import', listUrl: '/sales/estimates', title: 'Import estimates', resource: estimateImport },
    { url: '/purchases/bills/import', component: 'Bills/Import', listUrl: '/purchases/bills', title: 'Import bills', resource: billImport },
  ]);
}
