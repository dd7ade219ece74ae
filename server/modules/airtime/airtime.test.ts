import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AirtimeMetrics, AirtimeSendRow, AirtimeTotals, AirtimeTransactionRow, AirtimeTransactionsTotals } from '../../../common/answers/airtime.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { CallbackSecrets } from '../../providers/sms/index.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { startAfricasTalkingStandIn, STANDIN_AT, type AfricasTalkingStandIn } from '../../testing/standins/africastalking.js';
import { deliveryEngine } from '../delivery/index.js';
import { addMember } from '../users/test-helpers.js';
import { addCredits } from '../wallet/index.js';
import { airtimeChannel } from './channel.js';

/**
 * Airtime top-ups through the delivery engine against the Africa's Talking stand-in (issue 16):
 * a send to numbers and contacts, one provider request per recipient keyed by its outbox row,
 * status callbacks settling each top-up and the wallet, refusals, refunds for a later failure,
 * the metrics, totals and lists, bad input, the callbacks' secrets, another company and a member
 * without the permission.
 */
let t: TestApp;
let at: AfricasTalkingStandIn;
let owner: TestClient;
let other: TestClient;
let accountant: TestClient;
let tenantA: number;
let tenantB: number;
let base: string;
const secrets = new CallbackSecrets('test-key-0123456789-0123456789-0123456789');
let statusUrl: string;

const inA = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(t.database, tenantA, fn);
const balance = async (tenantId = tenantA) =>
  Number((await withTenant(t.database, tenantId, (tx) => rows<{ b: string }>(tx, sql`select balance::text as b from wallets where tenant_id = ${tenantId}`)))[0].b);
