/**
 * Outreach at a million contacts (issue 14), in one run against a fresh database:
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/outreach.ts
 *   npx tsx bench/outreach.ts        # embedded PGlite (CONTACTS defaults to 100,000 there)
 *
 * 1. seeds CONTACTS outreach contacts (default 1,000,000 on PostgreSQL) in one company with
 *    tags, consent and a few events, by generate_series (indexes built afterwards);
 * 2. times a dynamic segment's live count (POST /segments/count, nested AND/OR) — median of 5 —
 *    and the top bar's search (GET /search/json) for a name, a phone and an e-mail;
 * 3. imports IMPORT_ROWS (default 100,000) contacts from a CSV over HTTP: upload, preview and
 *    the commit job until done (listmonk is at ~10,000 rows/s);
 * 4. exports most of the book (CSV, streamed through a cursor) against a hand-written cursor floor;
 * 5. loads page 1 of GET /contacts/json and the hand-written baseline's same page
 *    (bench/baseline-server.ts /outreach) with autocannon, 50 connections, and prints the ratio.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { withTenant } from '../server/db/tenancy.js';
import { startBench } from './harness.js';
import { load, signIn, type LoadResult } from './load.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

const bench = await startBench();
const pgMode = bench.kind === 'PostgreSQL';
const CONTACTS = Number(process.env.CONTACTS ?? (pgMode ? 1_000_000 : 100_000));
const IMPORT_ROWS = Number(process.env.IMPORT_ROWS ?? 100_000);
const DURATION = Number(process.env.DURATION ?? 10);
const { database, tenantId } = bench;
const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(bench.cookie)![1]);
const headers = { cookie: bench.cookie, 'x-xsrf-token': xsrf, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(bench.base + path, {
    method,
    headers: body instanceof FormData ? headers : { ...headers, 'content-type': 'application/json' },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

try {
  console.log(`\n${bench.kind}: ${CONTACTS.toLocaleString('en')} outreach contacts in one company\n`);
  await database.query(`update tenants set settings = settings || '{"country":"KE"}'::jsonb where id = $1`, [tenantId]);

  // 1. seed, with the secondary indexes built once afterwards
  let t = performance.now();
  const indexes = await database.query<{ name: string; def: string }>(
    `select indexname as name, indexdef as def from pg_indexes where tablename = 'outreach_contacts' and indexname not like '%pk'`,
  );
  for (const i of indexes) await database.query(`drop index ${i.name}`);
  await database.query(
    `insert into outreach_contacts (tenant_id, first_name, last_name, phone, email, location, tags, consent_sms, consent_email, created_at)
     select $1, 'Person', 'No ' || g, '+2547' || lpad(g::text, 8, '0'), 'p' || g || '@example.test',
            (array['Nairobi','Mombasa','Kisumu','Nakuru','Eldoret'])[1 + g % 5],
            case when g % 10 = 0 then array['vip','donor'] when g % 3 = 0 then array['donor'] else array[]::text[] end,
            case when g % 4 = 0 then 'withdrawn' else 'granted' end, case when g % 2 = 0 then 'granted' else 'unknown' end,
            now() - make_interval(mins => g % 100000)
       from generate_series(1, $2::int) g`,
    [tenantId, CONTACTS],
  );
  await Promise.all(indexes.map((i) => database.query(pgMode ? `set maintenance_work_mem = '512MB'; ${i.def}` : i.def)));
  await database.query(
    `insert into contact_events (tenant_id, contact_id, type, occurred_at)
     select $1, id, 'sms.delivered', now() - make_interval(days => (id % 60)::int) from outreach_contacts where tenant_id = $1 and id % 7 = 0`,
    [tenantId],
  );
  await database.query('vacuum analyze outreach_contacts');
  await database.query('vacuum analyze contact_events');
  // the seed wrote gigabytes of WAL: flush it now, so that the checkpoint it calls for does not land on the timings below
  if (pgMode) await database.query('checkpoint');
  console.log(`seeded ${CONTACTS.toLocaleString('en')} contacts and their events in ${s(performance.now() - t)}`);

  // 2. a dynamic segment's live count: (vip OR in Nairobi) AND may be sent SMS AND an SMS delivered in the last 30 days
  const rules = {
    match: 'all',
    rules: [
      { match: 'any', rules: [{ kind: 'tags', op: 'has_any', value: ['vip'] }, { kind: 'text', field: 'location', op: 'is', value: 'Nairobi' }] },
      { kind: 'sendable', channel: 'sms', op: 'is' },
      { kind: 'activity', type: 'sms.delivered', op: 'happened', within_days: 30 },
    ],
  };
  const times: number[] = [];
  let answer: { count: number } = { count: 0 };
  for (let i = 0; i < 5; i++) {
    t = performance.now();
    answer = (await call('POST', '/segments/count', { rules })).data;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const simple = { match: 'all', rules: [{ kind: 'tags', op: 'has_all', value: ['vip', 'donor'] }] };
  t = performance.now();
  const simpleAnswer = (await call('POST', '/segments/count', { rules: simple })).data;
  const simpleMs = performance.now() - t;
  console.log(`segment count (AND/OR, sendable, activity) ${answer.count.toLocaleString('en')} of ${CONTACTS.toLocaleString('en')}: median ${s(times[2])} (min ${s(times[0])}, max ${s(times[4])})`);
  console.log(`segment count (tags has all)               ${simpleAnswer.count.toLocaleString('en')}: ${s(simpleMs)}`);

  // 2b. the top bar's search (Ctrl K) across every kind, at a million contacts: a name, a phone's
  // digits and an e-mail's start, each the median of 5
  for (const q of ['No 4242', '0000424', 'p4242@']) {
    const took: number[] = [];
    let found = 0;
    for (let i = 0; i < 5; i++) {
      t = performance.now();
      const res = await call('GET', `/search/json?q=${encodeURIComponent(q)}`);
      took.push(performance.now() - t);
      found = JSON.stringify(res).split('"id"').length - 1;
    }
    took.sort((a, b) => a - b);
    // the hand-written floor: the contacts' own trigram search, five rows, in a tenant transaction (no other kinds, no HTTP)
    const floor: number[] = [];
    for (let i = 0; i < 5; i++) {
      t = performance.now();
      await withTenant(database, tenantId, (tx) =>
        tx.execute(sql`select id, first_name, last_name from outreach_contacts where tenant_id = ${tenantId} and search_text ilike ${`%${q}%`} limit 5`),
      );
      floor.push(performance.now() - t);
    }
    floor.sort((a, b) => a - b);
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    console.log(`search (Ctrl K) "${q}": ${found} results, median ${ms(took[2])} (max ${ms(took[4])}); hand-written contacts-only floor ${ms(floor[2])}, ratio ${(took[2] / floor[2]).toFixed(1)}x`);
  }

  // 3. a 100,000-row CSV import over HTTP, end to end
  const lines = ['First name,Last name,Phone,Email,Tags,SMS consent'];
  for (let i = 1; i <= IMPORT_ROWS; i++) lines.push(`Imported,No ${i},07${String(90000000 + i).padStart(8, '0')},imp${i}@example.org,"import, batch",yes`);
  const csv = Buffer.from(lines.join('\n'));
  t = performance.now();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(csv)]), 'contacts.csv');
  const up = await call('POST', '/contacts/import/upload', form);
  const t1 = performance.now();
  const preview = await call('POST', `/contacts/import/preview/${up.id}`, { mapping: up.mapping });
  if (preview.invalid) throw new Error(`import: ${preview.invalid} invalid rows: ${JSON.stringify(preview.errors.slice(0, 3))}`);
  const t2 = performance.now();
  await call('POST', `/contacts/import/commit/${up.id}`, {});
  let status;
  for (;;) {
    status = await call('GET', `/contacts/import/status/${up.id}`);
    if (status.state === 'done' || status.state === 'failed') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const t3 = performance.now();
  if (status.state !== 'done') throw new Error(`import: ${status.message}`);
  // the hand-written floor: the same file's rows (other numbers) split by hand and inserted in one
  // tenant transaction (the app role, under RLS) with one unnest statement per 5,000 rows: no
  // upload, no mapping, no validation, no duplicate checks, no consent history, no job
  const floorCsv = csv.toString().replace(/,07(\d)/g, ',08$1').replace(/@example\.org/g, '@floor.test');
  const tb = performance.now();
  const floorRows = floorCsv.split('\n').slice(1).map((l) => l.split(','));
  await withTenant(database, tenantId, async (tx) => {
    for (let i = 0; i < floorRows.length; i += 5000) {
      const part = floorRows.slice(i, i + 5000);
      const col = (f: (r: string[]) => string) => sql.param(part.map(f));
      await tx.execute(
        sql`insert into outreach_contacts (tenant_id, first_name, last_name, phone, email, tags, consent_sms)
            select ${tenantId}, f, l, p, e, '{import,batch}', 'granted'
              from unnest(${col((r) => r[0])}::text[], ${col((r) => r[1])}::text[], ${col((r) => `+254${r[2].slice(1)}`)}::text[], ${col((r) => r[3])}::text[]) as u(f, l, p, e)`,
      );
    }
  });
  const floorMs = performance.now() - tb;
  console.log(
    `import ${IMPORT_ROWS.toLocaleString('en')} rows (${(csv.length / 1048576).toFixed(1)} MB): upload ${s(t1 - t)}, preview ${s(t2 - t1)}, commit ${s(t3 - t2)}, total ${s(t3 - t)} = ${Math.round(IMPORT_ROWS / ((t3 - t) / 1000)).toLocaleString('en')} rows/s; hand-written floor ${s(floorMs)}, ratio ${((t3 - t) / floorMs).toFixed(1)}x the floor's time`,
  );

  // 4. an export of most of the book (every contact who may be sent SMS) as CSV, streamed, against
  // a hand-written floor: the same rows read through a cursor in the same transaction shape and
  // joined with commas, no quoting, no formula guard, no custom-field columns
  t = performance.now();
  const exported = await fetch(`${bench.base}/contacts/export?format=csv&consent_sms=granted`, { headers });
  if (exported.status !== 200) throw new Error(`export: ${exported.status} ${(await exported.text()).slice(0, 300)}`);
  let bytes = 0;
  let lineCount = 0;
  for await (const chunk of exported.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lineCount++;
  }
  const exportMs = performance.now() - t;
  t = performance.now();
  let floorLines = 0;
  await withTenant(database, tenantId, async (tx) => {
    await tx.execute(
      sql`declare floor_export no scroll cursor for
          select id, first_name, last_name, trim(first_name || ' ' || last_name), phone, email, gender, birthday, location, tags, source, notes,
                 consent_sms, consent_email, consent_voice, accounting_contact_id, created_at, updated_at
            from outreach_contacts where tenant_id = ${tenantId} and consent_sms = 'granted' order by created_at desc, id desc`,
    );
    for (;;) {
      const got = (await tx.execute(sql`fetch 5000 from floor_export`)) as unknown as { rows: Record<string, unknown>[] };
      if (!got.rows.length) break;
      floorLines += got.rows.map((r) => Object.values(r).join(',')).join('\n').split('\n').length;
    }
  });
  const floorExportMs = performance.now() - t;
  console.log(
    `export CSV of ${(lineCount - 1).toLocaleString('en')} contacts (${(bytes / 1048576).toFixed(0)} MB, streamed): ${s(exportMs)}; hand-written cursor floor (${floorLines.toLocaleString('en')} rows) ${s(floorExportMs)}, ratio ${(exportMs / floorExportMs).toFixed(1)}x`,
  );

  // 5. the contacts list against the hand-written baseline, each server in a process of its own
  if (bench.url) {
    const root = join(import.meta.dirname, '..');
    const serve = (args: string[], env: Record<string, string>, pattern: RegExp) => {
      const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      const ready = new Promise<string>((resolve, reject) => {
        const seen = (c: Buffer) => {
          out += c.toString();
          const m = pattern.exec(out);
          if (m) resolve(`http://127.0.0.1:${m[1]}`);
        };
        child.stdout!.on('data', seen);
        child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
        child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
      });
      return { child, ready };
    };
    const dataDir = mkdtempSync(join(tmpdir(), 'kazi-bench-outreach-'));
    const port = await freePort();
    const kazi = serve(
      ['server/main.ts'],
      { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', APP_KEY: 'bench-key-0123456789-0123456789-0123456789', DATA_DIR: dataDir, NODE_ENV: 'production', DATABASE_URL: bench.url },
      /Kazi is running at http:\/\/[^:]+:(\d+)/,
    );
    const baseline = serve(['bench/baseline-server.ts'], { DATABASE_URL: bench.url, TENANT_ID: String(tenantId), PORT: '0' }, /listening (\d+)/);
    try {
      const [kaziUrl, baseUrl] = await Promise.all([kazi.ready, baseline.ready]);
      const cookie = await signIn(kaziUrl, 'bench@example.test', 'bench-password');
      const json = { cookie, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };
      const fmt = (r: LoadResult) => `${String(Math.round(r.rps)).padStart(6)} req/s p50 ${String(r.p50).padStart(4)} p99 ${String(r.p99).padStart(5)} ms${r.errors ? ` ERRORS ${r.errors}` : ''}`;
      const warm = { seconds: 2, connections: 50 };
      await load(`${baseUrl}/outreach?per_page=50`, {}, warm);
      await load(`${kaziUrl}/contacts/json?per_page=50`, json, warm);
      const b = await load(`${baseUrl}/outreach?per_page=50`, {}, { seconds: DURATION, connections: 50 });
      const k = await load(`${kaziUrl}/contacts/json?per_page=50`, json, { seconds: DURATION, connections: 50 });
      console.log(`contacts page 1 (50)  kazi ${fmt(k)}   baseline ${fmt(b)}   ratio ${Math.round((100 * k.rps) / b.rps)} %`);
    } finally {
      for (const c of [kazi.child, baseline.child]) {
        const gone = new Promise((r) => c.once('exit', r));
        c.kill('SIGTERM');
        await gone;
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await bench.close();
}
