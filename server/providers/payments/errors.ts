/**
 * The two ways a driver refuses, kept apart so the payments module can answer each one well:
 * a request the provider would never take (a foreign currency, a fraction of a shilling) is the
 * payer's input and becomes a 422 before any HTTP; a provider that answers with an error, or
 * does not answer, becomes a readable 502-style message and the payment stays where it was.
 */

/** The payment cannot be started with this driver as asked: nothing was sent to the provider. */
export class PaymentRequestInvalid extends Error {
  constructor(
    message: string,
    /** the StartPayment field at fault */
    readonly field: 'amount' | 'currency' | 'phone' | 'email' | 'callbackUrl' | 'returnUrl' | 'cancelUrl',
  ) {
    super(message);
    this.name = 'PaymentRequestInvalid';
  }
}

/** the providers Kazi talks to over HTTP */
export type ProviderId = 'stripe' | 'mpesa' | 'africastalking' | 'mailgun' | 'smtp';

/** The provider answered with an error (4xx/5xx, or ResponseCode ≠ 0), or could not be reached. */
export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderId,
    message: string,
    /** the HTTP status, when there was an answer */
    readonly status: number | null,
    /** the provider's own error code ("resource_missing", "404.001.03"), when it gave one */
    readonly code: string | null = null,
    /**
     * true when there was no answer but the request may have reached the provider (a timeout, a
     * connection cut after the request was written): its outcome is unknown, not a failure
     */
    readonly mayHaveArrived = false,
    /** the provider is unwell rather than refusing this request (a 5xx, a rate limit): try again later */
    readonly temporary = false,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
