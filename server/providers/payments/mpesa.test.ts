import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMpesaStandIn, type MpesaStandIn } from '../../testing/standins/mpesa.js';
import { PaymentRequestInvalid, ProviderError } from './errors.js';
import { MpesaGateway, mpesaPhone, nairobiTimestamp, wholeShillings } from './mpesa.js';
import { WebhookRejected, type ProviderEvent, type StartPayment } from './types.js';

const APP_KEY = 'a-test-app-key-of-at-least-32-characters';

/** the callback route as the payments module has it: /webhooks/mpesa/<paymentId>/<token> */
async function receiver(read: (w: { headers: Record<string, string | string[] | undefined>; rawBody: Buffer; url: string }) => ProviderEvent | null) {
  const seen: { url: string; event?: ProviderEvent | null; rejected?: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '/';
      try {
        seen.push({ url, event: read({ headers: req.headers, rawBody: Buffer.concat(chunks), url }) });
        res.writeHead(200).end(JSON.stringify({ ResultCode: 0, ResultDesc: 'Accepted' }));
      } catch (e) {
        if (!(e instanceof WebhookRejected)) throw e;
        seen.push({ url, rejected: e.message });
        res.writeHead(400).end(JSON.stringify({ message: e.message }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/mpesa`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

// one clock for the driver and the stand-in: the token's expiry is moved by hand, never waited for
let clock = Date.UTC(2026, 10, 24, 9, 30, 0);
const now = () => clock;

let mpesa: MpesaStandIn;
let gateway: MpesaGateway;
let hook: Awaited<ReturnType<typeof receiver>>;

const request = (over: Partial<StartPayment> = {}): StartPayment => ({
  paymentId: '7',
  amount: '1500.00',
  currency: 'KES',
  description: '1000 credits',
  phone: '+254712345678',
  returnUrl: 'http://kazi.test/wallet/checkout/7',
  cancelUrl: 'http://kazi.test/wallet/checkout/7',
  callbackUrl: hook.base,
  ...over,
});

beforeAll(async () => {
  mpesa = await startMpesaStandIn({ now });
  gateway = new MpesaGateway({ consumerKey: mpesa.consumerKey, consumerSecret: mpesa.consumerSecret, shortcode: mpesa.shortcode, passkey: mpesa.passkey, apiUrl: mpesa.url }, APP_KEY, { now });
  hook = await receiver((w) => gateway.readWebhook(w));
});
afterAll(async () => {
  await mpesa.close();
  await hook.close();
});
afterEach(() => {
  hook.seen.length = 0;
  mpesa.pauseCallbacks(false);
});

describe('M-Pesa driver: STK push', () => {
  it('signs in with Basic auth, pushes the documented request, and answers the CheckoutRequestID and a message for the payer', async () => {
    const started = await gateway.start(request({ paymentId: '7' }));
    const [token, push] = mpesa.requests.slice(-2);
    expect(token.path).toBe('/oauth/v1/generate?grant_type=client_credentials');
    expect(token.headers.authorization).toBe(`Basic ${Buffer.from(`${mpesa.consumerKey}:${mpesa.consumerSecret}`).toString('base64')}`);
    expect(push.path).toBe('/mpesa/stkpush/v1/processrequest');
    expect(push.headers.authorization).toMatch(/^Bearer .+/);
    const body = JSON.parse(push.body) as Record<string, unknown>;
    // 09:30 UTC is 12:30 in Nairobi
    expect(body).toEqual({
      BusinessShortCode: 174379,
      Password: Buffer.from(`174379${mpesa.passkey}20261124123000`).toString('base64'),
      Timestamp: '20261124123000',
      TransactionType: 'CustomerPayBillOnline',
      Amount: 1500,
      PartyA: 254712345678,
      PartyB: 174379,
      PhoneNumber: 254712345678,
      CallBackURL: `${hook.base}/7/${gateway.callbackToken('7')}`,
      AccountReference: 'KZ000007H',
      TransactionDesc: '1000 credits',
    });
    expect(started.providerRef).toMatch(/^ws_CO_/);
    expect(mpesa.pushes.has(started.providerRef)).toBe(true);
    expect(started.action).toEqual({ kind: 'stk_push', message: 'Check your phone (+254712…678): enter your M-Pesa PIN to pay KES 1500.' });
    // its callback arrives now, not during a later test
    await mpesa.callbacks.waitFor((c) => c.checkoutRequestId === started.providerRef);
  });

  it('reuses the OAuth token until a minute before it expires, then signs in again', async () => {
    const before = mpesa.tokensIssued;
    mpesa.pauseCallbacks();
    await gateway.start(request({ paymentId: 't-1' }));
    await gateway.start(request({ paymentId: 't-2' }));
    expect(mpesa.tokensIssued).toBe(before);
    clock += 3539 * 1000; // 3599 s less the minute of margin
    await gateway.start(request({ paymentId: 't-3' }));
    expect(mpesa.tokensIssued).toBe(before + 1);
  });

  it('concurrent first requests share one sign-in', async () => {
    const fresh = new MpesaGateway({ consumerKey: mpesa.consumerKey, consumerSecret: mpesa.consumerSecret, shortcode: mpesa.shortcode, passkey: mpesa.passkey, apiUrl: mpesa.url }, APP_KEY, { now });
    const before = mpesa.tokensIssued;
    mpesa.pauseCallbacks();
    await Promise.all([fresh.start(request({ paymentId: 'c-1' })), fresh.start(request({ paymentId: 'c-2' })), fresh.query('ws_CO_unknown').catch(() => null)]);
    expect(mpesa.tokensIssued).toBe(before + 1);
  });

  it('a token Daraja no longer takes is replaced once, and the request goes through', async () => {
    mpesa.pauseCallbacks();
    await gateway.start(request({ paymentId: 'r-1' }));
    const before = mpesa.tokensIssued;
    mpesa.revokeTokens();
    await expect(gateway.start(request({ paymentId: 'r-2' }))).resolves.toMatchObject({ action: { kind: 'stk_push' } });
    expect(mpesa.tokensIssued).toBe(before + 1);
  });

  it.each([
    [{ currency: 'USD' }, 'currency', 'M-Pesa takes Kenya shillings (KES) only, not USD.'],
    [{ amount: '1500.50' }, 'amount', 'M-Pesa takes whole shillings: KES 1500.50 has cents.'],
    [{ amount: '0' }, 'amount', 'The amount must be a positive number, not "0".'],
    [{ amount: '250001' }, 'amount', 'M-Pesa takes at most KES 250000 a transaction: KES 250001 is more.'],
    [{ phone: '+255712345678' }, 'phone', 'M-Pesa needs a Kenyan mobile number such as +254712345678, not "+255712345678".'],
    [{ phone: undefined }, 'phone', 'M-Pesa needs a Kenyan mobile number such as +254712345678.'],
    [{ callbackUrl: 'not a url' }, 'callbackUrl', 'The M-Pesa callback address "not a url" is not a URL.'],
  ])('%o is refused before any request', async (over, field, message) => {
    const count = mpesa.requests.length;
    const refused = await gateway.start(request(over)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PaymentRequestInvalid);
    expect(refused).toMatchObject({ field, message });
    expect(mpesa.requests.length).toBe(count);
  });

  it('reads phone numbers and amounts as Daraja wants them', () => {
    expect(mpesaPhone('+254 712 345 678')).toBe('254712345678');
    expect(mpesaPhone('0110345678')).toBe('254110345678');
    expect(mpesaPhone('254712345678')).toBe('254712345678');
    expect(() => mpesaPhone('+254201234567')).toThrow(PaymentRequestInvalid); // a Nairobi landline
    expect(wholeShillings('10.000', 'kes')).toBe('10');
    expect(nairobiTimestamp(Date.UTC(2026, 11, 31, 22, 5, 9))).toBe('20270101010509');
  });

  it('Daraja’s error answers become readable ProviderErrors', async () => {
    mpesa.failNext(500, { requestId: 'x', errorCode: '500.003.02', errorMessage: 'System is busy. Please try again in few minutes.' });
    const failed = await gateway.start(request({ paymentId: 'e-1' })).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ProviderError);
    expect(failed).toMatchObject({ status: 500, code: '500.003.02', message: 'Sending the M-Pesa request: M-Pesa answered 500: System is busy. Please try again in few minutes.' });
    mpesa.failNext(200, { ResponseCode: '1', ResponseDescription: 'Unable to lock subscriber, a transaction is already in process for the current subscriber' });
    await expect(gateway.start(request({ paymentId: 'e-2' }))).rejects.toThrow('Sending the M-Pesa request: M-Pesa refused it: Unable to lock subscriber, a transaction is already in process for the current subscriber');
    const wrongKeys = new MpesaGateway({ consumerKey: 'x', consumerSecret: 'y', shortcode: mpesa.shortcode, passkey: mpesa.passkey, apiUrl: mpesa.url }, APP_KEY, { now });
    await expect(wrongKeys.start(request())).rejects.toThrow('Signing in to M-Pesa: M-Pesa answered 400: Invalid Authentication passed');
    const wrongPasskey = new MpesaGateway({ consumerKey: mpesa.consumerKey, consumerSecret: mpesa.consumerSecret, shortcode: mpesa.shortcode, passkey: 'nope', apiUrl: mpesa.url }, APP_KEY, { now });
    await expect(wrongPasskey.start(request())).rejects.toThrow('M-Pesa answered 400: Bad Request - Invalid Password');
  });
});

describe('M-Pesa driver: callbacks', () => {
  it('a paid push calls back with the receipt: succeeded, amount in KES, event id CheckoutRequestID:ResultCode', async () => {
    const started = await gateway.start(request({ paymentId: 'p-1' }));
    const delivery = await mpesa.callbacks.waitFor((c) => c.checkoutRequestId === started.providerRef);
    expect(delivery.status).toBe(200);
    const push = mpesa.pushes.get(started.providerRef)!;
    expect(hook.seen).toEqual([
      {
        url: `/webhooks/mpesa/p-1/${gateway.callbackToken('p-1')}`,
        event: { eventId: `${started.providerRef}:0`, status: 'succeeded', providerRef: started.providerRef, paymentId: 'p-1', amount: '1500.00', currency: 'KES', receipt: push.receipt },
      },
    ]);
  });

  it.each([
    ['1', 'The payer cancelled the M-Pesa request.', 1032],
    ['2', 'The phone could not be reached: no answer to the M-Pesa request.', 1037],
    ['3', 'The M-Pesa balance is too low for this payment.', 1],
  ])('a phone ending in %s: failed, “%s”', async (digit, reason, code) => {
    const started = await gateway.start(request({ paymentId: `f-${digit}`, phone: `+25471234567${digit}` }));
    await mpesa.callbacks.waitFor((c) => c.checkoutRequestId === started.providerRef);
    expect(hook.seen.map((s) => s.event)).toEqual([{ eventId: `${started.providerRef}:${code}`, status: 'failed', providerRef: started.providerRef, paymentId: `f-${digit}`, reason }]);
  });

  it('a duplicated callback reads the same event id', async () => {
    const started = await gateway.start(request({ paymentId: 'd-1' }));
    await mpesa.callbacks.waitFor((c) => c.checkoutRequestId === started.providerRef);
    await mpesa.post(started.providerRef, 0);
    expect(hook.seen).toHaveLength(2);
    expect(hook.seen[1].event?.eventId).toBe(hook.seen[0].event?.eventId);
  });

  it('a callback whose address carries a wrong token, another payment’s token or none is rejected', async () => {
    mpesa.pauseCallbacks();
    const started = await gateway.start(request({ paymentId: 'b-1' }));
    const body = Buffer.from(JSON.stringify(mpesa.callbackBody(started.providerRef, 0)));
    const read = (url: string) => () => gateway.readWebhook({ headers: {}, rawBody: body, url });
    expect(read(`/webhooks/mpesa/b-1/${gateway.callbackToken('b-1')}`)).not.toThrow();
    expect(read(`/webhooks/mpesa/b-1/${gateway.callbackToken('b-2')}`)).toThrow(WebhookRejected);
    expect(read(`/webhooks/mpesa/b-2/${gateway.callbackToken('b-1')}`)).toThrow(WebhookRejected);
    expect(read('/webhooks/mpesa/b-1')).toThrow(WebhookRejected);
    expect(read('/webhooks/mpesa/%E0%A4%A/x')).toThrow(WebhookRejected);
    const otherKey = new MpesaGateway({ consumerKey: 'k', consumerSecret: 's', shortcode: '174379', passkey: 'p', apiUrl: mpesa.url }, `${APP_KEY}-other`, { now });
    expect(read(`/webhooks/mpesa/b-1/${otherKey.callbackToken('b-1')}`)).toThrow('The M-Pesa callback address does not carry a valid token.');
    // over HTTP: the stand-in posts to an address the driver never issued
    const d = await mpesa.post(started.providerRef, 0);
    expect(d.status).toBe(200);
    const push = mpesa.pushes.get(started.providerRef)!;
    push.request.CallBackURL = `${hook.base}/b-1/forged`;
    const forged = await mpesa.post(started.providerRef, 0);
    expect(forged.status).toBe(400);
  });

  it('a verified callback that is not an stkCallback is rejected, not a crash', () => {
    const url = `/webhooks/mpesa/m-1/${gateway.callbackToken('m-1')}`;
    for (const body of ['nope', '{}', '{"Body":{"stkCallback":{"ResultCode":0}}}']) {
      expect(() => gateway.readWebhook({ headers: {}, rawBody: Buffer.from(body), url })).toThrow(WebhookRejected);
    }
  });
});

describe('M-Pesa driver: the status query, for a callback that never comes', () => {
  it('pending while the payer has not answered, then what the payer did', async () => {
    const started = await gateway.start(request({ paymentId: 's-1', phone: '+254712345670' })); // ends in 0: never called back
    expect(await gateway.query(started.providerRef)).toEqual({ status: 'pending', providerRef: started.providerRef });
    const sent = JSON.parse(mpesa.requests.at(-1)!.body) as Record<string, unknown>;
    expect(mpesa.requests.at(-1)!.path).toBe('/mpesa/stkpushquery/v1/query');
    expect(sent).toMatchObject({ BusinessShortCode: 174379, CheckoutRequestID: started.providerRef, Timestamp: nairobiTimestamp(clock) });
    expect(sent.Password).toBe(Buffer.from(`174379${mpesa.passkey}${sent.Timestamp as string}`).toString('base64'));
    await mpesa.answer(started.providerRef, 0, { callback: false });
    expect(await gateway.query(started.providerRef)).toEqual({ status: 'succeeded', providerRef: started.providerRef });
    expect(hook.seen).toEqual([]);

    const cancelled = await gateway.start(request({ paymentId: 's-2', phone: '+254712345670' }));
    await mpesa.answer(cancelled.providerRef, 1032, { callback: false });
    expect(await gateway.query(cancelled.providerRef)).toEqual({ status: 'failed', providerRef: cancelled.providerRef, reason: 'The payer cancelled the M-Pesa request.' });
  });

  it('an unknown CheckoutRequestID is a readable error', async () => {
    await expect(gateway.query('ws_CO_nothing')).rejects.toThrow('Asking M-Pesa where the payment stands: M-Pesa answered 400: Bad Request - Invalid CheckoutRequestID');
  });
});
