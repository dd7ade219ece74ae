import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PaymentDriver } from '../../../common/wallet.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { WebhookRejected, type PaymentGateway, type ProviderOutcome, type StartPayment } from '../../providers/payments/types.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { addMember } from '../users/test-helpers.js';
import { grantOperator } from '../platform/operators.js';
import {
  approveOfflinePayment,
  expireOverduePayments,
  paymentOf,
  registerPaymentPurpose,
  startPayment,
  sweepPayments,
  useGateway,
  type PaymentRow,
} from './index.js';
import { scheduleNextSweep } from './sweep.js';

/**
 * The payments core (docs/decisions/0031) with a purpose registered here: a payment settles
 * once whatever reports it — a webhook, its replay, a duplicate racing it, a status query — a
 * forged webhook changes nothing, a late success is marked late, and the operator's offline
 * approvals are operator-only.
 *
 * The gateways here are this test's own drivers, so that each outcome can be reported at will:
 * they sign their webhooks with an HMAC like a provider does, so a forged one is refused by the
 * same code path. The real drivers (log, offline, and Stripe and M-Pesa against their stand-in
 * servers over HTTP) are in providers.test.ts.
 */
const SECRET = 'whsec_test';
const sign = (body: string) => createHmac('sha256', SECRET).update(body).digest('hex');

class TestGateway implements PaymentGateway {
  started: StartPayment[] = [];
  answers = new Map<string, ProviderOutcome>();
  private n = 0;
  constructor(readonly name: PaymentDriver) {}
  async start(r: StartPayment) {
    this.started.push(r);
    const providerRef = `${this.name}_${r.paymentId}_${++this.n}`;
    if (this.name === 'log') return { providerRef, action: { kind: 'done' as const }, outcome: { status: 'succeeded' as const, providerRef, receipt: `LOG-${r.paymentId}` } };
    if (this.name === 'offline') return { providerRef, action: { kind: 'instructions' as const, text: 'Pay to account 123', reference: providerRef } };
    if (this.name === 'mpesa') return { providerRef, action: { kind: 'stk_push' as const, message: 'Check your phone' } };
    return { providerRef, action: { kind: 'redirect' as const, url: `https://pay.test/${providerRef}` } };
  }
  readWebhook(w: { headers: Record<string, string | string[] | undefined>; rawBody: Buffer }) {
    if (w.headers['x-test-signature'] !== sign(w.rawBody.toString())) throw new WebhookRejected('bad signature');
    const e = JSON.parse(w.rawBody.toString()) as { id: string; ref: string; status: ProviderOutcome['status'] | 'other'; amount?: string; currency?: string; reason?: string };
    if (e.status === 'other') return null;
    return { eventId: e.id, providerRef: e.ref, status: e.status, amount: e.amount, currency: e.currency, receipt: `R-${e.id}`, reason: e.reason };
  }
  async query(ref: string): Promise<ProviderOutcome> {
    return this.answers.get(ref) ?? { status: 'pending', providerRef: ref };
  }
}

let t: TestApp;
let a: Awaited<ReturnType<typeof seedTenant>>;
let b: Awaited<ReturnType<typeof seedTenant>>;
let owner: TestClient;
let operator: TestClient;
const gw = {} as Record<PaymentDriver, TestGateway>;
/** the purpose's calls: payment id → times called, and the tenant each call ran under */
const calls = new Map<number, number>();
let failNext = false;

registerPaymentPurpose('test_order', {
  async onSucceeded(tx, payment: PaymentRow) {
    const [{ tenant }] = await rows<{ tenant: string }>(tx, sql`select current_setting('app.tenant_id', true) as tenant`);
    expect(Number(tenant)).toBe(payment.tenant_id);
    // written in the settling transaction: rolled back with it when this throws
    await tx.execute(sql`insert into payment_events (tenant_id, payment_id, driver, event_id, outcome, effect) values (${payment.tenant_id}, ${payment.id}, ${payment.driver}, ${`handled:${payment.id}`}, 'succeeded', 'handled')`);
    if (failNext) {
      failNext = false;
      throw new Error('handler failed');
    }
    calls.set(payment.id, (calls.get(payment.id) ?? 0) + 1);
  },
});

