import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { Arrivals, deliver, json, listen, type Delivery, type Received } from './http.js';

/**
 * A local Safaricom Daraja for tests, browser flows and development: the OAuth token, the STK
 * push (processrequest) and its status query as documented, checked strictly (Basic and Bearer
 * auth, Password = base64(shortcode + passkey + Timestamp), phone and amount formats), and the
 * asynchronous callback to CallBackURL: success after `callbackDelayMs`, a failure ResultCode
 * when the phone number ends in a digit of `failures`, or none at all for `silentDigits`.
 */
export interface MpesaStandInOptions {
  consumerKey?: string;
  consumerSecret?: string;
  shortcode?: string;
  passkey?: string;
  port?: number;
  host?: string;
  /** how long the "payer" takes to answer; 0 in tests, which wait on the callback itself */
  callbackDelayMs?: number;
  /** last digit of the phone → the ResultCode its callback carries */
  failures?: Readonly<Record<string, number>>;
  /** last digits whose pushes are never answered: only the status query can tell */
  silentDigits?: readonly string[];
  tokenTtlSeconds?: number;
  /** milliseconds since the epoch: token expiry and the Timestamp check */
  now?: () => number;
}

export interface StkPush {
  merchantRequestId: string;
  checkoutRequestId: string;
  request: Record<string, unknown>;
  /** null while the payer has not answered */
  resultCode: number | null;
  receipt: string | null;
}

export const STANDIN_MPESA = {
  consumerKey: 'standin-consumer-key',
  consumerSecret: 'standin-consumer-secret',
  shortcode: '174379',
  passkey: 'standin-passkey',
};

/** by default a phone ending in 1 cancels, 2 does not answer, 3 has too little money, 0 never calls back */
export const DEFAULT_FAILURES: Readonly<Record<string, number>> = { '1': 1032, '2': 1037, '3': 1 };
export const DEFAULT_SILENT: readonly string[] = ['0'];

export const RESULT_DESC: Record<number, string> = {
  0: 'The service request is processed successfully.',
  1: 'The balance is insufficient for the transaction.',
  1032: 'Request cancelled by user',
  1037: 'DS timeout user cannot be reached',
  2001: 'The initiator information is invalid.',
};

