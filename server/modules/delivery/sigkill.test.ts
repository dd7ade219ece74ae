import { spawn, type ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { SmsMessageRow } from '../../../common/answers/sms.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { CallbackSecrets } from '../../providers/sms/index.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { startAfricasTalkingStandIn, STANDIN_AT, type AfricasTalkingStandIn } from '../../testing/standins/africastalking.js';
import { addCredits } from '../wallet/index.js';

// Issue 16, "Done means": kill the worker with SIGKILL in the middle of a 20,000-recipient send,
// start another, and count at the provider's stand-in: nobody twice, nobody missing. A separate
// worker process needs a database two processes share: PostgreSQL (the unit run on PostgreSQL).
const RECIPIENTS = 20_000;

describe.runIf(process.env.DATABASE_URL)('the delivery engine under SIGKILL', () => {
  let t: TestApp;
  let at: AfricasTalkingStandIn;
  const workers: ChildProcess[] = [];

  afterAll(async () => {
    for (const w of workers) w.kill('SIGKILL');
    await at?.close();
    await t?.close();
  }, 60_000);

  const settings = {
    AT_USERNAME: STANDIN_AT.username,
    AT_API_KEY: STANDIN_AT.apiKey,
    AT_SENDER_ID: 'KAZI',
    SMS_DRIVERS: 'africastalking',
    DELIVERY_LEASE_SECONDS: '2',
    DELIVERY_SWEEP_SECONDS: '1',
    DELIVERY_REPORT_WINDOW_SECONDS: '3',
  };

  function startWorker(): ChildProcess & { output: () => string } {
    let output = '';
    const w = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
      env: { ...process.env, ...settings, AT_API_URL: at.url, DATABASE_URL: t.config.databaseUrl!, DATA_DIR: t.config.dataDir, APP_KEY: t.config.appKey, LOG_LEVEL: 'info', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    w.stdout!.on('data', (d) => (output += d));
    w.stderr!.on('data', (d) => (output += d));
    workers.push(w);
    return Object.assign(w, { output: () => output });
  }

  async function until<T>(fn: () => Promise<T> | T, ok: (v: T) => boolean, what: string, ms: number): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await fn();
      if (ok(v)) return v;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v).slice(0, 500)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('sends every recipient exactly once when the worker is killed mid-send and another takes over', async () => {
    // every request is answered 150 ms after the stand-in has taken its messages: the kill lands
    // while requests are with the provider, their answers lost — the ambiguous case
    at = await startAfricasTalkingStandIn({ numbers: Object.fromEntries([...'0123456789'].map((d) => [d, { delayMs: 150 }])) });
    t = await createTestApp({ ...settings, AT_API_URL: at.url, WORKERS: 'none' });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const a = await seedTenant(t.database, 'Sigkill Co');
    at.setCallbacks({ delivery: new CallbackSecrets(t.config.appKey).url(`${base}/webhooks/sms/delivery`, 'sms-delivery', String(a.tenantId)) });
    await withTenant(t.database, a.tenantId, async (tx) => {
      await tx.execute(sql`insert into outreach_contacts (tenant_id, first_name, phone, consent_sms)
        select ${a.tenantId}, 'Member', '+2547' || lpad(i::text, 8, '0'), 'granted' from generate_series(1, ${RECIPIENTS}) i`);
      await addCredits(tx, { tenantId: a.tenantId, kind: 'paid', movement: 'purchase', credits: String(RECIPIENTS), description: 'Bought', amount: String(RECIPIENTS), currency: 'KES' });
    });
    const owner = new TestClient(t.app);
    await owner.login(a.email, a.password);
    const seg = await owner.json('POST', '/segments/store', { name: 'Everyone', type: 'dynamic', rules: { match: 'all', rules: [{ kind: 'text', field: 'first_name', op: 'is', value: 'Member' }] } });
    expect(seg.statusCode, seg.body).toBe(201);

    const first = startWorker();
    const sent = await owner.json('POST', '/sms/store', { message: 'Exactly once', audience: { segment_ids: [seg.json().data.id] }, ignore_quiet_hours: true });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().data.id as number;

    // a quarter of the way, while requests are in flight: SIGKILL, no goodbye
    await until(() => at.received().length, (n) => n >= RECIPIENTS / 4, 'a quarter of the send at the stand-in', 60_000).catch(async (err) => {
      const state = await t.database.query(`select state, count(*) from deliveries group by 1`);
      const send = await t.database.query(`select state, wait_event_type, wait_event, left(query, 150) as q from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
      throw new Error(`${(err as Error).message}\nworker output: ${first.output().slice(-2000)}\n${JSON.stringify(state)} ${JSON.stringify(send)}`);
    });
    first.kill('SIGKILL');
    await until(() => first.exitCode !== null || first.signalCode !== null, Boolean, 'the worker to die', 10_000);
    const atKill = at.received().length;
    expect(atKill).toBeLessThan(RECIPIENTS);
    const [left] = await withTenant(t.database, a.tenantId, (tx) =>
      rows<{ sending: number; queued: number }>(
        tx,
        sql`select count(*) filter (where state = 'sending')::int as sending, count(*) filter (where state = 'queued')::int as queued from deliveries where send_id = ${id}`,
      ),
    );
    // the kill left work behind: recipients still queued, and (usually) some claimed with their answers lost
    expect(left.queued).toBeGreaterThan(0);

    const second = startWorker();
    const done = await until(
      async () => (await owner.json('GET', `/sms/messages/get-message/${id}`)).json().data as SmsMessageRow,
      (m) => m.status === 'completed' && m.counts.delivered === RECIPIENTS,
      'the send to complete after the restart',
      200_000,
    ).catch(async (err) => {
      const states = await t.database.query(`select state, left(reason, 120) as reason, count(*) from deliveries group by 1, 2`);
      const byStatus: Record<string, number> = {};
      for (const r of at.reports.items) byStatus[`${r.status} ${r.error ?? ''} ${r.status === 200 ? '' : r.answer.slice(0, 200)}`] = (byStatus[`${r.status} ${r.error ?? ''} ${r.status === 200 ? '' : r.answer.slice(0, 200)}`] ?? 0) + 1;
      throw new Error(`${(err as Error).message}\nworker output: ${second.output().slice(-2000)}\n${JSON.stringify(states)}\n${JSON.stringify(byStatus)}`);
    });
    expect(done.counts).toMatchObject({ delivered: RECIPIENTS, queued: 0, sending: 0, unknown: 0, failed: 0, rejected: 0 });
    // at the provider: every recipient once
    const dups = at.duplicates();
    if (dups.length) {
      const n = dups[0].number;
      const row = await t.database.query(`select id, state, provider_id, attempts, claimed_at, sent_at, done_at, reason from deliveries where address = $1`, [n]);
      const reps = await t.database.query(`select r.* from delivery_reports r join deliveries d on d.id = r.delivery_id where d.address = $1`, [n]);
      const msgs = at.received().filter((m) => m.to === n);
      const posted = at.reports.items.filter((r) => msgs.some((m) => m.messageId === r.messageId)).map((r) => ({ status: r.status, answer: r.answer.slice(0, 100), error: r.error }));
      const statuses: Record<string, number> = {};
      for (const r of at.reports.items) statuses[String(r.status)] = (statuses[String(r.status)] ?? 0) + 1;
      throw new Error(`${dups.length} duplicates; ${n}: ${JSON.stringify({ row, reps, msgs, posted, statuses })}`);
    }
    expect(new Set(at.received().map((m) => m.to)).size).toBe(RECIPIENTS);
    expect(at.received()).toHaveLength(RECIPIENTS);
    // and the wallet charged each once
    const [w] = await withTenant(t.database, a.tenantId, (tx) => rows<{ balance: string }>(tx, sql`select balance::text as balance from wallets`));
    expect(Number(w.balance)).toBe(0);
  }, 320_000);
});
