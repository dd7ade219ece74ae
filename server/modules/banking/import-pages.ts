import type { FastifyInstance } from 'fastify';
import { importPageRoutes } from '../../http/import-export.js';
import { transactionImport } from './imports/transactions.js';
import { transferImport } from './imports/transfers.js';

/** The Import pages of transactions and transfers (PAGES.md) and the import endpoints behind them. */
export async function bankingImportPages(app: FastifyInstance) {
  importPageRoutes(app, [
    { url: '/banking/transactions/import', component: 'Transactions/Import', listUrl: '/banking/transactions', title: 'Import transactions', resource: transactionImport },
    { url: '/banking/transfers/import', component: 'Transfers/Import', listUrl: '/banking/transfers', title: 'Import transfers', resource: transferImport },
  ]);
}
