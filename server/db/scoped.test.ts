import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase } from '../testing/app.js';
import { rows, type Database } from './client.js';

/**
 * database.scoped(): a transaction as the app role with the scope's settings. On PostgreSQL its
 * opening travels with the first query (pipelined.ts); these hold on both databases.
 */
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await cloneDatabase());
  await database.query(`create table if not exists scoped_probe (n int)`);
  await database.query(`grant select, insert on scoped_probe to kazi_app`);
});
afterAll(async () => drop?.());

const setting = (name: string) => sql`select current_user::text as who, current_setting(${name}, true) as value, now()::text as began`;

describe('a scoped transaction', () => {
  it('runs its first query already as the app role, with the settings, inside a transaction', async () => {
    const [first, later] = await database.scoped({ tenantId: 42, userId: 7 }, async (tx) => {
      const a = await rows<{ who: string; value: string; began: string }>(tx, setting('app.tenant_id'));
      await tx.execute(sql`select pg_sleep(0.01)`);
      const b = await rows<{ began: string }>(tx, setting('app.tenant_id'));
      return [a[0], b[0]];
    });
    expect(first).toMatchObject({ who: 'kazi_app', value: '42' });
    // now() is the transaction's start: the same for both statements
    expect(later.began).toBe(first.began);
    const [u] = await database.scoped({ userId: 7 }, (tx) => rows<{ value: string }>(tx, setting('app.user_id')));
    expect(u.value).toBe('7');
  });

  it('keeps the settings for every later query of the transaction, and leaves none behind', async () => {
    const values = await database.scoped({ tenantId: 9 }, async (tx) => {
      const a = await rows<{ value: string }>(tx, setting('app.tenant_id'));
      const b = await rows<{ value: string }>(tx, setting('app.tenant_id'));
      return [a[0].value, b[0].value];
    });
    expect(values).toEqual(['9', '9']);
    const [after] = await database.query<{ who: string; value: string | null }>(`select current_user::text as who, current_setting('app.tenant_id', true) as value`);
    expect(after.who).not.toBe('kazi_app');
    expect(after.value ?? '').toBe('');
  });

  it('commits what it wrote, and rolls everything back when a later statement fails', async () => {
    await database.scoped({ tenantId: 1 }, (tx) => tx.execute(sql`insert into scoped_probe values (1)`));
    await expect(
      database.scoped({ tenantId: 1 }, async (tx) => {
        await tx.execute(sql`insert into scoped_probe values (2)`);
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    await expect(database.scoped({ tenantId: 1 }, (tx) => tx.execute(sql`select 1 / 0`))).rejects.toThrow();
    const found = await database.query<{ n: number }>(`select n from scoped_probe order by n`);
    expect(found.map((r) => r.n)).toEqual([1]);
  });

  it('opens nothing when the function runs no query, and the connection stays usable', async () => {
    await expect(database.scoped({ tenantId: 1 }, async () => 'nothing')).resolves.toBe('nothing');
    await expect(
      database.scoped({ tenantId: 1 }, async () => {
        throw new Error('refused before any query');
      }),
    ).rejects.toThrow('refused before any query');
    for (let i = 0; i < 12; i++) {
      const [r] = await database.scoped({ tenantId: 3 }, (tx) => rows<{ value: string }>(tx, setting('app.tenant_id')));
      expect(r.value).toBe('3');
    }
  });

  it('runs queries started together in one transaction, in order', async () => {
    const got = await database.scoped({ tenantId: 5 }, (tx) =>
      Promise.all([rows<{ v: string }>(tx, sql`select current_setting('app.tenant_id') as v`), rows<{ v: string }>(tx, sql`select current_setting('app.tenant_id') as v`)]),
    );
    expect(got.map((r) => r[0].v)).toEqual(['5', '5']);
  });
});

describe('a scoped read (one statement)', () => {
  it('runs as the app role with the settings, and leaves none behind', async () => {
    const [r] = await database.scopedRead({ tenantId: 77 }, (tx) => rows<{ who: string; value: string }>(tx, setting('app.tenant_id')));
    expect(r).toMatchObject({ who: 'kazi_app', value: '77' });
    for (let i = 0; i < 12; i++) {
      const [after] = await database.query<{ who: string; value: string | null }>(`select current_user::text as who, current_setting('app.tenant_id', true) as value`);
      expect(after.who).not.toBe('kazi_app');
      expect(after.value ?? '').toBe('');
    }
  });

  // on both databases, so a read that PostgreSQL would refuse fails in the PGlite run too
  it('refuses a second statement, and fails cleanly', async () => {
    const two = database.scopedRead({ tenantId: 1 }, async (tx) => {
      await tx.execute(sql`select 1`);
      await tx.execute(sql`select 2`);
    });
    const err = (await two.catch((e: unknown) => e)) as { message: string; cause?: { message: string } };
    expect(err.cause?.message ?? err.message).toContain('one statement');
    await expect(database.scopedRead({ tenantId: 1 }, (tx) => tx.execute(sql`select 1 / 0`))).rejects.toThrow();
    const [r] = await database.scopedRead({ tenantId: 2 }, (tx) => rows<{ value: string }>(tx, setting('app.tenant_id')));
    expect(r.value).toBe('2');
  });
});
