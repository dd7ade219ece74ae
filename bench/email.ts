/**
 * An email campaign through the delivery engine at 100,000 recipients (issue 17), in one run
 * against a fresh database:
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/email.ts
 *   RECIPIENTS=10000 npx tsx bench/email.ts     # embedded PGlite
 *
 * 1. seeds RECIPIENTS contacts with email consent, a segment of them all, credits, and Mailgun
 *    settings pointing at the Mailgun stand-in (in this process);
 * 2. sends one personalised email to the segment through the app (POST /email/send → the dispatch
 *    job → per-recipient rendering, footer, List-Unsubscribe → the Mailgun driver → the stand-in),
 *    timed from the request until the send is completed, while GET /email/group-transactions/json
 *    is asked every 200 ms;
 * 3. the hand-written outbox: the same addresses in a bare table, claimed 500 at a time with
 *    UPDATE … SKIP LOCKED, each rendered with the same Liquid template and posted to the same
 *    stand-in as the same form (16 requests in flight), answers written back with one UPDATE per
 *    batch — the floor the engine is compared with;
 * 4. prints both and the ratio; the stand-in must have every address exactly once.
 */
import { sql } from 'drizzle-orm';
import { withTenant } from '../server/db/tenancy.js';
import { compileMessage } from '../server/modules/outreach/message-render.js';
import { addCredits } from '../server/modules/wallet/index.js';
import { startMailgunStandIn, STANDIN_MAILGUN } from '../server/testing/standins/mailgun.js';
import { startBench } from './harness.js';

