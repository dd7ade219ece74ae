import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { ONE_STATEMENT, PipelinedClient } from './pipelined.js';
import { pgliteStartParams } from './pglite-options.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type DrizzleDb = PgDatabase<PgQueryResultHKT, Schema>;
/** A handle inside a scoped transaction; tenant work always receives one of these. */
export type Tx = DrizzleDb;

export interface Scope {
  tenantId?: number;
  userId?: number;
}

export interface Database {
  kind: 'pglite' | 'pg';
  /** Drizzle on the owner connection: global tables only (users, sessions, tenants). */
  db: DrizzleDb;
  pglite?: PGlite;
  pool?: pg.Pool;
  /** Runs raw SQL with parameters on the owner connection. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * The same, as a named prepared statement on PostgreSQL: parsed once per pooled connection
   * (the hot path of every request). `name` must always go with the same `text`.
   */
  prepared<T = Record<string, unknown>>(name: string, text: string, params: unknown[]): Promise<T[]>;
  /**
   * A transaction as the app role with the scope's settings (see tenancy.ts). On PostgreSQL
   * BEGIN and the settings travel in one round trip: the hot path of every request.
   */
  scoped<T>(scope: Scope, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * The same for a function that runs exactly one statement (a list's page, a record by id):
   * on PostgreSQL the settings and the statement travel and end together, one round trip in
   * all, no COMMIT. A second statement is refused.
   */
  scopedRead<T>(scope: Scope, fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const APP_ROLE = 'kazi_app';

/** The statements that open a scoped transaction (PostgreSQL); ids are checked integers, so inlining them is safe. */
export function scopeOpening(scope: Scope): string[] {
  return ['begin', ...scopeSettings(scope)];
}

/** The settings of a scope as SET LOCAL statements (inside BEGIN, or a pipeline's implicit transaction). */
function scopeSettings(scope: Scope): string[] {
  return [`set local role ${APP_ROLE}`, ...settings(scope).map(([key, value]) => `set local ${key} = '${value}'`)];
}

function settings(scope: Scope): [string, number][] {
  const out: [string, number][] = [];
  for (const [key, value] of [
    ['app.tenant_id', scope.tenantId],
    ['app.user_id', scope.userId],
  ] as const) {
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`invalid ${key}`);
    out.push([key, value]);
  }
  return out;
}

/** The statement that enters a scope inside an open transaction (PGlite). */
export function scopeStatement(scope: Scope): string {
  const parts = [`set_config('role', '${APP_ROLE}', true)`, ...settings(scope).map(([key, value]) => `set_config('${key}', '${value}', true)`)];
  return `select ${parts.join(', ')}`;
}

// bigint columns come back as strings by default; ids fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string; poolSize?: number }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    pool.on('error', () => {
      /* idle client errors are reported on the next query */
    });
    // A connection the server ends while it is checked out between two queries (a restart, an
    // administrator's terminate) emits 'error' on the client, which would end the process; the
    // transaction's next query fails instead, and the pool drops the connection on release.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg({ client: pool, schema }) as unknown as DrizzleDb;
    // one Drizzle instance per pooled connection, made once, over a client that sends the
    // transaction's opening with its first query (pipelined.ts)
    const bound = new WeakMap<pg.PoolClient, { client: PipelinedClient; tx: DrizzleDb }>();
    const pipelined = (connection: pg.PoolClient) => {
      let entry = bound.get(connection);
      if (!entry) {
        const client = new PipelinedClient(connection);
        entry = { client, tx: drizzlePg({ client: client as never, schema }) as unknown as DrizzleDb };
        bound.set(connection, entry);
      }
      return entry;
    };
    return {
      kind: 'pg',
      db,
      pool,
      async query(text, params) {
        return (await pool.query(text, params as unknown[])).rows;
      },
      async prepared(name, text, params) {
        return (await pool.query({ name, text, values: params })).rows;
      },
      async scoped(scope, fn) {
        const opening = scopeOpening(scope);
        const connection = await pool.connect();
        const { client, tx } = pipelined(connection);
        client.open(opening);
        try {
          const result = await fn(tx);
          if (client.close()) await connection.query('commit');
          return result;
        } catch (err) {
          if (client.close()) await connection.query('rollback').catch(() => undefined);
          throw err;
        } finally {
          connection.release();
        }
      },
      async scopedRead(scope, fn) {
        const opening = scopeSettings(scope);
        const connection = await pool.connect();
        const { client, tx } = pipelined(connection);
        client.openRead(opening);
        try {
          return await fn(tx);
        } finally {
          client.close();
          connection.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const dir = join(opts.dataDir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  // pg_trgm: the trigram indexes of list searches (docs/decisions/0020-lists-at-scale.md)
  const pglite = await PGlite.create({ dataDir: dir, parsers: { 20: (v: string) => Number(v) }, extensions: { pg_trgm }, startParams: pgliteStartParams() });
  const db = drizzlePglite({ client: pglite, schema }) as unknown as DrizzleDb;
  const scoped: Database['scoped'] = (scope, fn) =>
    db.transaction(async (tx) => {
      await tx.execute(sql.raw(scopeStatement(scope)));
      return fn(tx);
    });
  return {
    kind: 'pglite',
    db,
    pglite,
    async query(text, params) {
      return (await pglite.query(text, params as unknown[])).rows as never;
    },
    async prepared(_name, text, params) {
      return (await pglite.query(text, params)).rows as never;
    },
    scoped,
    // One process, no round trips to save: a read is a transaction like any other, held to
    // PostgreSQL's rule of one statement, so a read that would fail there fails here too.
    scopedRead: (scope, fn) =>
      db.transaction(async (tx) => {
        await tx.execute(sql.raw(scopeStatement(scope)));
        oneStatementOnly(tx);
        return fn(tx);
      }),
    close: () => pglite.close(),
  };
}

/** The pipelined read's rule (server/db/pipelined.ts) on a PGlite transaction: a second statement is refused. */
function oneStatementOnly(tx: unknown) {
  // drizzle's PGlite session runs every statement through its client's query()
  const client = (tx as { session: { client: { query: (...args: unknown[]) => Promise<unknown> } } }).session.client;
  const query = client.query.bind(client);
  let used = false;
  client.query = (...args) => {
    if (used) return Promise.reject(new Error(ONE_STATEMENT));
    used = true;
    return query(...args);
  };
}

// Dates and times come back as PostgreSQL prints them, as Drizzle reads them, so a column's
// own decoder (mapFromDriverValue) turns them into what its Drizzle query would answer.
const AS_PRINTED = [1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231];
const asPrinted = (v: string) => v;
const pgTypes = { getTypeParser: (oid: number, format?: string) => (AS_PRINTED.includes(oid) ? asPrinted : pg.types.getTypeParser(oid, format as never)) };
const pgliteParsers = Object.fromEntries(AS_PRINTED.map((oid) => [oid, asPrinted]));

/**
 * Runs SQL text with its parameters on a transaction's own connection, rows as arrays: for
 * statements compiled once and run many times (the lists' pages, server/http/list.ts), where
 * building and mapping through Drizzle on every request cost more than the query.
 *
 * `prepared`: on PostgreSQL the statement is named after its text, so each pooled connection
 * parses and plans it once and then only binds parameters (a list page with per-row subqueries
 * spent more time planning than running). Only for texts of a bounded set of shapes.
 */
export async function arrayRows(tx: Tx, text: string, params: unknown[], opts: { prepared?: boolean } = {}): Promise<unknown[][]> {
  const client = (tx as unknown as { session: { client: ArrayRowsClient } }).session.client;
  if (client instanceof PipelinedClient) {
    const name = opts.prepared ? statementName(text) : undefined;
    return (await client.query({ name, text, values: params, rowMode: 'array', types: pgTypes })).rows as unknown as unknown[][];
  }
  return (await (client as PgliteLike).query(text, params, { rowMode: 'array', parsers: pgliteParsers })).rows as unknown[][];
}
type ArrayRowsClient = PipelinedClient | PgliteLike;

const statementNames = new Map<string, string>();
/** A statement's name from its text: the same text always gets the same name, another text another one. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `kazi_${createHash('sha1').update(text).digest('hex')}`;
    if (statementNames.size > 5000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}
interface PgliteLike {
  query(text: string, params: unknown[], options: { rowMode: 'array'; parsers: Record<number, (v: string) => unknown> }): Promise<{ rows: unknown }>;
}

/** Runs a raw `sql` query in a transaction and returns its rows (both drivers answer `{ rows }`). */
export async function rows<T = Record<string, unknown>>(tx: Tx | DrizzleDb, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}
