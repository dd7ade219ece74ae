/**
 * Load on a single instance and on a fleet, the same mix in the same run (issue 25):
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/fleet.ts
 *
 * 1. a fresh database: COMPANIES companies (50), CONTACTS contacts spread over them (1,000,000,
 *    the first company holding RECIPIENTS of them with SMS consent), credits for the send;
 * 2. for each MODES entry ("single,fleet"): the app as child processes on that database —
 *    `single`: one instance with its workers in-process; `fleet`: `npm run fleet` with APPS (3)
 *    instances and WORKERS (2) workers behind its balancer — with the Africa's Talking stand-in
 *    in this process; USERS (200) browser sessions signed in across the companies;
 * 3. POST /sms/store of one SMS to the first company's RECIPIENTS (100,000), then for SECONDS
 *    (300) every user runs the mix without pause: 40% list page (a random page of contacts),
 *    20% search, 10% write (a new contact), 30% page visit (the Contacts page's HTML);
 * 4. reports requests/s, p50/p99 per kind, errors (a 5xx, a refused connection, or an answer other
 *    than the expected one), the send's completion time from the POST, the stand-in's count and
 *    duplicates, and whether every company's wallet ledger sums to its balance and its journal to 0.
 * The load generator shares the machine with the app; compare the modes with each other.
 *
 * FAULTS=kill,outage,pgrestart (fleet mode only) adds, while the load and the send run: `outage`,
 * the stand-in answering every request 503 for OUTAGE_SECONDS (30) from 2 s after the send;
 * `kill`, SIGKILL of one app instance and one worker 10 s after the send (the fleet starts them
 * again); `pgrestart`, `pg_ctlcluster <PG_CLUSTER> restart` (15 main) half-way through. Errors are
 * then split into clean ones (an answer: 502, 503) and the rest (a 500, a dropped connection).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { withTenant } from '../server/db/tenancy.js';
import { hashPassword } from '../server/modules/auth/passwords.js';
import { createTenant } from '../server/modules/tenancy/service.js';
import { addCredits } from '../server/modules/wallet/index.js';
import { startAfricasTalkingStandIn, STANDIN_AT } from '../server/testing/standins/africastalking.js';
import { signIn } from './load.js';

const env = (k: string, d: number) => Number(process.env[k] ?? d);
const COMPANIES = env('COMPANIES', 50);
const CONTACTS = env('CONTACTS', 1_000_000);
const RECIPIENTS = env('RECIPIENTS', 100_000);
const USERS = env('USERS', 200);
const SECONDS = env('SECONDS', 300);
const APPS = env('APPS', 3);
const WORKERS = env('WORKERS', 2);
const MODES = (process.env.MODES ?? 'single,fleet').split(',');
const PORT = env('BENCH_PORT', 3400);
const FAULTS = (process.env.FAULTS ?? '').split(',').filter(Boolean);
const OUTAGE_SECONDS = env('OUTAGE_SECONDS', 30);
if (!process.env.DATABASE_URL) throw new Error('bench/fleet.ts needs DATABASE_URL (several processes share one PostgreSQL)');

const ROOT = join(import.meta.dirname, '..');
const APP_KEY = 'bench-key-0123456789-0123456789-0123456789';
const dataDir = mkdtempSync(join(tmpdir(), 'kazi-fleet-bench-'));
const name = `kazi_fleet_bench_${process.pid}`;
/** one statement on the server's default database, on a connection of its own (a restart may end any other) */
async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end().catch(() => undefined);
  }
}
await adminQuery(`create database ${name}`);
const url = new URL(process.env.DATABASE_URL);
url.pathname = `/${name}`;
const databaseUrl = url.toString();
const at = await startAfricasTalkingStandIn();
const appEnv = {
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  APP_KEY,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  AT_USERNAME: STANDIN_AT.username,
  AT_API_KEY: STANDIN_AT.apiKey,
  AT_API_URL: at.url,
  AT_SENDER_ID: 'KAZI',
  SMS_DRIVERS: 'africastalking',
  // delivery reports are off in this bench, as in bench/delivery.ts: dispatch alone
};

