import { createHmac, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { Arrivals, deliver, escapeHtml, html, json, listen, redirect, type Delivery, type Received } from './http.js';

/**
 * A local Stripe for tests, browser flows and development: the Checkout Sessions API
 * (POST/GET /v1/checkout/sessions) as documented, checked strictly (secret key, form fields,
 * amounts in minor units, expires_at, Idempotency-Key on every create), a hosted checkout page
 * at session.url whose Pay button completes the session and sends a signed
 * checkout.session.completed webhook, and functions to send signed, forged or replayed events.
 */
export interface StripeStandInOptions {
  /** where events are POSTed (can be set later with setWebhookUrl) */
  webhookUrl?: string;
  secretKey?: string;
  webhookSecret?: string;
  port?: number;
  host?: string;
  /** seconds since the epoch: signatures' t= and expires_at checks */
  now?: () => number;
}

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  created: number;
  payment_intent: string | null;
  line_items: { name: string; unit_amount: number; quantity: number }[];
}

export interface StripeRequest extends Received {
  form: Record<string, unknown>;
  idempotencyKey: string | null;
}

export interface SendOptions {
  /** valid (default), forged (signed with another secret), none (no header) */
  signature?: 'valid' | 'forged' | 'none';
  /** t= of the signature; default now */
  timestamp?: number;
  /** change the body after signing it */
  tamper?: (body: string) => string;
}

export const STANDIN_SECRET_KEY = 'sk_test_standin';
export const STANDIN_WEBHOOK_SECRET = 'whsec_standin';