let seq = 0;
const start = (driver: PaymentDriver, extra: Partial<Parameters<typeof startPayment>[1]> = {}) =>
  startPayment(t.app, {
    tenantId: a.tenantId,
    purpose: 'test_order',
    reference: `order-${++seq}`,
    amount: '1500',
    currency: 'KES',
    description: 'Test order',
    driver,
    phone: driver === 'mpesa' ? '+254712345678' : null,
    userId: a.userId,
    returnPath: '/orders/1',
    ...extra,
  });

const payment = (id: number, tenantId = a.tenantId) => withTenant(t.database, tenantId, (tx) => paymentOf(tx, id));
const refOf = async (id: number) => (await payment(id))!.provider_ref!;
const post = (url: string, body: unknown, headers: Record<string, string> = {}) => {
  const text = JSON.stringify(body);
  return t.app.inject({ method: 'POST', url, payload: text, headers: { 'content-type': 'application/json', 'x-test-signature': sign(text), ...headers } });
};
const stripeEvent = (id: string, ref: string, status: string, more: Record<string, unknown> = {}) => post('/webhooks/stripe', { id, ref, status, ...more });

beforeAll(async () => {
  t = await createTestApp({ KAZI_OPERATORS: 'ops@platform.test' });
  for (const d of ['stripe', 'mpesa', 'offline', 'log'] as const) {
    gw[d] = new TestGateway(d);
    useGateway(t.app, gw[d]);
  }
  a = await seedTenant(t.database, 'Payments A');
  b = await seedTenant(t.database, 'Payments B');
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  // an operator by the table (the env list is checked in its own test); also a member of company B
  const op = await addMember(t.database, b.tenantId, 'viewer', 'operator@platform.test');
  await grantOperator(t.database, 'Operator@Platform.test');
  operator = new TestClient(t.app);
  await operator.login(op.email, op.password);
});
afterAll(() => t?.close());
beforeEach(() => calls.clear());

