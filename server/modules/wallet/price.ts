import { fromUnits, toUnits } from '../../../common/money.js';

/** The payment purpose of a credit purchase (purchases.ts registers what it does once paid). */
export const PURCHASE_PURPOSE = 'wallet_purchase';

/** What a purchase costs: credits × the price of one credit, rounded to the cent. */
export function priceOf(creditCount: string, creditPrice: string): string {
  const cents = (toUnits(creditCount, 4) * toUnits(creditPrice, 8) + 5n * 10n ** 9n) / 10n ** 10n;
  return fromUnits(cents, 2);
}