const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export function stripeSignature(body: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** `a[b][0][c]=x` → { a: { b: { 0: { c: 'x' } } } } */
export function parseStripeForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = out;
    path.forEach((segment, i) => {
      if (i === path.length - 1) node[segment] = value;
      else node = (node[segment] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

export async function startStripeStandIn(options: StripeStandInOptions = {}) {
  const secretKey = options.secretKey ?? STANDIN_SECRET_KEY;
  const webhookSecret = options.webhookSecret ?? STANDIN_WEBHOOK_SECRET;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  let webhookUrl = options.webhookUrl ?? null;
  const sessions = new Map<string, StandInSession>();
  const requests: StripeRequest[] = [];
  const deliveries = new Arrivals<Delivery & { event: StripeEvent }>();
  const idempotent = new Map<string, { body: string; status: number; answer: unknown }>();
  let failures: { status: number; body: unknown }[] = [];
  let base = '';

  const stripeError = (res: ServerResponse, status: number, message: string, extra: Record<string, string> = {}) =>
    json(res, status, { error: { type: 'invalid_request_error', message, ...extra } });

  function createSession(form: Record<string, unknown>): { status: number; answer: unknown } {
    const bad = (message: string, param: string) => ({ status: 400, answer: { error: { type: 'invalid_request_error', code: 'parameter_invalid', message, param } } });
    if (form.mode !== 'payment') return bad('mode must be payment (the stand-in takes one-off payments only).', 'mode');
    const items = Object.values((form.line_items ?? {}) as Record<string, Record<string, unknown>>);
    if (!items.length) return bad('line_items is required in payment mode.', 'line_items');
    const lines: StandInSession['line_items'] = [];
    let currency = '';
    for (const [i, item] of items.entries()) {
      const price = (item.price_data ?? {}) as Record<string, unknown>;
      const product = (price.product_data ?? {}) as Record<string, unknown>;
      const c = String(price.currency ?? '');
      if (!/^[a-z]{3}$/.test(c)) return bad('currency must be a lowercase ISO code.', `line_items[${i}][price_data][currency]`);
      if (currency && c !== currency) return bad('all line items must share one currency.', `line_items[${i}][price_data][currency]`);
      currency = c;
      const unit = String(price.unit_amount ?? '');
      if (!/^[1-9]\d{0,11}$/.test(unit)) return bad('unit_amount must be a positive integer in the minor unit.', `line_items[${i}][price_data][unit_amount]`);
      if (THREE_DECIMAL.has(c) && !unit.endsWith('0')) return bad(`${c.toUpperCase()} amounts must end in 0.`, `line_items[${i}][price_data][unit_amount]`);
      if (c === 'isk' && !unit.endsWith('00')) return bad('Currency ISK has become effectively zero-decimal and charged amounts must be evenly divisible by 100.', `line_items[${i}][price_data][unit_amount]`);
      if (typeof product.name !== 'string' || !product.name) return bad('product_data[name] is required.', `line_items[${i}][price_data][product_data][name]`);
      const quantity = String(item.quantity ?? '');
      if (!/^[1-9]\d*$/.test(quantity)) return bad('quantity must be a positive integer.', `line_items[${i}][quantity]`);
      lines.push({ name: product.name, unit_amount: Number(unit), quantity: Number(quantity) });
    }
    for (const param of ['success_url', 'cancel_url'] as const) {
      if (typeof form[param] !== 'string' || !URL.canParse(form[param] as string)) return bad(`${param} must be a URL.`, param);
    }
    const t = now();
    let expiresAt = t + 24 * 3600;
    if (form.expires_at !== undefined) {
      expiresAt = Number(form.expires_at);
      if (!Number.isInteger(expiresAt) || expiresAt < t + 30 * 60 - 5 || expiresAt > t + 24 * 3600 + 5) {
        return bad('expires_at must be between 30 minutes and 24 hours from now.', 'expires_at');
      }
    }
    const ref = form.client_reference_id;
    if (ref !== undefined && (typeof ref !== 'string' || ref.length > 200)) return bad('client_reference_id must be at most 200 characters.', 'client_reference_id');
    const sessionId = id('cs_test');
    const session: StandInSession = {
      id: sessionId,
      object: 'checkout.session',
      url: `${base}/pay/${sessionId}`,
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: lines.reduce((s, l) => s + l.unit_amount * l.quantity, 0),
      currency,
      client_reference_id: (ref as string | undefined) ?? null,
      customer_email: typeof form.customer_email === 'string' ? form.customer_email : null,
      metadata: (form.metadata ?? {}) as Record<string, string>,
      success_url: form.success_url as string,
      cancel_url: form.cancel_url as string,
      expires_at: expiresAt,
      created: t,
      payment_intent: null,
      line_items: lines,
    };
    sessions.set(sessionId, session);
    return { status: 200, answer: publicSession(session) };
  }

  const publicSession = ({ line_items: _lines, ...s }: StandInSession) => ({ ...s, url: s.status === 'open' ? s.url : null, livemode: false });

  function find(sessionId: string): StandInSession {
    const s = sessions.get(sessionId);
    if (!s) throw new Error(`no checkout session ${sessionId} on the Stripe stand-in`);
    return s;
  }

  function eventFor(type: string, session: StandInSession, extra: { payment_intent?: unknown } = {}): StripeEvent {
    return {
      id: id('evt'),
      object: 'event',
      api_version: '2024-06-20',
      created: now(),
      livemode: false,
      type,
      data: { object: { ...publicSession(session), ...extra } },
    };
  }

  /** the body and headers of an event as Stripe would POST it (for app.inject, or to send) */
  function signed(event: StripeEvent, opts: SendOptions = {}) {
    const body = JSON.stringify(event, null, 2);
    const t = opts.timestamp ?? now();
    const headers: Record<string, string> = { 'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)', 'Content-Type': 'application/json; charset=utf-8' };
    if (opts.signature !== 'none') headers['Stripe-Signature'] = stripeSignature(body, opts.signature === 'forged' ? 'whsec_forged' : webhookSecret, t);
    return { body: opts.tamper ? opts.tamper(body) : body, headers };
  }

  async function send(event: StripeEvent, opts: SendOptions = {}) {
    const { body: sent, headers } = signed(event, opts);
    const d = webhookUrl
      ? await deliver(webhookUrl, sent, headers)
      : { url: '', body: sent, headers, status: null, answer: '', error: 'the stand-in has no webhook url' };
    const delivery = { ...d, event };
    deliveries.push(delivery);
    return delivery;
  }

  async function pay(sessionId: string, opts: { async?: boolean } = {}) {
    const s = find(sessionId);
    if (s.status !== 'open') throw new Error(`checkout session ${sessionId} is ${s.status}, not open`);
    s.status = 'complete';
    s.payment_intent = id('pi');
    s.payment_status = opts.async ? 'unpaid' : 'paid';
    return send(eventFor('checkout.session.completed', s));
  }

  const control = {
    /** pays the session (the hosted page's Pay) and sends checkout.session.completed */
    pay,
    /** expires an open session and sends checkout.session.expired */
    async expire(sessionId: string) {
      const s = find(sessionId);
      if (s.status !== 'open') throw new Error(`checkout session ${sessionId} is ${s.status}, not open`);
      s.status = 'expired';
      return send(eventFor('checkout.session.expired', s));
    },
    /** the outcome of a delayed payment method (pay(id, { async: true }) first) */
    async settleAsync(sessionId: string, succeeded: boolean) {
      const s = find(sessionId);
      if (succeeded) s.payment_status = 'paid';
      return send(
        eventFor(succeeded ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed', s, succeeded ? {} : { payment_intent: s.payment_intent }),
      );
    },
  };

  async function handle(req: Received, res: ServerResponse) {
    const url = new URL(req.path, base);
    const path = url.pathname;

    // the hosted checkout page
    const page = /^\/pay\/(cs_test_[0-9a-f]+)(?:\/(pay|cancel))?$/.exec(path);
    if (page) {
      const s = sessions.get(page[1]);
      if (!s) return html(res, 404, '<!doctype html><title>Not found</title><p>No such checkout session.</p>');
      if (!page[2] && req.method === 'GET') return html(res, 200, checkoutPage(s));
      if (page[2] && req.method === 'POST') {
        if (s.status !== 'open') return html(res, 409, checkoutPage(s));
        if (page[2] === 'cancel') return redirect(res, s.cancel_url);
        await pay(s.id);
        return redirect(res, s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id));
      }
    }

    // test controls for a stand-in running as its own process
    const ctl = /^\/_standin\/sessions\/(cs_test_[0-9a-f]+)\/(pay|expire)$/.exec(path);
    if (ctl && req.method === 'POST') {
      if (!sessions.has(ctl[1])) return json(res, 404, { error: 'no such session' });
      const delivery = ctl[2] === 'pay' ? await pay(ctl[1]) : await control.expire(ctl[1]);
      return json(res, 200, { status: delivery.status, event: delivery.event.id });
    }
    if (path === '/_standin/state' && req.method === 'GET') {
      return json(res, 200, { sessions: [...sessions.values()], deliveries: deliveries.items.map(({ event, status, url: to }) => ({ event: event.id, type: event.type, status, url: to })) });
    }

    if (!path.startsWith('/v1/')) return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${path}).`);
    const form = req.method === 'POST' ? parseStripeForm(req.body) : {};
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    requests.push({ ...req, form, idempotencyKey: key });

    // Stripe takes the key as a bearer token or as the user name of Basic auth (curl -u sk_…:)
    const auth = req.headers.authorization ?? '';
    const given = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString('utf8').replace(/:$/, '') : auth.replace(/^Bearer /, '');
    if (given !== secretKey) {
      const shown = given;
      return stripeError(res, 401, shown ? `Invalid API Key provided: ${shown.slice(0, 8)}****` : "You did not provide an API key.");
    }
    const failure = failures.shift();
    if (failure) return json(res, failure.status, failure.body);

    if (path === '/v1/checkout/sessions' && req.method === 'POST') {
      if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return stripeError(res, 400, 'The stand-in expects a form-encoded body.');
      if (!key) return stripeError(res, 400, 'The stand-in requires an Idempotency-Key on every create.');
      const earlier = idempotent.get(key);
      if (earlier) {
        if (earlier.body !== req.body) {
          return json(res, 400, {
            error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.` },
          });
        }
        return json(res, earlier.status, earlier.answer, { 'Idempotent-Replayed': 'true' });
      }
      const created = createSession(form);
      // as Stripe: a request refused by validation keeps no idempotent result, so it may be retried corrected
      if (created.status === 200) idempotent.set(key, { body: req.body, ...created });
      return json(res, created.status, created.answer);
    }
    const one = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (one && req.method === 'GET') {
      const s = sessions.get(one[1]);
      if (!s) return stripeError(res, 404, `No such checkout.session: '${one[1]}'`, { code: 'resource_missing', param: 'session' });
      const expand = url.searchParams.getAll('expand[]');
      const answer: Record<string, unknown> = publicSession(s);
      if (expand.includes('payment_intent') && s.payment_intent) {
        answer.payment_intent = { id: s.payment_intent, object: 'payment_intent', status: s.payment_status === 'paid' ? 'succeeded' : 'processing' };
      }
      return json(res, 200, answer);
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${path}).`);
  }

  const listening = await listen(handle, options.port ?? 0, options.host ?? '127.0.0.1');
  base = listening.url;

  return {
    /** STRIPE_API_URL */
    url: base,
    secretKey,
    webhookSecret,
    sessions,
    requests,
    deliveries,
    ...control,
    setWebhookUrl(url: string | null) {
      webhookUrl = url;
    },
    /** the next API requests (after the key check) answer these, in order */
    failNext(status: number, body: unknown = { error: { type: 'api_error', message: 'The stand-in was told to fail.' } }) {
      failures = [...failures, { status, body }];
    },
    /** an event about a session, as Stripe would send it */
    event: (type: string, sessionId: string) => eventFor(type, find(sessionId)),
    /** sends an event, signed (or forged, unsigned, stale, tampered: see SendOptions) */
    send,
    /** an event's body and headers without sending them: for app.inject */
    signed,
    /** sends a recorded delivery again, same body, same signature */
    async replay(delivery: Delivery & { event: StripeEvent }) {
      const d = webhookUrl ? await deliver(webhookUrl, delivery.body, delivery.headers) : { ...delivery, status: null };
      const again = { ...d, event: delivery.event };
      deliveries.push(again);
      return again;
    },
    /** the Stripe-Signature header for a body */
    sign: (body: string, timestamp = now(), secret = webhookSecret) => stripeSignature(body, secret, timestamp),
    close: listening.close,
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: boolean;
  type: string;
  data: { object: Record<string, unknown> };
}

function formatAmount(minor: number, currency: string): string {
  const digits = ZERO_DECIMAL.has(currency) ? 0 : THREE_DECIMAL.has(currency) ? 3 : 2;
  return `${currency.toUpperCase()} ${(minor / 10 ** digits).toFixed(digits)}`;
}

function checkoutPage(s: StandInSession): string {
  const lines = s.line_items.map((l) => `<li>${escapeHtml(l.name)} × ${l.quantity}</li>`).join('');
  const body =
    s.status === 'open'
      ? `<ul>${lines}</ul>
<p class="total">Total: <strong>${formatAmount(s.amount_total, s.currency)}</strong></p>
<form method="post" action="/pay/${s.id}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/pay/${s.id}/cancel"><button type="submit">Cancel</button></form>`
      : `<p>This checkout session is ${s.status === 'complete' ? 'already paid' : 'expired'}.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Checkout (Stripe stand-in)</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto}button{font-size:1rem;padding:.5rem 1.5rem;margin:.25rem 0}</style></head>
<body><h1>Checkout</h1><p>Stripe stand-in: no card is charged.</p>${body}</body></html>`;
}
