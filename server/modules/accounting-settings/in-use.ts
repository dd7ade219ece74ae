import { sql } from 'drizzle-orm';
import { getTableName, type Table } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';

interface ForeignKey {
  /** the referencing table, as the catalogue names it (quoted when it must be) */
  referencing: string;
  columns: string[];
  referenced: string[];
}

// Foreign keys only change with a migration, i.e. never while the process runs.
const cache = new Map<string, Promise<ForeignKey[]>>();

function foreignKeysTo(tx: Tx, table: string): Promise<ForeignKey[]> {
  let hit = cache.get(table);
  if (!hit) {
    hit = rows<ForeignKey>(
      tx,
      sql`select c.conrelid::regclass::text as referencing,
                 array(select a.attname::text from unnest(c.conkey) with ordinality k(n, o)
                         join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.o) as columns,
                 array(select a.attname::text from unnest(c.confkey) with ordinality k(n, o)
                         join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.o) as referenced
            from pg_constraint c
           where c.contype = 'f' and c.confrelid = to_regclass(${table})
           order by 1`,
    );
    hit.catch(() => cache.delete(table));
    cache.set(table, hit);
  }
  return hit;
}

/**
 * True when any row of the tenant points at this record through a foreign key: contacts, bank
 * accounts, transactions and journal lines at a currency; items, transactions, ledger accounts
 * and subcategories at a category… Read from the catalogue, so tables added later (documents)
 * count without a change here. The tenant's RLS transaction limits every lookup to its rows.
 */
export async function isInUse(tx: Tx, table: Table, tenantId: number, id: number): Promise<boolean> {
  const name = getTableName(table);
  const keys = await foreignKeysTo(tx, name);
  if (!keys.length) return false;
  const [row] = await rows<{ r: Record<string, unknown> }>(
    tx,
    sql`select to_jsonb(t) as r from ${sql.identifier(name)} t where t.tenant_id = ${tenantId} and t.id = ${id}`,
  );
  if (!row) return false;
  for (const fk of keys) {
    const values = fk.referenced.map((c) => row.r[c]);
    if (values.some((v) => v === null || v === undefined)) continue;
    const match = sql.join(
      fk.columns.map((c, i) => sql`${sql.identifier(c)} = ${values[i]}`),
      sql` and `,
    );
    // the referencing name comes from the catalogue, never from input
    const hit = await rows(tx, sql`select 1 from ${sql.raw(fk.referencing)} where ${match} limit 1`);
    if (hit.length) return true;
  }
  return false;
}
