import type { PaymentAction, PaymentDriver } from '../../../common/wallet.js';

/**
 * A payment provider as the rest of Kazi sees it: a stateless HTTP client for one provider
 * (Stripe, M-Pesa Daraja) or a local one (offline, log). Drivers keep nothing: the payments
 * module stores the payment, calls `start`, and turns webhooks and status queries into one
 * settlement per payment.
 */
export interface PaymentGateway {
  readonly name: PaymentDriver;
  /** starts collecting `amount` for a payment; `paymentId` is the idempotency key sent to the provider */
  start(request: StartPayment): Promise<StartedPayment>;
  /**
   * Verifies and reads a webhook or callback addressed to this driver. Throws WebhookRejected
   * when the signature (or the secret in the callback address) does not verify; answers null
   * for an event that concerns no payment outcome (it is acknowledged and ignored).
   */
  readWebhook(webhook: IncomingWebhook): ProviderEvent | null;
  /** asks the provider where a payment stands, for when a callback never comes */
  query(providerRef: string): Promise<ProviderOutcome>;
}

export interface StartPayment {
  /** the payment's row id as text: the idempotency key and the provider's reference */
  paymentId: string;
  /** decimal string in `currency` ("1500.00") */
  amount: string;
  /** ISO 4217 */
  currency: string;
  description: string;
  /** E.164, required by M-Pesa */
  phone?: string;
  email?: string;
  /** where the provider sends the payer back after paying, or after cancelling */
  returnUrl: string;
  cancelUrl: string;
  /** where the provider posts its callback (M-Pesa); the driver appends its own secret to it */
  callbackUrl: string;
  /**
   * when an unpaid payment is abandoned (Stripe: 30 minutes to 24 hours from its creation).
   * Give the payment's own stored deadline: a retried start must send the provider exactly the
   * same request, or Stripe refuses the reused idempotency key.
   */
  expiresAt?: Date;
}

export interface StartedPayment {
  /** the provider's id for this payment (Checkout Session id, CheckoutRequestID, our own for offline/log) */
  providerRef: string;
  action: PaymentAction;
  /** set when the provider settled at once (log) */
  outcome?: ProviderOutcome;
}

export type OutcomeStatus = 'pending' | 'succeeded' | 'failed' | 'expired';

export interface ProviderOutcome {
  status: OutcomeStatus;
  providerRef: string;
  /**
   * our payment id as the provider echoes it back (Stripe's client_reference_id, the payment id
   * in the M-Pesa callback address): the module checks it against the payment it finds by
   * providerRef, so an event can never settle another payment than the one it was started for
   */
  paymentId?: string;
  /** what the provider says was paid, when it says (decimal string) */
  amount?: string;
  currency?: string;
  /** the provider's receipt or transaction code (M-Pesa MpesaReceiptNumber, Stripe payment_intent) */
  receipt?: string;
  /** a sentence for the payer when it failed */
  reason?: string;
}

export interface ProviderEvent extends ProviderOutcome {
  /** the provider's own event id, used to drop replays and duplicates */
  eventId: string;
}

export interface IncomingWebhook {
  headers: Record<string, string | string[] | undefined>;
  /** the body exactly as received: signatures are over these bytes */
  rawBody: Buffer;
  /** the path and query the webhook was posted to */
  url: string;
}

/** A webhook whose signature does not verify: answered 400 (or 401), nothing changes. */
export class WebhookRejected extends Error {}
