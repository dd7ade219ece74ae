import { sql } from 'drizzle-orm';
import { index, text, type ExtraConfigColumn } from 'drizzle-orm/pg-core';

/**
 * GIN trigram indexes for a list's searchable text columns: the resource layer searches with
 * ILIKE '%…%', which these answer under row-level security because the migrations mark
 * ILIKE leakproof (docs/decisions/0020-lists-at-scale.md). server/http/list-plans.test.ts
 * fails when a resource searches a column that has none.
 */
export const searchIndexes = (table: string, ...columns: ExtraConfigColumn[]) =>
  columns.map((c) => index(`${table}_${c.name}_trgm_idx`).using('gin', c.op('gin_trgm_ops')));

/**
 * The searchable text of a row with several searchable columns, kept by PostgreSQL itself
 * (a stored generated column): one trigram index and one index scan per search instead of
 * one per column. Declare it as the resource's `searchColumn` and index it with searchIndexes.
 */
export const searchText = (...columns: string[]) =>
  text('search_text')
    .notNull()
    .generatedAlwaysAs(sql.raw(columns.map((c) => `coalesce("${c}", '')`).join(` || ' ' || `)));
