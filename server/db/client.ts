import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { SQL } from 'drizzle-orm';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type DrizzleDb = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; tenant work always receives one of these. */
export type Tx = Parameters<Parameters<DrizzleDb['transaction']>[0]>[0];

export interface Database {
  kind: 'pglite' | 'pg';
  /** Drizzle on the owner connection: global tables only (users, sessions, tenants). */
  db: DrizzleDb;
  pglite?: PGlite;
  pool?: pg.Pool;
  /** Runs raw SQL with parameters on the owner connection. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

// bigint columns come back as strings by default; ids fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string; poolSize?: number }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    pool.on('error', () => {
      /* idle client errors are reported on the next query */
    });
    const db = drizzlePg({ client: pool, schema }) as unknown as DrizzleDb;
    return {
      kind: 'pg',
      db,
      pool,
      async query(text, params) {
        return (await pool.query(text, params as unknown[])).rows;
      },
      close: () => pool.end(),
    };
  }
  const dir = join(opts.dataDir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create({ dataDir: dir, parsers: { 20: (v: string) => Number(v) } });
  const db = drizzlePglite({ client: pglite, schema }) as unknown as DrizzleDb;
  return {
    kind: 'pglite',
    db,
    pglite,
    async query(text, params) {
      return (await pglite.query(text, params as unknown[])).rows as never;
    },
    close: () => pglite.close(),
  };
}

/** Runs a raw `sql` query in a transaction and returns its rows (both drivers answer `{ rows }`). */
export async function rows<T = Record<string, unknown>>(tx: Tx | DrizzleDb, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}
