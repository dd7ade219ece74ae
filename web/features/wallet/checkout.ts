import type { CheckoutData } from '@common/answers/wallet';
import type { PaymentAction, PaymentDriver } from '@common/wallet';

/**
 * Where the checkout page stands, from the checkout data alone (so a reload, a return from the
 * card page or a second tab shows the same thing):
 * - `paid`: the purchase succeeded; the credits are in the wallet.
 * - `failed`: it failed, expired or was cancelled; the payer may try again.
 * - `waiting`: a payment is under way (an M-Pesa prompt on the phone, the card page, a settlement
 *   in progress): the page polls until it settles.
 * - `instructions`: an offline payment waits for the operator's approval.
 * - `choose`: nothing started yet: pick how to pay.
 */
export type CheckoutStage =
  | { stage: 'paid' }
  | { stage: 'failed' }
  | { stage: 'waiting'; action: Extract<PaymentAction, { kind: 'stk_push' | 'redirect' | 'done' }> }
  | { stage: 'instructions'; action: Extract<PaymentAction, { kind: 'instructions' }> }
  | { stage: 'choose' };

export function checkoutStage(data: Pick<CheckoutData, 'purchase' | 'action'>): CheckoutStage {
  const { status } = data.purchase;
  if (status === 'succeeded') return { stage: 'paid' };
  if (status !== 'pending') return { stage: 'failed' };
  const action = data.action;
  if (!action) return { stage: 'choose' };
  if (action.kind === 'instructions') return { stage: 'instructions', action };
  return { stage: 'waiting', action };
}

/** how often the page asks again while a payment is under way (2.5 s: an M-Pesa prompt takes a person some seconds) */
export const CHECKOUT_POLL_MS = 2_500;

/** whether the page should keep asking: only while a payment is under way */
export const pollsWhile = (stage: CheckoutStage) => stage.stage === 'waiting';

/** the drivers in the order the page offers them: card, M-Pesa, bank transfer, then the development one */
const ORDER: PaymentDriver[] = ['stripe', 'mpesa', 'offline', 'log'];
export const orderedDrivers = (drivers: readonly PaymentDriver[]) => ORDER.filter((d) => drivers.includes(d));