// ---------------------------------------------------------------- 1. the data set
const t0 = performance.now();
const seeder = await buildApp(loadConfig({ ...appEnv, PORT: '0', LOG_LEVEL: 'silent' }), { logger: false });
const { database } = seeder.ctx;
const passwordHash = await hashPassword('bench-password');
const companies: { tenantId: number; email: string }[] = [];
for (let i = 0; i < COMPANIES; i++) {
  const email = `owner${i}@fleet.test`;
  const { tenantId } = await createTenant(database, { companyName: `Fleet ${i}` }, { name: `Owner ${i}`, email, passwordHash, emailVerified: true });
  companies.push({ tenantId, email });
}
const rest = Math.max(0, CONTACTS - RECIPIENTS);
for (const [i, c] of companies.entries()) {
  const n = i === 0 ? RECIPIENTS + Math.floor(rest / COMPANIES) : Math.floor(rest / COMPANIES);
  await withTenant(database, c.tenantId, async (tx) => {
    await tx.execute(sql`insert into outreach_contacts (tenant_id, first_name, last_name, phone, email, consent_sms)
      select ${c.tenantId}, case when g <= ${i === 0 ? RECIPIENTS : 0} then 'Member' else 'Person' end, 'N' || g, '+2547' || lpad(g::text, 8, '0'),
             'p' || g || '@c${sql.raw(String(i))}.test', case when g <= ${i === 0 ? RECIPIENTS : 0} then 'granted' else 'unknown' end
        from generate_series(1, ${n}::int) g`);
    if (i === 0) await addCredits(tx, { tenantId: c.tenantId, kind: 'paid', movement: 'purchase', credits: String(RECIPIENTS * 3), description: 'Bench credits', amount: String(RECIPIENTS * 3), currency: 'KES' });
  });
}
await database.query('vacuum analyze outreach_contacts');
await seeder.close();
console.log(`\n${COMPANIES} companies, ${CONTACTS.toLocaleString('en')} contacts, seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

// ---------------------------------------------------------------- 2–4. each mode
const children: ChildProcess[] = [];
function start(mode: string): ChildProcess {
  const args =
    mode === 'fleet'
      ? ['--import', 'tsx', 'server/fleet/cli.ts', '--apps', String(APPS), '--workers', String(WORKERS), '--port', String(PORT)]
      : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...appEnv, PORT: String(PORT), APP_URL: `http://127.0.0.1:${PORT}` }, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  children.push(child);
  return child;
}
const stop = (child: ChildProcess) => {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // gone already
  }
};

interface Sample {
  kind: string;
  ms: number;
  ok: boolean;
  /** the status answered, or the error's code when none was */
  status: string;
}
/** new contacts' numbers, counted across the modes (they share the database) */
let written = 0;
const pct = (xs: number[], q: number) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor(q * xs.length))] : NaN);

