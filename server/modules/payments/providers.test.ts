import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentDriver } from '../../../common/wallet.js';
import { withTenant } from '../../db/tenancy.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { startMpesaStandIn, type MpesaStandIn } from '../../testing/standins/mpesa.js';
import { startStripeStandIn, type StripeStandIn } from '../../testing/standins/stripe.js';
import { availableDrivers, expireOverduePayments, paymentOf, registerPaymentPurpose, startPayment, sweepPayments } from './index.js';

/**
 * The payments core with the real drivers (docs/decisions/0031): log and offline as configured,
 * Stripe and M-Pesa over HTTP against their stand-in servers, which post their webhooks and
 * callbacks to this app listening on a real port — signatures, tokens and bodies exactly as the
 * providers send them. Each test waits on the delivery itself, never on a clock.
 */
let t: TestApp;
let stripe: StripeStandIn;
let mpesa: MpesaStandIn;
let tenantId: number;
let userId: number;
const calls = new Map<number, number>();

registerPaymentPurpose('provider_order', {
  async onSucceeded(_tx, p) {
    calls.set(p.id, (calls.get(p.id) ?? 0) + 1);
  },
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

let seq = 0;
const start = (driver: PaymentDriver, more: { phone?: string; amount?: string } = {}) =>
  startPayment(t.app, {
    tenantId,
    purpose: 'provider_order',
    reference: `p-${++seq}`,
    amount: more.amount ?? '1500',
    currency: 'KES',
    description: '1,000 credits',
    driver,
    phone: more.phone ?? (driver === 'mpesa' ? '+254712345678' : null),
    email: 'payer@example.test',
    userId,
    returnPath: `/wallet/checkout/${seq}`,
  });
const payment = (id: number) => withTenant(t.database, tenantId, (tx) => paymentOf(tx, id));

beforeAll(async () => {
  stripe = await startStripeStandIn();
  mpesa = await startMpesaStandIn();
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    APP_URL: appUrl,
    PAYMENT_DRIVERS: 'stripe,mpesa,offline,log',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
    MPESA_CONSUMER_KEY: mpesa.consumerKey,
    MPESA_CONSUMER_SECRET: mpesa.consumerSecret,
    MPESA_SHORTCODE: mpesa.shortcode,
    MPESA_PASSKEY: mpesa.passkey,
    MPESA_API_URL: mpesa.url,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  stripe.setWebhookUrl(`${appUrl}/webhooks/stripe`);
  const a = await seedTenant(t.database, 'Providers A');
  tenantId = a.tenantId;
  userId = a.userId;
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
  await mpesa?.close();
});
beforeEach(() => calls.clear());

describe('the configured drivers', () => {
  it('offers the drivers PAYMENT_DRIVERS names, in its order', () => {
    expect(availableDrivers(t.app)).toEqual(['stripe', 'mpesa', 'offline', 'log']);
  });

  it('log settles at once; offline shows instructions with its reference and waits', async () => {
    const logged = await start('log');
    expect(logged).toMatchObject({ status: 'succeeded', action: null });
    expect(calls.get(logged.paymentId)).toBe(1);
    const offline = await start('offline');
    expect(offline).toMatchObject({ status: 'pending', action: { kind: 'instructions', text: expect.stringContaining('KES 1500.00') } });
  });
});

describe('Stripe', () => {
  it('a signed webhook settles; a forged one is a 400 and changes nothing; a replay settles once', async () => {
    const s = await start('stripe');
    expect(s.action).toMatchObject({ kind: 'redirect', url: expect.stringContaining(stripe.url) });
    const ref = (await payment(s.paymentId))!.provider_ref!;
    const session = stripe.sessions.get(ref)!;
    expect(session).toMatchObject({ client_reference_id: String(s.paymentId), amount_total: 150000, currency: 'kes' });
    expect(stripe.requests.at(-1)!.idempotencyKey).toContain(String(s.paymentId));

    const event = stripe.event('checkout.session.completed', ref);
    (event.data.object as { payment_status: string }).payment_status = 'paid';
    const forged = await stripe.send(event, { signature: 'forged' });
    expect(forged.status).toBe(400);
    const tampered = await stripe.send(event, { tamper: (body) => body.replace('"paid"', '"paid" ') });
    expect(tampered.status).toBe(400);
    expect((await payment(s.paymentId))!.status).toBe('pending');

    const paid = await stripe.pay(ref);
    expect(paid.status).toBe(200);
    expect((await payment(s.paymentId))!).toMatchObject({ status: 'succeeded', late: false });
    const again = await stripe.replay(paid);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.answer)).toMatchObject({ effect: 'duplicate' });
    expect(calls.get(s.paymentId)).toBe(1);
  });

  it('duplicated deliveries arriving together settle once', async () => {
    const s = await start('stripe');
    const ref = (await payment(s.paymentId))!.provider_ref!;
    const paid = await stripe.pay(ref);
    await Promise.all(Array.from({ length: 5 }, () => stripe.replay(paid)));
    expect(calls.get(s.paymentId)).toBe(1);
  });

  it('a restart with Stripe again reuses the same Checkout Session (same idempotency key, same request)', async () => {
    const s = await start('stripe');
    const again = await startPayment(t.app, {
      tenantId,
      purpose: 'provider_order',
      reference: `p-${seq}`,
      amount: '1500',
      currency: 'KES',
      description: '1,000 credits',
      driver: 'stripe',
      email: 'payer@example.test',
      userId,
      returnPath: `/wallet/checkout/${seq}`,
    });
    expect(again.paymentId).toBe(s.paymentId);
    expect(again.action).toEqual(s.action);
  });

  it('an expired session expires the payment; a late success after expiry credits once and is marked late', async () => {
    const s = await start('stripe');
    const ref = (await payment(s.paymentId))!.provider_ref!;
    await t.database.query(`update payments set expires_at = now() - interval '1 minute' where id = $1`, [s.paymentId]);
    await expireOverduePayments(t.database);
    expect((await payment(s.paymentId))!.status).toBe('expired');
    // the payer had paid at the last moment: the provider's success arrives after the expiry
    await stripe.pay(ref);
    expect((await payment(s.paymentId))!).toMatchObject({ status: 'succeeded', late: true });
    expect(calls.get(s.paymentId)).toBe(1);

    const other = await start('stripe');
    const otherRef = (await payment(other.paymentId))!.provider_ref!;
    const expired = await stripe.expire(otherRef);
    expect(expired.status).toBe(200);
    expect((await payment(other.paymentId))!.status).toBe('expired');
  });
});

