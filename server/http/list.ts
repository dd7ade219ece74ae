import { Column, ilike, is, or, SQL, sql } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { arrayRows, type Tx } from '../db/client.js';
import { EXACT_TOTAL_LIMIT, EstimatedTotals, roundEstimate, settleTotal } from './list-totals.js';

export type TenantTableLike = PgTable & { tenantId: AnyPgColumn; id: AnyPgColumn };
export type FieldMap = Record<string, AnyPgColumn | SQL.Aliased | SQL>;

/** From this offset on, a page first finds its ids on the sort index (index-only), then reads just those rows. */
export const DEFERRED_JOIN_FROM = 1_000;
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

/** Runs one statement in the tenant's scope (Database.scopedRead): each of a page's statements is its own round trip. */
export type Read = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * A list's select list, rendered once per field map: its SQL text, the parameters its
 * expressions carry (constants of the declaration, numbered first), and each field's decoder.
 * Lists are the hot path of every area, and building the same select through Drizzle's query
 * builder on every request, then mapping each value through it, cost more CPU than the query.
 */
interface Selection {
  text: string;
  params: unknown[];
  keys: string[];
  decode: ((v: unknown) => unknown)[];
}
const selections = new WeakMap<FieldMap, Selection>();
/** what `.mapWith()` set on an expression (Drizzle keeps it internal) */
type Decoded = { decoder: { mapFromDriverValue(v: unknown): unknown } };

function selectionOf(fields: FieldMap): Selection {
  let s = selections.get(fields);
  if (s) return s;
  const keys = Object.keys(fields);
  const parts: SQL[] = [];
  const decode: ((v: unknown) => unknown)[] = [];
  for (const key of keys) {
    const f = fields[key];
    if (is(f, Column)) {
      parts.push(sql`${f}`);
      decode.push((v) => f.mapFromDriverValue(v));
    } else if (is(f, SQL.Aliased)) {
      parts.push(sql`${f.sql}`);
      const { decoder } = f.sql as unknown as Decoded;
      decode.push((v) => decoder.mapFromDriverValue(v));
    } else {
      const expr = f as SQL;
      parts.push(sql`${expr}`);
      const { decoder } = expr as unknown as Decoded;
      decode.push((v) => decoder.mapFromDriverValue(v));
    }
  }
  const q = render(sql.join(parts, sql`, `), 0);
  s = { text: q.sql, params: q.params, keys, decode };
  selections.set(fields, s);
  return s;
}

/** Renders SQL with its parameters numbered from `start` + 1 (so it can follow other parameters). */
function render(q: SQL, start: number): { sql: string; params: unknown[] } {
  return q.toQuery({
    casing: (dialect as unknown as { casing: never }).casing,
    escapeName: dialect.escapeName,
    escapeParam: dialect.escapeParam,
    escapeString: dialect.escapeString,
    prepareTyping: dialect.prepareTyping,
    paramStartIndex: { value: start },
  });
}

const ORDER_MARK = ' /*order*/ ';
/** One request's conditions and order as SQL text, numbered after `start` parameters; shared by every statement of the page. */
interface Fragment {
  table: string;
  id: string;
  tenant: string;
  where: string;
  order: string;
  params: unknown[];
}

