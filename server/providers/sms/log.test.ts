import { describe, expect, it } from 'vitest';
import { LogAirtime } from '../airtime/log.js';
import { Arrivals } from '../../testing/standins/http.js';
import { LogSms } from './log.js';
import { SmsRequestInvalid } from './errors.js';
import type { IncomingWebhook } from './types.js';

const APP_KEY = 'a-test-app-key-of-at-least-32-characters';
const lines: string[] = [];
const log = { info: (_: object, msg: string) => void lines.push(msg) };

describe('the log drivers', () => {
  it('SMS: accepts at once, logs the message, and posts a Success report its own reader verifies', async () => {
    const sink = new Arrivals<IncomingWebhook>();
    const sms = new LogSms(log, APP_KEY, { sink: (w) => sink.push(w) });
    const results = await sms.send({ tenantId: 't-1', to: ['+254711000001', '+254711000002'], message: `Hello ${'x'.repeat(160)}` });
    expect(results).toEqual([
      { to: '+254711000001', outcome: 'accepted', messageId: expect.stringMatching(/^log_/), cost: null, parts: 2 },
      { to: '+254711000002', outcome: 'accepted', messageId: expect.stringMatching(/^log_/), cost: null, parts: 2 },
    ]);
    expect(lines.some((l) => l.startsWith('SMS to +254711000001 (2 parts) accepted by the log driver'))).toBe(true);
    // nothing posted before send answered: the caller stores the ids first
    expect(sink.items).toHaveLength(0);
    await sink.waitFor((w) => w.rawBody.toString().includes('254711000002'));
    const reports = sink.items.map((w) => sms.readDeliveryReport(w));
    expect(reports.map((r) => [r.messageId, r.state, r.tenantId])).toEqual(results.map((r) => [r.outcome === 'accepted' ? r.messageId : '', 'delivered', 't-1']));
    expect(sink.items[0].url).toMatch(/^\/webhooks\/sms\/delivery\/t-1\/[\w-]{43}$/);
  });

  it('SMS: checks the batch as the real driver does, and posts nothing without a sink', async () => {
    const sms = new LogSms(log, APP_KEY);
    await expect(sms.send({ tenantId: 't-1', to: ['12345'], message: 'x' })).rejects.toBeInstanceOf(SmsRequestInvalid);
    expect((await sms.send({ tenantId: 't-1', to: ['+254711000001'], message: 'x' }))[0].outcome).toBe('accepted');
  });

  it('airtime: accepts at once, answers a repeated key as before, and posts a Success status its reader verifies', async () => {
    const sink = new Arrivals<IncomingWebhook>();
    const airtime = new LogAirtime(log, APP_KEY, { sink: (w) => sink.push(w) });
    const request = { tenantId: 't-2', idempotencyKey: 'log-airtime-1', recipients: [{ phoneNumber: '+254711000003', amount: '50', currency: 'KES' }] };
    const [first] = await airtime.send(request);
    const [again] = await airtime.send(request);
    expect(again).toEqual(first);
    expect(first).toMatchObject({ outcome: 'accepted', amount: { currency: 'KES', amount: '50' } });
    const status = airtime.readStatus(await sink.waitFor());
    expect(status).toMatchObject({ tenantId: 't-2', state: 'delivered', phoneNumber: '+254711000003' });
    expect(first.outcome === 'accepted' && status.requestId === first.requestId).toBe(true);
    expect(sink.items).toHaveLength(1);
  });
});