const sendCount = async () => (await inA((tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from sends`)))[0].n;

/** waits (polling, no fixed sleep) until the value is as wanted */
async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const sendOf = async (c: TestClient, id: number) => (await c.get(`/airtime/sends/get-send/${id}`)).json().data as AirtimeSendRow;
const topUpsOf = (phone: string) => at.topUps().filter((x) => x.phoneNumber === phone);

beforeAll(async () => {
  at = await startAfricasTalkingStandIn();
  t = await createTestApp({
    AT_USERNAME: STANDIN_AT.username,
    AT_API_KEY: STANDIN_AT.apiKey,
    AT_API_URL: at.url,
    AIRTIME_DRIVERS: 'africastalking',
    DELIVERY_LEASE_SECONDS: '2',
    DELIVERY_REPORT_WINDOW_SECONDS: '1',
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const a = await seedTenant(t.database, 'Airtime A');
  const b = await seedTenant(t.database, 'Airtime B');
  tenantA = a.tenantId;
  tenantB = b.tenantId;
  statusUrl = secrets.url(`${base}/webhooks/airtime/status`, 'airtime-status', String(tenantA));
  at.setCallbacks({ airtime: statusUrl });
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  const m = await addMember(t.database, tenantA, 'accountant', 'accountant@airtime-a.test');
  accountant = new TestClient(t.app);
  await accountant.login(m.email, m.password);
  // a Kenyan company: local numbers are read as Kenyan, and airtime is in KES
  await t.database.query(`update tenants set settings = coalesce(settings, '{}'::jsonb) || '{"country":"KE"}'::jsonb where id = $1`, [tenantA]);
  await inA(async (tx) => {
    await tx.execute(sql`insert into outreach_contacts (tenant_id, first_name, last_name, phone, consent_sms) values
      (${tenantA}, 'Amina', 'Otieno', '+254711100001', 'withdrawn'),
      (${tenantA}, 'Baraka', 'Mwangi', '+254711100002', 'granted')`);
    await tx.execute(sql`insert into contact_suppressions (tenant_id, contact_id, channel, reason)
      select ${tenantA}, id, 'sms', 'manual' from outreach_contacts where tenant_id = ${tenantA} and phone = '+254711100002'`);
    await addCredits(tx, { tenantId: tenantA, kind: 'paid', movement: 'purchase', credits: '1000', description: 'Bought', amount: '1000', currency: 'KES' });
  });
});

afterAll(async () => {
  await t?.close();
  await at?.close();
});

describe('airtime', () => {
  it('tops up each number once, settles each top-up from its status callback and charges the amount × the airtime rate', async () => {
    const before = await balance();
    const amina = (await inA((tx) => rows<{ id: number }>(tx, sql`select id from outreach_contacts where phone = '+254711100001'`)))[0].id;
    const r = await owner.json('POST', '/airtime/send', { recipients: { contact_ids: [amina], segment_ids: [], numbers: ['0722 000 001', '+254722000002', '+254711100001'] }, amount: '50' });
    expect(r.statusCode, r.body).toBe(201);
    const sent = r.json().data as AirtimeSendRow;
    // Amina withdrew SMS consent: airtime needs none; her number pasted again is one top-up
    expect(sent).toMatchObject({ recipients: 3, amount: '50.00', currency: 'KES', credits_reserved: '150.0000' });
    const done = await until(() => sendOf(owner, sent.id), (s) => s.status === 'completed' && s.counts.delivered === 3, 'the top-ups to settle');
    expect(done.counts).toMatchObject({ delivered: 3, queued: 0, sending: 0, sent: 0, unknown: 0 });
    for (const phone of ['+254722000001', '+254722000002', '+254711100001']) {
      const ups = topUpsOf(phone);
      expect(ups).toHaveLength(1);
      expect(ups[0].amount).toBe('KES 50');
    }
    expect(await balance()).toBe(before - 150);
    const list = await owner.json('GET', `/airtime/transactions/json?send_id=${sent.id}&per_page=50`);
    expect(list.statusCode, list.body).toBe(200);
    const txs = list.json().data as AirtimeTransactionRow[];
    expect(txs).toHaveLength(3);
    for (const x of txs) {
      expect(x).toMatchObject({ state: 'delivered', amount: '50.00', currency: 'KES', credits: '50.0000', provider_status: 'Success' });
      // the provider's idempotency key is the outbox row: a retry of the row is the same request
      expect(at.topUps().find((u) => u.requestId === x.provider_request_id)?.idempotencyKey).toBe(`kazi-delivery-${x.id}`);
      expect(x.delivered_at).not.toBeNull();
    }
    expect(txs.find((x) => x.phone === '+254711100001')).toMatchObject({ contact_id: amina, contact_name: 'Amina Otieno' });
    const one = await owner.json('GET', `/airtime/transactions/get-transaction/${txs[0].id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.id).toBe(txs[0].id);
    const mr = await owner.json('GET', '/airtime/metrics');
    expect(mr.statusCode, mr.body).toBe(200);
    const metrics = mr.json().data as AirtimeMetrics;
    expect(metrics).toEqual({ total: 3, scheduled: 0, pending: 0, successful: 3, failed: 0, total_sent: '150.00', currency: 'KES' });
    const totals = (await owner.json('GET', '/airtime/totals?type=7d')).json().data as AirtimeTotals;
    expect(totals.totals).toMatchObject({ recipients: 3, sent: 3, successful: 3, failed: 0, amount: '150.00' });
    expect(totals.series).toHaveLength(7);
    expect(totals.series[6]).toMatchObject({ successful: 3, amount: '150.00' });
    const tt = (await owner.json('GET', '/airtime/transactions-totals')).json().data as AirtimeTransactionsTotals;
    expect(tt.counts.delivered).toBe(3);
    expect(tt.amounts).toEqual([{ currency: 'KES', delivered: '150.00', pending: '0.00', failed: '0.00' }]);
  });

  it('never tops up twice when a recipient is dispatched again', async () => {
    const r = await owner.json('POST', '/airtime/send', { recipients: { numbers: ['+254733000001'] }, amount: 10, scheduled_at: '2099-01-01T09:00' });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data.status).toBe('scheduled');
    const [row] = await inA((tx) => rows<{ id: number }>(tx, sql`select id from deliveries where send_id = ${r.json().data.id}`));
    const channel = airtimeChannel(t.app);
    const send = { id: r.json().data.id, tenantId: tenantA, channel: 'airtime' as const, status: 'sending' as const, driver: 'africastalking', body: '', senderId: null, personalised: false, amount: '10.0000', currency: 'KES', ignoreQuietHours: false };
    const claimed = { id: Number(row.id), contactId: null, address: '+254733000001', body: null, units: '10.0000', attempts: 1, refusals: 0 };
    const first = await channel.dispatch(send, [claimed]);
    const again = await channel.dispatch(send, [claimed]);
    expect(first[0]).toMatchObject({ outcome: 'accepted' });
    expect(again).toEqual(first);
    expect(topUpsOf('+254733000001')).toHaveLength(1);
    const metrics = (await owner.json('GET', '/airtime/metrics')).json().data as AirtimeMetrics;
    expect(metrics.scheduled).toBe(1);
    expect((await owner.json('GET', `/airtime/sends/json?status=scheduled`)).json().data).toHaveLength(1);
  });

  it('gives back at once what the provider refuses, and refunds a top-up whose status comes back Failed', async () => {
    at.setNumber('9', { airtimeError: 'Value is outside the allowed limits' });
    at.setCallbacks({ airtime: undefined });
    const before = await balance();
    const r = await owner.json('POST', '/airtime/send', { recipients: { numbers: ['+254744000008', '+254744000009'] }, amount: '20.50', currency: 'kes' });
    expect(r.statusCode, r.body).toBe(201);
    const id = r.json().data.id as number;
    // the refusal is answered at once; the other waits for its status callback (the send completes and is charged)
    await until(() => sendOf(owner, id), (s) => s.status === 'completed' && s.counts.rejected === 1 && s.counts.sent === 1, 'the answers');
    const refused = (await owner.json('GET', `/airtime/transactions/json?send_id=${id}&state=rejected`)).json().data as AirtimeTransactionRow[];
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ phone: '+254744000009', credits: '0.0000' });
    expect(refused[0].reason).toMatch(/outside the allowed limits/);
    const pending = (await owner.json('GET', '/airtime/metrics')).json().data as AirtimeMetrics;
    expect(pending.pending).toBe(1);
    await until(() => balance(), (b) => b === before - 20.5, 'the charge of the one that went');
    at.setCallbacks({ airtime: statusUrl });
    const [up] = topUpsOf('+254744000008');
    const status = await at.airtimeStatus(up.requestId, 'Failed', 'Subscriber not found');
    expect(status.status).toBe(200);
    const failed = (await owner.json('GET', `/airtime/transactions/json?send_id=${id}&state=failed`)).json().data as AirtimeTransactionRow[];
    expect(failed).toHaveLength(1);
    expect(failed[0].reason).toMatch(/Subscriber not found/);
    await deliveryEngine(t.app.ctx).sweep();
    expect(await balance()).toBe(before);
    const lines = await inA((tx) => rows<{ movement: string }>(tx, sql`select movement from credit_movements where reference = ${`send:${id}`} order by id`));
    expect(lines.map((l) => l.movement)).toEqual(['reserve', 'settle', 'refund']);
    // a Success arriving after the failure does not undo it
    await at.airtimeStatus(up.requestId, 'Success');
    expect((await owner.json('GET', `/airtime/transactions/json?send_id=${id}&state=failed`)).json().data).toHaveLength(1);
    at.setNumber('9', {});
  });

  it('pauses the send when the provider says the account balance is short', async () => {
    at.setNumber('7', { airtimeError: 'Insufficient Credit' });
    const r = await owner.json('POST', '/airtime/send', { recipients: { numbers: ['+254755000007'] }, amount: '5' });
    const id = r.json().data.id as number;
    const paused = await until(() => sendOf(owner, id), (s) => s.status === 'paused', 'the pause');
    expect(paused.pause_reason).toMatch(/Insufficient Credit/);
    expect((await owner.json('POST', `/airtime/sends/pause/${id}`, {})).statusCode).toBe(409);
    at.setNumber('7', {});
    // the provider remembers its refusal under the first key: the resumed request carries the next one
    const resumed = await owner.json('POST', `/airtime/sends/resume/${id}`, {});
    expect(resumed.statusCode, resumed.body).toBe(200);
    await until(() => sendOf(owner, id), (s) => s.status === 'completed' && s.counts.delivered === 1, 'the resumed top-up');
    expect(at.topUps().filter((u) => u.phoneNumber === '+254755000007')).toHaveLength(1);
  });

  it('pauses when the provider refuses the whole request for the account, and resumes without topping up twice', async () => {
    at.failNext({ status: 401, text: 'The supplied authentication is invalid' });
    const r = await owner.json('POST', '/airtime/send', { recipients: { numbers: ['+254755000011'] }, amount: '5' });
    const id = r.json().data.id as number;
    const paused = await until(() => sendOf(owner, id), (s) => s.status === 'paused', 'the pause');
    expect(paused.pause_reason).toMatch(/authentication is invalid/);
    expect(topUpsOf('+254755000011')).toHaveLength(0);
    expect((await other.json('POST', `/airtime/sends/resume/${id}`, {})).statusCode).toBe(404);
    expect((await accountant.json('POST', `/airtime/sends/resume/${id}`, {})).statusCode).toBe(403);
    const resumed = await owner.json('POST', `/airtime/sends/resume/${id}`, {});
    expect(resumed.statusCode, resumed.body).toBe(200);
    await until(() => sendOf(owner, id), (s) => s.status === 'completed' && s.counts.delivered === 1, 'the resumed send');
    expect(topUpsOf('+254755000011')).toHaveLength(1);
    expect((await owner.json('POST', `/airtime/sends/resume/${id}`, {})).statusCode).toBe(409);
  });

  it('cancels a scheduled send and gives its credits back', async () => {
    const before = await balance();
    const r = await owner.json('POST', '/airtime/send', { recipients: { numbers: ['+254777000001'] }, amount: '15', scheduled_at: '2099-06-01T09:00' });
    const id = r.json().data.id as number;
    expect(await balance()).toBe(before - 15);
    const cancelled = await owner.json('POST', `/airtime/sends/cancel/${id}`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ message: 'Airtime cancelled', data: { status: 'cancelled', counts: { cancelled: 1 } } });
    expect(await balance()).toBe(before);
    const again = await owner.json('POST', `/airtime/sends/cancel/${id}`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This airtime send cannot be cancelled now.');
    expect(topUpsOf('+254777000001')).toHaveLength(0);
  });

  it('leaves out phones suppressed on SMS', async () => {
    const baraka = (await inA((tx) => rows<{ id: number }>(tx, sql`select id from outreach_contacts where phone = '+254711100002'`)))[0].id;
    const r = await owner.json('POST', '/airtime/send', { recipients: { contact_ids: [baraka], numbers: ['+254711100002'] }, amount: '5' });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.recipients).toBeDefined();
  });

  it('refuses a send the wallet cannot pay for and writes nothing', async () => {
    const before = await sendCount();
    const r = await owner.json('POST', '/airtime/send', { recipients: { numbers: ['+254766000001', '+254766000002'] }, amount: '5000' });
    expect(r.statusCode, r.body).toBe(402);
    expect(r.json().message).toMatch(/Not enough credits/);
    expect(await sendCount()).toBe(before);
  });

  it('answers bad input with 422 on the field and writes nothing', async () => {
    const before = await sendCount();
    const bad = async (body: Record<string, unknown>, field: string) => {
      const r = await owner.json('POST', '/airtime/send', { recipients: { numbers: ['+254700000001'] }, amount: '10', ...body });
      expect(r.statusCode, `${JSON.stringify(body)} ${r.body}`).toBe(422);
      expect(r.json().errors[field], r.body).toBeDefined();
    };
    await bad({ amount: 'ten' }, 'amount');
    await bad({ amount: '0' }, 'amount');
    await bad({ amount: -5 }, 'amount');
    await bad({ amount: '1.234' }, 'amount');
    await bad({ amount: '' }, 'amount');
    await bad({ currency: 'XYZ' }, 'currency');
    await bad({ currency: 'USD' }, 'currency');
    await bad({ recipients: { numbers: [] } }, 'recipients');
    await bad({ recipients: { numbers: ['nonsense'] } }, 'recipients.numbers');
    await bad({ recipients: { segment_ids: [999999] } }, 'recipients.segment_ids');
    await bad({ scheduled_at: '2020-01-01T10:00' }, 'scheduled_at');
    expect((await owner.json('GET', '/airtime/totals?type=2d')).statusCode).toBe(422);
    expect(await sendCount()).toBe(before);
  });

  it('keeps companies apart and checks permissions', async () => {
    const [{ id, send_id }] = await inA((tx) => rows<{ id: number; send_id: number }>(tx, sql`select id, send_id from deliveries order by id limit 1`));
    expect((await other.json('GET', `/airtime/transactions/get-transaction/${id}`)).statusCode).toBe(404);
    expect((await other.json('GET', `/airtime/sends/get-send/${send_id}`)).statusCode).toBe(404);
    expect((await other.json('GET', '/airtime/transactions/json')).json().data).toEqual([]);
    expect((await other.json('GET', '/airtime/metrics')).json().data).toMatchObject({ total: 0, successful: 0, total_sent: '0.00' });
    expect((await other.json('GET', '/airtime/transactions-totals')).json().data.amounts).toEqual([]);
    for (const url of ['/airtime/metrics', '/airtime/totals', '/airtime/transactions-totals', '/airtime/transactions/json', '/airtime/sends/json']) {
      expect((await accountant.json('GET', url)).statusCode, url).toBe(403);
    }
    expect((await accountant.json('POST', '/airtime/send', { recipients: { numbers: ['+254700000001'] }, amount: '10' })).statusCode).toBe(403);
  });

  it('renders Airtime/Overview and Airtime/Transactions for those who may view airtime', async () => {
    const overview = await owner.get('/airtime', { inertia: true });
    expect(overview.statusCode).toBe(200);
    expect(overview.json().component).toBe('Airtime/Overview');
    expect((await owner.get('/airtime/transactions', { inertia: true })).json().component).toBe('Airtime/Transactions');
    expect((await accountant.get('/airtime', { inertia: true })).statusCode).toBe(403);
  });

  it('exports the top-ups as CSV', async () => {
    const r = await owner.get('/airtime/transactions/export?format=csv');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.body).toContain('+254722000001');
  });
});

describe("Africa's Talking airtime status callbacks", () => {
  const post = (path: string, body: string) => t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body });

  it('refuses a forged or another kind of address and changes nothing', async () => {
    const [row] = await inA((tx) => rows<{ provider_id: string; state: string }>(tx, sql`select provider_id, state from deliveries where channel = 'airtime' and state = 'delivered' order by id limit 1`));
    const body = new URLSearchParams({ requestId: row.provider_id, status: 'Failed', phoneNumber: '+254722000001', description: 'x' }).toString();
    expect((await post(`/webhooks/airtime/status/${tenantA}/forged`, body)).statusCode).toBe(400);
    expect((await post(secrets.url('/webhooks/airtime/status', 'sms-delivery', String(tenantA)), body)).statusCode).toBe(400);
    const foreign = await post(secrets.url('/webhooks/airtime/status', 'airtime-status', String(tenantB)), body);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json().found).toBe(false);
    const [after] = await inA((tx) => rows<{ state: string }>(tx, sql`select state from deliveries where provider_id = ${row.provider_id}`));
    expect(after.state).toBe('delivered');
  });
});
