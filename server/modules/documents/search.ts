import { eq } from 'drizzle-orm';
import type { SearchKind } from '../../http/search.js';
import { documents } from './schema.js';

const kind = (type: 'invoice' | 'bill' | 'estimate', kindName: 'invoices' | 'bills' | 'estimates', label: string, href: string): SearchKind => ({
  kind: kindName,
  label,
  access: `${kindName}.view`,
  table: documents,
  searchColumn: documents.searchText,
  where: eq(documents.type, type),
  title: documents.documentNumber,
  detail: documents.contactName,
  href,
});

/** Invoices, bills and estimates by number or contact in the top bar's search (server/http/search.ts). */
export const documentSearch: SearchKind[] = [
  kind('invoice', 'invoices', 'Invoices', '/sales/invoices/{id}'),
  kind('bill', 'bills', 'Bills', '/purchases/bills/{id}'),
  kind('estimate', 'estimates', 'Estimates', '/sales/estimates/{id}'),
];
