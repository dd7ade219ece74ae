import { createHmac, timingSafeEqual } from 'node:crypto';
import { fromMinorUnits, isoCurrency, toMinorUnits } from './amounts.js';
import { ProviderError } from './errors.js';
import { callProvider, header, isRecord, type Fetch, type ProviderAnswer } from './http.js';
import {
  WebhookRejected,
  type IncomingWebhook,
  type OutcomeStatus,
  type PaymentGateway,
  type ProviderEvent,
  type ProviderOutcome,
  type StartedPayment,
  type StartPayment,
} from './types.js';

export interface StripeSettings {
  /** sk_… (or a restricted rk_… key with Checkout Sessions write) */
  secretKey: string;
  /** whsec_…: the signing secret of the webhook endpoint */
  webhookSecret: string;
  /** https://api.stripe.com, or a stand-in */
  apiUrl: string;
}

export interface StripeOptions {
  fetch?: Fetch;
  /** seconds since the epoch; the webhook tolerance and expires_at are measured against it */
  now?: () => number;
  /** how long the hosted page stays payable: Stripe takes 30 minutes to 24 hours */
  sessionTtlSeconds?: number;
  timeoutMs?: number;
}

/** how old (or how far ahead) a signed webhook may be: Stripe's own libraries use 300 s */
export const STRIPE_TOLERANCE_S = 300;
/** the API version the shapes below were written against */
export const STRIPE_API_VERSION = '2024-06-20';

/** the Idempotency-Key of a payment's one Checkout Session (Stripe keeps keys 24 hours) */
export const stripeIdempotencyKey = (paymentId: string) => `kazi-checkout-${paymentId}`;

/**
 * Stripe Checkout Sessions through the REST API (no SDK): `start` creates a session and sends
 * the payer to its hosted page; the outcome arrives as a signed webhook
 * (checkout.session.completed, …async_payment_succeeded/failed, …expired), or from `query`.
 */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const;
  private fetch: Fetch;
  private now: () => number;
  private ttl: number;
  private timeoutMs: number;

  constructor(
    private settings: StripeSettings,
    options: StripeOptions = {},
  ) {
    this.fetch = options.fetch ?? fetch;
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
    this.ttl = Math.min(24 * 3600, Math.max(30 * 60, options.sessionTtlSeconds ?? 3600));
    this.timeoutMs = options.timeoutMs ?? 20_000;
  }

  async start(request: StartPayment): Promise<StartedPayment> {
    const currency = isoCurrency(request.currency);
    const unitAmount = toMinorUnits(request.amount, currency);
    const form = new URLSearchParams({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': currency.toLowerCase(),
      'line_items[0][price_data][unit_amount]': unitAmount.toString(),
      'line_items[0][price_data][product_data][name]': request.description.slice(0, 250) || 'Payment',
      success_url: request.returnUrl,
      cancel_url: request.cancelUrl,
      client_reference_id: request.paymentId,
      'metadata[payment_id]': request.paymentId,
      'payment_intent_data[metadata][payment_id]': request.paymentId,
      expires_at: String(request.expiresAt ? Math.floor(request.expiresAt.getTime() / 1000) : this.now() + this.ttl),
    });
    if (request.email) form.set('customer_email', request.email);
    const answer = await this.call('Creating the Stripe checkout session', 'POST', '/v1/checkout/sessions', form, {
      'Idempotency-Key': stripeIdempotencyKey(request.paymentId),
    });
    const session = this.session(answer, 'Creating the Stripe checkout session');
    if (typeof session.url !== 'string') throw new ProviderError('stripe', 'Stripe answered a checkout session without a url.', answer.status);
    return { providerRef: session.id, action: { kind: 'redirect', url: session.url } };
  }

  async query(providerRef: string): Promise<ProviderOutcome> {
    if (!/^[A-Za-z0-9_]+$/.test(providerRef)) throw new ProviderError('stripe', `"${providerRef}" is not a Stripe checkout session id.`, null);
    const answer = await this.call('Reading the Stripe checkout session', 'GET', `/v1/checkout/sessions/${providerRef}?expand[]=payment_intent`);
    const session = this.session(answer, 'Reading the Stripe checkout session');
    return outcomeOf(session, queryStatus(session));
  }

  readWebhook(webhook: IncomingWebhook): ProviderEvent | null {
    verifyStripeSignature(webhook.rawBody, header(webhook.headers, 'stripe-signature'), this.settings.webhookSecret, this.now());
    let event: unknown;
    try {
      event = JSON.parse(webhook.rawBody.toString('utf8'));
    } catch {
      throw new WebhookRejected('The Stripe event is not JSON.');
    }
    if (!isRecord(event) || typeof event.id !== 'string' || typeof event.type !== 'string') throw new WebhookRejected('The Stripe event has no id or type.');
    const status = EVENT_STATUS[event.type];
    if (!status) return null;
    const object = isRecord(event.data) ? event.data.object : undefined;
    if (!isRecord(object) || object.object !== 'checkout.session' || typeof object.id !== 'string') {
      throw new WebhookRejected(`The Stripe ${event.type} event carries no checkout session.`);
    }
    const session = object as unknown as StripeSession;
    return { ...outcomeOf(session, status(session)), eventId: event.id };
  }

  private async call(label: string, method: 'GET' | 'POST', path: string, form?: URLSearchParams, headers: Record<string, string> = {}) {
    const answer = await callProvider(
      'stripe',
      label,
      this.fetch,
      `${this.settings.apiUrl.replace(/\/$/, '')}${path}`,
      {
        method,
        headers: {
          Authorization: `Bearer ${this.settings.secretKey}`,
          'Stripe-Version': STRIPE_API_VERSION,
          ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
          ...headers,
        },
        body: form?.toString(),
      },
      this.timeoutMs,
    );
    if (answer.status >= 400) {
      const error = isRecord(answer.body) && isRecord(answer.body.error) ? answer.body.error : {};
      const message = typeof error.message === 'string' ? error.message : `HTTP ${answer.status}`;
      const code = typeof error.code === 'string' ? error.code : typeof error.type === 'string' ? error.type : null;
      throw new ProviderError('stripe', `${label}: Stripe answered ${answer.status}: ${message}`, answer.status, code);
    }
    return answer;
  }

  private session(answer: ProviderAnswer, label: string): StripeSession {
    const s = answer.body;
    if (!isRecord(s) || s.object !== 'checkout.session' || typeof s.id !== 'string') {
      throw new ProviderError('stripe', `${label}: Stripe answered something that is not a checkout session.`, answer.status);
    }
    return s as unknown as StripeSession;
  }
}

