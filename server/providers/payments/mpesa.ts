import { createHmac, timingSafeEqual } from 'node:crypto';
import { fromUnits, toUnits } from '../../../common/money.js';
import { isoCurrency, positiveAmount } from './amounts.js';
import { PaymentRequestInvalid, ProviderError } from './errors.js';
import { callProvider, isRecord, type Fetch, type ProviderAnswer } from './http.js';
import { paymentReference } from './reference.js';
import {
  WebhookRejected,
  type IncomingWebhook,
  type PaymentGateway,
  type ProviderEvent,
  type ProviderOutcome,
  type StartedPayment,
  type StartPayment,
} from './types.js';

export interface MpesaSettings {
  consumerKey: string;
  consumerSecret: string;
  /** the paybill (or till) number the payer pays to */
  shortcode: string;
  /** Lipa na M-Pesa Online passkey of the shortcode */
  passkey: string;
  /** https://sandbox.safaricom.co.ke, https://api.safaricom.co.ke, or a stand-in */
  apiUrl: string;
}

export interface MpesaOptions {
  fetch?: Fetch;
  /** milliseconds since the epoch: the Timestamp sent and the token's expiry are read from it */
  now?: () => number;
  timeoutMs?: number;
}

/** M-Pesa takes whole shillings, from 1 to 250,000 a transaction */
export const MPESA_MAX_KES = 250_000n;

/** what Daraja's ResultCode says, for the payer */
export const MPESA_RESULTS: Record<string, string> = {
  '0': 'Paid.',
  '1': 'The M-Pesa balance is too low for this payment.',
  '17': 'M-Pesa refused the payment (a limit was reached); try again later.',
  '1001': 'Another M-Pesa transaction is in progress on this phone; try again in a minute.',
  '1019': 'The M-Pesa request expired before it was answered.',
  '1025': 'M-Pesa could not send the request to the phone.',
  '1032': 'The payer cancelled the M-Pesa request.',
  '1037': 'The phone could not be reached: no answer to the M-Pesa request.',
  '2001': 'The M-Pesa PIN was wrong.',
};

/**
 * Safaricom Daraja's Lipa na M-Pesa Online (STK push): `start` asks the payer's phone to
 * confirm, the outcome comes as a callback to CallBackURL, or from `query` when it never does.
 * Daraja signs nothing, so the callback address carries a secret: `<callbackUrl>/<paymentId>/<token>`,
 * the token an HMAC of the payment id under a key derived from APP_KEY.
 */
export class MpesaGateway implements PaymentGateway {
  readonly name = 'mpesa' as const;
  private fetch: Fetch;
  private now: () => number;
  private timeoutMs: number;
  private token: { value: string; expiresAt: number } | null = null;
  private tokenRequest: Promise<string> | null = null;
  private callbackKey: Buffer;

  constructor(
    private settings: MpesaSettings,
    appKey: string,
    options: MpesaOptions = {},
  ) {
    this.fetch = options.fetch ?? fetch;
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.callbackKey = mpesaCallbackKey(appKey);
  }

  async start(request: StartPayment): Promise<StartedPayment> {
    const amount = wholeShillings(request.amount, request.currency);
    const phone = mpesaPhone(request.phone);
    let callback: URL;
    try {
      callback = new URL(`${request.callbackUrl.replace(/\/+$/, '')}/${encodeURIComponent(request.paymentId)}/${this.callbackToken(request.paymentId)}`);
    } catch {
      throw new PaymentRequestInvalid(`The M-Pesa callback address "${request.callbackUrl}" is not a URL.`, 'callbackUrl');
    }
    const answer = await this.authorised('Sending the M-Pesa request', '/mpesa/stkpush/v1/processrequest', {
      ...this.credentials(),
      TransactionType: 'CustomerPayBillOnline',
      Amount: Number(amount),
      PartyA: Number(phone),
      PartyB: Number(this.settings.shortcode),
      PhoneNumber: Number(phone),
      CallBackURL: callback.toString(),
      AccountReference: paymentReference(request.paymentId),
      TransactionDesc: transactionDesc(request.description),
    });
    const body = isRecord(answer.body) ? answer.body : {};
    if (String(body.ResponseCode) !== '0' || typeof body.CheckoutRequestID !== 'string') {
      const why = typeof body.ResponseDescription === 'string' ? body.ResponseDescription : 'no CheckoutRequestID';
      throw new ProviderError('mpesa', `Sending the M-Pesa request: M-Pesa refused it: ${why}`, answer.status, body.ResponseCode == null ? null : String(body.ResponseCode));
    }
    return {
      providerRef: body.CheckoutRequestID,
      action: { kind: 'stk_push', message: `Check your phone (${maskPhone(phone)}): enter your M-Pesa PIN to pay KES ${amount}.` },
    };
  }

