/**
 * The data set of the list benchmark (bench/lists.ts): one company with 1,000,000 contacts and
 * four with 100,000 each, in a PostgreSQL database of its own that later runs reuse.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/seed-lists.ts [--fresh]
 *   npx tsx bench/seed-lists.ts          # embedded PGlite in ./data-bench-lists, one company of 100,000
 *
 * BIG and SMALL change the sizes (BIG=100000 SMALL=0 for a quick run). Rows are made by
 * generate_series in one INSERT per company, so a million take seconds, not minutes.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../server/db/client.js';
import { migrate } from '../server/db/migrate.js';
import { hashPassword } from '../server/modules/auth/passwords.js';
import { createTenant } from '../server/modules/tenancy/service.js';
import '../server/modules/registry.js';

export const BENCH_PASSWORD = 'bench-password';
export const BENCH_DB = process.env.BENCH_DB ?? 'kazi_bench_lists';

export interface ListsDataSet {
  database: Database;
  /** the connection string of the seeded database, null on PGlite */
  url: string | null;
  dataDir: string;
  big: { tenantId: number; email: string; rows: number };
}

/** The company names and sizes: the big one first. */
function plan(kind: 'pg' | 'pglite') {
  const big = Number(process.env.BIG ?? (kind === 'pg' ? 1_000_000 : 100_000));
  const small = Number(process.env.SMALL ?? (kind === 'pg' ? 100_000 : 0));
  const others = kind === 'pg' ? 4 : 0;
  return [
    { name: 'Bench Big', email: 'big@bench.test', rows: big },
    ...Array.from({ length: others }, (_, i) => ({ name: `Bench ${i + 1}`, email: `small${i + 1}@bench.test`, rows: small })),
  ];
}

/** Opens (creating and seeding when needed) the benchmark database. */
export async function openListsDataSet(opts: { fresh?: boolean; log?: (line: string) => void } = {}): Promise<ListsDataSet> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const serverUrl = process.env.DATABASE_URL || null;
  const dataDir = join(process.cwd(), 'data-bench-lists');
  let url: string | null = null;
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    if (opts.fresh) await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [BENCH_DB]);
    if (!rowCount) await admin.query(`create database ${BENCH_DB}`);
    await admin.end();
    const u = new URL(serverUrl);
    u.pathname = `/${BENCH_DB}`;
    url = u.toString();
  } else if (opts.fresh && existsSync(dataDir)) {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const database = await openDatabase({ databaseUrl: url, dataDir, poolSize: 4 });
  await migrate(database);
  const wanted = plan(database.kind);

  const existing = await database.query<{ email: string; tenant_id: number; n: number }>(
    `select u.email, m.tenant_id, (select count(*)::int from contacts c where c.tenant_id = m.tenant_id) as n
       from users u join memberships m on m.user_id = u.id where u.email = any($1)`,
    [wanted.map((w) => w.email)],
  );
  const ready = wanted.every((w) => existing.some((e) => e.email === w.email && e.n === w.rows));
  if (!ready) {
    if (existing.length) throw new Error(`${BENCH_DB} holds another data set: run with --fresh`);
    const started = Date.now();
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    // a million rows load several times faster into a table without its secondary indexes,
    // which are then built once each (the same definitions, read back from the catalogue)
    const indexes = await database.query<{ name: string; def: string }>(
      `select indexname as name, indexdef as def from pg_indexes where tablename = 'contacts' and indexname not like '%pk'`,
    );
    for (const i of indexes) await database.query(`drop index ${i.name}`);
    for (const w of wanted) {
      const t = Date.now();
      const { tenantId } = await createTenant(
        database,
        { companyName: w.name, currency: 'KES' },
        { name: `${w.name} Owner`, email: w.email, passwordHash, emailVerified: true },
      );
      await insertContacts(database, tenantId, w.rows);
      log(`  ${w.name}: ${w.rows.toLocaleString('en')} contacts in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
    let t = Date.now();
    // (on PostgreSQL with more memory for the build, set on the same connection)
    // side by side on PostgreSQL (one connection each): the trigram index takes longest
    await Promise.all(indexes.map((i) => database.query(database.kind === 'pg' ? `set maintenance_work_mem = '512MB'; ${i.def}` : i.def)));
    log(`  ${indexes.length} indexes built in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    t = Date.now();
    await database.query('vacuum analyze contacts');
    log(`  vacuum analyze in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const [big] = await database.query<{ tenant_id: number }>(
    'select m.tenant_id from users u join memberships m on m.user_id = u.id where u.email = $1',
    [wanted[0].email],
  );
  return { database, url, dataDir, big: { tenantId: Number(big.tenant_id), email: wanted[0].email, rows: wanted[0].rows } };
}

/**
 * Customers and vendors (one in five) with a name, an email, a Kenyan mobile number and a
 * city, as the owner connection in one statement.
 */
async function insertContacts(database: Database, tenantId: number, rows: number) {
  if (!rows) return;
  await database.query(
    `insert into contacts (tenant_id, type, name, email, phone, currency_code, city, country, reference)
     select $1, case when g % 5 = 0 then 'vendor' else 'customer' end,
            'Contact ' || g,
            'c' || g || '@example.test',
            '+2547' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
            'KES',
            (array['Nairobi','Mombasa','Kisumu','Nakuru','Eldoret'])[1 + g % 5],
            'KE',
            'REF-' || g
       from generate_series(1, $2::int) g`,
    [tenantId, rows],
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const set = await openListsDataSet({ fresh: process.argv.includes('--fresh') });
  console.log(`big company: tenant ${set.big.tenantId}, ${set.big.rows.toLocaleString('en')} contacts (${set.url ?? set.dataDir})`);
  await set.database.close();
}
