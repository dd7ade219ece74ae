import { and, eq, inArray } from 'drizzle-orm';
import { STANDARD_REPORTS } from '../../../common/reports/standard.js';
import type { ReportType } from '../../../common/reports/types.js';
import { reportSchema, reportUpdateSchema } from '../../../common/schemas/reports.js';
import type { Tx } from '../../db/client.js';
import { isoTimestamp as ts } from '../../db/sql.js';
import { defineResource } from '../../http/resource.js';
import { reports } from './schema.js';

/** Saved report definitions: GET /reports/json, POST /reports/store, GET /reports/get-report/{id}, PUT /reports/update/{id}, DELETE /reports/delete/{id}. */
export const reportResource = defineResource({
  label: 'Report',
  singular: 'report',
  base: '/reports',
  table: reports,
  fields: {
    id: reports.id,
    name: reports.name,
    type: reports.type,
    description: reports.description,
    settings: reports.settings,
    created_at: ts(reports.createdAt),
    updated_at: ts(reports.updatedAt),
  },
  columns: { created_at: reports.createdAt, updated_at: reports.updatedAt },
  create: reportSchema,
  update: reportUpdateSchema,
  searchable: ['name', 'description'],
  searchColumn: reports.searchText,
  sortable: ['name', 'type', 'created_at'],
  defaultSort: ['name', 'asc'],
  filterable: ['type'],
  access: { view: 'reports.view', create: 'reports.create', update: 'reports.update', delete: 'reports.delete' },
  // a definition is a few settings; its figures are exported from Show (GET /reports/{id}/export)
  export: false,
});

/** Adds the standard definitions (one per type) the company does not have yet, by name; answers how many were added. */
export async function createStandardReports(tx: Tx, tenantId: number, types?: readonly ReportType[]): Promise<number> {
  const wanted = STANDARD_REPORTS.filter((r) => !types || types.includes(r.type));
  const names = wanted.map((r) => r.name);
  const existing = new Set(
    (await tx.select({ name: reports.name }).from(reports).where(and(eq(reports.tenantId, tenantId), inArray(reports.name, names)))).map((r) => r.name),
  );
  const missing = wanted.filter((r) => !existing.has(r.name));
  if (missing.length) await tx.insert(reports).values(missing.map((r) => ({ tenantId, ...r })));
  return missing.length;
}
