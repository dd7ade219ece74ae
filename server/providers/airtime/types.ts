import type { AirtimeDriverName as AirtimeDriver } from '../../config.js';
import type { IncomingWebhook } from '../payments/types.js';

export { AIRTIME_DRIVERS, type AirtimeDriverName as AirtimeDriver } from '../../config.js';
export type { IncomingWebhook } from '../payments/types.js';
export { WebhookRejected } from '../payments/types.js';

/**
 * An airtime provider as the delivery engine sees it: tops up phones and reads the provider's
 * status callbacks. Stateless: the engine keeps a row per recipient and settles it (and the
 * wallet) from the answer and the callback.
 */
export interface AirtimeGateway {
  readonly name: AirtimeDriver;
  /**
   * Tops up every recipient, answering for each in the order given. The idempotency key goes to
   * the provider, which does not act twice on one key: a retried request with the same key and
   * the same recipients sends nothing more. Give one key per request and never reuse it for other
   * recipients (the engine sends one recipient per request, its row id the key). Throws only
   * when nothing was sent: AirtimeRequestInvalid before any HTTP, ProviderError when the provider
   * refused the whole request. When the request may have arrived without an answer, `unknown`.
   */
  send(request: AirtimeRequest): Promise<AirtimeRecipientResult[]>;
  /** a status callback; WebhookRejected when its address does not verify or its body is not one */
  readStatus(webhook: IncomingWebhook): AirtimeStatus;
}

export interface AirtimeRequest {
  tenantId: string;
  recipients: AirtimeRecipient[];
  /** 8 to 100 characters; the same key for a retry of the same request, a new one otherwise */
  idempotencyKey: string;
}

export interface AirtimeRecipient {
  /** E.164 */
  phoneNumber: string;
  /** decimal string ("100", "50.50") */
  amount: string;
  /** ISO 4217 (KES, UGX, TZS, NGN, …) */
  currency: string;
}

export type AirtimeRecipientResult = AirtimeAccepted | AirtimeRefused | AirtimeUnknown;

export interface AirtimeAccepted {
  phoneNumber: string;
  outcome: 'accepted';
  /** the provider's id, which the status callback carries */
  requestId: string;
  /** as the provider counted it ("KES 100.0000" → { currency, amount }) */
  amount: { currency: string; amount: string } | null;
  /** the commission the provider keeps back for us */
  discount: { currency: string; amount: string } | null;
}

export interface AirtimeRefused {
  phoneNumber: string;
  outcome: 'refused';
  reason: string;
}

export interface AirtimeUnknown {
  phoneNumber: string;
  outcome: 'unknown';
  reason: string;
}

export interface AirtimeStatus {
  tenantId: string;
  requestId: string;
  state: 'pending' | 'delivered' | 'failed';
  status: string;
  phoneNumber: string | null;
  amount: { currency: string; amount: string } | null;
  discount: { currency: string; amount: string } | null;
  reason: string | null;
}

/** The request cannot be sent as asked: nothing was sent to the provider. */
export class AirtimeRequestInvalid extends Error {
  constructor(
    message: string,
    readonly field: 'recipients' | 'phoneNumber' | 'amount' | 'currency' | 'idempotencyKey',
  ) {
    super(message);
    this.name = 'AirtimeRequestInvalid';
  }
}