async function runMode(mode: string) {
  const child = start(mode);
  const base = `http://127.0.0.1:${PORT}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/login`)).ok) break;
    } catch {
      // starting
    }
    if (i > 1200) throw new Error(`${mode} did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const sessions: { cookie: string; xsrf: string; company: number }[] = [];
  for (let u = 0; u < USERS; u += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, USERS - u) }, async (_, k) => {
        const company = (u + k) % COMPANIES;
        const cookie = await signIn(base, companies[company].email, 'bench-password');
        return { cookie, xsrf: decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)![1]), company };
      }),
    );
    sessions.push(...batch);
  }
  const json = (s: (typeof sessions)[number]) => ({ cookie: s.cookie, 'x-xsrf-token': s.xsrf, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' });

  // the send, from the first company's owner
  const owner = sessions.find((s) => s.company === 0)!;
  const seg = await (await fetch(`${base}/segments/store`, { method: 'POST', headers: json(owner), body: JSON.stringify({ name: `Members ${mode}`, type: 'dynamic', rules: { match: 'all', rules: [{ kind: 'text', field: 'first_name', op: 'is', value: 'Member' }] } }) })).json();
  const sentAt = performance.now();
  const stored = await fetch(`${base}/sms/store`, { method: 'POST', headers: json(owner), body: JSON.stringify({ message: `Bench ${mode}`, audience: { segment_ids: [seg.data.id] }, ignore_quiet_hours: true }) });
  if (stored.status !== 201) throw new Error(`the send was refused: ${stored.status} ${await stored.text()}`);
  const sendId = (await stored.json()).data.id as number;
  let sendMs = NaN;
  let sendStatus = '';
  const giveUp = performance.now() + (SECONDS + 300) * 1000;
  const watch = (async () => {
    while (performance.now() < giveUp) {
      const m = await fetch(`${base}/sms/messages/get-message/${sendId}`, { headers: json(owner) })
        .then((r) => r.json())
        .catch(() => null);
      sendStatus = m?.data?.status ?? sendStatus;
      if (sendStatus === 'completed') return (sendMs = performance.now() - sentAt);
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  const faults: Promise<void>[] = [];
  const later = (ms: number, what: string, f: () => void) =>
    faults.push(
      new Promise((r) =>
        setTimeout(() => {
          console.log(`  [fault at ${((performance.now() - sentAt) / 1000).toFixed(0)} s] ${what}`);
          f();
          r();
        }, ms),
      ),
    );
  if (mode === 'fleet') {
    if (FAULTS.includes('outage')) later(2_000, `the provider answers 503 for ${OUTAGE_SECONDS} s`, () => at.outage(OUTAGE_SECONDS * 1000));
    if (FAULTS.includes('kill'))
      later(10_000, 'SIGKILL one app instance and one worker', () => {
        const kids = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(child.pid)], { encoding: 'utf8' }).trim().split('\n');
        for (const which of ['build/server/main', 'server/worker.ts']) {
          const line = kids.find((k) => k.includes(which));
          if (line) process.kill(Number(line.trim().split(/\s+/)[0]), 'SIGKILL');
        }
      });
    if (FAULTS.includes('pgrestart'))
      later((SECONDS * 1000) / 2, 'PostgreSQL restarted', () => execFileSync('pg_ctlcluster', [...(process.env.PG_CLUSTER ?? '15 main').split(' '), 'restart']));
  }

  const samples: Sample[] = [];
  const until = performance.now() + SECONDS * 1000;
  const user = async (s: (typeof sessions)[number], i: number) => {
    while (performance.now() < until) {
      const r = Math.random();
      const kind = r < 0.4 ? 'list' : r < 0.6 ? 'search' : r < 0.7 ? 'write' : 'page';
      const start = performance.now();
      let status: string;
      let expected = 200;
      try {
        let res: Response;
        if (kind === 'list') res = await fetch(`${base}/contacts/json?page=${1 + Math.floor(Math.random() * 50)}`, { headers: json(s) });
        else if (kind === 'search') res = await fetch(`${base}/contacts/json?search=N${1 + Math.floor(Math.random() * 9000)}`, { headers: json(s) });
        else if (kind === 'write') {
          const n = ++written;
          expected = 201;
          res = await fetch(`${base}/contacts/store`, { method: 'POST', headers: json(s), body: JSON.stringify({ first_name: 'Load', last_name: `W${i}-${n}`, phone: `+2557${String(i).padStart(3, '0')}${String(n).padStart(5, '0')}` }) });
        } else res = await fetch(`${base}/contacts`, { headers: { cookie: s.cookie, accept: 'text/html' } });
        status = String(res.status);
        if (res.status !== expected) status += ` ${(await res.text()).slice(0, 120)}`;
        else await res.arrayBuffer();
      } catch (err) {
        status = (err as { cause?: { code?: string } }).cause?.code ?? String(err);
      }
      samples.push({ kind, ms: performance.now() - start, ok: status === String(expected), status });
    }
  };
  const began = performance.now();
  await Promise.all(sessions.map((s, i) => user(s, i)));
  const elapsed = (performance.now() - began) / 1000;
  await Promise.all(faults);
  await watch;

  // what arrived and what the books say
  const received = at.received().filter((m) => m.message === `Bench ${mode}`);
  const dup = received.length - new Set(received.map((m) => m.to)).size;
  const check = new pg.Client({ connectionString: databaseUrl });
  check.on('error', () => undefined);
  await check.connect();
  const [books] = (
    await check.query(`select
      (select count(*) from wallets w where w.balance <> coalesce((select sum(credits) from credit_movements m where m.tenant_id = w.tenant_id), 0))::int as wallets_off,
      (select count(*) from (select tenant_id from journal_lines group by tenant_id having sum(base_amount) <> 0) x)::int as journals_off,
      (select count(*) from sends where status not in ('completed', 'cancelled'))::int as stuck`)
  ).rows;
  await check.end();
  stop(child);
  await new Promise((r) => child.once('exit', r));

  const byKind = new Map<string, number[]>();
  for (const s of samples) (byKind.get(s.kind) ?? byKind.set(s.kind, []).get(s.kind)!).push(s.ms);
  console.log(`\n${mode}${mode === 'fleet' ? ` (${APPS} instances, ${WORKERS} workers)` : ' (one instance, workers in-process)'}: ${USERS} users for ${SECONDS} s`);
  console.log(`  ${(samples.length / elapsed).toFixed(0)} requests/s, ${samples.filter((s) => !s.ok).length} errors of ${samples.length}`);
  const why = new Map<string, number>();
  for (const x of samples) if (!x.ok) why.set(`${x.kind}: ${x.status}`, (why.get(`${x.kind}: ${x.status}`) ?? 0) + 1);
  for (const [w, n] of why) console.log(`    ${n} × ${w}`);
  for (const [kind, xs] of [...byKind].sort()) {
    xs.sort((a, b) => a - b);
    console.log(`  ${kind.padEnd(7)} ${String(xs.length).padStart(7)} requests  p50 ${pct(xs, 0.5).toFixed(0).padStart(5)} ms  p99 ${pct(xs, 0.99).toFixed(0).padStart(6)} ms`);
  }
  const clean = samples.filter((x) => !x.ok && /^50[23]\b/.test(x.status)).length;
  if (FAULTS.length && mode === 'fleet') console.log(`  of the errors, ${clean} clean (502/503) and ${samples.filter((x) => !x.ok).length - clean} not`);
  console.log(
    `  SMS to ${RECIPIENTS.toLocaleString('en')}: ${sendStatus === 'completed' ? `completed in ${(sendMs / 1000).toFixed(1)} s` : `NOT completed (${sendStatus})`}; the stand-in got ${received.length.toLocaleString('en')}, ${dup} twice`,
  );
  console.log(`  books: ${books.wallets_off} wallets off their ledger, ${books.journals_off} journals not summing to 0, ${books.stuck} sends not finished`);
  const unclean = samples.filter((x) => !x.ok && !(FAULTS.length && mode === 'fleet' && /^50[23]\b/.test(x.status))).length;
  return { errors: unclean, dup, missing: RECIPIENTS - received.length + dup, unfinished: sendStatus !== 'completed', ...books };
}

let failed = false;
try {
  for (const mode of MODES) {
    const r = await runMode(mode);
    if (r.errors || r.dup || r.missing || r.unfinished || r.wallets_off || r.journals_off || r.stuck) failed = true;
  }
} finally {
  for (const c of children) stop(c);
  await at.close();
  await adminQuery(`drop database if exists ${name} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(failed ? '\nFAILED: see the figures above' : `\nPASSED: ${FAULTS.length ? 'no error but clean ones' : 'no errors'}, every message once, the books balanced`);
process.exit(failed ? 1 : 0);
