import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callbackReceiver, startAfricasTalkingStandIn, type AfricasTalkingStandIn } from '../../testing/standins/africastalking.js';
import { ProviderError } from '../payments/errors.js';
import { AfricasTalkingSms, parseCost, REFUSALS } from './africastalking.js';
import { CallbackSecrets } from './callbacks.js';
import { SmsRequestInvalid } from './errors.js';
import { WebhookRejected, type IncomingWebhook, type SmsRecipientResult } from './types.js';

const APP_KEY = 'a-test-app-key-of-at-least-32-characters';
const TENANT = '7f1c9a40-0000-4000-8000-000000000001';
const secrets = new CallbackSecrets(APP_KEY);

let at: AfricasTalkingStandIn;
let hooks: Awaited<ReturnType<typeof callbackReceiver>>;
let sms: AfricasTalkingSms;

const url = (kind: 'sms-delivery' | 'sms-inbound' | 'sms-optout', tenant = TENANT) => secrets.url(`${hooks.url}/webhooks/sms/${kind}`, kind, tenant);

beforeAll(async () => {
  hooks = await callbackReceiver();
  at = await startAfricasTalkingStandIn({
    numbers: {
      '3': { refuse: 403 },
      '5': { refuse: 405 },
      '6': { refuse: 406 },
      '7': { report: 'Failed', failureReason: 'UserDoesNotExist' },
      '8': { report: 'AbsentSubscriber' },
    },
  });
  at.setCallbacks({ delivery: url('sms-delivery'), inbound: url('sms-inbound'), optOut: url('sms-optout') });
  sms = new AfricasTalkingSms({ username: at.username, apiKey: at.apiKey, apiUrl: at.url, senderId: 'KAZI' }, APP_KEY, { timeoutMs: 2_000 });
});
afterAll(async () => {
  await at.close();
  await hooks.close();
});
afterEach(() => {
  hooks.arrivals.items.length = 0;
});

const reportFor = (messageId: string) => hooks.arrivals.waitFor((w) => w.url.includes('sms-delivery') && w.rawBody.toString().includes(messageId), 10_000, `a report for ${messageId}`);
const accepted = (r: SmsRecipientResult) => {
  if (r.outcome !== 'accepted') throw new Error(`expected accepted, got ${JSON.stringify(r)}`);
  return r;
};