describe('starting a payment', () => {
  it('the log driver settles at once and the purpose runs once, in the tenant', async () => {
    const started = await start('log');
    expect(started).toMatchObject({ status: 'succeeded', action: null });
    expect(calls.get(started.paymentId)).toBe(1);
    const p = (await payment(started.paymentId))!;
    expect(p).toMatchObject({ status: 'succeeded', late: false, provider_receipt: `LOG-${started.paymentId}`, amount: '1500.0000', created_by: a.userId });
    expect(p.settled_at).not.toBeNull();
    // the row id is the idempotency key; the M-Pesa driver adds /<id>/<token> to the callback address
    const sent = gw.log.started.at(-1)!;
    expect(sent).toMatchObject({ paymentId: String(started.paymentId), amount: '1500.00', currency: 'KES', returnUrl: `http://kazi.test/orders/1?payment=${started.paymentId}` });
    expect(sent.callbackUrl).toBe('http://kazi.test/webhooks/mpesa');
    expect(new Date(p.expires_at).getTime() - sent.expiresAt!.getTime()).toBe(0);
    // paid for: a second start is refused
    await expect(start('log', { reference: `order-${seq}` })).rejects.toMatchObject({ statusCode: 409 });
  });

  it('refuses bad amounts, foreign currencies and a missing phone with 422 before any row or provider call', async () => {
    const before = gw.mpesa.started.length + gw.stripe.started.length;
    const [{ n: rowsBefore }] = await t.database.query<{ n: number }>('select count(*)::int as n from payments');
    await expect(start('mpesa', { amount: '0' })).rejects.toMatchObject({ statusCode: 422, errors: { amount: [expect.any(String)] } });
    await expect(start('mpesa', { amount: '10.50' })).rejects.toMatchObject({ statusCode: 422, errors: { amount: ['The amount must be a whole number for this payment method.'] } });
    await expect(start('mpesa', { amount: '250001' })).rejects.toMatchObject({ statusCode: 422, errors: { amount: ['The amount may not be greater than 250000.'] } });
    await expect(start('mpesa', { currency: 'USD' })).rejects.toMatchObject({ statusCode: 422, errors: { currency: [expect.stringContaining('KES')] } });
    await expect(start('mpesa', { phone: null })).rejects.toMatchObject({ statusCode: 422, errors: { phone: ['The phone number is required for M-Pesa.'] } });
    await expect(start('stripe', { amount: '-5' })).rejects.toMatchObject({ statusCode: 422 });
    await expect(start('stripe', { currency: 'XXX' })).rejects.toMatchObject({ statusCode: 422, errors: { currency: [expect.any(String)] } });
    await expect(start('stripe', { amount: '1e3' })).rejects.toMatchObject({ statusCode: 422 });
    expect(gw.mpesa.started.length + gw.stripe.started.length).toBe(before);
    const [{ n: rowsAfter }] = await t.database.query<{ n: number }>('select count(*)::int as n from payments');
    expect(rowsAfter).toBe(rowsBefore);
  });

  it('a driver that is not offered here is a 422 on driver', async () => {
    useGateway(t.app, null, 'offline');
    try {
      await expect(start('offline')).rejects.toMatchObject({ statusCode: 422, errors: { driver: [expect.any(String)] } });
    } finally {
      useGateway(t.app, gw.offline);
    }
  });

  it('a provider that fails takes back the payment it was starting (502), an invalid request is a 422', async () => {
    const original = gw.stripe.start.bind(gw.stripe);
    const [{ n: rowsBefore }] = await t.database.query<{ n: number }>('select count(*)::int as n from payments');
    gw.stripe.start = async () => {
      throw Object.assign(new Error('Stripe could not be reached (no answer within 10 s).'), { name: 'ProviderError' });
    };
    await expect(start('stripe')).rejects.toMatchObject({ statusCode: 502, message: 'Stripe could not be reached (no answer within 10 s).' });
    gw.stripe.start = async () => {
      throw Object.assign(new Error('Stripe takes no e-mail like that.'), { name: 'PaymentRequestInvalid', field: 'email' });
    };
    await expect(start('stripe')).rejects.toMatchObject({ statusCode: 422, errors: { email: ['Stripe takes no e-mail like that.'] } });
    gw.stripe.start = original;
    const [{ n: rowsAfter }] = await t.database.query<{ n: number }>('select count(*)::int as n from payments');
    expect(rowsAfter).toBe(rowsBefore);
  });

  it('restarts a pending payment with another driver: same row, a new attempt; a success of the earlier attempt still settles it, once', async () => {
    const first = await start('mpesa');
    const mpesaRef = await refOf(first.paymentId);
    const again = await start('stripe', { reference: `order-${seq}` });
    expect(again.paymentId).toBe(first.paymentId);
    expect(again.action).toMatchObject({ kind: 'redirect' });
    expect((await payment(first.paymentId))!.driver).toBe('stripe');
    // the superseded M-Pesa attempt failing changes nothing …
    const token = 'token-checked-by-the-driver';
    expect((await post(`/webhooks/mpesa/${first.paymentId}/${token}`, { id: 'm-fail', ref: mpesaRef, status: 'failed', reason: 'Cancelled by user' })).statusCode).toBe(200);
    expect((await payment(first.paymentId))!.status).toBe('pending');
    // … but its success counts
    const res = await post(`/webhooks/mpesa/${first.paymentId}/${token}`, { id: 'm-ok', ref: mpesaRef, status: 'succeeded', amount: '1500', currency: 'KES' });
    expect(res.json()).toMatchObject({ ResultCode: 0, effect: 'succeeded' });
    expect((await payment(first.paymentId))!).toMatchObject({ status: 'succeeded', driver: 'mpesa', provider_receipt: 'R-m-ok' });
    expect(calls.get(first.paymentId)).toBe(1);
    const [{ n }] = await t.database.query<{ n: number }>('select count(*)::int as n from payment_attempts where payment_id = $1', [first.paymentId]);
    expect(n).toBe(2);
  });

  it('a purpose that fails rolls the success back with it: the payment stays pending and settles on the next report', async () => {
    const s = await start('stripe');
    const ref = await refOf(s.paymentId);
    failNext = true;
    const res = await stripeEvent('evt_fail_1', ref, 'succeeded');
    expect(res.statusCode).toBe(500);
    expect((await payment(s.paymentId))!.status).toBe('pending');
    // the event itself was rolled back too, so the provider's retry is not taken for a replay
    expect((await stripeEvent('evt_fail_1', ref, 'succeeded')).json()).toMatchObject({ effect: 'succeeded' });
    expect(calls.get(s.paymentId)).toBe(1);
  });
});

