import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackReceiver, startAfricasTalkingStandIn, type AfricasTalkingStandIn } from '../../testing/standins/africastalking.js';
import { CallbackSecrets } from '../sms/callbacks.js';
import { AfricasTalkingAirtime } from './africastalking.js';
import { AirtimeRequestInvalid, WebhookRejected, type AirtimeRecipientResult } from './types.js';

const APP_KEY = 'a-test-app-key-of-at-least-32-characters';
const TENANT = '7f1c9a40-0000-4000-8000-000000000002';
const secrets = new CallbackSecrets(APP_KEY);

let at: AfricasTalkingStandIn;
let hooks: Awaited<ReturnType<typeof callbackReceiver>>;
let airtime: AfricasTalkingAirtime;
let statusUrl: string;

beforeAll(async () => {
  hooks = await callbackReceiver();
  statusUrl = secrets.url(`${hooks.url}/webhooks/airtime/status`, 'airtime-status', TENANT);
  at = await startAfricasTalkingStandIn({ numbers: { '4': { airtimeError: 'Invalid Phone Number' } }, airtimeStatusUrl: statusUrl });
  airtime = new AfricasTalkingAirtime({ username: at.username, apiKey: at.apiKey, apiUrl: at.url }, APP_KEY, { timeoutMs: 2_000 });
});
afterAll(async () => {
  await at.close();
  await hooks.close();
});

const accepted = (r: AirtimeRecipientResult) => {
  if (r.outcome !== 'accepted') throw new Error(`expected accepted, got ${JSON.stringify(r)}`);
  return r;
};
const statusFor = (requestId: string) => hooks.arrivals.waitFor((w) => w.rawBody.toString().includes(requestId), 10_000, `a status for ${requestId}`);