export async function startMpesaStandIn(options: MpesaStandInOptions = {}) {
  const creds = {
    consumerKey: options.consumerKey ?? STANDIN_MPESA.consumerKey,
    consumerSecret: options.consumerSecret ?? STANDIN_MPESA.consumerSecret,
    shortcode: options.shortcode ?? STANDIN_MPESA.shortcode,
    passkey: options.passkey ?? STANDIN_MPESA.passkey,
  };
  const now = options.now ?? Date.now;
  const delay = options.callbackDelayMs ?? 0;
  const failures = options.failures ?? DEFAULT_FAILURES;
  const silent = new Set(options.silentDigits ?? DEFAULT_SILENT);
  const ttl = options.tokenTtlSeconds ?? 3599;
  const tokens = new Map<string, number>();
  const requests: Received[] = [];
  const pushes = new Map<string, StkPush>();
  const callbacks = new Arrivals<Delivery & { checkoutRequestId: string; resultCode: number }>();
  const timers = new Set<NodeJS.Timeout>();
  let tokensIssued = 0;
  let failuresNext: { status: number; body: unknown }[] = [];

  const daraja = (res: ServerResponse, status: number, errorCode: string, errorMessage: string) =>
    json(res, status, { requestId: randomBytes(6).toString('hex'), errorCode, errorMessage });

  /** the callback Daraja posts when the payer answers */
  function callbackBody(push: StkPush, resultCode: number) {
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResultCode: resultCode,
      ResultDesc: RESULT_DESC[resultCode] ?? 'The transaction failed.',
    };
    if (resultCode === 0) {
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: Number(push.request.Amount) },
          { Name: 'MpesaReceiptNumber', Value: push.receipt },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: Number(eat(now())) },
          { Name: 'PhoneNumber', Value: Number(push.request.PhoneNumber) },
        ],
      };
    }
    return { Body: { stkCallback } };
  }

  /** the payer answers: the push's outcome is kept (for the query) and, unless told not to, posted */
  async function answer(checkoutRequestId: string, resultCode: number, opts: { callback?: boolean } = {}) {
    const push = pushes.get(checkoutRequestId);
    if (!push) throw new Error(`no STK push ${checkoutRequestId} on the M-Pesa stand-in`);
    push.resultCode = resultCode;
    if (resultCode === 0) push.receipt ??= randomBytes(5).toString('hex').toUpperCase();
    if (opts.callback === false) return null;
    return post(push, resultCode);
  }

  async function post(push: StkPush, resultCode: number, body = JSON.stringify(callbackBody(push, resultCode))) {
    const d = await deliver(String(push.request.CallBackURL), body, {});
    const delivery = { ...d, checkoutRequestId: push.checkoutRequestId, resultCode };
    callbacks.push(delivery);
    return delivery;
  }

  function checkCredentials(body: Record<string, unknown>): string | null {
    if (String(body.BusinessShortCode) !== creds.shortcode) return 'Invalid BusinessShortCode';
    const ts = String(body.Timestamp ?? '');
    const at = /^\d{14}$/.test(ts) ? eatInstant(ts) : null;
    if (at === null) return 'Invalid Timestamp';
    // Daraja reads the Timestamp in East Africa Time: one far from now is the wrong clock or zone
    if (Math.abs(at - now()) > 10 * 60_000) return 'Invalid Timestamp (not the time in Nairobi)';
    const expected = Buffer.from(`${creds.shortcode}${creds.passkey}${ts}`).toString('base64');
    if (body.Password !== expected) return 'Invalid Password';
    return null;
  }

  async function handle(req: Received, res: ServerResponse) {
    const url = new URL(req.path, 'http://standin');
    requests.push(req);
    if (url.pathname === '/_standin/state' && req.method === 'GET') return json(res, 200, { pushes: [...pushes.values()], callbacks: callbacks.items, tokensIssued });
    const ctl = /^\/_standin\/pushes\/([^/]+)\/answer$/.exec(url.pathname);
    if (ctl && req.method === 'POST') {
      if (!pushes.has(ctl[1])) return json(res, 404, { error: 'no such push' });
      const d = await answer(ctl[1], Number(url.searchParams.get('result') ?? '0'));
      return json(res, 200, { status: d?.status ?? null });
    }

    if (url.pathname === '/oauth/v1/generate' && req.method === 'GET') {
      const expected = `Basic ${Buffer.from(`${creds.consumerKey}:${creds.consumerSecret}`).toString('base64')}`;
      if (url.searchParams.get('grant_type') !== 'client_credentials') return daraja(res, 400, '400.008.02', 'Invalid grant type passed');
      if (req.headers.authorization !== expected) return daraja(res, 400, '400.008.01', 'Invalid Authentication passed');
      const token = randomBytes(14).toString('base64url');
      tokens.set(token, now() + ttl * 1000);
      tokensIssued++;
      return json(res, 200, { access_token: token, expires_in: String(ttl) });
    }

    const push = url.pathname === '/mpesa/stkpush/v1/processrequest';
    const query = url.pathname === '/mpesa/stkpushquery/v1/query';
    if (!(push || query) || req.method !== 'POST') return daraja(res, 404, '404.001.01', 'Resource not found');
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expiry = bearer ? tokens.get(bearer) : undefined;
    if (expiry === undefined || expiry <= now()) return daraja(res, 404, '404.001.03', 'Invalid Access Token');
    const failure = failuresNext.shift();
    if (failure) return json(res, failure.status, failure.body);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(req.body) as Record<string, unknown>;
    } catch {
      return daraja(res, 400, '400.002.02', 'Bad Request - Invalid JSON');
    }
    const wrong = checkCredentials(body);
    if (wrong) return daraja(res, 400, '400.002.02', `Bad Request - ${wrong}`);

    if (query) {
      const found = pushes.get(String(body.CheckoutRequestID));
      if (!found) return daraja(res, 400, '400.002.02', 'Bad Request - Invalid CheckoutRequestID');
      if (found.resultCode === null) return daraja(res, 500, '500.001.1001', 'The transaction is being processed');
      return json(res, 200, {
        ResponseCode: '0',
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: found.merchantRequestId,
        CheckoutRequestID: found.checkoutRequestId,
        ResultCode: String(found.resultCode),
        ResultDesc: RESULT_DESC[found.resultCode] ?? 'The transaction failed.',
      });
    }

    const problem = checkPush(body, creds.shortcode);
    if (problem) return daraja(res, 400, '400.002.02', `Bad Request - Invalid ${problem}`);
    const created: StkPush = {
      merchantRequestId: `${randomBytes(3).toString('hex')}-${Date.now() % 1e8}-1`,
      checkoutRequestId: `ws_CO_${eat(now())}${randomBytes(5).toString('hex')}`,
      request: body,
      resultCode: null,
      receipt: null,
    };
    pushes.set(created.checkoutRequestId, created);
    json(res, 200, {
      MerchantRequestID: created.merchantRequestId,
      CheckoutRequestID: created.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    });
    const last = String(body.PhoneNumber).slice(-1);
    if (silent.has(last) || paused) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void answer(created.checkoutRequestId, failures[last] ?? 0);
    }, delay);
    timers.add(timer);
  }

  let paused = false;
  const listening = await listen(handle, options.port ?? 0, options.host ?? '127.0.0.1');

  return {
    /** MPESA_API_URL */
    url: listening.url,
    ...creds,
    requests,
    pushes,
    callbacks,
    get tokensIssued() {
      return tokensIssued;
    },
    /** the payer answers a push now (ResultCode), posting the callback unless { callback: false } */
    answer,
    /** posts a callback again (a duplicate), or a body of the test's own */
    post: (checkoutRequestId: string, resultCode: number, body?: string) => {
      const push = pushes.get(checkoutRequestId);
      if (!push) throw new Error(`no STK push ${checkoutRequestId}`);
      return post(push, resultCode, body);
    },
    callbackBody: (checkoutRequestId: string, resultCode: number) => callbackBody(pushes.get(checkoutRequestId)!, resultCode),
    /** every push from now on waits for answer() */
    pauseCallbacks(on = true) {
      paused = on;
    },
    /** Daraja forgets the tokens it issued (as when they expire early) */
    revokeTokens() {
      tokens.clear();
    },
    /** the next API requests (after the token check) answer these, in order */
    failNext(status: number, body: unknown = { requestId: 'standin', errorCode: '500.003.02', errorMessage: 'System is busy. Please try again in few minutes.' }) {
      failuresNext = [...failuresNext, { status, body }];
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await listening.close();
    },
  };
}

