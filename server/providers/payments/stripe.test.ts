import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../testing/standins/stripe.js';
import { fromMinorUnits, toMinorUnits } from './amounts.js';
import { PaymentRequestInvalid, ProviderError } from './errors.js';
import { StripeGateway, stripeIdempotencyKey, verifyStripeSignature } from './stripe.js';
import { WebhookRejected, type ProviderEvent, type StartPayment } from './types.js';

/** a webhook endpoint as the payments module has one: raw body in, the driver's reading out */
async function receiver(read: (w: { headers: Record<string, string | string[] | undefined>; rawBody: Buffer; url: string }) => ProviderEvent | null) {
  const seen: { event?: ProviderEvent | null; rejected?: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        seen.push({ event: read({ headers: req.headers, rawBody: Buffer.concat(chunks), url: req.url ?? '/' }) });
        res.writeHead(200).end('{}');
      } catch (e) {
        if (!(e instanceof WebhookRejected)) throw e;
        seen.push({ rejected: e.message });
        res.writeHead(400).end(JSON.stringify({ message: e.message }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const request = (over: Partial<StartPayment> = {}): StartPayment => ({
  paymentId: '41',
  amount: '1500.00',
  currency: 'KES',
  description: '1,000 credits',
  email: 'payer@example.com',
  returnUrl: 'http://kazi.test/wallet/checkout/41?paid=1',
  cancelUrl: 'http://kazi.test/wallet/checkout/41',
  callbackUrl: 'http://kazi.test/webhooks/stripe',
  ...over,
});

let stripe: StripeStandIn;
let gateway: StripeGateway;
let hook: Awaited<ReturnType<typeof receiver>>;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  gateway = new StripeGateway({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url });
  hook = await receiver((w) => gateway.readWebhook(w));
  stripe.setWebhookUrl(hook.url);
});
afterAll(async () => {
  await stripe.close();
  await hook.close();
});
afterEach(() => {
  hook.seen.length = 0;
});

describe('Stripe driver: creating a checkout session', () => {
  it('sends a form-encoded payment session in minor units with the payment id, and answers a redirect to the hosted page', async () => {
    const started = await gateway.start(request({ paymentId: '41' }));
    const sent = stripe.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.headers.authorization).toBe(`Bearer ${stripe.secretKey}`);
    expect(sent.idempotencyKey).toBe(stripeIdempotencyKey('41'));
    expect(sent.form).toMatchObject({
      mode: 'payment',
      line_items: { 0: { quantity: '1', price_data: { currency: 'kes', unit_amount: '150000', product_data: { name: '1,000 credits' } } } },
      client_reference_id: '41',
      metadata: { payment_id: '41' },
      customer_email: 'payer@example.com',
      success_url: 'http://kazi.test/wallet/checkout/41?paid=1',
      cancel_url: 'http://kazi.test/wallet/checkout/41',
    });
    const session = stripe.sessions.get(started.providerRef)!;
    expect(started).toEqual({ providerRef: session.id, action: { kind: 'redirect', url: session.url } });
    expect(session.amount_total).toBe(150000);
  });

  it('a second start of the same payment reuses the session: same key, same answer, no second session', async () => {
    const expiresAt = new Date(Date.now() + 2 * 3600_000);
    const before = stripe.sessions.size;
    const first = await gateway.start(request({ paymentId: '42', expiresAt }));
    const second = await gateway.start(request({ paymentId: '42', expiresAt }));
    expect(second).toEqual(first);
    expect(stripe.sessions.size).toBe(before + 1);
    expect(stripe.requests.slice(-2).map((r) => r.idempotencyKey)).toEqual([stripeIdempotencyKey('42'), stripeIdempotencyKey('42')]);
    expect(stripe.requests.at(-1)!.form.expires_at).toBe(String(Math.floor(expiresAt.getTime() / 1000)));
  });

  it('the same key with other parameters is Stripe’s idempotency error, read out as a message', async () => {
    const expiresAt = new Date(Date.now() + 2 * 3600_000);
    await gateway.start(request({ paymentId: '43', expiresAt }));
    const again = gateway.start(request({ paymentId: '43', expiresAt, amount: '1600' }));
    await expect(again).rejects.toThrow(ProviderError);
    await expect(gateway.start(request({ paymentId: '43', expiresAt, amount: '1600' }))).rejects.toThrow(/Stripe answered 400: Keys for idempotent requests/);
  });

  it.each([
    ['JPY', '500', 500n],
    ['UGX', '20000', 20000n],
    ['USD', '10.5', 1050n],
    ['KWD', '1.25', 1250n],
    ['ISK', '500', 50000n],
  ])('%s %s is sent as %s minor units', async (currency, amount, minor) => {
    expect(toMinorUnits(amount, currency)).toBe(minor);
    const started = await gateway.start(request({ paymentId: `m-${currency}`, currency, amount }));
    expect(stripe.sessions.get(started.providerRef)!.amount_total).toBe(Number(minor));
    expect(stripe.sessions.get(started.providerRef)!.currency).toBe(currency.toLowerCase());
    expect(fromMinorUnits(minor, currency)).toBe(currency === 'JPY' || currency === 'UGX' ? amount : Number(amount).toFixed(currency === 'KWD' ? 3 : 2));
  });

  it.each([
    ['500.5', 'JPY', /JPY is charged in whole units/],
    ['10.001', 'USD', /USD has 2 decimals/],
    ['1.255', 'KWD', /KWD is charged to two decimals/],
    ['10.50', 'ISK', /ISK is charged in whole units/],
    ['0', 'USD', /positive number/],
    ['-5', 'USD', /positive number/],
    ['ten', 'USD', /positive number/],
    ['10', 'dollars', /ISO 4217/],
  ])('%s %s is refused before any request', async (amount, currency, message) => {
    const count = stripe.requests.length;
    await expect(gateway.start(request({ amount, currency }))).rejects.toThrow(PaymentRequestInvalid);
    await expect(gateway.start(request({ amount, currency }))).rejects.toThrow(message);
    expect(stripe.requests.length).toBe(count);
  });

  it('a provider error answer becomes a readable ProviderError with the status and Stripe’s message', async () => {
    stripe.failNext(402, { error: { type: 'card_error', code: 'account_invalid', message: 'Your account cannot currently make live charges.' } });
    const failed = await gateway.start(request({ paymentId: 'err-1' })).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ProviderError);
    expect(failed).toMatchObject({ provider: 'stripe', status: 402, code: 'account_invalid', message: 'Creating the Stripe checkout session: Stripe answered 402: Your account cannot currently make live charges.' });
    stripe.failNext(500, 'not json at all');
    await expect(gateway.start(request({ paymentId: 'err-2' }))).rejects.toThrow(/Stripe answered 500/);
  });

  it('a wrong secret key is Stripe’s 401, and an unreachable Stripe a clear error', async () => {
    const wrong = new StripeGateway({ secretKey: 'sk_test_wrong', webhookSecret: 'whsec_x', apiUrl: stripe.url });
    await expect(wrong.start(request())).rejects.toThrow(/Stripe answered 401: Invalid API Key provided/);
    const nowhere = new StripeGateway({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiUrl: 'http://127.0.0.1:9' });
    await expect(nowhere.start(request())).rejects.toThrow(/Stripe could not be reached/);
  });
});

