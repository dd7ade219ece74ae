import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAfricasTalkingStandIn, type AfricasTalkingStandIn } from './africastalking.js';
import { Arrivals, listen } from './http.js';

let at: AfricasTalkingStandIn;
const got = new Arrivals<{ path: string; type: string | undefined; body: string }>();
let hooks: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  hooks = await listen((req, res) => {
    got.push({ path: req.path, type: req.headers['content-type'], body: req.body });
    res.writeHead(200).end('OK');
  });
  at = await startAfricasTalkingStandIn({
    numbers: { '9': { refuse: 406 }, '0': { report: 'none' } },
    deliveryReportUrl: `${hooks.url}/dlr`,
    airtimeStatusUrl: `${hooks.url}/airtime`,
    inboundUrl: `${hooks.url}/inbound`,
    optOutUrl: `${hooks.url}/optout`,
  });
});
afterAll(async () => {
  await at.close();
  await hooks.close();
});

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${at.url}${path}`, {
    method: 'POST',
    headers: { apiKey: at.apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}
const sms = (fields: Record<string, string>, headers?: Record<string, string>) => post('/version1/messaging', { username: 'sandbox', to: '+254700000001', message: 'Hi', ...fields }, headers);

describe("the Africa's Talking stand-in", () => {
  it('refuses what Africa\'s Talking refuses: a wrong apiKey or username, a missing field, no JSON Accept, a bad flag', async () => {
    expect((await sms({}, { apiKey: 'wrong' })).status).toBe(401);
    expect((await sms({ username: 'someone' })).status).toBe(401);
    expect((await sms({}, { Accept: 'application/xml' })).status).toBe(406);
    const missing = await sms({ message: '' });
    expect([missing.status, await missing.text()]).toEqual([400, "Request is missing required form field 'message'"]);
    expect((await sms({ bulkSMSMode: 'yes' })).status).toBe(400);
    expect((await sms({}, { 'Content-Type': 'application/json' })).status).toBe(400);
    expect(at.received()).toHaveLength(0);
  });

  it('answers 201 per number, keeps what it accepted, counts repeats and reports delivery form-encoded', async () => {
    const res = await sms({ to: '+254700000011,+254700000019,+25470', message: 'Hello there' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { SMSMessageData: { Message: string; Recipients: Record<string, unknown>[] } };
    expect(body.SMSMessageData.Message).toBe('Sent to 1/3 Total Cost: KES 0.8000');
    expect(body.SMSMessageData.Recipients.map((r) => [r.number, r.statusCode, r.status])).toEqual([
      ['+254700000011', 101, 'Success'],
      ['+254700000019', 406, 'UserInBlacklist'],
      ['+25470', 403, 'InvalidPhoneNumber'],
    ]);
    await sms({ to: '+254700000011', message: 'Hello there' });
    expect(at.count('+254700000011')).toBe(2);
    expect(at.duplicates()).toEqual([{ number: '+254700000011', count: 2 }]);
    const id = String(body.SMSMessageData.Recipients[0].messageId);
    const report = await got.waitFor((g) => g.path === '/dlr' && g.body.includes(id));
    expect(report.type).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(report.body))).toEqual({ id, status: 'Success', phoneNumber: '+254700000011', networkCode: '63902', retryCount: '0' });
  });

  it('takes airtime only in the documented shape, replays a repeated Idempotency-Key, and posts the status', async () => {
    const air = (recipients: unknown, key?: string) => post('/version1/airtime/send', { username: 'sandbox', recipients: JSON.stringify(recipients) }, key ? { 'Idempotency-Key': key } : {});
    const sdkShape = await air([{ phoneNumber: '+254700000021', currencyCode: 'KES', amount: 100 }]);
    expect([sdkShape.status, await sdkShape.text()]).toEqual([400, 'Unexpected recipient field currencyCode: the amount carries its currency ("KES 100")']);
    const first = await air([{ phoneNumber: '+254700000021', amount: 'KES 100' }], 'key-0001');
    const again = await air([{ phoneNumber: '+254700000021', amount: 'KES 100' }], 'key-0001');
    expect(first.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect(at.topUps()).toHaveLength(1);
    const status = await got.waitFor((g) => g.path === '/airtime');
    expect(JSON.parse(status.body)).toMatchObject({ phoneNumber: '+254700000021', status: 'Success', requestId: at.topUps()[0].requestId, value: 'KES 100.0000' });
  });

  it('posts inbound messages and opt-outs when asked, and answers 404 elsewhere', async () => {
    await at.inbound({ from: '+254700000031', to: '22384', text: 'STOP' });
    await at.optOut({ senderId: 'KAZI', phoneNumber: '+254700000031' });
    expect(new URLSearchParams(got.items.find((g) => g.path === '/inbound')!.body).get('text')).toBe('STOP');
    expect(Object.fromEntries(new URLSearchParams(got.items.find((g) => g.path === '/optout')!.body))).toEqual({ senderId: 'KAZI', phoneNumber: '+254700000031' });
    expect((await fetch(`${at.url}/version1/user`)).status).toBe(404);
  });

  it('runs as a process, printing the settings Kazi needs', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/testing/standins/cli.ts', 'africastalking', '--port', '0', '--fail-digit', '9=403'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const settings = await new Promise<Record<string, string>>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('AT_SENDER_ID=')) resolve(Object.fromEntries(out.split('\n').filter((l) => /^[A-Z_]+=/.test(l)).map((l) => l.split('=', 2) as [string, string])));
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    expect(out).toContain('a number ending in 9 is refused with 403');
    const res = await fetch(`${settings.AT_API_URL}/version1/messaging`, {
      method: 'POST',
      headers: { apiKey: settings.AT_API_KEY, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: settings.AT_USERNAME, to: '+254700000049', message: 'Hi', from: settings.AT_SENDER_ID }).toString(),
    });
    expect(((await res.json()) as { SMSMessageData: { Recipients: { statusCode: number }[] } }).SMSMessageData.Recipients[0].statusCode).toBe(403);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
