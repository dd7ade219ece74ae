import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords.js';
import { createTestApp, seedTenant, TEST_PASSWORD, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { startSmtp } from '../../testing/smtp.js';
import { startMpesaStandIn, type MpesaStandIn } from '../../testing/standins/mpesa.js';
import { startStripeStandIn, type StripeStandIn } from '../../testing/standins/stripe.js';
import { pdfText } from '../documents/pdf-text.js';
import { createTenant } from '../tenancy/service.js';
import { addMember } from '../users/test-helpers.js';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../../seed/demo.js';
import { priceOf } from './purchases.js';

/**
 * Buying credits end to end (docs/decisions/0031): a purchase at the current rate, paid with the
 * log driver, by card through the Stripe stand-in and by M-Pesa through its stand-in (each
 * posting its webhook or callback to this app on a real port), the credits landing in the
 * ledger once however often the provider reports it, the numbered receipt kept as a PDF and
 * mailed to the buyer; bad input, a viewer and another company's ids refused.
 */
let t: TestApp;
let stripe: StripeStandIn;
let mpesa: MpesaStandIn;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: TestClient;
let kes: TestClient;
let other: TestClient;
let viewer: TestClient;
let ownerEmail: string;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

const buy = async (c: TestClient, credits: string | number) => {
  const res = await c.json('POST', '/wallet/credits/purchase', { credits });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
};
const metrics = async (c: TestClient) => (await c.json('GET', '/wallet/metrics')).json().data as { balance: string; amount_spent: string; total_transactions: number };
const checkout = async (c: TestClient, id: number) => (await c.json('GET', `/wallet/get-checkout-data/${id}`)).json().data;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  mpesa = await startMpesaStandIn();
  smtp = await startSmtp();
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    APP_URL: appUrl,
    MAIL_URL: smtp.url,
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
  const a = await seedTenant(t.database, 'Buyer A');
  ownerEmail = a.email;
  const b = await seedTenant(t.database, 'Buyer B');
  // a Kenyan company: its books and so its credit prices are in KES, which M-Pesa takes
  await createTenant(
    t.database,
    { companyName: 'Kenya Buyer', currency: 'KES', country: 'KE', phoneCountry: '254' },
    { name: 'Wanjiru', email: 'wanjiru@kenya.test', passwordHash: await hashPassword(TEST_PASSWORD), emailVerified: true },
  );
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  kes = new TestClient(t.app);
  await kes.login('wanjiru@kenya.test', TEST_PASSWORD);
  const v = await addMember(t.database, a.tenantId, 'viewer', 'viewer@buyer-a.test');
  viewer = new TestClient(t.app);
  await viewer.login(v.email, v.password);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
  await mpesa?.close();
  await smtp?.close();
});