describe('Stripe driver: where a session stands', () => {
  it('open is pending, paid is succeeded with the amount and the payment intent, expired is expired', async () => {
    const open = await gateway.start(request({ paymentId: 'q-1' }));
    expect(await gateway.query(open.providerRef)).toEqual({ status: 'pending', providerRef: open.providerRef, paymentId: 'q-1', amount: '1500.00', currency: 'KES' });
    expect(stripe.requests.at(-1)!.path).toBe(`/v1/checkout/sessions/${open.providerRef}?expand[]=payment_intent`);
    await stripe.pay(open.providerRef);
    const paid = await gateway.query(open.providerRef);
    expect(paid).toMatchObject({ status: 'succeeded', amount: '1500.00', currency: 'KES', paymentId: 'q-1' });
    expect(paid.receipt).toBe(stripe.sessions.get(open.providerRef)!.payment_intent);

    const abandoned = await gateway.start(request({ paymentId: 'q-2' }));
    await stripe.expire(abandoned.providerRef);
    expect(await gateway.query(abandoned.providerRef)).toMatchObject({ status: 'expired', reason: expect.stringMatching(/expired/) });
  });

  it('an unknown session is Stripe’s 404 as a readable error; a malformed id never reaches Stripe', async () => {
    await expect(gateway.query('cs_test_nothing')).rejects.toThrow("Reading the Stripe checkout session: Stripe answered 404: No such checkout.session: 'cs_test_nothing'");
    const count = stripe.requests.length;
    await expect(gateway.query('../v1/charges')).rejects.toThrow(/not a Stripe checkout session id/);
    expect(stripe.requests.length).toBe(count);
  });
});

