/**
 * What the activity log costs a page visit: the same page with the logger on and off.
 *   npx tsx bench/activity.ts                       # embedded PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/activity.ts
 * Signs in, then runs autocannon (in another process, so the server keeps its event loop)
 * against two page routes, alternating off/on ROUNDS times for DURATION seconds each.
 * "On" includes the batched INSERTs the visits cause, on the same database.
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
const DURATION = Number(process.env.DURATION ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
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
  { name: 'Bench', email: 'bench@example.test', passwordHash: await hashPassword('bench-password'), emailVerified: true },
);

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

// a first (HTML) page visit, as a browser makes it
const headers = { cookie: cookie(), accept: 'text/html' };
const logged = async () =>
  Number((await database.query<{ n: number }>('select count(*)::int as n from activity_logs where tenant_id = $1', [tenantId]))[0].n);

interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}
async function measure(path: string): Promise<Result> {
  const args = ['-j', '-c', '10', '-d', String(DURATION), ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), base + path];
  const { stdout } = await run(process.execPath, [autocannonBin, ...args], { maxBuffer: 1 << 24 });
  const r = JSON.parse(stdout);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

// calibration: what this machine does right now with a request that touches only the session
{
  const r = await measure('/roles/active-permissions');
  console.log(`${'calibration: JSON, no page'.padEnd(28)}            ${Math.round(r.rps)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms`);
}

for (const [label, path] of [
  ['notifications page (light)', '/notifications'],
  ['dashboard page (4 queries)', '/dashboard'],
] as const) {
  const res = await fetch(base + path, { headers });
  if (res.status !== 200 || !String(res.headers.get('content-type')).startsWith('text/html')) throw new Error(`${path}: ${res.status}`);
  const runs: Record<'off' | 'on', Result[]> = { off: [], on: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of ['off', 'on'] as const) {
      await app.activity.flush();
      app.activity.enabled = mode === 'on';
      const before = await logged();
      runs[mode].push(await measure(path));
      await app.activity.flush();
      const rows = (await logged()) - before;
      if (mode === 'on' && rows === 0) throw new Error('the logger wrote nothing');
      if (mode === 'off' && rows !== 0) throw new Error('the logger wrote while off');
    }
  }
  const avg = (mode: 'off' | 'on', k: keyof Result) => runs[mode].reduce((s, r) => s + r[k], 0) / runs[mode].length;
  for (const mode of ['off', 'on'] as const) {
    console.log(
      `${label.padEnd(28)} logger ${mode.padEnd(3)} ${Math.round(avg(mode, 'rps'))} req/s  p50 ${avg(mode, 'p50').toFixed(1)} ms  p99 ${avg(mode, 'p99').toFixed(1)} ms  errors ${avg(mode, 'errors')}`,
    );
  }
  const perReqOff = 1000 / avg('off', 'rps');
  const perReqOn = 1000 / avg('on', 'rps');
  console.log(
    `${''.padEnd(28)} overhead ${((perReqOn - perReqOff) * 1000).toFixed(0)} µs per request (${(((avg('off', 'rps') - avg('on', 'rps')) / avg('off', 'rps')) * 100).toFixed(1)} % throughput)`,
  );
}
const { stats } = app.activity;
console.log(
  `rows written ${stats.written} in ${stats.inserts} INSERTs (${(stats.written / Math.max(1, stats.inserts)).toFixed(0)} rows each), ` +
    `${(stats.writeMs / Math.max(1, stats.inserts)).toFixed(1)} ms per INSERT, ${((stats.writeMs * 1000) / Math.max(1, stats.written)).toFixed(0)} µs of database time per row, lost ${stats.lost}`,
);

// The hook's own work per request, in process: build the entry and push it (no database)
{
  const n = 40_000; // below the buffer cap: the loop never yields, so nothing is written meanwhile
  const sample = { tenantId, userId: 1, type: 'page_visit' as const, url: '/notifications', method: 'GET', routeName: '/notifications', occurredAt: '' };
  app.activity.enabled = true;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) app.activity.push({ ...sample, occurredAt: new Date().toISOString(), description: `Visited /notifications` });
  const t1 = performance.now();
  await app.activity.flush();
  console.log(`push (entry + buffer): ${(((t1 - t0) * 1000) / n).toFixed(2)} µs per request; ${n} buffered rows written in ${(performance.now() - t1).toFixed(0)} ms`);
}

await app.close();
await dropDb?.();
rmSync(dataDir, { recursive: true, force: true });
console.log(`database: ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${DURATION} s × ${ROUNDS} rounds per mode, 10 connections`);