  async query(providerRef: string): Promise<ProviderOutcome> {
    const answer = await this.authorised(
      'Asking M-Pesa where the payment stands',
      '/mpesa/stkpushquery/v1/query',
      { ...this.credentials(), CheckoutRequestID: providerRef },
      // "The transaction is being processed": the payer has not answered yet
      (a) => a.status === 500 && isRecord(a.body) && (a.body.errorCode === '500.001.1001' || /being processed/i.test(String(a.body.errorMessage))),
    );
    const body = isRecord(answer.body) ? answer.body : {};
    if (answer.status >= 400) return { status: 'pending', providerRef };
    if (body.ResultCode === undefined || body.ResultCode === null) return { status: 'pending', providerRef };
    return resultOutcome(providerRef, String(body.ResultCode), typeof body.ResultDesc === 'string' ? body.ResultDesc : '');
  }

  readWebhook(webhook: IncomingWebhook): ProviderEvent | null {
    const path = webhook.url.split('?')[0].split('/').filter(Boolean);
    const [rawId, token] = path.slice(-2);
    let paymentId: string;
    try {
      paymentId = decodeURIComponent(rawId ?? '');
    } catch {
      throw new WebhookRejected('The M-Pesa callback address is malformed.');
    }
    if (!paymentId || !token || !this.verifyToken(paymentId, token)) throw new WebhookRejected('The M-Pesa callback address does not carry a valid token.');
    let body: unknown;
    try {
      body = JSON.parse(webhook.rawBody.toString('utf8'));
    } catch {
      throw new WebhookRejected('The M-Pesa callback is not JSON.');
    }
    const cb = isRecord(body) && isRecord(body.Body) ? body.Body.stkCallback : undefined;
    if (!isRecord(cb) || typeof cb.CheckoutRequestID !== 'string' || cb.ResultCode === undefined || cb.ResultCode === null) {
      throw new WebhookRejected('The M-Pesa callback has no stkCallback with a CheckoutRequestID and a ResultCode.');
    }
    const code = String(cb.ResultCode);
    const outcome = resultOutcome(cb.CheckoutRequestID, code, typeof cb.ResultDesc === 'string' ? cb.ResultDesc : '');
    outcome.paymentId = paymentId;
    const items = isRecord(cb.CallbackMetadata) && Array.isArray(cb.CallbackMetadata.Item) ? cb.CallbackMetadata.Item : [];
    const item = (name: string) => items.find((i): i is { Name: string; Value?: unknown } => isRecord(i) && i.Name === name)?.Value;
    const paid = item('Amount');
    if (outcome.status === 'succeeded' && (typeof paid === 'number' || typeof paid === 'string') && /^\d+(\.\d+)?$/.test(String(paid))) {
      outcome.amount = fromUnits(toUnits(String(paid), 2), 2);
      outcome.currency = 'KES';
    }
    const receipt = item('MpesaReceiptNumber');
    if (typeof receipt === 'string' && receipt) outcome.receipt = receipt;
    return { ...outcome, eventId: `${cb.CheckoutRequestID}:${code}` };
  }

  /** the secret in a payment's callback address */
  callbackToken(paymentId: string): string {
    return createHmac('sha256', this.callbackKey).update(paymentId).digest('base64url');
  }

  private verifyToken(paymentId: string, token: string): boolean {
    const given = Buffer.from(token);
    const expected = Buffer.from(this.callbackToken(paymentId));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** BusinessShortCode, Password and Timestamp, as the push and the query both send them */
  private credentials() {
    const timestamp = nairobiTimestamp(this.now());
    return {
      BusinessShortCode: Number(this.settings.shortcode),
      Password: Buffer.from(`${this.settings.shortcode}${this.settings.passkey}${timestamp}`).toString('base64'),
      Timestamp: timestamp,
    };
  }

  /** a POST with the bearer token; a token Daraja no longer takes is fetched again once */
  private async authorised(label: string, path: string, body: Record<string, unknown>, accept?: (a: ProviderAnswer) => boolean): Promise<ProviderAnswer> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const answer = await callProvider(
        'mpesa',
        label,
        this.fetch,
        `${this.settings.apiUrl.replace(/\/$/, '')}${path}`,
        { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
        this.timeoutMs,
      );
      if (answer.status < 400 || accept?.(answer)) return answer;
      const code = isRecord(answer.body) && typeof answer.body.errorCode === 'string' ? answer.body.errorCode : null;
      if (attempt === 0 && (answer.status === 401 || code === '404.001.03')) {
        this.token = null;
        continue;
      }
      throw darajaError(label, answer);
    }
  }