describe('Stripe driver: webhooks', () => {
  it('the hosted page’s payment arrives as a signed checkout.session.completed: succeeded, with the event id', async () => {
    const started = await gateway.start(request({ paymentId: 'w-1' }));
    const delivery = await stripe.pay(started.providerRef);
    expect(delivery.status).toBe(200);
    expect(hook.seen).toEqual([
      {
        event: {
          eventId: delivery.event.id,
          status: 'succeeded',
          providerRef: started.providerRef,
          paymentId: 'w-1',
          amount: '1500.00',
          currency: 'KES',
          receipt: stripe.sessions.get(started.providerRef)!.payment_intent,
        },
      },
    ]);
  });

  it('a replayed event reads the same (same event id: the module drops it)', async () => {
    const started = await gateway.start(request({ paymentId: 'w-2' }));
    const first = await stripe.pay(started.providerRef);
    const again = await stripe.replay(first);
    expect(again.status).toBe(200);
    expect(hook.seen).toHaveLength(2);
    expect(hook.seen[1]).toEqual(hook.seen[0]);
  });

  it('expired, delayed success and delayed failure', async () => {
    const a = await gateway.start(request({ paymentId: 'w-3' }));
    await stripe.expire(a.providerRef);
    const b = await gateway.start(request({ paymentId: 'w-4' }));
    await stripe.pay(b.providerRef, { async: true });
    await stripe.settleAsync(b.providerRef, true);
    const c = await gateway.start(request({ paymentId: 'w-5' }));
    await stripe.pay(c.providerRef, { async: true });
    await stripe.settleAsync(c.providerRef, false);
    expect(hook.seen.map((s) => [s.event?.paymentId, s.event?.status])).toEqual([
      ['w-3', 'expired'],
      ['w-4', 'pending'],
      ['w-4', 'succeeded'],
      ['w-5', 'pending'],
      ['w-5', 'failed'],
    ]);
    expect(hook.seen[4].event?.reason).toBe('The payment failed.');
  });

  it('forged, unsigned, stale, future-dated and tampered events are rejected; nothing is read', async () => {
    const started = await gateway.start(request({ paymentId: 'w-6' }));
    const event = stripe.event('checkout.session.completed', started.providerRef);
    const now = Math.floor(Date.now() / 1000);
    const answers = [
      await stripe.send(event, { signature: 'forged' }),
      await stripe.send(event, { signature: 'none' }),
      await stripe.send(event, { timestamp: now - 400 }),
      await stripe.send(event, { timestamp: now + 400 }),
      await stripe.send(event, { tamper: (body) => body.replace('"amount_total": 150000', '"amount_total": 99999900') }),
    ];
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
    expect(hook.seen.map((s) => s.rejected)).toEqual([
      'The Stripe signature does not match the event.',
      'The Stripe-Signature header is missing.',
      expect.stringMatching(/beyond the 300 s tolerance/),
      expect.stringMatching(/beyond the 300 s tolerance/),
      'The Stripe signature does not match the event.',
    ]);
  });

  it('an event about something else is acknowledged and read as nothing', async () => {
    const started = await gateway.start(request({ paymentId: 'w-7' }));
    const delivery = await stripe.send({ ...stripe.event('customer.created', started.providerRef), data: { object: { id: 'cus_1', object: 'customer' } } });
    expect(delivery.status).toBe(200);
    expect(hook.seen).toEqual([{ event: null }]);
  });

  it('the signature check: any v1 of several may match (secret rolling), the tolerance is inclusive, bytes matter', () => {
    const body = Buffer.from('{"id":"evt_1","type":"x"}');
    const t = 1_800_000_000;
    const good = stripe.sign(body.toString(), t).split(',')[1];
    const other = stripe.sign(body.toString(), t, 'whsec_old').split(',')[1];
    expect(() => verifyStripeSignature(body, `t=${t},${other},${good}`, stripe.webhookSecret, t + 300)).not.toThrow();
    expect(() => verifyStripeSignature(body, `t=${t},${good}`, stripe.webhookSecret, t + 301)).toThrow(WebhookRejected);
    expect(() => verifyStripeSignature(body, `t=${t},${other}`, stripe.webhookSecret, t)).toThrow(WebhookRejected);
    expect(() => verifyStripeSignature(Buffer.from(`${body.toString()} `), `t=${t},${good}`, stripe.webhookSecret, t)).toThrow(WebhookRejected);
    expect(() => verifyStripeSignature(body, `t=${t},v1=zz`, stripe.webhookSecret, t)).toThrow(/no timestamp or no v1/);
    expect(() => verifyStripeSignature(body, `${good}`, stripe.webhookSecret, t)).toThrow(/no timestamp or no v1/);
  });

  it('an event signed without sending (as an HTTP test injects it) reads like a delivered one', async () => {
    const started = await gateway.start(request({ paymentId: 'w-8' }));
    await stripe.pay(started.providerRef);
    const event = stripe.event('checkout.session.completed', started.providerRef);
    const { body, headers } = stripe.signed(event);
    expect(gateway.readWebhook({ headers, rawBody: Buffer.from(body), url: '/webhooks/stripe' })).toMatchObject({ eventId: event.id, status: 'succeeded', paymentId: 'w-8' });
    const forged = stripe.signed(event, { signature: 'forged' });
    expect(() => gateway.readWebhook({ headers: forged.headers, rawBody: Buffer.from(forged.body), url: '/webhooks/stripe' })).toThrow(WebhookRejected);
  });

  it('a signed body that is not a Stripe event is rejected, not a crash', () => {
    const now = Math.floor(Date.now() / 1000);
    for (const body of ['not json', '{"type":"checkout.session.completed"}', '{"id":"evt_1","type":"checkout.session.completed","data":{"object":{"object":"customer"}}}']) {
      const headers = { 'stripe-signature': stripe.sign(body, now) };
      expect(() => gateway.readWebhook({ headers, rawBody: Buffer.from(body), url: '/webhooks/stripe' })).toThrow(WebhookRejected);
    }
  });
});
