import type { FastifyInstance } from 'fastify';
import { importPageRoutes } from '../../http/import-export.js';
import { customerImport } from './imports/customers.js';
import { itemImport } from './imports/items.js';

/**
 * The Import pages of customers and items (PAGES.md) and the import endpoints behind them
 * (server/http/import-export.ts). Banking has its own (banking/import-pages.ts).
 */
export async function importPages(app: FastifyInstance) {
  importPageRoutes(app, [
    { url: '/sales/customers/import', component: 'Customers/Import', listUrl: '/sales/customers', title: 'Import customers', resource: customerImport },
    { url: '/sales/items/import', component: 'Items/Import', listUrl: '/sales/items', title: 'Import items', resource: itemImport },
  ]);
}