describe("Africa's Talking SMS driver", () => {
  it('sends one form-encoded request for the batch, with the apiKey header, and answers each number in order', async () => {
    const before = at.requests.length;
    const results = await sms.send({ tenantId: TENANT, to: ['+254711000001', '+254711000002'], message: 'Karibu! Meeting at 10.' });
    expect(at.requests.length).toBe(before + 1);
    const req = at.requests.at(-1)!;
    expect(req.path).toBe('/version1/messaging');
    expect(req.headers).toMatchObject({ apikey: at.apiKey, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' });
    expect(Object.fromEntries(new URLSearchParams(req.body))).toEqual({
      username: 'sandbox',
      to: '+254711000001,+254711000002',
      message: 'Karibu! Meeting at 10.',
      from: 'KAZI',
      bulkSMSMode: '1',
      enqueue: '1',
    });
    expect(results.map((r) => [r.to, r.outcome])).toEqual([
      ['+254711000001', 'accepted'],
      ['+254711000002', 'accepted'],
    ]);
    const first = accepted(results[0]);
    expect(first).toMatchObject({ cost: { currency: 'KES', amount: '0.8000' }, parts: 1 });
    expect(at.received().find((m) => m.messageId === first.messageId)).toMatchObject({ to: '+254711000001', from: 'KAZI' });
    expect(at.count('+254711000001')).toBe(1);
  });

  it('maps each refused number to its reason, temporary or not, about the number or the account', async () => {
    const results = await sms.send({ tenantId: TENANT, to: ['+254711000013', '+254711000015', '+254711000016', '+254711000011'], message: 'Hello' });
    expect(results).toEqual([
      { to: '+254711000013', outcome: 'refused', code: 'InvalidPhoneNumber', reason: 'The phone number is not valid.', temporary: false, account: false },
      { to: '+254711000015', outcome: 'refused', code: 'InsufficientBalance', reason: REFUSALS[405].reason, temporary: true, account: true },
      { to: '+254711000016', outcome: 'refused', code: 'UserInBlacklist', reason: 'The number has blocked messages from this sender.', temporary: false, account: false },
      expect.objectContaining({ to: '+254711000011', outcome: 'accepted' }),
    ]);
    // refused numbers were not sent
    expect(at.count('+254711000013')).toBe(0);
  });

  it('a sender ID the account has not registered is refused for every number, as an account problem', async () => {
    const results = await sms.send({ tenantId: TENANT, to: ['+254711000021'], message: 'Hello', from: 'OTHERCO' });
    expect(results).toEqual([{ to: '+254711000021', outcome: 'refused', code: 'InvalidSenderId', reason: REFUSALS[402].reason, temporary: false, account: true }]);
  });

  it('every documented refusal code has a sentence and a decision', () => {
    expect(Object.keys(REFUSALS).map(Number)).toEqual([401, 402, 403, 404, 405, 406, 407, 409, 500, 501, 502]);
    expect(Object.values(REFUSALS).filter((r) => r.temporary).map((r) => r.name)).toEqual(['InsufficientBalance', 'CouldNotRoute', 'InternalServerError', 'GatewayError']);
    expect(Object.values(REFUSALS).filter((r) => r.account).map((r) => r.name)).toEqual(['RiskHold', 'InvalidSenderId', 'InsufficientBalance']);
  });

  it('a request taken but never answered is unknown for every number, not failed: it was sent once, and its report settles it', async () => {
    const short = new AfricasTalkingSms({ username: at.username, apiKey: at.apiKey, apiUrl: at.url, senderId: null }, APP_KEY, { timeoutMs: 300 });
    at.failNext({ hang: 'silent' });
    const results = await short.send({ tenantId: TENANT, to: ['+254711000031', '+254711000032'], message: 'Hello' });
    expect(results.map((r) => r.outcome)).toEqual(['unknown', 'unknown']);
    expect(results[0]).toMatchObject({ reason: expect.stringContaining('no answer within 0.3 s') });
    expect(at.count('+254711000031')).toBe(1);
    const sent = at.received().find((m) => m.to === '+254711000031')!;
    expect(sms.readDeliveryReport(await reportFor(sent.messageId))).toMatchObject({ messageId: sent.messageId, state: 'delivered' });
  });

  it('a connection cut after the request was written is unknown too', async () => {
    at.failNext({ hang: 'reset' });
    const results = await sms.send({ tenantId: TENANT, to: ['+254711000041'], message: 'Hello' });
    expect(results).toEqual([{ to: '+254711000041', outcome: 'unknown', reason: expect.stringContaining("Africa's Talking could not be reached") }]);
    expect(at.count('+254711000041')).toBe(1);
  });

  it('a number set to hang or to answer late makes its whole batch unknown, and was still sent once', async () => {
    const short = new AfricasTalkingSms({ username: at.username, apiKey: at.apiKey, apiUrl: at.url, senderId: null }, APP_KEY, { timeoutMs: 100 });
    at.setNumber('4', { hang: 'reset' });
    const cut = await sms.send({ tenantId: TENANT, to: ['+254711000121', '+254711000044'], message: 'Hello' });
    expect(cut.map((r) => r.outcome)).toEqual(['unknown', 'unknown']);
    at.setNumber('4', { delayMs: 400 });
    // the driver gives up at 100 ms, the stand-in answers at 400 ms: the same event loop orders them
    expect((await short.send({ tenantId: TENANT, to: ['+254711000054'], message: 'Hello' }))[0].outcome).toBe('unknown');
    // with time to wait, the late answer is read
    expect((await sms.send({ tenantId: TENANT, to: ['+254711000064'], message: 'Hello' }))[0].outcome).toBe('accepted');
    at.setNumber('4', {});
    expect([at.count('+254711000121'), at.count('+254711000044'), at.count('+254711000054')]).toEqual([1, 1, 1]);
  });

  it('a gateway timeout (504) in front of the provider is unknown', async () => {
    at.failNext({ status: 504, text: 'Gateway Timeout' });
    expect((await sms.send({ tenantId: TENANT, to: ['+254711000042'], message: 'Hello' }))[0].outcome).toBe('unknown');
  });

  it('a provider that cannot be reached at all throws: nothing left, the batch may be sent again', async () => {
    const closed = await startAfricasTalkingStandIn();
    const gone = closed.url;
    await closed.close();
    const nowhere = new AfricasTalkingSms({ username: 'sandbox', apiKey: 'x'.repeat(20), apiUrl: gone, senderId: null }, APP_KEY);
    const e = await nowhere.send({ tenantId: TENANT, to: ['+254711000051'], message: 'Hello' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ProviderError);
    expect(e).toMatchObject({ provider: 'africastalking', status: null, mayHaveArrived: false });
  });

  it('a whole request refused (500, bad credentials) throws with whether to try again, and nothing was taken', async () => {
    at.failNext({ status: 500, text: 'Internal Server Error' });
    const e = await sms.send({ tenantId: TENANT, to: ['+254711000061'], message: 'Hello' }).catch((x: unknown) => x);
    expect(e).toMatchObject({ name: 'ProviderError', status: 500, temporary: true, mayHaveArrived: false });
    expect(at.count('+254711000061')).toBe(0);
    const wrongKey = new AfricasTalkingSms({ username: at.username, apiKey: 'not-the-key-at-all', apiUrl: at.url, senderId: null }, APP_KEY);
    const denied = await wrongKey.send({ tenantId: TENANT, to: ['+254711000061'], message: 'Hello' }).catch((x: unknown) => x);
    expect(denied).toMatchObject({ status: 401, temporary: false, message: expect.stringContaining('The supplied authentication is invalid') });
  });

  it.each([
    [{ to: ['0711000001'] }, 'to', /international form/],
    [{ to: ['+254711000001', '+254711000001'] }, 'to', /twice/],
    [{ to: [] }, 'to', /no numbers/],
    [{ to: Array.from({ length: 1001 }, (_, i) => `+2547${String(i).padStart(8, '0')}`) }, 'to', /at most 1000/],
    [{ message: '   ' }, 'message', /empty/],
    [{ from: 'A sender far too long' }, 'from', /not a sender ID/],
  ])('refuses %# before any HTTP', async (change, field, message) => {
    const before = at.requests.length;
    const e = await sms.send({ tenantId: TENANT, to: ['+254711000001'], message: 'Hello', ...change }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SmsRequestInvalid);
    expect(e).toMatchObject({ field, message: expect.stringMatching(message) });
    expect(at.requests.length).toBe(before);
  });

  it('an answer that does not mention a number leaves that number unknown; one that cannot be read leaves all unknown', async () => {
    const fake = (body: string) =>
      new AfricasTalkingSms({ username: 'u', apiKey: 'k', apiUrl: 'http://at.invalid', senderId: null }, APP_KEY, { fetch: async () => new Response(body, { status: 201 }) });
    const partial = JSON.stringify({ SMSMessageData: { Message: 'Sent to 1/2', Recipients: [{ statusCode: 101, number: '+254711000001', status: 'Success', cost: 'KES 0.8000', messageId: 'ATXid_1', messageParts: 1 }] } });
    expect((await fake(partial).send({ tenantId: TENANT, to: ['+254711000001', '+254711000002'], message: 'x' })).map((r) => r.outcome)).toEqual(['accepted', 'unknown']);
    expect((await fake('<xml/>').send({ tenantId: TENANT, to: ['+254711000001'], message: 'x' }))[0].outcome).toBe('unknown');
    const blocked = JSON.stringify({ SMSMessageData: { Message: 'InvalidSenderId', Recipients: [] } });
    expect((await fake(blocked).send({ tenantId: TENANT, to: ['+254711000001'], message: 'x' }))[0]).toMatchObject({ outcome: 'refused', code: 'InvalidSenderId', account: true });
    const odd = JSON.stringify({ SMSMessageData: { Message: '', Recipients: [{ statusCode: 499, number: '+254711000001', status: 'SomethingNew', cost: '0', messageId: 'None' }] } });
    expect((await fake(odd).send({ tenantId: TENANT, to: ['+254711000001'], message: 'x' }))[0]).toMatchObject({ outcome: 'refused', code: 'SomethingNew', temporary: false });
  });

  it('reads costs', () => {
    expect(parseCost('KES 1.6000')).toEqual({ currency: 'KES', amount: '1.6000' });
    expect(parseCost('0')).toBeNull();
    expect(parseCost('None')).toBeNull();
    expect(parseCost(undefined)).toBeNull();
  });
});

describe("Africa's Talking SMS callbacks", () => {
  it('reads delivery reports into our states, with the failure reason', async () => {
    const results = await sms.send({ tenantId: TENANT, to: ['+254711000101', '+254711000107', '+254711000108'], message: 'Hello' });
    const [ok, failed, absent] = results.map(accepted);
    expect(sms.readDeliveryReport(await reportFor(ok.messageId))).toEqual({
      tenantId: TENANT,
      messageId: ok.messageId,
      state: 'delivered',
      status: 'Success',
      phoneNumber: '+254711000101',
      networkCode: '63902',
      reason: null,
      retryCount: 0,
    });
    expect(sms.readDeliveryReport(await reportFor(failed.messageId))).toMatchObject({ state: 'failed', status: 'Failed', reason: 'The number does not exist on its network.' });
    expect(sms.readDeliveryReport(await reportFor(absent.messageId))).toMatchObject({ state: 'failed', status: 'AbsentSubscriber', reason: expect.stringContaining('out of coverage') });
  });

  it.each([
    ['Sent', 'pending'],
    ['Submitted', 'pending'],
    ['Buffered', 'pending'],
    ['Success', 'delivered'],
    ['Failed', 'failed'],
    ['AbsentSubscriber', 'failed'],
    ['Expired', 'failed'],
    ['Rejected', 'rejected'],
    ['SomethingNew', 'pending'],
  ])('status %s is %s', (status, state) => {
    const w = webhook(url('sms-delivery'), { id: 'ATXid_9', status, phoneNumber: '+254711000001', networkCode: '63902', retryCount: '2' });
    expect(sms.readDeliveryReport(w)).toMatchObject({ state, status, retryCount: 2 });
  });

  it('refuses a forged, foreign or misdirected callback address', () => {
    const body = { id: 'ATXid_9', status: 'Success' };
    const good = url('sms-delivery');
    const forged = good.replace(/[^/]+$/, 'A'.repeat(43));
    const otherTenant = `${good.split('/').slice(0, -2).join('/')}/another-tenant/${good.split('/').at(-1)}`;
    for (const u of [forged, otherTenant, url('sms-inbound'), `${hooks.url}/webhooks/sms/sms-delivery`, `${good.split('/').slice(0, -2).join('/')}/%E0%A4%A/${good.split('/').at(-1)}`]) {
      expect(() => sms.readDeliveryReport(webhook(u, body))).toThrow(WebhookRejected);
    }
    expect(() => sms.readDeliveryReport(webhook(good, { status: 'Success' }))).toThrow('The delivery report has no id.');
    expect(sms.readDeliveryReport(webhook(good, body)).tenantId).toBe(TENANT);
  });

  it('reads inbound messages with their opt-out or opt-in keyword', async () => {
    await at.inbound({ from: '+254711000201', to: '22384', text: '  stop ' });
    await at.inbound({ from: '+254711000202', to: '22384', text: 'Start' });
    await at.inbound({ from: '+254711000203', to: '22384', text: 'Please stop sending me these' });
    const inbound = hooks.arrivals.items.filter((w) => w.url.includes('sms-inbound')).map((w) => sms.readInbound(w));
    expect(inbound.map((m) => [m.from, m.kind])).toEqual([
      ['+254711000201', 'opt_out'],
      ['+254711000202', 'opt_in'],
      ['+254711000203', 'message'],
    ]);
    expect(inbound[0]).toMatchObject({ tenantId: TENANT, to: '22384', text: '  stop ', id: expect.any(String), date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(() => sms.readInbound(webhook(url('sms-delivery'), { from: '+254711000201', to: '22384', text: 'STOP' }))).toThrow(WebhookRejected);
  });

  it('reads the bulk opt-out notice', async () => {
    await at.optOut({ senderId: 'KAZI', phoneNumber: '+254711000301' });
    const w = hooks.arrivals.items.find((x) => x.url.includes('sms-optout'))!;
    expect(sms.readOptOut(w)).toEqual({ tenantId: TENANT, phoneNumber: '+254711000301', senderId: 'KAZI' });
    expect(() => sms.readOptOut(webhook(url('sms-optout'), { senderId: 'KAZI' }))).toThrow('The opt-out notice has no phoneNumber.');
    expect(() => sms.readOptOut(webhook(url('sms-optout', 'someone-else').replace(/[^/]+$/, 'x'), { phoneNumber: '+254711000301' }))).toThrow(WebhookRejected);
  });
});

function webhook(address: string, fields: Record<string, string>): IncomingWebhook {
  const u = new URL(address);
  return { url: u.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: Buffer.from(new URLSearchParams(fields).toString()) };
}
