import { index, jsonb, text } from 'drizzle-orm/pg-core';
import { REPORT_TYPES } from '../../../common/reports/types.js';
import { tenantTable } from '../../db/tenant-table.js';
import { searchIndexes, searchText } from '../../db/search-index.js';

/**
 * Saved report definitions (Reports/Create, Edit, Index, Show). The figures are never
 * stored: Show reads them from the ledger each time. `settings` is the definition's
 * options (period, date range, basis…), shaped by common/schemas/reports.ts.
 */
export const reports = tenantTable(
  'reports',
  {
    name: text('name').notNull(),
    type: text('type', { enum: REPORT_TYPES }).notNull(),
    description: text('description'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    searchText: searchText('name', 'description'),
  },
  (t) => [index('reports_tenant_name_idx').on(t.tenantId, t.name, t.id), ...searchIndexes('reports', t.searchText)],
);
