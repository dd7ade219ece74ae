import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase } from '../testing/app.js';
import type { Database } from './client.js';
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