describe('M-Pesa', () => {
  it('the STK push callback settles with the receipt; a forged callback address is a 400; a duplicate settles once', async () => {
    mpesa.pauseCallbacks();
    const s = await start('mpesa');
    expect(s.action).toMatchObject({ kind: 'stk_push' });
    const ref = (await payment(s.paymentId))!.provider_ref!;
    const push = mpesa.pushes.get(ref)!;
    expect(String(push.request.CallBackURL)).toMatch(new RegExp(`/webhooks/mpesa/${s.paymentId}/[\\w-]+$`));

    const body = mpesa.callbackBody(ref, 0);
    const forged = await t.app.inject({ method: 'POST', url: `/webhooks/mpesa/${s.paymentId}/forged-token`, payload: body, headers: { 'content-type': 'application/json' } });
    expect(forged.statusCode).toBe(400);
    expect((await payment(s.paymentId))!.status).toBe('pending');

    const delivered = await mpesa.answer(ref, 0);
    expect(delivered).toMatchObject({ status: 200 });
    const p = (await payment(s.paymentId))!;
    expect(p.status).toBe('succeeded');
    expect(p.provider_receipt).toBeTruthy();
    const dup = await mpesa.post(ref, 0);
    expect(dup.status).toBe(200);
    expect(calls.get(s.paymentId)).toBe(1);
    mpesa.pauseCallbacks(false);
  });

  it('a cancelled push marks the payment failed with the reason', async () => {
    mpesa.pauseCallbacks();
    const s = await start('mpesa', { phone: '+254712345671' });
    const ref = (await payment(s.paymentId))!.provider_ref!;
    await mpesa.answer(ref, 1032);
    expect((await payment(s.paymentId))!).toMatchObject({ status: 'failed', failure_reason: expect.stringContaining('cancelled') });
    mpesa.pauseCallbacks(false);
  });

  it('a push whose callback never comes is settled by the status query', async () => {
    // a phone ending in 0: the stand-in never calls back; the payer answers, only the query can tell
    const s = await start('mpesa', { phone: '+254712345670' });
    const ref = (await payment(s.paymentId))!.provider_ref!;
    await mpesa.answer(ref, 0, { callback: false });
    await t.database.query(`update payments set updated_at = now() - interval '5 minutes' where id = $1`, [s.paymentId]);
    await sweepPayments(t.app);
    expect((await payment(s.paymentId))!).toMatchObject({ status: 'succeeded' });
    expect(calls.get(s.paymentId)).toBe(1);
  });
});
