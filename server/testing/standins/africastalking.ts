import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { messageParts } from '../../providers/sms/segments.js';
import { Arrivals, deliver, json, listen, type Delivery, type Received } from './http.js';

/**
 * A local Africa's Talking for tests, browser flows and development: bulk SMS
 * (`POST /version1/messaging`) and airtime (`POST /version1/airtime/send`) as documented, checked
 * strictly (the apiKey header, the username, the form fields, Accept: application/json), every
 * accepted message kept (so a test can count duplicates), and the callbacks Africa's Talking
 * makes: delivery reports and airtime status to the configured addresses after `callbackDelayMs`,
 * inbound messages and bulk opt-outs when a test asks.
 *
 * Answers are chosen by a number's last digit (`numbers`), or for the next requests (`nextRequests`):
 * a refusal code, a report other than Success, a delay, or a hang after the request was taken
 * (its messages are kept and reported: the request arrived, only its answer is lost).
 */
export interface NumberRule {
  /** a refusal statusCode for SMS (401–409, 500–502) */
  refuse?: number;
  /** the delivery report's status; 'none' sends no report */
  report?: 'Success' | 'Failed' | 'Rejected' | 'AbsentSubscriber' | 'Expired' | 'Buffered' | 'none';
  failureReason?: string;
  /** airtime to this number fails with this errorMessage */
  airtimeError?: string;
  /** a request with this number answers after this long */
  delayMs?: number;
  /** a request with this number is taken but never answered ('silent') or its connection cut ('reset') */
  hang?: 'silent' | 'reset';
}

export type RequestRule = { status: number; text?: string } | { hang: 'silent' | 'reset' } | { delayMs: number };

export interface AfricasTalkingStandInOptions {
  username?: string;
  apiKey?: string;
  port?: number;
  host?: string;
  /** the sender IDs registered to the account; any other `from` is refused with 402 InvalidSenderId */
  senderIds?: readonly string[];
  /** last digit of a number → how it is answered */
  numbers?: Readonly<Record<string, NumberRule>>;
  /** how long the network takes to report; 0 in tests, which wait on the report itself */
  callbackDelayMs?: number;
  deliveryReportUrl?: string;
  airtimeStatusUrl?: string;
  inboundUrl?: string;
  optOutUrl?: string;
  /** Africa's Talking's price of one SMS part */
  pricePerPart?: string;
}

export interface StandInMessage {
  messageId: string;
  to: string;
  message: string;
  from: string | null;
  parts: number;
  /** the order it was taken in, from 1 */
  seq: number;
}

export interface StandInTopUp {
  requestId: string;
  phoneNumber: string;
  amount: string;
  idempotencyKey: string | null;
  seq: number;
}

export const STANDIN_AT = { username: 'sandbox', apiKey: 'standin-at-api-key-0123456789', senderIds: ['KAZI', '22384'] };

const REFUSAL_STATUS: Record<number, string> = {
  401: 'RiskHold',
  402: 'InvalidSenderId',
  403: 'InvalidPhoneNumber',
  404: 'UnsupportedNumberType',
  405: 'InsufficientBalance',
  406: 'UserInBlacklist',
  407: 'CouldNotRoute',
  409: 'DoNotDisturbRejection',
  500: 'InternalServerError',
  501: 'GatewayError',
  502: 'RejectedByGateway',
};

