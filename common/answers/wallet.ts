import type { CreditKind, CreditMovement, CreditService, PaymentAction, PaymentDriver, PaymentStatus } from '../wallet.js';

// The rows and figures the wallet endpoints answer (decision 0017): written once here, the
// server's answers are checked against them and the pages read them. Credits and money are
// decimal strings ("1250.0000"); money carries its ISO currency beside it.

/** GET /wallet/metrics → { data } */
export type WalletMetrics = {
  /** credits available now: paid + granted, less open reservations */
  balance: string;
  paid_balance: string;
  granted_balance: string;
  /** credits held by sends in progress */
  reserved: string;
  /** credits settled (spent) over all time */
  credit_used: string;
  /** money paid for credits over all time, in the company's currency */
  amount_spent: string;
  currency: string;
  /** ledger lines over all time */
  total_transactions: number;
  /** the company's low-balance alert threshold in credits, or null when off */
  low_balance_threshold: string | null;
  /** what one credit costs in the company's currency, and what one unit of each service costs in credits */
  rates: WalletRates;
};

export type WalletRates = {
  currency: string;
  /** price of one credit in `currency` */
  credit_price: string;
  /** credits per SMS part, per email, per unit of airtime (1 KES of airtime = 1 unit) */
  service: Record<CreditService, string>;
  /** the packages offered on the purchase form */
  packages: { credits: string; label: string }[];
  min_credits: string;
  max_credits: string;
};

/** A row of GET /wallet/get-transactions (paged: Paginator) and GET /wallet/get-recent-transactions → { data: [...] } */
export type WalletTransactionRow = {
  id: number;
  type: CreditMovement;
  kind: CreditKind;
  service: CreditService | null;
  /** signed: positive adds to the balance, negative takes from it */
  credits: string;
  /** the balance after this line */
  balance_after: string;
  description: string;
  /** what caused it: "sms_message:12", "purchase:4" */
  reference: string | null;
  user_id: number | null;
  user_name: string | null;
  expires_at: string | null;
  created_at: string;
};

/** A row of GET /wallet/get-token-purchases (type = all | pending | succeeded | failed; paged) */
export type CreditPurchaseRow = {
  id: number;
  credits: string;
  amount: string;
  currency: string;
  /** the driver of its newest payment; null before the payer has chosen one */
  driver: PaymentDriver | null;
  status: PaymentStatus;
  /** the receipt's number in the company's numbering, once paid */
  receipt_number: string | null;
  receipt_url: string | null;
  user_name: string | null;
  paid_at: string | null;
  created_at: string;
  /** started by the automatic top-up (docs/decisions/0032), not by a person */
  automatic?: boolean;
  /** why its payment failed or could not be started, when it did */
  failure_reason?: string | null;
};

/** GET /wallet/get-transactions-distribution (type = period: 7d | 30d | 90d | 365d) → { data } */
export type WalletDistribution = {
  by_service: { service: CreditService; credits: string; count: number }[];
  /** usage over time for the chart: one point per day (or month beyond 90 days) */
  series: { period: string; sms: string; email: string; airtime: string; purchased: string }[];
};

/** POST /wallet/credits/purchase (body: credits) → 201 { message, data }: a pending purchase; the page goes to checkout_url (Wallet/Checkout) */
export type PurchaseStarted = { id: number; checkout_url: string };

/**
 * POST /wallet/complete-payment (body: purchase_id, driver, phone for M-Pesa) → { message, data: CheckoutData }:
 * starts (or restarts) the payment of a pending purchase with the chosen driver.
 */

/** GET /wallet/get-checkout-data/{id} → { data }; polled while a payment is pending */
export type CheckoutData = {
  purchase: CreditPurchaseRow;
  /** the next step for the payer, null once settled */
  action: PaymentAction | null;
  drivers: PaymentDriver[];
  /** why the last payment attempt failed, in a sentence for the payer (the provider's reason: "The payer cancelled the M-Pesa prompt."), when it did */
  failure_reason?: string | null;
};

/** The saved payment method an automatic top-up charges: an M-Pesa number (E.164, Kenyan mobile); the payer approves each push on the phone. */
export type SavedPaymentMethod = { driver: 'mpesa'; phone: string };

/** The automatic top-up: when the balance falls below the alert threshold, buy back up to `target_balance` with `method`. */
export type AutoTopUpSettings = {
  enabled: boolean;
  target_balance: string | null;
  method: SavedPaymentMethod | null;
};

/** GET /wallet/settings → { data }; POST /wallet/settings { low_balance_threshold, auto_top_up? } → { message, data } */
export type WalletSettings = {
  low_balance_threshold: string | null;
  auto_top_up: AutoTopUpSettings;
};
