/**
 * What the activity log costs a page visit: the same page with the logger on and off.
 *   npx tsx bench/activity.ts                       # embedded PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/activity.ts
 * Signs in, then runs autocannon (in another process, so the server keeps its event loop)
 * against two page routes, alternating off/on ROUNDS times for DURATION seconds each.
 * "On" includes the batched INSERTs the visits cause, on the same database.
 */
import { startBench, type LoadResult } from './harness.js';

const DURATION = Number(process.env.DURATION ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const bench = await startBench();
const { app, database, tenantId, base } = bench;

// a first (HTML) page visit, as a browser makes it
const headers = { cookie: bench.cookie, accept: 'text/html' };
const logged = async () =>
  Number((await database.query<{ n: number }>('select count(*)::int as n from activity_logs where tenant_id = $1', [tenantId]))[0].n);

type Result = LoadResult;
const measure = (path: string) => bench.load(path, headers, DURATION);

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

await bench.close();
console.log(`database: ${bench.kind}, ${DURATION} s × ${ROUNDS} rounds per mode, 10 connections`);
