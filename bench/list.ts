/**
 * Throughput of a paged resource list inside the per-request RLS transaction.
 *   npx tsx bench/list.ts                       # embedded PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/list.ts
 * Seeds one tenant with ROWS contacts (default 100k), signs in, and runs
 * autocannon against /accounting/contacts/json for DURATION seconds.
 */
import { startBench } from './harness.js';

const ROWS = Number(process.env.ROWS ?? 100_000);
const DURATION = Number(process.env.DURATION ?? 10);
const bench = await startBench();
const { database, tenantId, base } = bench;
const t = Date.now();
await database.query(
  `insert into contacts (tenant_id, type, name, email)
   select $1, case when g % 5 = 0 then 'vendor' else 'customer' end, 'Contact ' || g, 'c' || g || '@example.test'
     from generate_series(1, $2::int) g`,
  [tenantId, ROWS],
);
await database.query('vacuum analyze contacts');
console.log(`seeded ${ROWS} contacts in ${Date.now() - t} ms`);

const headers = { cookie: bench.cookie, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };
for (const [label, path] of [
  ['no session, no database', '/health'],
  ['session + permissions only', '/roles/active-permissions'],
  ['page 1 of customers (15/page)', '/accounting/contacts/json?type=customer'],
  ['page 50, 50 per page', '/accounting/contacts/json?page=50&per_page=50'],
  ['search "Contact 4242"', '/accounting/contacts/json?search=Contact%204242'],
] as const) {
  const res = await fetch(base + path, { headers });
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  const r = await bench.load(path, headers, DURATION);
  console.log(`${label.padEnd(32)} ${Math.round(r.rps)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}`);
}

await bench.close();
console.log(`database: ${bench.kind}, ${DURATION} s per row, 10 connections`);
