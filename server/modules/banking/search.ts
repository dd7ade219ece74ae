import { sql } from 'drizzle-orm';
import type { SearchKind } from '../../http/search.js';
import { transactions } from './schema.js';

/** Transactions by number, reference or description in the top bar's search (server/http/search.ts). */
export const bankingSearch: SearchKind[] = [
  {
    kind: 'transactions',
    label: 'Transactions',
    access: 'transactions.view',
    table: transactions,
    searchColumn: transactions.searchText,
    title: sql`coalesce(${transactions.reference}, ${transactions.number})`,
    detail: sql`concat_ws(' · ', ${transactions.number}, ${transactions.paidAt}::text, ${transactions.description})`,
    href: '/banking/transactions/{id}',
  },
];
