import type { FastifyInstance } from 'fastify';
import type { Importable } from '../../http/import-export.js';
import { customerImport } from './imports/customers.js';
import { itemImport } from './imports/items.js';
import { transactionImport } from './imports/transactions.js';
import { transferImport } from './imports/transfers.js';

/** Each Import page: its URL, component, the list it returns to, and its import resource. */
const PAGES: { url: string; component: string; listUrl: string; title: string; resource: Importable }[] = [
  { url: '/sales/customers/import', component: 'Customers/Import', listUrl: '/sales/customers', title: 'Import customers', resource: customerImport },
  { url: '/sales/items/import', component: 'Items/Import', listUrl: '/sales/items', title: 'Import items', resource: itemImport },
  { url: '/banking/transactions/import', component: 'Transactions/Import', listUrl: '/banking/transactions', title: 'Import transactions', resource: transactionImport },
  { url: '/banking/transfers/import', component: 'Transfers/Import', listUrl: '/banking/transfers', title: 'Import transfers', resource: transferImport },
];

/**
 * The Import pages (PAGES.md: Customers, Items, Transactions, Transfers) and the import
 * endpoints behind them (server/http/import-export.ts). The page gets only what the wizard
 * needs: where the endpoints are, the columns it can map, and the list to go back to.
 */
export async function importPages(app: FastifyInstance) {
  for (const p of PAGES) {
    p.resource.routes(app);
    const { def } = p.resource;
    app.get(p.url, { config: { access: def.permission } }, (_req, reply) =>
      reply.inertia(p.component, {
        title: p.title,
        base: def.base,
        list_url: p.listUrl,
        label: def.label,
        columns: def.columns.map((c) => ({ field: c.field, label: c.label, required: Boolean(c.required) })),
      }),
    );
  }
}