  /** the OAuth token, reused until a minute before it expires; concurrent callers share one request */
  private accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.expiresAt) return Promise.resolve(this.token.value);
    this.tokenRequest ??= this.fetchToken().finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  private async fetchToken(): Promise<string> {
    const label = 'Signing in to M-Pesa';
    const basic = Buffer.from(`${this.settings.consumerKey}:${this.settings.consumerSecret}`).toString('base64');
    const answer = await callProvider(
      'mpesa',
      label,
      this.fetch,
      `${this.settings.apiUrl.replace(/\/$/, '')}/oauth/v1/generate?grant_type=client_credentials`,
      { method: 'GET', headers: { Authorization: `Basic ${basic}` } },
      this.timeoutMs,
    );
    if (answer.status >= 400) throw darajaError(label, answer);
    const body = isRecord(answer.body) ? answer.body : {};
    const seconds = Number(body.expires_in);
    if (typeof body.access_token !== 'string' || !body.access_token || !Number.isFinite(seconds)) {
      throw new ProviderError('mpesa', `${label}: M-Pesa answered without an access_token.`, answer.status);
    }
    this.token = { value: body.access_token, expiresAt: this.now() + Math.max(0, seconds - 60) * 1000 };
    return body.access_token;
  }
}

function darajaError(label: string, answer: ProviderAnswer): ProviderError {
  const body = isRecord(answer.body) ? answer.body : {};
  const message = typeof body.errorMessage === 'string' ? body.errorMessage : typeof body.ResponseDescription === 'string' ? body.ResponseDescription : `HTTP ${answer.status}`;
  const code = typeof body.errorCode === 'string' ? body.errorCode : null;
  return new ProviderError('mpesa', `${label}: M-Pesa answered ${answer.status}: ${message}`, answer.status, code);
}

function resultOutcome(providerRef: string, code: string, desc: string): ProviderOutcome {
  if (code === '0') return { status: 'succeeded', providerRef };
  // "the transaction is still under processing"
  if (code === '4999') return { status: 'pending', providerRef };
  return { status: 'failed', providerRef, reason: MPESA_RESULTS[code] ?? (desc ? `M-Pesa: ${desc}` : `M-Pesa refused the payment (code ${code}).`) };
}

export function mpesaCallbackKey(appKey: string): Buffer {
  return createHmac('sha256', appKey).update('kazi/payments/mpesa-callback').digest();
}

/** "1500.00" KES → "1500"; anything else is refused before any HTTP */
export function wholeShillings(amount: string, currency: string): string {
  const c = isoCurrency(currency);
  if (c !== 'KES') throw new PaymentRequestInvalid(`M-Pesa takes Kenya shillings (KES) only, not ${c}.`, 'currency');
  const text = positiveAmount(amount);
  const units = toUnits(text, 12);
  const one = 10n ** 12n;
  if (units % one !== 0n) throw new PaymentRequestInvalid(`M-Pesa takes whole shillings: KES ${text} has cents.`, 'amount');
  const whole = units / one;
  if (whole > MPESA_MAX_KES) throw new PaymentRequestInvalid(`M-Pesa takes at most KES ${MPESA_MAX_KES} a transaction: KES ${whole} is more.`, 'amount');
  return whole.toString();
}

/** "+254712345678" (or "254712345678", "0712345678") → "254712345678"; only Safaricom-style Kenyan mobiles */
export function mpesaPhone(phone: string | undefined): string {
  const digits = (phone ?? '').replace(/[\s-]/g, '').replace(/^\+/, '').replace(/^0(?=[17]\d{8}$)/, '254');
  if (!/^254(7\d|1[01])\d{7}$/.test(digits)) {
    throw new PaymentRequestInvalid(`M-Pesa needs a Kenyan mobile number such as +254712345678${phone ? `, not "${phone}"` : ''}.`, 'phone');
  }
  return digits;
}

const maskPhone = (phone: string) => `+${phone.slice(0, 6)}…${phone.slice(-3)}`;

/** Daraja's TransactionDesc: 1 to 13 characters */
function transactionDesc(description: string): string {
  const clean = description.replace(/[^A-Za-z0-9 .,-]/g, '').trim().slice(0, 13).trim();
  return clean || 'Payment';
}

/** yyyyMMddHHmmss in East Africa Time (UTC+3, no daylight saving), as Daraja expects */
export function nairobiTimestamp(ms: number): string {
  const d = new Date(ms + 3 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
}
