/**
 * The delivery engine at 100,000 recipients (issue 16), in one run against a fresh database:
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/delivery.ts
 *   RECIPIENTS=20000 npx tsx bench/delivery.ts     # embedded PGlite
 *
 * 1. seeds RECIPIENTS contacts with SMS consent in one company, a segment of them all, credits;
 * 2. sends one SMS to the segment through the app (POST /sms/store → the dispatch job → the
 *    Africa's Talking stand-in, in this process), timed from the request until the send is
 *    completed, while GET /sms/messages/json is asked every 200 ms (the page stays responsive?);
 * 3. the hand-written outbox: the same numbers in a bare table, claimed 1,000 at a time with
 *    UPDATE … SKIP LOCKED, posted to the same stand-in in the same form, answers written back with
 *    one UPDATE per batch, 4 at once — the floor the engine is compared with;
 * 4. prints both and the ratio; the stand-in must have every number exactly once.
 * Delivery reports are off here (dispatch alone); the report path is timed on its own at the end.
 */
import { sql } from 'drizzle-orm';
import { withTenant } from '../server/db/tenancy.js';
import { addCredits } from '../server/modules/wallet/index.js';
import { CallbackSecrets } from '../server/providers/sms/index.js';
import { startAfricasTalkingStandIn, STANDIN_AT } from '../server/testing/standins/africastalking.js';
import { startBench } from './harness.js';

const at = await startAfricasTalkingStandIn();
const APP_KEY = 'bench-key-0123456789-0123456789-0123456789';
const bench = await startBench({ APP_KEY, AT_USERNAME: STANDIN_AT.username, AT_API_KEY: STANDIN_AT.apiKey, AT_API_URL: at.url, AT_SENDER_ID: 'KAZI', SMS_DRIVERS: 'africastalking', AIRTIME_DRIVERS: 'africastalking' });
const pgMode = bench.kind === 'PostgreSQL';
const N = Number(process.env.RECIPIENTS ?? (pgMode ? 100_000 : 20_000));
const { database, tenantId } = bench;
const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(bench.cookie)![1]);
const headers = { cookie: bench.cookie, 'x-xsrf-token': xsrf, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(bench.base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

try {
  console.log(`\n${bench.kind}: one SMS to ${N.toLocaleString('en')} recipients\n`);
  await withTenant(database, tenantId, async (tx) => {
    await tx.execute(sql`insert into outreach_contacts (tenant_id, first_name, phone, consent_sms)
      select ${tenantId}, 'Member', '+2547' || lpad(g::text, 8, '0'), 'granted' from generate_series(1, ${N}::int) g`);
    await addCredits(tx, { tenantId, kind: 'paid', movement: 'purchase', credits: String(N * 2), description: 'Bench credits', amount: String(N * 2), currency: 'KES' });
  });
  await database.query('analyze outreach_contacts');
  const seg = await call('POST', '/segments/store', { name: 'Everyone', type: 'dynamic', rules: { match: 'all', rules: [{ kind: 'text', field: 'first_name', op: 'is', value: 'Member' }] } });

  // 2. the engine
  const latencies: number[] = [];
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const t0 = performance.now();
      await call('GET', '/sms/messages/json?per_page=15');
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  let t = performance.now();
  const stored = await call('POST', '/sms/store', { message: 'Bench: one message to everyone', audience: { segment_ids: [seg.data.id] }, ignore_quiet_hours: true });
  const queuedIn = performance.now() - t;
  const id = stored.data.id as number;
  for (;;) {
    const m = (await call('GET', `/sms/messages/get-message/${id}`)).data;
    if (m.status === 'completed') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const engineMs = performance.now() - t;
  polling = false;
  await poll;
  const received = at.received().length;
  const dups = at.duplicates().length;
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]?.toFixed(0);
  console.log(`engine: ${s(engineMs)} from POST /sms/store to completed (${s(queuedIn)} to write the send, its ${N.toLocaleString('en')} recipients and the credit hold)`);
  console.log(`        ${(N / (engineMs / 1000)).toFixed(0)} recipients/s; stand-in received ${received.toLocaleString('en')}, duplicates ${dups}`);
  console.log(`        GET /sms/messages/json meanwhile: ${latencies.length} requests, median ${p(0.5)} ms, p95 ${p(0.95)} ms, max ${p(1)} ms`);

  // 3. the hand-written outbox
  await database.query('create table bench_outbox (id bigserial primary key, phone text not null, state text not null default \'queued\', provider_id text)');
  t = performance.now();
  await database.query(`insert into bench_outbox (phone) select '+2548' || lpad(g::text, 8, '0') from generate_series(1, $1::int) g`, [N]);
  const form = (to: string[]) => new URLSearchParams({ username: STANDIN_AT.username, to: to.join(','), message: 'Bench: one message to everyone', from: 'KAZI', bulkSMSMode: '1', enqueue: '1' }).toString();
  const worker = async () => {
    for (;;) {
      const batch = await database.query<{ id: string; phone: string }>(
        `with p as (select id from bench_outbox where state = 'queued' order by id limit 1000 for update skip locked)
         update bench_outbox b set state = 'sending' from p where b.id = p.id returning b.id, b.phone`,
      );
      if (!batch.length) return;
      const res = await fetch(`${at.url}/version1/messaging`, {
        method: 'POST',
        headers: { apiKey: STANDIN_AT.apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form(batch.map((b) => b.phone)),
      });
      const body = (await res.json()) as { SMSMessageData: { Recipients: { number: string; messageId: string }[] } };
      const ids = new Map(body.SMSMessageData.Recipients.map((r) => [r.number, r.messageId]));
      await database.query(
        `update bench_outbox b set state = 'sent', provider_id = u.pid from unnest($1::bigint[], $2::text[]) as u(id, pid) where b.id = u.id`,
        [batch.map((b) => b.id), batch.map((b) => ids.get(b.phone) ?? null)],
      );
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  const floorMs = performance.now() - t;
  console.log(`hand-written outbox: ${s(floorMs)} (${(N / (floorMs / 1000)).toFixed(0)} recipients/s)`);
  console.log(`ratio engine / hand-written: ${(engineMs / floorMs).toFixed(2)}x; target: under 30 s`);

  // 5. the report path: 20,000 delivery reports posted at once, 8 at a time (the stand-in's pace)
  const R = Math.min(N, 20_000);
  const ids = await withTenant(database, tenantId, (tx) =>
    tx.execute(sql`select provider_id, address from deliveries where send_id = ${id} order by id limit ${R}`),
  );
  const list = (ids as unknown as { rows?: { provider_id: string; address: string }[] }).rows ?? (ids as unknown as { provider_id: string; address: string }[]);
  const url = new CallbackSecrets(APP_KEY).url(`${bench.base}/webhooks/sms/delivery`, 'sms-delivery', String(tenantId));
  let next = 0;
  t = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < list.length) {
        const r = list[next++];
        await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ id: r.provider_id, status: 'Success', phoneNumber: r.address }).toString() });
      }
    }),
  );
  const reportsMs = performance.now() - t;
  console.log(`delivery reports: ${list.length.toLocaleString('en')} in ${s(reportsMs)} (${(list.length / (reportsMs / 1000)).toFixed(0)}/s, 8 at a time)`);
} finally {
  await bench.close();
  await at.close();
}