interface StripeSession {
  id: string;
  object: 'checkout.session';
  url?: string | null;
  status?: 'open' | 'complete' | 'expired' | null;
  payment_status?: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total?: number | null;
  currency?: string | null;
  client_reference_id?: string | null;
  metadata?: Record<string, string> | null;
  payment_intent?: string | { id: string; status?: string; last_payment_error?: { message?: string } | null } | null;
}

const EVENT_STATUS: Record<string, (s: StripeSession) => OutcomeStatus> = {
  // a card is paid at once; a delayed method (a bank debit) completes unpaid and settles later
  'checkout.session.completed': (s) => (s.payment_status === 'paid' ? 'succeeded' : 'pending'),
  'checkout.session.async_payment_succeeded': () => 'succeeded',
  'checkout.session.async_payment_failed': () => 'failed',
  'checkout.session.expired': () => 'expired',
};

function queryStatus(s: StripeSession): OutcomeStatus {
  if (s.status === 'expired') return 'expired';
  if (s.status !== 'complete') return 'pending';
  if (s.payment_status === 'paid') return 'succeeded';
  const intent = isRecord(s.payment_intent) ? s.payment_intent : null;
  return intent && (intent.status === 'canceled' || intent.status === 'requires_payment_method') ? 'failed' : 'pending';
}

function outcomeOf(s: StripeSession, status: OutcomeStatus): ProviderOutcome {
  const outcome: ProviderOutcome = { status, providerRef: s.id };
  const paymentId = s.client_reference_id ?? s.metadata?.payment_id;
  if (paymentId) outcome.paymentId = paymentId;
  if (typeof s.amount_total === 'number' && typeof s.currency === 'string') {
    outcome.currency = s.currency.toUpperCase();
    outcome.amount = fromMinorUnits(s.amount_total, outcome.currency);
  }
  const intent = s.payment_intent;
  const intentId = typeof intent === 'string' ? intent : isRecord(intent) ? intent.id : null;
  if (intentId) outcome.receipt = intentId;
  if (status === 'failed') {
    const why = isRecord(intent) ? intent.last_payment_error?.message : undefined;
    outcome.reason = why ? `The payment failed: ${why}` : 'The payment failed.';
  }
  if (status === 'expired') outcome.reason = 'The checkout page expired before it was paid.';
  return outcome;
}

/**
 * Checks a `Stripe-Signature: t=…,v1=…[,v1=…]` header: one v1 must be the HMAC-SHA256 of
 * `${t}.${rawBody}` under the signing secret (compared in constant time), and t within the
 * tolerance of now, either way, so a captured event cannot be replayed later.
 */
export function verifyStripeSignature(rawBody: Buffer, signatureHeader: string | undefined, secret: string, nowSeconds: number, tolerance = STRIPE_TOLERANCE_S) {
  if (!signatureHeader) throw new WebhookRejected('The Stripe-Signature header is missing.');
  let timestamp: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of signatureHeader.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && /^\d{1,12}$/.test(value ?? '')) timestamp = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/.test(value ?? '')) signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === null || !signatures.length) throw new WebhookRejected('The Stripe-Signature header has no timestamp or no v1 signature.');
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  if (!signatures.some((s) => timingSafeEqual(s, expected))) throw new WebhookRejected('The Stripe signature does not match the event.');
  if (Math.abs(nowSeconds - timestamp) > tolerance) throw new WebhookRejected(`The Stripe event was signed ${nowSeconds - timestamp} s from now, beyond the ${tolerance} s tolerance.`);
}