describe("Africa's Talking airtime driver", () => {
  it('sends the recipients as the API takes them, with the idempotency key, and reads the answer per number', async () => {
    const results = await airtime.send({
      tenantId: TENANT,
      idempotencyKey: 'airtime-row-000001',
      recipients: [
        { phoneNumber: '+254711000001', amount: '100', currency: 'kes' },
        { phoneNumber: '+254711000004', amount: '50.50', currency: 'KES' },
      ],
    });
    const req = at.requests.at(-1)!;
    expect(req.path).toBe('/version1/airtime/send');
    expect(req.headers).toMatchObject({ apikey: at.apiKey, 'idempotency-key': 'airtime-row-000001', accept: 'application/json' });
    const form = new URLSearchParams(req.body);
    expect(form.get('username')).toBe('sandbox');
    expect(JSON.parse(form.get('recipients')!)).toEqual([
      { phoneNumber: '+254711000001', amount: 'KES 100' },
      { phoneNumber: '+254711000004', amount: 'KES 50.50' },
    ]);
    expect(results).toEqual([
      { phoneNumber: '+254711000001', outcome: 'accepted', requestId: expect.stringMatching(/^ATQid_/), amount: { currency: 'KES', amount: '100.0000' }, discount: { currency: 'KES', amount: '4.0000' } },
      { phoneNumber: '+254711000004', outcome: 'refused', reason: "Africa's Talking refused the airtime: Invalid Phone Number." },
    ]);
  });

  it('a repeated idempotency key sends nothing more: the first answer comes back', async () => {
    const request = { tenantId: TENANT, idempotencyKey: 'airtime-row-000002', recipients: [{ phoneNumber: '+254711000011', amount: '20', currency: 'KES' }] };
    const first = accepted((await airtime.send(request))[0]);
    const again = accepted((await airtime.send(request))[0]);
    expect(again.requestId).toBe(first.requestId);
    expect(at.topUps().filter((t) => t.phoneNumber === '+254711000011')).toHaveLength(1);
  });

  it('a request taken but not answered is unknown; sent again with its key it is not sent twice', async () => {
    const short = new AfricasTalkingAirtime({ username: at.username, apiKey: at.apiKey, apiUrl: at.url }, APP_KEY, { timeoutMs: 300 });
    const request = { tenantId: TENANT, idempotencyKey: 'airtime-row-000003', recipients: [{ phoneNumber: '+254711000021', amount: '10', currency: 'KES' }] };
    at.failNext({ hang: 'silent' });
    expect((await short.send(request))[0]).toMatchObject({ outcome: 'unknown', reason: expect.stringContaining('same idempotency key') });
    expect((await short.send(request))[0].outcome).toBe('accepted');
    expect(at.topUps().filter((t) => t.phoneNumber === '+254711000021')).toHaveLength(1);
  });

  it('reads the status callback and refuses a forged one', async () => {
    const sent = accepted((await airtime.send({ tenantId: TENANT, idempotencyKey: 'airtime-row-000004', recipients: [{ phoneNumber: '+254711000031', amount: '30', currency: 'KES' }] }))[0]);
    const hook = await statusFor(sent.requestId);
    expect(airtime.readStatus(hook)).toEqual({
      tenantId: TENANT,
      requestId: sent.requestId,
      state: 'delivered',
      status: 'Success',
      phoneNumber: '+254711000031',
      amount: { currency: 'KES', amount: '30.0000' },
      discount: { currency: 'KES', amount: '1.2000' },
      reason: null,
    });
    await at.airtimeStatus(sent.requestId, 'Failed', 'Subscriber line barred');
    const failed = hooks.arrivals.items.filter((w) => w.rawBody.toString().includes(sent.requestId)).at(-1)!;
    expect(airtime.readStatus(failed)).toMatchObject({ state: 'failed', reason: 'The airtime was not delivered: Subscriber line barred' });
    expect(() => airtime.readStatus({ ...hook, url: hook.url.replace(/[^/]+$/, 'forged-token') })).toThrow(WebhookRejected);
    const smsAddress = secrets.url('/webhooks/airtime/status', 'sms-delivery', TENANT);
    expect(() => airtime.readStatus({ ...hook, url: smsAddress })).toThrow(WebhookRejected);
    expect(() => airtime.readStatus({ ...hook, rawBody: Buffer.from('{"status":') })).toThrow('The airtime status callback is not valid JSON.');
  });

  it('a whole request refused throws; an answer naming no recipient is refused or unknown as it says', async () => {
    at.failNext({ status: 500 });
    await expect(airtime.send({ tenantId: TENANT, idempotencyKey: 'airtime-row-000005', recipients: [{ phoneNumber: '+254711000041', amount: '10', currency: 'KES' }] })).rejects.toMatchObject({
      name: 'ProviderError',
      temporary: true,
    });
    const fake = (body: unknown) =>
      new AfricasTalkingAirtime({ username: 'u', apiKey: 'k', apiUrl: 'http://at.invalid' }, APP_KEY, { fetch: async () => new Response(JSON.stringify(body), { status: 201 }) });
    const one = { tenantId: TENANT, idempotencyKey: 'airtime-row-000006', recipients: [{ phoneNumber: '+254711000041', amount: '10', currency: 'KES' }] };
    expect((await fake({ errorMessage: 'Insufficient Credit', numSent: 0, responses: [] }).send(one))[0]).toMatchObject({ outcome: 'refused', reason: expect.stringContaining('Insufficient Credit') });
    expect((await fake({ errorMessage: 'A duplicate request was received within the last 5 minutes', responses: [] }).send(one))[0].outcome).toBe('unknown');
  });

  it.each([
    [{ idempotencyKey: 'short' }, 'idempotencyKey'],
    [{ recipients: [] }, 'recipients'],
    [{ recipients: [{ phoneNumber: '0711000001', amount: '10', currency: 'KES' }] }, 'phoneNumber'],
    [{ recipients: [{ phoneNumber: '+254711000001', amount: '-10', currency: 'KES' }] }, 'amount'],
    [{ recipients: [{ phoneNumber: '+254711000001', amount: '10.005', currency: 'KES' }] }, 'amount'],
    [{ recipients: [{ phoneNumber: '+254711000001', amount: '10', currency: 'shillings' }] }, 'currency'],
    [{ recipients: [{ phoneNumber: '+254711000001', amount: '10', currency: 'KES' }, { phoneNumber: '+254711000001', amount: '5', currency: 'KES' }] }, 'recipients'],
  ])('refuses %o before any HTTP', async (change, field) => {
    const before = at.requests.length;
    const e = await airtime.send({ tenantId: TENANT, idempotencyKey: 'airtime-row-000007', recipients: [{ phoneNumber: '+254711000001', amount: '10', currency: 'KES' }], ...change }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AirtimeRequestInvalid);
    expect(e).toMatchObject({ field });
    expect(at.requests.length).toBe(before);
  });
});
