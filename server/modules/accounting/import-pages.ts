import type { FastifyInstance } from 'fastify';
import { importPageRoutes } from '../../http/import-export.js';
import { customerImport } from './imports/customers.js';
import { itemImport } from './imports/items.js';
import { transactionImport } from './imports/transactions.js';
import { transferImport } from './imports/transfers.js';

/**
 * The Import pages (PAGES.md: Customers, Items, Transactions, Transfers) and the import
 * endpoints behind them (server/http/import-export.ts).
 */
export async function importPages(app: FastifyInstance) {
  importPageRoutes(app, [
    { url: '/sales/customers/import', component: 'Customers/Import', listUrl: '/sales/customers', title: 'Import customers', resource: customerImport },
    { url: '/sales/items/import', component: 'Items/Import', listUrl: '/sales/items', title: 'Import items', resource: itemImport },
    { url: '/banking/transactions/import', component: 'Transactions/Import', listUrl: '/banking/transactions', title: 'Import transactions', resource: transactionImport },
    { url: '/banking/transfers/import', component: 'Transfers/Import', listUrl: '/banking/transfers', title: 'Import transfers', resource: transferImport },
  ]);
}