const mg = await startMailgunStandIn({ domains: [{ name: 'mg.bench.test', state: 'active' }] });
const bench = await startBench({ APP_KEY: 'bench-key-0123456789-0123456789-0123456789', MAILGUN_API_URL: mg.url });
const pgMode = bench.kind === 'PostgreSQL';
const N = Number(process.env.RECIPIENTS ?? (pgMode ? 100_000 : 10_000));
const { database, tenantId } = bench;
const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(bench.cookie)![1]);
const headers = { cookie: bench.cookie, 'x-xsrf-token': xsrf, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const SUBJECT = 'Bench: news for {{ first_name }}';
const HTML = '<html><body><h1>Hello {{ first_name }} {{ last_name }}</h1><p>Our news this month.</p><p><a href="https://kazi.example/news">Read more</a></p></body></html>';

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(bench.base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

try {
  console.log(`\n${bench.kind}: one email to ${N.toLocaleString('en')} recipients\n`);
  await withTenant(database, tenantId, async (tx) => {
    await tx.execute(sql`insert into outreach_contacts (tenant_id, first_name, last_name, email, consent_email)
      select ${tenantId}, 'Member', g::text, 'member' || g || '@bench.test', 'granted' from generate_series(1, ${N}::int) g`);
    await addCredits(tx, { tenantId, kind: 'paid', movement: 'purchase', credits: String(N), description: 'Bench credits', amount: String(N), currency: 'KES' });
  });
  await database.query('analyze outreach_contacts');
  await call('POST', '/email/settings/update', { driver: 'mailgun', mailgun_key: STANDIN_MAILGUN.apiKey, mailgun_region: 'eu', mailgun_domain: 'mg.bench.test', default_from_name: 'Bench', email_footer: 'Bench Ltd, Nairobi' });
  const seg = await call('POST', '/segments/store', { name: 'Everyone', type: 'dynamic', rules: { match: 'all', rules: [{ kind: 'text', field: 'first_name', op: 'is', value: 'Member' }] } });

  // 2. the engine
  const latencies: number[] = [];
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const t0 = performance.now();
      await call('GET', '/email/group-transactions/json?per_page=15');
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  let t = performance.now();
  const stored = await call('POST', '/email/send', { subject: SUBJECT, html: HTML, audience: { segment_ids: [seg.data.id], contact_ids: [] } });
  const queuedIn = performance.now() - t;
  const id = stored.data.id as number;
  for (;;) {
    const m = (await call('GET', `/email/group-transactions/get-send/${id}`)).data;
    if (m.status === 'completed') break;
    if (m.status === 'paused') throw new Error(`the send paused: ${m.pause_reason}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const engineMs = performance.now() - t;
  polling = false;
  await poll;
  const got = mg.received();
  const unique = new Set(got.map((m) => m.to)).size;
  const withHeaders = got.filter((m) => m.headers['List-Unsubscribe'] && m.headers['List-Unsubscribe-Post'] === 'List-Unsubscribe=One-Click').length;
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]?.toFixed(0);
  console.log(`engine: ${s(engineMs)} from POST /email/send to completed (${s(queuedIn)} to write the send, its ${N.toLocaleString('en')} recipients and the credit hold)`);
  console.log(`        ${(N / (engineMs / 1000)).toFixed(0)} emails/s; stand-in received ${got.length.toLocaleString('en')} (${unique.toLocaleString('en')} addresses, ${withHeaders.toLocaleString('en')} with both List-Unsubscribe headers)`);
  console.log(`        GET /email/group-transactions/json meanwhile: ${latencies.length} requests, median ${p(0.5)} ms, p95 ${p(0.95)} ms, max ${p(1)} ms`);

  // 3. the hand-written outbox
  const before = got.length;
  await database.query(`create table bench_email_outbox (id bigserial primary key, address text not null, first_name text, last_name text, state text not null default 'queued', provider_id text)`);
  t = performance.now();
  await database.query(`insert into bench_email_outbox (address, first_name, last_name) select 'floor' || g || '@bench.test', 'Member', g::text from generate_series(1, $1::int) g`, [N]);
  const subject = compileMessage(SUBJECT, []);
  const html = compileMessage(HTML, [], { html: true });
  const auth = `Basic ${Buffer.from(`api:${STANDIN_MAILGUN.apiKey}`).toString('base64')}`;
  const post = async (r: { id: string; address: string; first_name: string; last_name: string }) => {
    const who = { first_name: r.first_name, last_name: r.last_name, phone: null, email: r.address, custom: {} };
    const f = new FormData();
    f.set('from', 'Bench <no-reply@mg.bench.test>');
    f.set('to', r.address);
    f.set('subject', subject.render(who));
    f.set('html', `${html.render(who)}<div>Bench Ltd, Nairobi<br><a href="https://x/unsubscribe/${r.id}">Unsubscribe</a></div>`);
    f.set('text', 'Our news this month.');
    f.set('h:List-Unsubscribe', `<https://x/unsubscribe/${r.id}>`);
    f.set('h:List-Unsubscribe-Post', 'List-Unsubscribe=One-Click');
    f.set('v:kazi_ref', r.id);
    const res = await fetch(`${mg.url}/v3/mg.bench.test/messages`, { method: 'POST', headers: { authorization: auth }, body: f });
    return ((await res.json()) as { id: string }).id;
  };
  const worker = async () => {
    for (;;) {
      const batch = await database.query<{ id: string; address: string; first_name: string; last_name: string }>(
        `with p as (select id from bench_email_outbox where state = 'queued' order by id limit 500 for update skip locked)
         update bench_email_outbox b set state = 'sending' from p where b.id = p.id returning b.id, b.address, b.first_name, b.last_name`,
      );
      if (!batch.length) return;
      const ids: string[] = new Array(batch.length);
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < batch.length) {
            const i = next++;
            ids[i] = await post(batch[i]);
          }
        }),
      );
      await database.query(`update bench_email_outbox b set state = 'sent', provider_id = u.pid from unnest($1::bigint[], $2::text[]) as u(id, pid) where b.id = u.id`, [
        batch.map((b) => b.id),
        ids,
      ]);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  const floorMs = performance.now() - t;
  console.log(`hand-written outbox: ${s(floorMs)} (${(N / (floorMs / 1000)).toFixed(0)} emails/s); stand-in received ${(mg.received().length - before).toLocaleString('en')} more`);
  console.log(`ratio engine / hand-written: ${(engineMs / floorMs).toFixed(2)}x`);
} finally {
  await bench.close();
  await mg.close();
}