describe('a purchase', () => {
  it('prices credits at the rate, exactly', () => {
    expect(priceOf('1000', '0.01')).toBe('10.00');
    expect(priceOf('333.3333', '0.01')).toBe('3.33');
    expect(priceOf('1500', '1.00000000')).toBe('1500.00');
  });

  it('is made within the rates’ bounds at the current price (201) and answers its checkout', async () => {
    const res = await owner.json('POST', '/wallet/credits/purchase', { credits: '1000' });
    expect(res.statusCode).toBe(201);
    const { id, checkout_url } = res.json().data;
    expect(checkout_url).toBe(`/wallet/checkout/${id}`);
    const data = await checkout(owner, id);
    expect(data).toMatchObject({
      purchase: { id, credits: '1000.0000', amount: '10.0000', currency: 'USD', status: 'pending', driver: null, receipt_number: null },
      action: null,
      drivers: ['stripe', 'mpesa', 'offline', 'log'],
    });
    const page = await owner.get(checkout_url, { inertia: true });
    expect(page.json()).toMatchObject({ component: 'Wallet/Checkout', props: { checkout: { purchase: { id } } } });
  });

  it('refuses credits out of bounds or not a number with 422, and makes nothing', async () => {
    const before = (await owner.json('GET', '/wallet/get-token-purchases')).json().total;
    for (const [credits, message] of [
      ['10', 'Buy at least 100 credits.'],
      ['99999999', expect.stringContaining('Buy at most')],
      ['abc', expect.any(String)],
      ['-100', expect.any(String)],
      ['100.12345', expect.any(String)],
    ] as const) {
      const res = await owner.json('POST', '/wallet/credits/purchase', { credits });
      expect(res.statusCode, String(credits)).toBe(422);
      expect(res.json().errors.credits).toEqual([message]);
    }
    expect((await owner.json('GET', '/wallet/get-token-purchases')).json().total).toBe(before);
  });

  it('a viewer may see the purchases but not buy; another company’s purchase is a 404 everywhere', async () => {
    expect((await viewer.json('POST', '/wallet/credits/purchase', { credits: '500' })).statusCode).toBe(403);
    expect((await viewer.json('GET', '/wallet/get-token-purchases')).statusCode).toBe(200);
    const id = await buy(owner, '500');
    expect((await other.json('GET', `/wallet/get-checkout-data/${id}`)).statusCode).toBe(404);
    expect((await other.json('POST', '/wallet/complete-payment', { purchase_id: id, driver: 'log' })).statusCode).toBe(404);
    expect((await other.json('GET', `/wallet/receipts/${id}`)).statusCode).toBe(404);
    expect((await other.get(`/wallet/checkout/${id}`, { inertia: true })).statusCode).toBe(404);
    expect((await other.json('GET', '/wallet/get-token-purchases')).json().data.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await owner.json('GET', '/wallet/get-checkout-data/abc')).statusCode).toBe(404);
  });

  it('bad payment input is a 422: no driver, a driver not offered, M-Pesa without a phone or in a foreign currency', async () => {
    const id = await buy(owner, '500');
    expect((await owner.json('POST', '/wallet/complete-payment', { purchase_id: id })).json().errors).toHaveProperty('driver');
    expect((await owner.json('POST', '/wallet/complete-payment', { purchase_id: id, driver: 'paypal' })).statusCode).toBe(422);
    expect((await owner.json('POST', '/wallet/complete-payment', { purchase_id: id, driver: 'mpesa' })).json().errors).toEqual({ phone: ['The phone number is required for M-Pesa.'] });
    const usd = await owner.json('POST', '/wallet/complete-payment', { purchase_id: id, driver: 'mpesa', phone: '+254712345678' });
    expect(usd.statusCode).toBe(422);
    expect(usd.json().errors.currency[0]).toContain('KES');
    expect((await checkout(owner, id)).purchase.status).toBe('pending');
  });
});

