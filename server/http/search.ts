import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Permission } from '../../common/permissions.js';
import type { TenantTableLike } from './list.js';

/**
 * One kind of record the top bar's search (Ctrl K) finds: an area declares it in its module
 * (`search: [...]` in defineModule) and GET /search/json searches it for whoever may view it
 * (docs/decisions/0025-search-records.md).
 */
export interface SearchKind {
  /** stable key of the group in the answer: "customers" */
  kind: string;
  /** the group's heading: "Customers" */
  label: string;
  /** needed to see this kind; a user without it never has it searched */
  access: Permission;
  table: TenantTableLike;
  /** the row's stored search text (searchText()) or a column, with a trigram index (list-plans.test.ts checks it) */
  searchColumn: AnyPgColumn;
  /** narrows the table to this kind (contacts of type customer, documents of type invoice) */
  where?: SQL;
  /** what the result shows: the record's name or number */
  title: AnyPgColumn | SQL;
  /** a second line: the email, the customer of an invoice… */
  detail?: AnyPgColumn | SQL;
  /** the record's page, `{id}` replaced by its id */
  href: string;
}

/** Results per kind: the search box shows a few of each; the lists have the rest. */
export const PER_KIND = 5;
/** Candidates read per kind before ordering: bounded, so a phrase common to a million rows reads 50 of them. */
const CANDIDATES = 50;
/** Fewer characters give no trigram, and a trigram index cannot answer them: only pages are searched. */
export const MIN_SEARCH_LENGTH = 3;

const likePattern = (phrase: string) => phrase.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One statement for every kind (UNION ALL): per kind, up to CANDIDATES rows the trigram index
 * finds (no order, so the scan stops there), then titles that start with the phrase first and
 * alphabetical, PER_KIND of them. Every part names the tenant besides row-level security.
 */
export function searchStatement(kinds: readonly SearchKind[], tenantId: number, phrase: string, perKind = PER_KIND): SQL | null {
  if (!kinds.length) return null;
  const escaped = likePattern(phrase);
  const contains = `%${escaped}%`;
  const starts = `${escaped}%`;
  const parts = kinds.map((k) => {
    const where = [sql`${k.table.tenantId} = ${tenantId}`, k.where, sql`${k.searchColumn} ilike ${contains}`].filter(Boolean) as SQL[];
    const candidates = sql`select ${k.table.id} as id, (${k.title})::text as title, (${k.detail ?? sql`null`})::text as detail
      from ${k.table} where ${sql.join(where, sql` and `)} limit ${CANDIDATES}`;
    return sql`(select ${k.kind}::text as kind, c.id, c.title, c.detail from (${candidates}) c
      order by c.title ilike ${starts} desc, c.title, c.id limit ${perKind})`;
  });
  return sql.join(parts, sql` union all `);
}

export interface SearchHit {
  id: number;
  title: string;
  detail: string | null;
  href: string;
}
export interface SearchGroup {
  kind: string;
  label: string;
  items: SearchHit[];
}

/** The statement's rows grouped by kind, in the kinds' order; kinds with nothing found are left out. */
export function groupHits(kinds: readonly SearchKind[], rows: { kind: string; id: number | string; title: string | null; detail: string | null }[]): SearchGroup[] {
  return kinds
    .map((k) => ({
      kind: k.kind,
      label: k.label,
      items: rows
        .filter((r) => r.kind === k.kind)
        .map((r) => ({ id: Number(r.id), title: r.title ?? '', detail: r.detail || null, href: k.href.replace('{id}', String(r.id)) })),
    }))
    .filter((g) => g.items.length > 0);
}