describe('webhooks', () => {
  it('a signed Stripe webhook settles; a forged one is a 400 and changes nothing; a replay settles once', async () => {
    const s = await start('stripe');
    const ref = await refOf(s.paymentId);
    const body = JSON.stringify({ id: 'evt_1', ref, status: 'succeeded', amount: '1500.00', currency: 'kes' });
    const forged = await t.app.inject({ method: 'POST', url: '/webhooks/stripe', payload: body, headers: { 'content-type': 'application/json', 'x-test-signature': sign(body.replace('1500', '1600')) } });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: 'The webhook signature is not valid.' });
    expect((await payment(s.paymentId))!.status).toBe('pending');
    const [{ n: events }] = await t.database.query<{ n: number }>('select count(*)::int as n from payment_events where payment_id = $1', [s.paymentId]);
    expect(events).toBe(0);

    const ok = await stripeEvent('evt_1', ref, 'succeeded', { amount: '1500.00', currency: 'kes' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ received: true, effect: 'succeeded' });
    const replay = await stripeEvent('evt_1', ref, 'succeeded', { amount: '1500.00', currency: 'kes' });
    expect(replay.json()).toEqual({ received: true, effect: 'duplicate' });
    // another event reporting the same success (payment_intent.succeeded after checkout.session.completed)
    expect((await stripeEvent('evt_2', ref, 'succeeded')).json()).toEqual({ received: true, effect: 'none' });
    expect(calls.get(s.paymentId)).toBe(1);
    expect((await payment(s.paymentId))!).toMatchObject({ status: 'succeeded', provider_receipt: 'R-evt_1', late: false });
  });

  it('duplicated webhooks arriving together settle once', async () => {
    const s = await start('stripe');
    const ref = await refOf(s.paymentId);
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => stripeEvent('evt_race', ref, 'succeeded')),
      ...Array.from({ length: 6 }, (_, i) => stripeEvent(`evt_race_${i}`, ref, 'succeeded')),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    expect(results.filter((r) => r.json().effect === 'succeeded')).toHaveLength(1);
    expect(calls.get(s.paymentId)).toBe(1);
  });

  it('a webhook for a payment Kazi does not know is acknowledged and ignored; one that concerns no outcome too', async () => {
    expect((await stripeEvent('evt_x', 'cs_unknown', 'succeeded')).json()).toEqual({ received: true, ignored: true });
    expect((await stripeEvent('evt_y', 'cs_unknown', 'other')).json()).toEqual({ received: true });
  });

  it('an amount other than the one asked fails the payment instead of paying it', async () => {
    const s = await start('stripe');
    const ref = await refOf(s.paymentId);
    expect((await stripeEvent('evt_amt', ref, 'succeeded', { amount: '15.00', currency: 'KES' })).json()).toMatchObject({ effect: 'failed' });
    expect((await payment(s.paymentId))!).toMatchObject({ status: 'failed', failure_reason: expect.stringContaining('not 1500.0000 KES') });
    expect(calls.get(s.paymentId)).toBeUndefined();
  });

  it('an M-Pesa callback: a failure marks the payment failed with the reason', async () => {
    const s = await start('mpesa');
    const ref = await refOf(s.paymentId);
    const failed = await post(`/webhooks/mpesa/${s.paymentId}/token`, { id: 'cb2', ref, status: 'failed', reason: 'Request cancelled by user' });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({ ResultCode: 0, ResultDesc: 'Accepted', effect: 'failed' });
    expect((await payment(s.paymentId))!).toMatchObject({ status: 'failed', failure_reason: 'Request cancelled by user' });
  });

  it('a callback on one payment’s address carrying another payment’s reference changes nothing', async () => {
    const s1 = await start('mpesa');
    const s2 = await start('mpesa');
    const ref2 = await refOf(s2.paymentId);
    expect((await post(`/webhooks/mpesa/${s1.paymentId}/token`, { id: 'cb-x', ref: ref2, status: 'succeeded' })).json()).toMatchObject({ ignored: true });
    expect((await payment(s1.paymentId))!.status).toBe('pending');
    expect((await payment(s2.paymentId))!.status).toBe('pending');
  });
});

