import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { hashPassword } from '../auth/passwords.js';
import { createTestApp, seedTenant, TEST_PASSWORD, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { startSmtp } from '../../testing/smtp.js';
import { startMpesaStandIn, type MpesaStandIn } from '../../testing/standins/mpesa.js';
import { createTenant } from '../tenancy/service.js';
import { addMember } from '../users/test-helpers.js';
import { addCredits, reserve } from './index.js';
import { startAutomaticTopUps } from './top-up-job.js';
import { topUpCredits } from './top-up.js';

/**
 * The automatic top-up (docs/decisions/0032-credit-wallet.md): a Kenyan company saves an M-Pesa
 * number, a target balance and a threshold; a movement that takes the balance below the
 * threshold queues one automatic purchase of what is missing, the top-up job sends the STK push
 * to the M-Pesa stand-in, and the stand-in's callback credits the wallet once. Never two open at
 * once, nothing when it is off, no retry after a failure; a viewer and bad input change nothing.
 */
let t: TestApp;
let mpesa: MpesaStandIn;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let kes: TestClient;
let viewer: TestClient;
let usd: TestClient;
let tenantId: number;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

const inKes = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(t.database, tenantId, fn);
const balance = async () => (await kes.json('GET', '/wallet/metrics')).json().data.balance as string;
const automatic = async () =>
  (await inKes((tx) => rows<{ id: number; credits: string; amount: string; started: boolean }>(tx, sql`select id, credits::text as credits, amount::text as amount, started_at is not null as started from credit_purchases where automatic order by id`))).map((r) => ({ ...r, id: Number(r.id) }));
const settings = async () => (await kes.json('GET', '/wallet/settings')).json().data;
const save = (c: TestClient, body: unknown) => c.json('POST', '/wallet/settings', body);
/** balance to exactly `to` credits: granted credits in, or a send's reservation out */
const moveTo = async (to: number) => {
  const now = Number(await balance());
  await inKes((tx) =>
    to > now
      ? addCredits(tx, { kind: 'granted', movement: 'grant', credits: String(to - now), description: 'Goodwill' }).then(() => undefined)
      : reserve(tx, { service: 'sms', units: now - to }).then(() => undefined),
  );
  expect(Number(await balance())).toBe(to);
};

beforeAll(async () => {
  mpesa = await startMpesaStandIn();
  smtp = await startSmtp();
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    APP_URL: appUrl,
    MAIL_URL: smtp.url,
    PAYMENT_DRIVERS: 'mpesa,offline,log',
    MPESA_CONSUMER_KEY: mpesa.consumerKey,
    MPESA_CONSUMER_SECRET: mpesa.consumerSecret,
    MPESA_SHORTCODE: mpesa.shortcode,
    MPESA_PASSKEY: mpesa.passkey,
    MPESA_API_URL: mpesa.url,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  const created = await createTenant(
    t.database,
    { companyName: 'Top-up Kenya', currency: 'KES', country: 'KE', phoneCountry: '254' },
    { name: 'Achieng', email: 'achieng@topup.test', passwordHash: await hashPassword(TEST_PASSWORD), emailVerified: true },
  );
  tenantId = created.tenantId;
  kes = new TestClient(t.app);
  await kes.login('achieng@topup.test', TEST_PASSWORD);
  const v = await addMember(t.database, tenantId, 'viewer', 'viewer@topup.test');
  viewer = new TestClient(t.app);
  await viewer.login(v.email, v.password);
  const b = await seedTenant(t.database, 'Top-up Dollars');
  usd = new TestClient(t.app);
  await usd.login(b.email, b.password);
  await moveTo(2000);
});
afterAll(async () => {
  await t?.close();
  await mpesa?.close();
  await smtp?.close();
});

describe('the automatic top-up settings', () => {
  it('rounds what is missing up to whole credits, within the purchase bounds', () => {
    expect(topUpCredits('900', '5000', '100', '1000000')).toBe('4100.0000');
    expect(topUpCredits('899.5', '5000', '100', '1000000')).toBe('4101.0000');
    expect(topUpCredits('990', '1000', '100', '1000000')).toBe('100.0000');
    expect(topUpCredits('0', '5000000', '100', '1000000')).toBe('1000000.0000');
  });

  it('a viewer cannot change them (403); bad phone, target or currency is a 422 naming the field, nothing saved', async () => {
    const before = await settings();
    const good = { low_balance_threshold: '1000', auto_top_up: { enabled: true, target_balance: '5000', method: { driver: 'mpesa', phone: '0712345678' } } };
    expect((await save(viewer, good)).statusCode).toBe(403);
    for (const [body, field] of [
      [{ ...good, auto_top_up: { ...good.auto_top_up, method: { driver: 'mpesa', phone: '12345' } } }, 'auto_top_up.method.phone'],
      [{ ...good, auto_top_up: { ...good.auto_top_up, method: { driver: 'mpesa', phone: '+447700900123' } } }, 'auto_top_up.method.phone'],
      [{ ...good, auto_top_up: { ...good.auto_top_up, method: null } }, 'auto_top_up.method.phone'],
      [{ ...good, auto_top_up: { ...good.auto_top_up, method: { driver: 'card', phone: '0712345678' } } }, 'auto_top_up.method.driver'],
      [{ ...good, auto_top_up: { ...good.auto_top_up, target_balance: '800' } }, 'auto_top_up.target_balance'],
      [{ ...good, auto_top_up: { ...good.auto_top_up, target_balance: 'lots' } }, 'auto_top_up.target_balance'],
      [{ ...good, auto_top_up: { ...good.auto_top_up, target_balance: null } }, 'auto_top_up.target_balance'],
    ] as const) {
      const res = await save(kes, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toContain(field);
    }
    expect(await settings()).toEqual(before);
    // M-Pesa takes KES only: a wallet priced in dollars cannot turn it on
    const dollars = await save(usd, good);
    expect(dollars.statusCode).toBe(422);
    expect(dollars.json().errors['auto_top_up.method.phone'][0]).toMatch(/Kenyan shillings/);
    expect((await usd.json('GET', '/wallet/settings')).json().data.auto_top_up.enabled).toBe(false);
  });

  it('off, with a saved phone: a crossing alerts but buys nothing', async () => {
    const res = await save(kes, { low_balance_threshold: '1000', auto_top_up: { enabled: false, target_balance: '5000', method: { driver: 'mpesa', phone: '0712 345 678' } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      low_balance_threshold: '1000.0000',
      auto_top_up: { enabled: false, target_balance: '5000.0000', method: { driver: 'mpesa', phone: '+254712345678' } },
    });
    await moveTo(900);
    expect(await automatic()).toEqual([]);
    expect(await startAutomaticTopUps(t.app)).toBe(0);
    await moveTo(2000);
  });
});

describe('a crossing with the automatic top-up on', () => {
  it('starts exactly one purchase of what is missing, its STK push for that amount; a second crossing while it is pending starts none; the callback credits once', async () => {
    const on = await save(kes, { low_balance_threshold: '1000', auto_top_up: { enabled: true, target_balance: '5000', method: { driver: 'mpesa', phone: '0712345678' } } });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.auto_top_up).toEqual({ enabled: true, target_balance: '5000.0000', method: { driver: 'mpesa', phone: '+254712345678' } });
    mpesa.pauseCallbacks();
    const pushes = mpesa.pushes.size;

    await moveTo(900);
    const [queued, ...more] = await automatic();
    expect(more).toEqual([]);
    expect(queued).toMatchObject({ credits: '4100.0000', amount: '4100.0000', started: false });
    expect(mpesa.pushes.size).toBe(pushes);

    expect(await startAutomaticTopUps(t.app)).toBe(1);
    expect(await startAutomaticTopUps(t.app)).toBe(0);
    expect(mpesa.pushes.size).toBe(pushes + 1);
    const push = [...mpesa.pushes.values()].at(-1)!;
    expect(push.request).toMatchObject({ PhoneNumber: 254712345678, Amount: 4100 });
    const list = (await kes.json('GET', '/wallet/get-token-purchases')).json();
    expect(list.data[0]).toMatchObject({ id: queued.id, automatic: true, status: 'pending', driver: 'mpesa', credits: '4100.0000', user_name: 'Achieng' });

    // back above the threshold and below it again while the push waits: no second purchase, no second push
    await moveTo(1500);
    await moveTo(800);
    expect(await automatic()).toHaveLength(1);
    expect(await startAutomaticTopUps(t.app)).toBe(0);
    expect(mpesa.pushes.size).toBe(pushes + 1);

    // the payer approves; Daraja repeats its callback: credited once, with a receipt mailed
    await mpesa.answer(push.checkoutRequestId, 0);
    await mpesa.post(push.checkoutRequestId, 0);
    mpesa.pauseCallbacks(false);
    expect(Number(await balance())).toBe(800 + 4100);
    const paid = (await kes.json('GET', '/wallet/get-token-purchases')).json().data[0];
    expect(paid).toMatchObject({ id: queued.id, automatic: true, status: 'succeeded', receipt_number: expect.stringMatching(/^RCT-\d{5}$/) });
    const mail = await smtp.waitFor('achieng@topup.test');
    expect(mail.raw).toContain(`Receipt ${paid.receipt_number}`);
  });

  it('a refused push is recorded and shown, and not retried until the next crossing', async () => {
    await moveTo(2000);
    await save(kes, { low_balance_threshold: '1000', auto_top_up: { enabled: true, target_balance: '3000', method: { driver: 'mpesa', phone: '0712345671' } } });
    mpesa.pauseCallbacks();
    await moveTo(950);
    expect(await startAutomaticTopUps(t.app)).toBe(1);
    const push = [...mpesa.pushes.values()].at(-1)!;
    expect(push.request).toMatchObject({ PhoneNumber: 254712345671, Amount: 2050 });
    await mpesa.answer(push.checkoutRequestId, 1032);
    mpesa.pauseCallbacks(false);
    const failed = (await kes.json('GET', '/wallet/get-token-purchases?type=failed')).json().data[0];
    expect(failed).toMatchObject({ automatic: true, status: 'failed', credits: '2050.0000', failure_reason: expect.stringMatching(/cancel/i) });
    expect(Number(await balance())).toBe(950);
    const count = (await automatic()).length;
    const pushes = mpesa.pushes.size;
    // still below: more sends are no new crossing, so nothing is bought again
    await moveTo(900);
    expect(await startAutomaticTopUps(t.app)).toBe(0);
    expect(await automatic()).toHaveLength(count);
    expect(mpesa.pushes.size).toBe(pushes);
    // the next crossing buys again
    await moveTo(1200);
    mpesa.pauseCallbacks();
    await moveTo(990);
    expect(await automatic()).toHaveLength(count + 1);
    expect(await startAutomaticTopUps(t.app)).toBe(1);
    await mpesa.answer([...mpesa.pushes.values()].at(-1)!.checkoutRequestId, 1037); // nobody answered the phone
    mpesa.pauseCallbacks(false);
  });

  it('a payment that cannot be started (turned off meanwhile) is recorded as failed, not retried', async () => {
    await moveTo(2000);
    await save(kes, { low_balance_threshold: '1000', auto_top_up: { enabled: true, target_balance: '3000', method: { driver: 'mpesa', phone: '0712345678' } } });
    await moveTo(999);
    const last = (await automatic()).at(-1)!;
    expect(last).toMatchObject({ credits: '2001.0000', started: false });
    await save(kes, { low_balance_threshold: '1000', auto_top_up: { enabled: false, target_balance: '3000', method: { driver: 'mpesa', phone: '0712345678' } } });
    const pushes = mpesa.pushes.size;
    expect(await startAutomaticTopUps(t.app)).toBe(0);
    expect(mpesa.pushes.size).toBe(pushes);
    const row = (await kes.json('GET', `/wallet/get-checkout-data/${last.id}`)).json().data;
    expect(row.purchase).toMatchObject({ automatic: true, status: 'failed' });
    expect(row.failure_reason).toMatch(/turned off/);
    expect(await startAutomaticTopUps(t.app)).toBe(0);
  });
});
