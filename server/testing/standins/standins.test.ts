import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMpesaStandIn, type MpesaStandIn } from './mpesa.js';
import { parseStripeForm, startStripeStandIn, stripeSignature, type StripeStandIn } from './stripe.js';

// The stand-ins themselves: they must refuse what the providers refuse, or a driver test
// against them proves nothing.

async function sink() {
  const got: { path: string; headers: Record<string, unknown>; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, got, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const sessionForm = (over: Record<string, string> = {}) =>
  new URLSearchParams({
    mode: 'payment',
    'line_items[0][quantity]': '1',
    'line_items[0][price_data][currency]': 'usd',
    'line_items[0][price_data][unit_amount]': '1000',
    'line_items[0][price_data][product_data][name]': 'Credits',
    success_url: 'http://kazi.test/ok?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://kazi.test/cancelled',
    client_reference_id: '9',
    ...over,
  }).toString();

describe('Stripe stand-in', () => {
  let stripe: StripeStandIn;
  let hooks: Awaited<ReturnType<typeof sink>>;
  const create = (body: string, key: string | null = 'k-1', auth = 'Bearer sk_test_standin') =>
    fetch(`${stripe.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded', ...(key ? { 'Idempotency-Key': key } : {}) },
      body,
    });

  beforeAll(async () => {
    hooks = await sink();
    stripe = await startStripeStandIn({ webhookUrl: `${hooks.url}/webhooks/stripe` });
  });
  afterAll(async () => {
    await stripe.close();
    await hooks.close();
  });

  it('reads nested form fields', () => {
    expect(parseStripeForm('a[b][0][c]=x&a[b][1][c]=y&d=1')).toEqual({ a: { b: { 0: { c: 'x' }, 1: { c: 'y' } } }, d: '1' });
  });

  it.each([
    ['no key', sessionForm(), null, 'Bearer sk_test_standin', 400, /Idempotency-Key/],
    ['a wrong key', sessionForm(), 'k-2', 'Bearer sk_test_other', 401, /Invalid API Key/],
    ['mode subscription', sessionForm({ mode: 'subscription' }), 'k-3', undefined, 400, /mode/],
    ['a decimal amount', sessionForm({ 'line_items[0][price_data][unit_amount]': '10.5' }), 'k-4', undefined, 400, /unit_amount/],
    ['a KWD amount not ending in 0', sessionForm({ 'line_items[0][price_data][currency]': 'kwd', 'line_items[0][price_data][unit_amount]': '1255' }), 'k-5', undefined, 400, /end in 0/],
    ['an expiry beyond 24 hours', sessionForm({ expires_at: String(Math.floor(Date.now() / 1000) + 25 * 3600) }), 'k-6', undefined, 400, /expires_at/],
    ['no success_url', sessionForm({ success_url: 'nowhere' }), 'k-7', undefined, 400, /success_url/],
  ])('refuses a create with %s', async (_what, body, key, auth, status, message) => {
    const res = await create(body, key, auth);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(message);
  });

  it('takes the key as Basic auth too, replays the same key with the same answer, refuses it with other parameters', async () => {
    const first = await create(sessionForm(), 'same', `Basic ${Buffer.from('sk_test_standin:').toString('base64')}`);
    const second = await create(sessionForm(), 'same');
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.json()).toEqual(await first.json());
    const other = await create(sessionForm({ client_reference_id: '10' }), 'same');
    expect(other.status).toBe(400);
    expect(((await other.json()) as { error: { type: string } }).error.type).toBe('idempotency_error');
    // a refused create keeps nothing under its key: corrected, it goes through
    expect((await create(sessionForm({ mode: 'setup' }), 'retry')).status).toBe(400);
    expect((await create(sessionForm(), 'retry')).status).toBe(200);
  });

  it('the hosted page: Pay completes the session, sends a signed webhook, then goes to success_url', async () => {
    const session = (await (await create(sessionForm(), 'page-1')).json()) as { id: string; url: string };
    const page = await (await fetch(session.url)).text();
    expect(page).toContain('USD 10.00');
    expect(page).toMatch(/<button type="submit">Pay<\/button>/);
    expect(page).toMatch(/<button type="submit">Cancel<\/button>/);
    const cancelled = await fetch(`${session.url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe('http://kazi.test/cancelled');
    expect(stripe.sessions.get(session.id)!.status).toBe('open');

    const paid = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://kazi.test/ok?session=${session.id}`);
    const hook = hooks.got.at(-1)!;
    expect(hook.path).toBe('/webhooks/stripe');
    const t = /^t=(\d+),/.exec(String(hook.headers['stripe-signature']))![1];
    expect(hook.headers['stripe-signature']).toBe(stripeSignature(hook.body, stripe.webhookSecret, Number(t)));
    expect(JSON.parse(hook.body)).toMatchObject({ type: 'checkout.session.completed', data: { object: { id: session.id, status: 'complete', payment_status: 'paid', client_reference_id: '9' } } });
    // paid: the page says so, and it cannot be paid twice
    expect(await (await fetch(session.url)).text()).toContain('already paid');
    expect((await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(409);
  });

  it('controls over HTTP for a stand-in in its own process', async () => {
    const session = (await (await create(sessionForm(), 'ctl-1')).json()) as { id: string };
    const res = await fetch(`${stripe.url}/_standin/sessions/${session.id}/expire`, { method: 'POST' });
    expect(await res.json()).toMatchObject({ status: 200 });
    expect(JSON.parse(hooks.got.at(-1)!.body)).toMatchObject({ type: 'checkout.session.expired' });
    const state = (await (await fetch(`${stripe.url}/_standin/state`)).json()) as { sessions: { id: string; status: string }[] };
    expect(state.sessions.find((s) => s.id === session.id)?.status).toBe('expired');
  });
});

describe('M-Pesa stand-in', () => {
  let mpesa: MpesaStandIn;
  let calls: Awaited<ReturnType<typeof sink>>;
  const token = async () => ((await (await fetch(`${mpesa.url}/oauth/v1/generate?grant_type=client_credentials`, { headers: { Authorization: `Basic ${Buffer.from(`${mpesa.consumerKey}:${mpesa.consumerSecret}`).toString('base64')}` } })).json()) as { access_token: string; expires_in: string });
  const stamp = () => new Date(Date.now() + 3 * 3600_000).toISOString().replace(/[-T:]/g, '').slice(0, 14);
  const push = async (over: Record<string, unknown> = {}, bearer?: string) => {
    const ts = stamp();
    const body = {
      BusinessShortCode: mpesa.shortcode,
      Password: Buffer.from(`${mpesa.shortcode}${mpesa.passkey}${ts}`).toString('base64'),
      Timestamp: ts,
      TransactionType: 'CustomerPayBillOnline',
      Amount: 10,
      PartyA: '254712345678',
      PartyB: mpesa.shortcode,
      PhoneNumber: '254712345678',
      CallBackURL: `${calls.url}/cb/1/secret`,
      AccountReference: 'KZ000001B',
      TransactionDesc: 'Credits',
      ...over,
    };
    const res = await fetch(`${mpesa.url}/mpesa/stkpush/v1/processrequest`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${bearer ?? (await token()).access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  };

  beforeAll(async () => {
    calls = await sink();
    mpesa = await startMpesaStandIn();
  });
  afterAll(async () => {
    await mpesa.close();
    await calls.close();
  });

  it('issues a token for the right consumer key only', async () => {
    expect(await token()).toMatchObject({ expires_in: '3599' });
    const wrong = await fetch(`${mpesa.url}/oauth/v1/generate?grant_type=client_credentials`, { headers: { Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` } });
    expect(wrong.status).toBe(400);
  });

  it.each([
    [{ Password: 'wrong' }, 'Bad Request - Invalid Password'],
    [{ Timestamp: new Date().toISOString().replace(/[-T:]/g, '').slice(0, 14) }, 'Bad Request - Invalid Timestamp (not the time in Nairobi)'],
    [{ Timestamp: '20261340120000' }, 'Bad Request - Invalid Timestamp'],
    [{ Amount: 10.5 }, 'Bad Request - Invalid Amount'],
    [{ PhoneNumber: '0712345678' }, 'Bad Request - Invalid PhoneNumber'],
    [{ PartyB: '600000' }, 'Bad Request - Invalid PartyB'],
    [{ AccountReference: 'A-REFERENCE-TOO-LONG' }, 'Bad Request - Invalid AccountReference'],
    [{ TransactionDesc: 'a description too long' }, 'Bad Request - Invalid TransactionDesc'],
  ])('refuses a push with %o', async (over, message) => {
    const answer = await push(over);
    expect(answer.status).toBe(400);
    expect(answer.body.errorMessage).toBe(message);
  });

  it('refuses an unknown token as Daraja does', async () => {
    expect(await push({}, 'made-up')).toMatchObject({ status: 404, body: { errorCode: '404.001.03', errorMessage: 'Invalid Access Token' } });
  });

  it('accepts a good push and posts the callback to CallBackURL', async () => {
    const answer = await push();
    expect(answer).toMatchObject({ status: 200, body: { ResponseCode: '0', CheckoutRequestID: expect.stringMatching(/^ws_CO_/) } });
    const delivered = await mpesa.callbacks.waitFor((c) => c.checkoutRequestId === answer.body.CheckoutRequestID);
    expect(delivered.status).toBe(200);
    const got = calls.got.find((c) => c.body.includes(answer.body.CheckoutRequestID))!;
    expect(got.path).toBe('/cb/1/secret');
    expect(JSON.parse(got.body)).toMatchObject({ Body: { stkCallback: { ResultCode: 0, CallbackMetadata: { Item: expect.arrayContaining([{ Name: 'Amount', Value: 10 }]) } } } });
  });
});

describe('stand-ins as a process', () => {
  it('the CLI prints the settings Kazi needs and serves until stopped', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/testing/standins/cli.ts', 'stripe', '--port', '0', '--webhook', 'http://127.0.0.1:9/webhooks/stripe'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const settings = await new Promise<Record<string, string>>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('STRIPE_WEBHOOK_SECRET=')) resolve(Object.fromEntries(out.split('\n').filter((l) => l.includes('=')).map((l) => l.split('=', 2) as [string, string])));
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    expect(settings).toMatchObject({ STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_WEBHOOK_SECRET: 'whsec_standin', STRIPE_API_URL: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });
    const res = await fetch(`${settings.STRIPE_API_URL}/v1/checkout/sessions/cs_test_none`, { headers: { Authorization: 'Bearer sk_test_standin' } });
    expect(res.status).toBe(404);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('the CLI refuses an unknown provider with its usage line', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/testing/standins/cli.ts', 'paypal'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(err).toMatch(/^usage: cli\.ts stripe\|mpesa/);
  });
});
