/**
 * Lists and signed-in requests at a million rows, against a hand-written baseline, in one run:
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/lists.ts
 *   npx tsx bench/lists.ts                  # embedded PGlite, 100,000 contacts, 1 connection
 *
 * Seeds (once; bench/seed-lists.ts) one company of 1,000,000 contacts and four of 100,000, then
 * starts two servers as separate processes, Kazi (`node --import tsx server/main.ts`) and the
 * baseline (bench/baseline-server.ts), and for each case loads the baseline and then Kazi with
 * autocannon, back to back. Prints req/s, p50 and p99 of both and Kazi's share of the baseline.
 * DURATION (s per run, default 10) and CONNECTIONS (default 50; 1 on PGlite) change the load.
 * On PGlite there is no second server (an embedded database has one owner), so it prints Kazi's
 * latencies at one connection against the issue's 50 ms budget instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load, signIn, type LoadResult } from './load.js';
import { BENCH_PASSWORD, openListsDataSet } from './seed-lists.js';

const ROOT = join(import.meta.dirname, '..');
const DURATION = Number(process.env.DURATION ?? 10);

const set = await openListsDataSet();
const { url, big } = set;
await set.database.close();
const CONNECTIONS = Number(process.env.CONNECTIONS ?? (url ? 50 : 1));

/** A server in its own process; resolves with its base URL once it prints `pattern`'s port. */
function start(args: string[], env: Record<string, string>, pattern: RegExp): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const seen = (chunk: Buffer) => {
      out += chunk.toString();
      const m = pattern.exec(out);
      if (m) resolve({ base: `http://127.0.0.1:${m[1]}`, child });
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'kazi-bench-app-'));
const appEnv: Record<string, string> = {
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  APP_KEY: 'bench-key-0123456789-0123456789-0123456789',
  DATA_DIR: url ? dataDir : set.dataDir,
  NODE_ENV: 'production',
  ...(url ? { DATABASE_URL: url } : {}),
};
const kazi = await start(['server/main.ts'], appEnv, /Kazi is running at http:\/\/[^:]+:(\d+)/);
const baseline = url
  ? await start(['bench/baseline-server.ts'], { DATABASE_URL: url, TENANT_ID: String(big.tenantId), PORT: '0' }, /listening (\d+)/)
  : null;

const cookie = await signIn(kazi.base, big.email, BENCH_PASSWORD);
const json = { cookie, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };

const cases: { label: string; kazi: string; baseline: string }[] = [
  { label: 'signed-in request (permissions)', kazi: '/roles/active-permissions', baseline: '/select1' },
  { label: 'page 1, 50 per page', kazi: '/accounting/contacts/json?per_page=50', baseline: '/contacts?per_page=50' },
  { label: 'page 1000, 50 per page', kazi: '/accounting/contacts/json?per_page=50&page=1000', baseline: '/contacts?per_page=50&page=1000' },
  { label: 'filtered: vendors, page 1', kazi: '/accounting/contacts/json?per_page=50&type=vendor', baseline: '/contacts?per_page=50&type=vendor' },
  { label: 'search name "Contact 4242"', kazi: '/accounting/contacts/json?per_page=50&search=Contact%204242', baseline: '/contacts?per_page=50&search=Contact%204242' },
  { label: 'search phone "7004242"', kazi: '/accounting/contacts/json?per_page=50&search=7004242', baseline: '/contacts?per_page=50&search=7004242' },
  { label: 'search email "c77777@"', kazi: '/accounting/contacts/json?per_page=50&search=c77777%40', baseline: '/contacts?per_page=50&search=c77777%40' },
];

const fmt = (r: LoadResult) => `${String(Math.round(r.rps)).padStart(6)} req/s p50 ${String(r.p50).padStart(4)} p99 ${String(r.p99).padStart(5)} ms${r.errors ? ` ERRORS ${r.errors}` : ''}`;
console.log(`\n${url ? 'PostgreSQL' : 'PGlite'}: ${big.rows.toLocaleString('en')} contacts in the signed-in company; ${CONNECTIONS} connections, ${DURATION} s per run\n`);
const summary: string[] = [];
try {
  for (const c of cases) {
    // warm both: each checks the answer, then a short unmeasured run at full concurrency
    // (every pooled connection opened, its plans and PL/pgSQL functions compiled, the JIT warm)
    const res = await fetch(kazi.base + c.kazi, { headers: json });
    if (res.status !== 200) throw new Error(`${c.kazi}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    const warm = { seconds: 2, connections: CONNECTIONS };
    if (baseline) await load(baseline.base + c.baseline, {}, warm);
    await load(kazi.base + c.kazi, json, warm);
    const b = baseline ? await load(baseline.base + c.baseline, {}, { seconds: DURATION, connections: CONNECTIONS }) : null;
    const k = await load(kazi.base + c.kazi, json, { seconds: DURATION, connections: CONNECTIONS });
    const ratio = b ? `${Math.round((100 * k.rps) / b.rps)} %` : '';
    const line = `${c.label.padEnd(34)} kazi ${fmt(k)}${b ? `   baseline ${fmt(b)}   ratio ${ratio}` : ''}`;
    console.log(line);
    summary.push(line);
  }
} finally {
  kazi.child.kill('SIGTERM');
  baseline?.child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
