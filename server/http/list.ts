import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { rows, type Tx } from '../db/client.js';
import { EXACT_TOTAL_LIMIT, EstimatedTotals, roundEstimate, settleTotal } from './list-totals.js';

export type TenantTableLike = PgTable & { tenantId: AnyPgColumn; id: AnyPgColumn };
export type FieldMap = Record<string, AnyPgColumn | SQL.Aliased | SQL>;

/** From this offset on, a page first finds its ids on the sort index (index-only), then reads just those rows. */
export const DEFERRED_JOIN_FROM = 1_000;
const TOTAL = '__kazi_total';
const dialect = new PgDialect();

/**
 * A search: the phrase, as typed, in any of the searchable columns (ILIKE '%…%', wildcards
 * taken literally), answered by the columns' trigram indexes under row-level security
 * (docs/decisions/0020-lists-at-scale.md).
 */
export function searchCondition(columns: (AnyPgColumn | SQL)[], term: string | undefined): SQL | undefined {
  const phrase = (term ?? '').trim();
  if (!phrase || !columns.length) return undefined;
  const like = `%${phrase.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((c) => ilike(c, like)));
}

export interface PageRequest {
  table: TenantTableLike;
  fields: FieldMap;
  tenantId: number;
  /** every condition of the list, tenant included */
  where: SQL;
  order: SQL[];
  page: number;
  perPage: number;
  /** distinguishes lists over the same table (the resource's base) */
  list: string;
  /** the conditions include a search: its matches are gathered once (see readPage) */
  searching?: boolean;
}

export interface PageResult<T> {
  data: T[];
  total: number;
  estimated: boolean;
}

type Found = Record<string, unknown>[];
/** Runs one statement in the tenant's scope (Database.scopedRead): each of a page's statements is its own round trip. */
export type Read = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * Reads one page of a list and its total, in one statement (one round trip) where it can:
 *
 * - a list whose estimate is remembered: the page alone;
 * - a search: its first EXACT_TOTAL_LIMIT + 1 matches are gathered once (a CTE) and both the
 *   count and the page come from them, so the trigram indexes are read once, not twice; when
 *   there are more matches than that, the page is read again in order and the total estimated;
 * - any other list: the page in index order plus a count capped at EXACT_TOTAL_LIMIT as a
 *   scalar subquery (index-only), and an estimate from the planner once the cap is reached.
 */
export async function readPage<T extends Record<string, unknown>>(
  read: Read,
  r: PageRequest,
  totals: EstimatedTotals,
): Promise<PageResult<T>> {
  const offset = (r.page - 1) * r.perPage;
  const key = totalKey(r);
  const remembered = totals.get(key);
  const capped = sql<number>`(select count(*) from (select 1 from ${r.table} where ${r.where} limit ${EXACT_TOTAL_LIMIT + 1}) as capped)`.mapWith(Number);

  let found: Found;
  let counted: number | null = null;
  if (remembered !== null) {
    found = await read((tx) => pageInOrder(tx, r, r.fields, offset));
  } else if (r.searching) {
    found = await read((tx) => {
      const matches = tx.$with('matches').as(tx.select({ id: r.table.id }).from(r.table).where(r.where).limit(EXACT_TOTAL_LIMIT + 1));
      return tx
        .with(matches)
        .select({ ...r.fields, [TOTAL]: sql<number>`(select count(*) from ${matches})`.mapWith(Number) })
        .from(r.table)
        .where(and(eq(r.table.tenantId, r.tenantId), inArray(r.table.id, tx.select({ id: matches.id }).from(matches))))
        .orderBy(...r.order)
        .limit(r.perPage)
        .offset(offset);
    });
    counted = takeTotal(found);
    // more matches than were gathered: this page came from an arbitrary part of them
    if (counted !== null && counted > EXACT_TOTAL_LIMIT) found = await read((tx) => pageInOrder(tx, r, r.fields, offset));
  } else {
    found = await read((tx) => pageInOrder(tx, r, { ...r.fields, [TOTAL]: capped }, offset));
    counted = takeTotal(found);
  }

  let settled = settleTotal({ offset, perPage: r.perPage, rows: found.length, counted, remembered });
  if (settled === 'count') {
    // past the end of the page (or of a remembered estimate): count on its own
    if (remembered !== null) totals.forget(key);
    const [{ n }] = await read((tx) => rows<{ n: unknown }>(tx, sql`select ${capped} as n`));
    settled = settleTotal({ offset, perPage: r.perPage, rows: found.length, counted: Number(n), remembered: null });
  }
  if (settled === 'estimate') {
    const total = roundEstimate(await read((tx) => plannerEstimate(tx, r)), EXACT_TOTAL_LIMIT + 1);
    totals.set(key, total);
    // rows on this page prove at least offset + rows; an empty page past the end proves nothing
    settled = { total: found.length ? Math.max(total, offset + found.length) : total, estimated: true };
  }
  // a counted list always settles; the type cannot see it
  if (typeof settled === 'string') throw new Error(`list total not settled: ${settled}`);
  return { data: found as T[], total: settled.total, estimated: settled.estimated };
}

/** The page in the list's order; from DEFERRED_JOIN_FROM on, ids first (index-only), then their rows. */
async function pageInOrder(tx: Tx, r: PageRequest, selection: FieldMap, offset: number): Promise<Found> {
  if (offset < DEFERRED_JOIN_FROM) {
    return tx.select(selection).from(r.table).where(r.where).orderBy(...r.order).limit(r.perPage).offset(offset);
  }
  const ids = tx.select({ id: r.table.id }).from(r.table).where(r.where).orderBy(...r.order).limit(r.perPage).offset(offset);
  return tx
    .select(selection)
    .from(r.table)
    .where(and(eq(r.table.tenantId, r.tenantId), inArray(r.table.id, ids)))
    .orderBy(...r.order);
}

/** The count a page statement carried in every row (null when it found no row), removed from the rows. */
function takeTotal(found: Found): number | null {
  const total = found.length ? Number(found[0][TOTAL]) : null;
  for (const row of found) delete row[TOTAL];
  return total;
}

/** The planner's row estimate for the list's conditions, under the same row-level security. */
async function plannerEstimate(tx: Tx, r: PageRequest): Promise<number> {
  const query = tx.select({ one: sql`1` }).from(r.table).where(r.where);
  const [row] = await rows<Record<string, unknown>>(tx, sql`explain (format json) ${query}`);
  const raw = Object.values(row)[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return Number(plan[0]?.Plan?.['Plan Rows'] ?? 0);
}

/** One remembered total per tenant, list and set of conditions (search, filters, scope). */
function totalKey(r: PageRequest): string {
  const q = dialect.sqlToQuery(r.where);
  return `${r.tenantId}|${r.list}|${q.sql}|${JSON.stringify(q.params)}`;
}
