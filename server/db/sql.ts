import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A timestamptz as the API answers it: ISO 8601 in UTC, to the second ("2026-11-23T09:30:00Z"). */
export const isoTimestamp = (col: AnyPgColumn | SQL) => sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * A column named with its table, for correlated subqueries in a resource's answer fields:
 * drizzle leaves columns unqualified in INSERT … RETURNING, where a subquery's own tables
 * (which have tenant_id and id too) would capture them.
 */
export const qualified = (col: AnyPgColumn) => sql.raw(`"${getTableName(col.table)}"."${col.name}"`);