export type MpesaStandIn = Awaited<ReturnType<typeof startMpesaStandIn>>;

function checkPush(body: Record<string, unknown>, shortcode: string): string | null {
  const digits = (v: unknown, re: RegExp) => (typeof v === 'number' || typeof v === 'string') && re.test(String(v));
  if (body.TransactionType !== 'CustomerPayBillOnline' && body.TransactionType !== 'CustomerBuyGoodsOnline') return 'TransactionType';
  if (!digits(body.Amount, /^[1-9]\d{0,5}$/) || Number(body.Amount) > 250_000) return 'Amount';
  if (!digits(body.PartyA, /^254\d{9}$/)) return 'PartyA';
  if (String(body.PartyB) !== shortcode) return 'PartyB';
  if (!digits(body.PhoneNumber, /^254\d{9}$/)) return 'PhoneNumber';
  if (typeof body.CallBackURL !== 'string' || !/^https?:\/\//.test(body.CallBackURL) || !URL.canParse(body.CallBackURL)) return 'CallBackURL';
  if (typeof body.AccountReference !== 'string' || !body.AccountReference || body.AccountReference.length > 12) return 'AccountReference';
  if (typeof body.TransactionDesc !== 'string' || !body.TransactionDesc || body.TransactionDesc.length > 13) return 'TransactionDesc';
  return null;
}

/** yyyyMMddHHmmss read as East Africa Time (UTC+3) → ms since the epoch, or null when it is no date */
function eatInstant(ts: string): number | null {
  const [y, mo, d, h, mi, s] = [ts.slice(0, 4), ts.slice(4, 6), ts.slice(6, 8), ts.slice(8, 10), ts.slice(10, 12), ts.slice(12, 14)].map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  return date.getTime() - 3 * 3600_000;
}

/** yyyyMMddHHmmss in East Africa Time */
function eat(ms: number): string {
  return new Date(ms + 3 * 3600_000).toISOString().replace(/[-T:]/g, '').slice(0, 14);
}
