import type { FastifyInstance } from 'fastify';
import type { Importable } from '../../http/import-export.js';
import { billImport, estimateImport, invoiceImport } from './imports.js';

/** Each Import page of documents: its URL, component, the list it returns to, and its import resource. */
const PAGES: { url: string; component: string; listUrl: string; title: string; resource: Importable }[] = [
  { url: '/sales/invoices/import', component: 'Invoices/Import', listUrl: '/sales/invoices', title: 'Import invoices', resource: invoiceImport },
  { url: '/sales/estimates/import', component: 'Estimates/Import', listUrl: '/sales/estimates', title: 'Import estimates', resource: estimateImport },
  { url: '/purchases/bills/import', component: 'Bills/Import', listUrl: '/purchases/bills', title: 'Import bills', resource: billImport },
];

/**
 * Invoices/Import, Estimates/Import and Bills/Import (PAGES.md) and the import endpoints behind
 * them (server/http/import-export.ts, imports.ts): one row per line, grouped by number. The page
 * gets what the wizard needs, as the other Import pages do.
 */
export async function documentImportPages(app: FastifyInstance) {
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
