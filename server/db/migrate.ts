import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { APP_ROLE, type Database } from './client.js';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies the committed SQL migrations, then re-secures every tenant table (idempotent).
 * Resolves to false, having done nothing, when the database is already current (see isCurrent):
 * a restart then costs two catalogue reads instead of reading and hashing every migration file
 * and re-running kazi_secure_tenant_tables() over every table (docs/decisions/0022-start-up.md).
 */
export async function migrate(database: Database): Promise<boolean> {
  if (await isCurrent(database)) return false;
  if (database.kind === 'pglite' || !database.pool) {
    await migratePglite(database.db as never, { migrationsFolder });
    await database.query('SELECT kazi_secure_tenant_tables()');
    return true;
  }
  // Several app instances and workers may start at once on one PostgreSQL (a fleet): one of them
  // migrates while the others wait on a session advisory lock, then find the database current.
  const holder = await database.pool.connect();
  try {
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    if (await isCurrent(database)) return false;
    await migratePg(database.db as never, { migrationsFolder });
    await database.query('SELECT kazi_secure_tenant_tables()');
    return true;
  } finally {
    await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    holder.release();
  }
}

/** The advisory lock key migrations hold on PostgreSQL (any constant bigint of our own). */
const MIGRATION_LOCK = 4_857_201_123;

/** The `when` of the newest migration in the committed journal (drizzle-kit's meta/_journal.json). */
export function newestMigration(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
}

/**
 * True when there is nothing to do:
 * - Drizzle's migrator would apply nothing: it applies the journal's migrations newer than the
 *   newest `created_at` it recorded, so the database is current when that is at least the
 *   journal's newest `when` (the same rule, read without reading the files);
 * - and the securing step ran after the last of them: every table with a tenant_id has FORCEd
 *   row-level security and the app role's grants. A start that stopped between the migrations
 *   and that step finds a table without them here, and does both again.
 */
export async function isCurrent(database: Database, newest = newestMigration()): Promise<boolean> {
  const [{ recorded }] = await database.query<{ recorded: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null
            and to_regprocedure('kazi_secure_tenant_tables()') is not null
            and exists (select 1 from pg_roles where rolname = $1) as recorded`,
    [APP_ROLE],
  );
  if (!recorded) return false;
  const [{ applied, unsecured }] = await database.query<{ applied: number | null; unsecured: number }>(
    `select (select max(created_at) from drizzle.__drizzle_migrations)::bigint as applied,
            (select count(*) from pg_class c
               join pg_namespace n on n.oid = c.relnamespace
               join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
              where n.nspname = 'public' and c.relkind in ('r', 'p')
                and not (c.relrowsecurity and c.relforcerowsecurity and has_table_privilege($1, c.oid, 'select')))::int as unsecured`,
    [APP_ROLE],
  );
  return applied !== null && Number(applied) >= newest && unsecured === 0;
}