export async function startAfricasTalkingStandIn(options: AfricasTalkingStandInOptions = {}) {
  const creds = { username: options.username ?? STANDIN_AT.username, apiKey: options.apiKey ?? STANDIN_AT.apiKey };
  const senderIds = new Set(options.senderIds ?? STANDIN_AT.senderIds);
  const numbers: Record<string, NumberRule> = { ...options.numbers };
  const urls = { delivery: options.deliveryReportUrl, airtime: options.airtimeStatusUrl, inbound: options.inboundUrl, optOut: options.optOutUrl };
  const delay = options.callbackDelayMs ?? 0;
  const price = options.pricePerPart ?? '0.8000';
  const requests: Received[] = [];
  const messages: StandInMessage[] = [];
  const topUps: StandInTopUp[] = [];
  const perNumber = new Map<string, number>();
  const answered = new Map<string, { status: number; body: unknown }>();
  const reports = new Arrivals<Delivery & { messageId: string; reported: string }>();
  const statuses = new Arrivals<Delivery & { requestId: string; reported: string }>();
  const timers = new Set<NodeJS.Timeout>();
  let nextRequests: RequestRule[] = [];
  /** until then every request is answered this way (an outage of the provider) */
  let down: { until: number; rule: RequestRule } | null = null;
  let seq = 0;

  const text = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'Content-Type': 'text/plain' });
    res.end(body);
  };
  const rule = (n: string): NumberRule => numbers[n.slice(-1)] ?? {};
  const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

  // callbacks leave one queue, a few at a time and in order, as a provider's callback workers do:
  // a send of 20,000 posts its reports at the pace the receiver takes them, not all at once
  const CALLBACK_CONCURRENCY = 8;
  const callbackQueue: (() => Promise<unknown>)[] = [];
  let callbacksRunning = 0;
  function drainCallbacks() {
    while (callbacksRunning < CALLBACK_CONCURRENCY && callbackQueue.length) {
      const next = callbackQueue.shift()!;
      callbacksRunning++;
      void next().finally(() => {
        callbacksRunning--;
        drainCallbacks();
      });
    }
  }
  function later(fn: () => Promise<unknown>) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      callbackQueue.push(fn);
      drainCallbacks();
    }, delay);
    timers.add(timer);
  }
  const byMessageId = new Map<string, StandInMessage>();

  async function deliveryReport(messageId: string, status: string, failureReason?: string) {
    const m = byMessageId.get(messageId);
    if (!m) throw new Error(`no message ${messageId} on the Africa's Talking stand-in`);
    if (!urls.delivery) throw new Error('the stand-in has no delivery report address');
    const body = new URLSearchParams({ id: messageId, status, phoneNumber: m.to, networkCode: '63902', retryCount: '0' });
    if (failureReason) body.set('failureReason', failureReason);
    const d = { ...(await deliver(urls.delivery, body.toString(), form)), messageId, reported: status };
    reports.push(d);
    return d;
  }

  async function airtimeStatus(requestId: string, status: 'Success' | 'Failed', description?: string) {
    const t = topUps.find((x) => x.requestId === requestId);
    if (!t) throw new Error(`no airtime request ${requestId} on the Africa's Talking stand-in`);
    if (!urls.airtime) throw new Error('the stand-in has no airtime status address');
    const [currency, value] = t.amount.split(' ');
    const body = JSON.stringify({
      phoneNumber: t.phoneNumber,
      description: description ?? (status === 'Success' ? 'Airtime Delivered Successfully' : 'Airtime delivery failed'),
      status,
      requestId,
      discount: `${currency} ${(Number(value) * 0.04).toFixed(4)}`,
      value: `${currency} ${Number(value).toFixed(4)}`,
    });
    const d = { ...(await deliver(urls.airtime, body, {})), requestId, reported: status };
    statuses.push(d);
    return d;
  }

  /** the request rule to apply: the queued one, else the hang or longest delay any of its numbers asks */
  function requestRule(nums: string[]): RequestRule | null {
    if (down && Date.now() < down.until) return down.rule;
    const queued = nextRequests.shift();
    if (queued) return queued;
    const hang = nums.map((n) => rule(n).hang).find(Boolean);
    if (hang) return { hang };
    const wait = Math.max(0, ...nums.map((n) => rule(n).delayMs ?? 0));
    return wait > 0 ? { delayMs: wait } : null;
  }

  /** applies a hang or a delay; true when the request must not be answered */
  async function hold(r: RequestRule | null, res: ServerResponse): Promise<boolean> {
    if (r && 'hang' in r) {
      if (r.hang === 'reset') res.socket?.destroy();
      // silent: the connection stays open, unanswered, until the client gives up or the stand-in closes
      return true;
    }
    if (r && 'delayMs' in r) await new Promise((resolve) => setTimeout(resolve, r.delayMs));
    return false;
  }

  function authorised(req: Received, res: ServerResponse, fields: URLSearchParams): boolean {
    if (req.headers.apikey !== creds.apiKey) {
      text(res, 401, 'The supplied authentication is invalid');
      return false;
    }
    if (!String(req.headers.accept ?? '').includes('application/json')) {
      text(res, 406, 'The stand-in answers JSON only: send Accept: application/json');
      return false;
    }
    if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      text(res, 400, 'The request body must be application/x-www-form-urlencoded');
      return false;
    }
    if (fields.get('username') !== creds.username) {
      text(res, 401, 'The supplied authentication is invalid');
      return false;
    }
    return true;
  }

  async function messaging(req: Received, res: ServerResponse) {
    const fields = new URLSearchParams(req.body);
    if (!authorised(req, res, fields)) return;
    for (const name of ['to', 'message']) if (!fields.get(name)?.trim()) return text(res, 400, `Request is missing required form field '${name}'`);
    for (const name of ['bulkSMSMode', 'enqueue']) {
      const v = fields.get(name);
      if (v !== null && v !== '0' && v !== '1') return text(res, 400, `${name} must be 0 or 1, not ${v}`);
    }
    const to = fields.get('to')!.split(',').map((n) => n.trim()).filter(Boolean);
    const message = fields.get('message')!;
    const from = fields.get('from');
    const r = requestRule(to);
    if (r && 'status' in r) return text(res, r.status, r.text ?? 'Internal Server Error');
    const parts = messageParts(message).parts;
    const taken: StandInMessage[] = [];
    const recipients = to.map((number) => {
      const refuse = from && !senderIds.has(from) ? 402 : !/^\+\d{10,15}$/.test(number) ? 403 : rule(number).refuse;
      if (refuse) return { statusCode: refuse, number, status: REFUSAL_STATUS[refuse] ?? 'Failed', cost: '0', messageId: 'None', messageParts: 0 };
      const m: StandInMessage = { messageId: `ATXid_${randomBytes(12).toString('hex')}`, to: number, message, from, parts, seq: ++seq };
      messages.push(m);
      byMessageId.set(m.messageId, m);
      taken.push(m);
      perNumber.set(number, (perNumber.get(number) ?? 0) + 1);
      return { statusCode: 101, number, status: 'Success', cost: `KES ${(Number(price) * parts).toFixed(4)}`, messageId: m.messageId, messageParts: parts };
    });
    for (const m of taken) {
      const report = rule(m.to).report ?? 'Success';
      if (report !== 'none' && urls.delivery) later(() => deliveryReport(m.messageId, report, report === 'Success' ? undefined : rule(m.to).failureReason));
    }
    if (await hold(r, res)) return;
    const total = taken.reduce((sum, m) => sum + Number(price) * m.parts, 0);
    json(res, 201, { SMSMessageData: { Message: `Sent to ${taken.length}/${to.length} Total Cost: KES ${total.toFixed(4)}`, Recipients: recipients } });
  }

  async function airtime(req: Received, res: ServerResponse) {
    const fields = new URLSearchParams(req.body);
    if (!authorised(req, res, fields)) return;
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    const before = key === null ? undefined : answered.get(key);
    if (before) return json(res, before.status, before.body);
    let list: unknown;
    try {
      list = JSON.parse(fields.get('recipients') ?? '');
    } catch {
      return text(res, 400, "Request is missing required form field 'recipients' (a JSON list)");
    }
    if (!Array.isArray(list) || list.length === 0) return text(res, 400, 'recipients must be a non-empty JSON list');
    const wanted: { phoneNumber: string; amount: string }[] = [];
    for (const item of list as unknown[]) {
      const o = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
      const extra = Object.keys(o).filter((k) => k !== 'phoneNumber' && k !== 'amount');
      if (extra.length) return text(res, 400, `Unexpected recipient field ${extra[0]}: the amount carries its currency ("KES 100")`);
      if (typeof o.phoneNumber !== 'string' || typeof o.amount !== 'string' || !/^[A-Z]{3} \d+(\.\d+)?$/.test(o.amount)) {
        return text(res, 400, 'Each recipient needs a phoneNumber and an amount such as "KES 100"');
      }
      wanted.push({ phoneNumber: o.phoneNumber, amount: o.amount });
    }
    const r = requestRule(wanted.map((w) => w.phoneNumber));
    if (r && 'status' in r) return text(res, r.status, r.text ?? 'Internal Server Error');
    const taken: StandInTopUp[] = [];
    const responses = wanted.map((w) => {
      const error = !/^\+\d{10,15}$/.test(w.phoneNumber) ? 'Invalid phone number' : rule(w.phoneNumber).airtimeError;
      const [currency, value] = w.amount.split(' ');
      if (error) return { phoneNumber: w.phoneNumber, amount: w.amount, discount: `${currency} 0.0000`, status: 'Failed', requestId: 'None', errorMessage: error };
      const t: StandInTopUp = { requestId: `ATQid_${randomBytes(12).toString('hex')}`, phoneNumber: w.phoneNumber, amount: w.amount, idempotencyKey: key, seq: ++seq };
      topUps.push(t);
      taken.push(t);
      return { phoneNumber: w.phoneNumber, amount: `${currency} ${Number(value).toFixed(4)}`, discount: `${currency} ${(Number(value) * 0.04).toFixed(4)}`, status: 'Sent', requestId: t.requestId, errorMessage: 'None' };
    });
    const body = { errorMessage: 'None', numSent: taken.length, totalAmount: `KES ${taken.reduce((s, t) => s + Number(t.amount.split(' ')[1]), 0).toFixed(4)}`, totalDiscount: 'KES 0.0000', responses };
    if (key !== null) answered.set(key, { status: 201, body });
    for (const t of taken) if (urls.airtime) later(() => airtimeStatus(t.requestId, 'Success'));
    if (await hold(r, res)) return;
    json(res, 201, body);
  }

  async function handle(req: Received, res: ServerResponse) {
    const url = new URL(req.path, 'http://standin');
    requests.push(req);
    if (url.pathname === '/version1/messaging' && req.method === 'POST') return messaging(req, res);
    if (url.pathname === '/version1/airtime/send' && req.method === 'POST') return airtime(req, res);
    if (url.pathname === '/_standin/state' && req.method === 'GET') return json(res, 200, { messages, topUps, reports: reports.items, statuses: statuses.items });
    if (url.pathname === '/_standin/inbound' && req.method === 'POST') {
      const b = JSON.parse(req.body || '{}') as { from: string; to: string; text: string };
      return json(res, 200, { status: (await inbound(b)).status });
    }
    if (url.pathname === '/_standin/optout' && req.method === 'POST') {
      const b = JSON.parse(req.body || '{}') as { phoneNumber: string; senderId: string };
      return json(res, 200, { status: (await optOut(b)).status });
    }
    text(res, 404, `No such endpoint: ${req.method} ${url.pathname}`);
  }

  /** a subscriber texts one of our numbers: posted to the inbound address as Africa's Talking does */
  async function inbound(m: { from: string; to: string; text: string; linkId?: string }) {
    if (!urls.inbound) throw new Error('the stand-in has no inbound address');
    const body = new URLSearchParams({ date: new Date().toISOString().replace('T', ' ').slice(0, 19), from: m.from, id: randomBytes(8).toString('hex'), linkId: m.linkId ?? '', text: m.text, to: m.to, networkCode: '63902' });
    return deliver(urls.inbound, body.toString(), form);
  }

  /** a subscriber opts out of a sender ID through the network */
  async function optOut(n: { phoneNumber: string; senderId: string }) {
    if (!urls.optOut) throw new Error('the stand-in has no opt-out address');
    return deliver(urls.optOut, new URLSearchParams({ senderId: n.senderId, phoneNumber: n.phoneNumber }).toString(), form);
  }

  const listening = await listen(handle, options.port ?? 0, options.host);
  return {
    url: listening.url,
    ...creds,
    requests,
    reports,
    statuses,
    /** every SMS it accepted, in order (a message sent twice is here twice) */
    received: (): readonly StandInMessage[] => messages,
    /** how many times an SMS to `number` was accepted */
    count: (number: string) => perNumber.get(number) ?? 0,
    /** numbers accepted more than once, with their counts */
    duplicates: () => [...perNumber].filter(([, n]) => n > 1).map(([number, n]) => ({ number, count: n })),
    topUps: (): readonly StandInTopUp[] => topUps,
    /** rules for numbers ending in `digit` (replacing any before) */
    setNumber(digit: string, r: NumberRule) {
      numbers[digit] = r;
    },
    /** for `ms`, every request answered by `rule` (503 by default): the provider is down */
    outage(ms: number, rule: RequestRule = { status: 503, text: 'Service Unavailable' }) {
      down = { until: Date.now() + ms, rule };
    },
    /** answers for the next requests, in order, whatever their numbers */
    failNext(...rules: RequestRule[]) {
      nextRequests = [...nextRequests, ...rules];
    },
    setCallbacks(next: Partial<typeof urls>) {
      Object.assign(urls, next);
    },
    deliveryReport,
    airtimeStatus,
    inbound,
    optOut,
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      callbackQueue.length = 0;
      await listening.close();
    },
  };
}

export type AfricasTalkingStandIn = Awaited<ReturnType<typeof startAfricasTalkingStandIn>>;

/**
 * A stand-in for Kazi's webhook routes in provider tests: it takes every callback, answers 200
 * and keeps it, for the test to read through a driver as the route will.
 */
export async function callbackReceiver() {
  const arrivals = new Arrivals<{ url: string; headers: Received['headers']; rawBody: Buffer }>();
  const l = await listen((req, res) => {
    arrivals.push({ url: req.path, headers: req.headers, rawBody: Buffer.from(req.body) });
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('OK');
  });
  return { url: l.url, arrivals, close: l.close };
}