describe('paying', () => {
  it('with the log driver: the credits land at once, with a numbered receipt (PDF) mailed to the buyer', async () => {
    const before = await metrics(owner);
    const id = await buy(owner, '1000');
    const res = await owner.json('POST', '/wallet/complete-payment', { purchase_id: id, driver: 'log' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Payment received: the credits are in your wallet.', data: { purchase: { status: 'succeeded', driver: 'log' }, action: null } });
    const after = await metrics(owner);
    expect(Number(after.balance) - Number(before.balance)).toBe(1000);
    expect(Number(after.amount_spent) - Number(before.amount_spent)).toBe(10);
    const paid = (await checkout(owner, id)).purchase;
    expect(paid.receipt_number).toMatch(/^RCT-\d{5}$/);
    expect(paid.receipt_url).toBe(`/wallet/receipts/${id}`);

    const pdf = await owner.get(`/wallet/receipts/${id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload).text;
    expect(text).toContain(paid.receipt_number);
    expect(text).toContain('1000');

    const mail = await smtp.waitFor(ownerEmail);
    expect(mail.raw).toContain(`Receipt ${paid.receipt_number}`);
    expect(mail.raw).toMatch(/application\/pdf/);

    // paid: a second payment is refused, nothing more is credited
    expect((await owner.json('POST', '/wallet/complete-payment', { purchase_id: id, driver: 'log' })).statusCode).toBe(409);
    expect((await metrics(owner)).balance).toBe(after.balance);
    // the ledger line says what caused it
    const lines = (await owner.json('GET', '/wallet/get-recent-transactions')).json().data;
    expect(lines[0]).toMatchObject({ type: 'purchase', kind: 'paid', reference: `purchase:${id}` });
  });

  it('an unpaid purchase has no receipt', async () => {
    const id = await buy(owner, '200');
    expect((await owner.json('GET', `/wallet/receipts/${id}`)).statusCode).toBe(404);
  });

  it('by card through Stripe: the webhook credits once, its replay changes nothing; the purchases list shows it paid', async () => {
    const before = await metrics(owner);
    const id = await buy(owner, '2000');
    const res = await owner.json('POST', '/wallet/complete-payment', { purchase_id: id, driver: 'stripe' });
    expect(res.statusCode).toBe(200);
    const action = res.json().data.action;
    expect(action).toMatchObject({ kind: 'redirect', url: expect.stringContaining(stripe.url) });
    expect((await checkout(owner, id)).purchase).toMatchObject({ status: 'pending', driver: 'stripe' });
    const sessionId = [...stripe.sessions.values()].find((s) => s.client_reference_id && s.line_items[0]?.name.includes('2000'))!.id;
    const delivery = await stripe.pay(sessionId);
    expect(delivery.status).toBe(200);
    await stripe.replay(delivery);
    const after = await metrics(owner);
    expect(Number(after.balance) - Number(before.balance)).toBe(2000);
    const list = (await owner.json('GET', '/wallet/get-token-purchases?type=succeeded')).json();
    expect(list.data.map((r: { id: number }) => r.id)).toContain(id);
    expect((await owner.json('GET', '/wallet/get-token-purchases?type=pending')).json().data.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await owner.json('GET', '/wallet/get-token-purchases?type=bogus')).statusCode).toBe(422);
  });

  it('by M-Pesa: a local phone number is read as Kenyan, the STK push’s callback credits once', async () => {
    const before = await metrics(kes);
    const id = await buy(kes, '1500');
    expect((await checkout(kes, id)).purchase).toMatchObject({ amount: '1500.0000', currency: 'KES' });
    mpesa.pauseCallbacks();
    const res = await kes.json('POST', '/wallet/complete-payment', { purchase_id: id, driver: 'mpesa', phone: '0712 345 678' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Check your phone to approve the M-Pesa payment.', data: { action: { kind: 'stk_push' } } });
    const push = [...mpesa.pushes.values()].at(-1)!;
    expect(push.request).toMatchObject({ PhoneNumber: 254712345678, Amount: 1500 });
    await mpesa.answer(push.checkoutRequestId, 0);
    await mpesa.post(push.checkoutRequestId, 0);
    mpesa.pauseCallbacks(false);
    expect(Number((await metrics(kes)).balance) - Number(before.balance)).toBe(1500);
    expect((await checkout(kes, id)).purchase).toMatchObject({ status: 'succeeded', driver: 'mpesa' });
  });

  it('a refused M-Pesa prompt: nothing credited, and the checkout says why (failure_reason) so the payer can try again', async () => {
    const before = await metrics(kes);
    const id = await buy(kes, '1000');
    mpesa.pauseCallbacks();
    const res = await kes.json('POST', '/wallet/complete-payment', { purchase_id: id, driver: 'mpesa', phone: '+254712345671' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ action: { kind: 'stk_push' }, failure_reason: null });
    const push = [...mpesa.pushes.values()].at(-1)!;
    await mpesa.answer(push.checkoutRequestId, 1032); // the payer cancelled the prompt
    mpesa.pauseCallbacks(false);
    const data = await checkout(kes, id);
    expect(data).toMatchObject({ purchase: { status: 'failed', receipt_url: null }, action: null });
    expect(data.failure_reason).toMatch(/cancelled/i);
    expect((await metrics(kes)).balance).toBe(before.balance);
  });
});

describe('the demo company', () => {
  it('has its ledger’s purchases as paid purchases with receipts', async () => {
    const d = await seedDemo(t.database);
    const c = new TestClient(t.app);
    await c.login(DEMO_EMAIL, DEMO_PASSWORD);
    const list = (await c.json('GET', '/wallet/get-token-purchases?type=succeeded&per_page=50')).json();
    expect(list.total).toBe(6);
    expect(list.data[0]).toMatchObject({ status: 'succeeded', driver: 'mpesa', currency: 'KES', receipt_number: 'RCT-00006', amount: '10000.0000' });
    const pdf = await c.get(list.data[0].receipt_url);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload).text).toContain('RCT-00006');
    // a new purchase is numbered after them
    const id = await buy(c, '1000');
    await c.json('POST', '/wallet/complete-payment', { purchase_id: id, driver: 'log' });
    expect((await checkout(c, id)).purchase.receipt_number).toBe('RCT-00007');
    expect(d.tenantId).toBeGreaterThan(0);
  });
});