describe('the sweep', () => {
  it('asks the provider about a payment whose callback never came, and settles it', async () => {
    const s = await start('mpesa');
    const ref = await refOf(s.paymentId);
    await t.database.query(`update payments set updated_at = now() - interval '5 minutes' where id = $1`, [s.paymentId]);
    gw.mpesa.answers.set(ref, { status: 'succeeded', providerRef: ref, receipt: 'QK1234ABC', amount: '1500', currency: 'KES' });
    // (the app's own sweep job, once a minute, may get there first: either way it settles once)
    expect((await sweepPayments(t.app)).failed).toBe(0);
    expect((await payment(s.paymentId))!).toMatchObject({ status: 'succeeded', provider_receipt: 'QK1234ABC', late: false });
    expect(calls.get(s.paymentId)).toBe(1);
    await sweepPayments(t.app);
    expect(calls.get(s.paymentId)).toBe(1);
  });

  it('expires abandoned payments; a success after expiry is credited once and marked late', async () => {
    const s = await start('stripe');
    const ref = await refOf(s.paymentId);
    const fresh = await start('stripe');
    await t.database.query(`update payments set expires_at = now() - interval '1 minute' where id = $1`, [s.paymentId]);
    await expireOverduePayments(t.database);
    expect((await payment(s.paymentId))!).toMatchObject({ status: 'expired', failure_reason: 'The payment was not completed in time.' });
    expect((await payment(fresh.paymentId))!.status).toBe('pending');
    const late = await stripeEvent('evt_late', ref, 'succeeded');
    expect(late.json()).toMatchObject({ effect: 'succeeded' });
    expect((await payment(s.paymentId))!).toMatchObject({ status: 'succeeded', late: true, failure_reason: null });
    expect((await stripeEvent('evt_late_2', ref, 'succeeded')).json()).toMatchObject({ effect: 'none' });
    expect(calls.get(s.paymentId)).toBe(1);
  });
});

describe('the sweep job', () => {
  it('is queued once per minute however many processes schedule it', async () => {
    const at = new Date(Date.UTC(2030, 0, 1, 12, 0, 30));
    const first = await scheduleNextSweep(t.app.ctx.queue, at);
    const again = await scheduleNextSweep(t.app.ctx.queue, new Date(at.getTime() + 10_000));
    expect(first).toBeTruthy();
    expect(again).toBeNull();
    expect(await scheduleNextSweep(t.app.ctx.queue, new Date(at.getTime() + 60_000))).toBeTruthy();
  });
});