function fragmentOf(r: PageRequest, start: number): Fragment {
  const q = render(sql`${r.table} ${r.table.id} ${r.table.tenantId} ${r.where}${sql.raw(ORDER_MARK)}${sql.join(r.order, sql`, `)}`, start);
  // the table and its two columns carry no parameters: "contacts" "contacts"."id" "contacts"."tenant_id" <where> <mark> <order>
  const at = q.sql.indexOf(ORDER_MARK);
  const head = q.sql.slice(0, at);
  const [table, id, tenant] = head.match(/^("[^"]+") ("[^"]+"\."[^"]+") ("[^"]+"\."[^"]+") /)!.slice(1);
  return { table, id, tenant, where: head.slice(table.length + id.length + tenant.length + 3), order: q.sql.slice(at + ORDER_MARK.length), params: q.params };
}

/** The capped count of the list's rows, as an expression over the fragment's conditions. */
const cappedCount = (f: Fragment) => `(select count(*) from (select 1 from ${f.table} where ${f.where} limit ${EXACT_TOTAL_LIMIT + 1}) as capped)`;

/**
 * Reads one page of a list and its total, in one statement (one round trip) where it can:
 *
 * - a list whose estimate is remembered: the page alone;
 * - a search: its first EXACT_TOTAL_LIMIT + 1 matches are gathered once (a CTE) and both the
 *   count and the page come from them, so the trigram indexes are read once, not twice; when
 *   there are more matches than that, the page is read again in order and the total estimated;
 * - any other list: the page in index order plus a count capped at EXACT_TOTAL_LIMIT as a
 *   scalar subquery (index-only), and an estimate from the planner once the cap is reached.
 *
 * Each statement is SQL text put together from the resource's select list (rendered once) and
 * this request's conditions and order (rendered once per request), run on the connection of
 * the tenant's scoped read with rows as arrays.
 */
export async function readPage<T extends Record<string, unknown>>(
  read: Read,
  r: PageRequest,
  totals: EstimatedTotals,
): Promise<PageResult<T>> {
  const offset = (r.page - 1) * r.perPage;
  const selection = selectionOf(r.fields);
  const f = fragmentOf(r, selection.params.length);
  const key = `${r.tenantId}|${r.list}|${f.where}|${JSON.stringify(f.params)}`;
  const remembered = totals.get(key);
  // parameters after the selection's and the conditions': limit, offset, tenant
  const n = selection.params.length + f.params.length;
  const params = [...selection.params, ...f.params, r.perPage, offset, r.tenantId];
  const limit = `limit $${n + 1} offset $${n + 2}`;
  const page = (withTotal: boolean) => {
    const columns = withTotal ? `${selection.text}, ${cappedCount(f)}` : selection.text;
    return offset < DEFERRED_JOIN_FROM
      ? `select ${columns} from ${f.table} where ${f.where} order by ${f.order} ${limit}`
      : // deep: the ids first, on the sort index (index-only), then just their rows
        `select ${columns} from ${f.table} where ${f.tenant} = $${n + 3} and ${f.id} in (select ${f.id} from ${f.table} where ${f.where} order by ${f.order} ${limit}) order by ${f.order}`;
  };
  // named statements: a list's shapes (resource, filters, sort, search, depth) are few; its values are parameters
  const run = (text: string, values: unknown[]) => read((tx) => arrayRows(tx, text, values, { prepared: true }));

  let found: unknown[][];
  let counted: number | null = null;
  if (remembered !== null) {
    found = await run(page(false), params.slice(0, offset < DEFERRED_JOIN_FROM ? n + 2 : n + 3));
  } else if (r.searching) {
    found = await run(
      `with matches as (select ${f.id} from ${f.table} where ${f.where} limit ${EXACT_TOTAL_LIMIT + 1})
       select ${selection.text}, (select count(*) from matches) from ${f.table}
        where ${f.tenant} = $${n + 3} and ${f.id} in (select id from matches) order by ${f.order} ${limit}`,
      params,
    );
    counted = takeTotal(found);
    // more matches than were gathered: this page came from an arbitrary part of them
    if (counted !== null && counted > EXACT_TOTAL_LIMIT) found = await run(page(false), params.slice(0, offset < DEFERRED_JOIN_FROM ? n + 2 : n + 3));
  } else {
    found = await run(page(true), params.slice(0, offset < DEFERRED_JOIN_FROM ? n + 2 : n + 3));
    counted = takeTotal(found);
  }

  let settled = settleTotal({ offset, perPage: r.perPage, rows: found.length, counted, remembered });
  if (settled === 'count' || settled === 'estimate') {
    // the conditions alone, numbered from $1
    const own = fragmentOf(r, 0);
    if (settled === 'count') {
      // past the end of the page (or of a remembered estimate): count on its own
      if (remembered !== null) totals.forget(key);
      const [[count]] = await run(`select ${cappedCount(own)}`, own.params);
      settled = settleTotal({ offset, perPage: r.perPage, rows: found.length, counted: Number(count), remembered: null });
    }
    if (settled === 'estimate') {
      // EXPLAIN as an unnamed statement: it runs once a minute per list, and is no query to keep
      const total = roundEstimate(await plannerEstimate((text, values) => read((tx) => arrayRows(tx, text, values)), own), EXACT_TOTAL_LIMIT + 1);
      totals.set(key, total);
      // rows on this page prove at least offset + rows; an empty page past the end proves nothing
      settled = { total: found.length ? Math.max(total, offset + found.length) : total, estimated: true };
    }
  }
  // a counted list always settles; the type cannot see it
  if (typeof settled === 'string') throw new Error(`list total not settled: ${settled}`);
  return { data: decodeRows<T>(selection, found), total: settled.total, estimated: settled.estimated };
}

/** The count a page statement carried as its last column (null when it found no row), removed from the rows. */
function takeTotal(found: unknown[][]): number | null {
  const total = found.length ? Number(found[0][found[0].length - 1]) : null;
  for (const row of found) row.pop();
  return total;
}

/** Array rows to the answer's objects, each value through its field's decoder. */
function decodeRows<T>(selection: Selection, found: unknown[][]): T[] {
  const { keys, decode } = selection;
  return found.map((row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const v = row[i];
      out[keys[i]] = v === null || v === undefined ? null : decode[i](v);
    }
    return out as T;
  });
}

/** The planner's row estimate for the list's conditions, under the same row-level security. */
async function plannerEstimate(run: (text: string, values: unknown[]) => Promise<unknown[][]>, f: Fragment): Promise<number> {
  const [[raw]] = await run(`explain (format json) select 1 from ${f.table} where ${f.where}`, f.params);
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return Number(plan[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * Every row of a list in its order, `size` at a time, through a cursor of the caller's
 * transaction: a whole list (an export of a million contacts) without OFFSET, whose cost grows
 * with the depth of each page, and without holding it all in memory. `each` may take its time
 * (a slow download): the next rows are fetched only when it is done.
 */
export async function eachBatch<T extends Record<string, unknown>>(
  tx: Tx,
  r: Pick<PageRequest, 'table' | 'fields' | 'where' | 'order'>,
  size: number,
  each: (rows: T[]) => Promise<void>,
): Promise<void> {
  const selection = selectionOf(r.fields);
  const f = fragmentOf(r as PageRequest, selection.params.length);
  await arrayRows(tx, `declare kazi_each_batch no scroll cursor for select ${selection.text} from ${f.table} where ${f.where} order by ${f.order}`, [
    ...selection.params,
    ...f.params,
  ]);
  for (;;) {
    const found = await arrayRows(tx, `fetch ${Math.trunc(size)} from kazi_each_batch`, []);
    if (!found.length) break;
    await each(decodeRows<T>(selection, found));
  }
  await arrayRows(tx, 'close kazi_each_batch', []);
}
