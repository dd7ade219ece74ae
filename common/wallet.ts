/**
 * The prepaid credit wallet's fixed vocabularies, shared by the tables, the validation schemas
 * and the pages. Credits are decimal strings at AMOUNT_SCALE ("12.5000"), like money
 * (common/money.ts): an email may cost a tenth of a credit.
 */

/** what a line of the credit ledger records; the ledger is append-only */
export const CREDIT_MOVEMENTS = ['purchase', 'grant', 'reserve', 'settle', 'release', 'refund', 'expiry', 'adjustment'] as const;
export type CreditMovement = (typeof CREDIT_MOVEMENTS)[number];

/** the services that spend credits (SMS parts, emails, airtime units) */
export const CREDIT_SERVICES = ['sms', 'email', 'airtime'] as const;
export type CreditService = (typeof CREDIT_SERVICES)[number];

/** paid credits were bought; granted ones were given (a plan's monthly credits, a goodwill grant) and are spent first */
export const CREDIT_KINDS = ['paid', 'granted'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/** how a purchase is paid; `log` approves at once and is the development default */
export const PAYMENT_DRIVERS = ['stripe', 'mpesa', 'offline', 'log'] as const;
export type PaymentDriver = (typeof PAYMENT_DRIVERS)[number];

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'expired', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** what the purchase page does next after a payment is started */
export type PaymentAction =
  /** open the provider's hosted page (Stripe Checkout) */
  | { kind: 'redirect'; url: string }
  /** an STK push went to the payer's phone: wait, polling the checkout data */
  | { kind: 'stk_push'; message: string }
  /** pay offline following these instructions; the platform operator approves */
  | { kind: 'instructions'; text: string; reference: string }
  /** nothing more to do: the payment is settled (the log driver) */
  | { kind: 'done' };