describe("a company's own payments", () => {
  it('answers its payment; another company’s id is a 404', async () => {
    const s = await start('mpesa');
    const mine = await owner.json('GET', `/payments/get-payment/${s.paymentId}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ id: s.paymentId, status: 'pending', driver: 'mpesa', action: { kind: 'stk_push' } });
    const other = new TestClient(t.app);
    await other.login(b.email, b.password);
    expect((await other.json('GET', `/payments/get-payment/${s.paymentId}`)).statusCode).toBe(404);
    expect((await other.json('POST', `/payments/refresh/${s.paymentId}`)).statusCode).toBe(404);
    expect((await owner.json('GET', '/payments/get-payment/abc')).statusCode).toBe(404);
    const refreshed = await owner.json('POST', `/payments/refresh/${s.paymentId}`);
    expect(refreshed.json()).toMatchObject({ message: 'The payment is still waiting.', data: { status: 'pending' } });
  });
});

describe('the operator', () => {
  it('operator routes are 403 for everyone else, a company owner included', async () => {
    for (const [method, url] of [
      ['GET', '/operator/payments/json'],
      ['POST', `/operator/payments/${a.tenantId}/1/approve`],
      ['POST', `/operator/payments/${a.tenantId}/1/reject`],
    ] as const) {
      expect((await owner.json(method, url, method === 'POST' ? { reason: 'nope nope' } : undefined)).statusCode).toBe(403);
    }
    expect((await owner.get('/operator/payments', { inertia: true })).statusCode).toBe(403);
    expect((await new TestClient(t.app).json('GET', '/operator/payments/json')).statusCode).toBe(401);
  });

  it('an operator by KAZI_OPERATORS is one too', async () => {
    const m = await addMember(t.database, a.tenantId, 'viewer', 'ops@platform.test');
    const c = new TestClient(t.app);
    await c.login(m.email, m.password);
    expect((await c.json('GET', '/operator/payments/json')).statusCode).toBe(200);
    const page = await c.get('/operator/payments', { inertia: true });
    expect(page.json()).toMatchObject({ component: 'Operator/Payments', props: { operator: true } });
    // the shell shows the Operator menu by this shared prop: false for a company's owner
    expect((await owner.get('/dashboard', { inertia: true })).json().props.operator).toBe(false);
    expect((await operator.get('/dashboard', { inertia: true })).json().props.operator).toBe(true);
  });

  it('lists offline payments waiting, approves one once (late when it had expired), rejects another with a reason', async () => {
    const s1 = await start('offline');
    const s2 = await start('offline');
    expect(s1.action).toMatchObject({ kind: 'instructions' });
    const list = await operator.json('GET', '/operator/payments/json?type=waiting');
    expect(list.statusCode).toBe(200);
    const ids = list.json().data.map((r: { id: number }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([s1.paymentId, s2.paymentId]));
    expect(list.json().data.find((r: { id: number }) => r.id === s1.paymentId)).toMatchObject({ company: 'Payments A', amount: '1500.0000', driver: 'offline', status: 'pending', tenant_id: a.tenantId });

    const approved = await operator.json('POST', `/operator/payments/${a.tenantId}/${s1.paymentId}/approve`, { receipt: 'BANK-REF-9' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ message: 'Payment approved.', data: { status: 'succeeded', provider_receipt: 'BANK-REF-9' } });
    expect((await operator.json('POST', `/operator/payments/${a.tenantId}/${s1.paymentId}/approve`, {})).statusCode).toBe(409);
    await expect(approveOfflinePayment(t.app, { tenantId: a.tenantId, paymentId: s1.paymentId, operatorEmail: 'x@y.z' })).rejects.toMatchObject({ statusCode: 409 });
    expect(calls.get(s1.paymentId)).toBe(1);

    // the wrong company, a payment that is not offline, no number: 404
    expect((await operator.json('POST', `/operator/payments/${b.tenantId}/${s2.paymentId}/approve`, {})).statusCode).toBe(404);
    const card = await start('stripe');
    expect((await operator.json('POST', `/operator/payments/${a.tenantId}/${card.paymentId}/approve`, {})).statusCode).toBe(404);
    expect((await operator.json('POST', `/operator/payments/x/1/approve`, {})).statusCode).toBe(404);

    const noReason = await operator.json('POST', `/operator/payments/${a.tenantId}/${s2.paymentId}/reject`, { reason: '' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toHaveProperty('reason');
    const rejected = await operator.json('POST', `/operator/payments/${a.tenantId}/${s2.paymentId}/reject`, { reason: 'No transfer arrived' });
    expect(rejected.json()).toMatchObject({ message: 'Payment rejected.', data: { status: 'failed', failure_reason: 'No transfer arrived' } });
    expect((await operator.json('POST', `/operator/payments/${a.tenantId}/${s2.paymentId}/approve`, {})).statusCode).toBe(409);
    expect(calls.get(s2.paymentId)).toBeUndefined();

    // expired before the transfer was seen: approved all the same, late
    const s3 = await start('offline');
    await t.database.query(`update payments set expires_at = now() - interval '1 day' where id = $1`, [s3.paymentId]);
    await expireOverduePayments(t.database);
    const lateApproval = await operator.json('POST', `/operator/payments/${a.tenantId}/${s3.paymentId}/approve`, {});
    expect(lateApproval.json().data).toMatchObject({ status: 'succeeded', late: true, provider_receipt: 'approved by operator@platform.test' });
    expect(calls.get(s3.paymentId)).toBe(1);
  });
});
