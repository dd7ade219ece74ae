import { add, convert } from '@common/money';
import { plainCurrency, type CurrencyFormat } from '@common/format';

/** A currency as the banking pages receive it (server/modules/banking/pages.ts). */
export type CurrencyOption = CurrencyFormat & { name: string; rate: string; is_default: boolean; enabled: boolean };

/** Used when a code is missing from the list (a currency deleted since): plain digits and the code. */
export const fallbackFormat = (code: string): CurrencyFormat => plainCurrency(code);

export function findCurrency(list: readonly CurrencyOption[], code: string | null | undefined): CurrencyOption | undefined {
  return list.find((c) => c.code === code);
}

export function defaultCurrency(list: readonly CurrencyOption[]): CurrencyOption | undefined {
  return list.find((c) => c.is_default);
}

/**
 * The sum of amounts in several currencies, in the default currency: each amount / its
 * currency's rate, rounded to the default's precision, then added — exact decimals throughout.
 * Null when a currency is unknown (its rate cannot be had), so no wrong total is shown.
 */
export function totalInDefault(rows: readonly { amount: string; currency_code: string }[], list: readonly CurrencyOption[]): string | null {
  const target = defaultCurrency(list);
  if (!target) return null;
  const parts: string[] = [];
  for (const row of rows) {
    const c = findCurrency(list, row.currency_code);
    if (!c) return null;
    parts.push(convert(row.amount, c.rate, '1', target.precision));
  }
  return add('0', ...parts);
}
