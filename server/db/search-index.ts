import { index, type ExtraConfigColumn } from 'drizzle-orm/pg-core';

/**
 * GIN trigram indexes for a list's searchable text columns: the resource layer searches with
 * ILIKE '%word%', which these answer under row-level security because the migrations mark
 * ILIKE leakproof (docs/decisions/0020-lists-at-scale.md). server/http/list-plans.test.ts
 * fails when a resource searches a column that has none.
 */
export const searchIndexes = (table: string, ...columns: ExtraConfigColumn[]) =>
  columns.map((c) => index(`${table}_${c.name}_trgm_idx`).using('gin', c.op('gin_trgm_ops')));
