import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cloneDatabase } from '../testing/app.js';
import { withDatabase } from '../testing/global-setup.js';
import { openDatabase, type Database } from './client.js';
import { isCurrent, migrate, newestMigration } from './migrate.js';

// A restart on a current database skips the migrations and the securing step
// (docs/decisions/0022-start-up.md); whatever is not current still gets both.
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await cloneDatabase());
});
afterAll(() => drop());

const secured = async (table: string) =>
  (
    await database.query<{ forced: boolean; granted: boolean }>(
      `select relforcerowsecurity as forced, has_table_privilege('kazi_app', oid, 'select') as granted from pg_class where relname = $1 and relkind = 'r'`,
      [table],
    )
  )[0];

describe('migrate at start', () => {
  it('does nothing on a database that has every migration and is secured', async () => {
    expect(await isCurrent(database)).toBe(true);
    expect(await migrate(database)).toBe(false);
  });

  it('is not current when the journal has a migration newer than the newest applied', async () => {
    expect(await isCurrent(database, newestMigration() + 1)).toBe(false);
  });

  it('secures again a tenant table that lost FORCE row-level security (a start stopped before that step)', async () => {
    await database.query('alter table contacts no force row level security');
    expect(await isCurrent(database)).toBe(false);
    expect(await migrate(database)).toBe(true);
    expect(await secured('contacts')).toEqual({ forced: true, granted: true });
    expect(await isCurrent(database)).toBe(true);
  });

  it("secures again a tenant table the app role lost its grants on", async () => {
    await database.query('revoke all on contacts from kazi_app');
    expect(await isCurrent(database)).toBe(false);
    expect(await migrate(database)).toBe(true);
    expect(await secured('contacts')).toEqual({ forced: true, granted: true });
  });
});

describe.runIf(inject('dbUrl'))('several instances starting at once on one PostgreSQL', () => {
  it('one migrates while the others wait, and all start on a current database', async () => {
    const url = inject('dbUrl')!;
    const name = `kazi_fleet_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const fleet = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: withDatabase(url, name), dataDir: tmpdir(), poolSize: 3 })));
    try {
      const ran = await Promise.all(fleet.map((d) => migrate(d)));
      expect(ran.filter(Boolean)).toHaveLength(1);
      expect(await isCurrent(fleet[0])).toBe(true);
      const [{ n }] = await fleet[1].query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(n).toBe(newestMigrationCount());
    } finally {
      await Promise.all(fleet.map((d) => d.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 120_000);
});

const newestMigrationCount = () => (JSON.parse(readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] }).entries.length;
