import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { rows as resultRows, type Tx } from '../../db/client.js';

type Values = Record<string, unknown>;

/**
 * One INSERT for many rows: every column travels as ONE array parameter and the database
 * unnests them (`insert … select * from unnest($1::text[], $2::bigint[], …)`). A statement of
 * 10,000 rows is then a dozen parameters instead of 130,000 — the query text, its parsing and
 * the driver's work stay small, which is what makes large imports take seconds, on PGlite too.
 * Rows are keyed by the table's property names (as drizzle's insert takes them); a property
 * absent from every row keeps its column default. `returning` names columns to read back, in
 * the order of `rows` (PostgreSQL inserts the unnested rows in order).
 */
export async function bulkInsert<R extends Values = Values>(
  tx: Tx,
  table: PgTable,
  rows: readonly Values[],
  returning: Record<string, AnyPgColumn> = {},
): Promise<R[]> {
  if (rows.length === 0) return [];
  return resultRows<R>(tx, bulkInsertQuery(table, rows, returning));
}

/**
 * bulkInsert's statement, not run: to be used inside a larger one (a `with` whose other parts
 * read what it returns, such as history rows written in the same statement). `rows` must not be empty.
 */
export function bulkInsertQuery(
  table: PgTable,
  rows: readonly Values[],
  returning: Record<string, AnyPgColumn> = {},
  opts: { onConflictDoNothing?: boolean } = {},
): SQL {
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const keys = Object.keys(columns).filter((k) => rows.some((r) => r[k] !== undefined));
  const names = sql.join(
    keys.map((k) => sql.identifier(columns[k].name)),
    sql`, `,
  );
  // unnest flattens a two-dimensional array, so an array column (tags text[]) travels as one
  // array of its values' literals and is cast back per row
  const isArray = (k: string) => columns[k].getSQLType().endsWith('[]');
  const arrays = sql.join(
    keys.map((k) =>
      isArray(k)
        ? sql`${sql.param(rows.map((r) => (r[k] == null ? null : arrayLiteral(r[k] as unknown[]))))}::text[]`
        : sql`${sql.param(rows.map((r) => r[k] ?? null))}::${sql.raw(columns[k].getSQLType())}[]`,
    ),
    sql`, `,
  );
  const aliases = keys.map((_, i) => sql.raw(`c${i}`));
  const selected = sql.join(
    keys.map((k, i) => (isArray(k) ? sql`${aliases[i]}::${sql.raw(columns[k].getSQLType())}` : aliases[i])),
    sql`, `,
  );
  const back = Object.entries(returning);
  const tail: SQL = back.length
    ? sql` returning ${sql.join(
        back.map(([alias, col]) => sql`${sql.identifier(col.name)} as ${sql.identifier(alias)}`),
        sql`, `,
      )}`
    : sql``;
  const conflict = opts.onConflictDoNothing ? sql` on conflict do nothing` : sql``;
  return sql`insert into ${sql.identifier(getTableName(table))} (${names}) select ${selected} from unnest(${arrays}) as u(${sql.join(aliases, sql`, `)})${conflict}${tail}`;
}

/** A PostgreSQL array literal of text values: {"a","b \"c\""} (an array column sent inside one text[] parameter) */
export function arrayLiteral(values: unknown[]): string {
  return `{${values.map((v) => (v == null ? 'NULL' : `"${String(v).replace(/["\\]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
}
