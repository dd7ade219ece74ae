/**
 * Throughput of a paged resource list inside the per-request RLS transaction.
 *   npx tsx bench/list.ts                       # embedded PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/list.ts
 * Seeds one tenant with ROWS contacts (default 100k), signs in, and runs
 * autocannon against /accounting/contacts/json for DURATION seconds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { hashPassword } from '../server/modules/auth/passwords.js';
import { createTenant } from '../server/modules/tenancy/service.js';

const run = promisify(execFile);
const autocannonBin = join(import.meta.dirname, '..', 'node_modules', 'autocannon', 'autocannon.js');
const ROWS = Number(process.env.ROWS ?? 100_000);
const DURATION = Number(process.env.DURATION ?? 10);
const dataDir = mkdtempSync(join(tmpdir(), 'kazi-bench-'));

let databaseUrl = process.env.DATABASE_URL ?? null;
let dropDb: (() => Promise<void>) | null = null;
if (databaseUrl) {
  const name = `kazi_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(databaseUrl);
  u.pathname = `/${name}`;
  databaseUrl = u.toString();
  dropDb = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}

const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  NODE_ENV: 'production',
  PORT: '0',
  HOST: '127.0.0.1',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const app = await buildApp(config, { logger: false });
const { database } = app.ctx;
const { tenantId } = await createTenant(
  database,
  { companyName: 'Bench' },
  { name: 'Bench', email: 'bench@example.test', passwordHash: await hashPassword('bench-password') },
);
const t = Date.now();
await database.query(
  `insert into contacts (tenant_id, type, name, email)
   select $1, case when g % 5 = 0 then 'vendor' else 'customer' end, 'Contact ' || g, 'c' || g || '@example.test'
     from generate_series(1, $2::int) g`,
  [tenantId, ROWS],
);
await database.query('vacuum analyze contacts');
console.log(`seeded ${ROWS} contacts in ${Date.now() - t} ms`);

await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

// sign in like a browser: guest session + XSRF cookie, then the form post
const jar = new Map<string, string>();
const keep = (res: Response) => {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const [k, v] = pair.split('=');
    jar.set(k, v);
  }
};
const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
keep(await fetch(`${base}/login`));
const login = await fetch(`${base}/login`, {
  method: 'POST',
  redirect: 'manual',
  headers: { 'content-type': 'application/json', cookie: cookie(), 'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN')!) },
  body: JSON.stringify({ email: 'bench@example.test', password: 'bench-password' }),
});
keep(login);
if (login.status !== 204 && login.status !== 303) throw new Error(`login failed: ${login.status}`);

const headers = { cookie: cookie(), 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };
for (const [label, path] of [
  ['no session, no database', '/health'],
  ['session + permissions only', '/roles/active-permissions'],
  ['page 1 of customers (15/page)', '/accounting/contacts/json?type=customer'],
  ['page 50, 50 per page', '/accounting/contacts/json?page=50&per_page=50'],
  ['search "Contact 4242"', '/accounting/contacts/json?search=Contact%204242'],
] as const) {
  const res = await fetch(base + path, { headers });
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  // the load comes from another process, so the server keeps its event loop to itself
  const args = ['-j', '-c', '10', '-d', String(DURATION), ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), base + path];
  const { stdout } = await run(process.execPath, [autocannonBin, ...args], { maxBuffer: 1 << 24 });
  const result = JSON.parse(stdout);
  console.log(
    `${label.padEnd(32)} ${Math.round(result.requests.average)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  errors ${result.errors + result.non2xx}`,
  );
}

await app.close();
await dropDb?.();
rmSync(dataDir, { recursive: true, force: true });
console.log(`database: ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
