import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { plainCurrency, type CurrencyFormat } from '../../../common/format.js';
import { currencies } from './schema.js';

export interface CurrencyRow {
  code: string;
  name: string;
  rate: string;
  precision: number;
  symbol: string;
  symbolFirst: boolean;
  decimalMark: string;
  thousandsSeparator: string;
}

const pick = {
  code: currencies.code,
  name: currencies.name,
  rate: currencies.rate,
  precision: currencies.precision,
  symbol: currencies.symbol,
  symbolFirst: currencies.symbolFirst,
  decimalMark: currencies.decimalMark,
  thousandsSeparator: currencies.thousandsSeparator,
};

/** The company's default currency (every tenant has exactly one, from setUpBooks). */
export async function defaultCurrency(tx: Tx, tenantId: number): Promise<CurrencyRow> {
  const [row] = await tx
    .select(pick)
    .from(currencies)
    .where(and(eq(currencies.tenantId, tenantId), eq(currencies.isDefault, true)));
  if (!row) throw new Error(`Tenant ${tenantId} has no default currency`);
  return row;
}

export async function currencyByCode(tx: Tx, tenantId: number, code: string): Promise<CurrencyRow | undefined> {
  const [row] = await tx
    .select(pick)
    .from(currencies)
    .where(and(eq(currencies.tenantId, tenantId), eq(currencies.code, code)));
  return row;
}

/** The default currency's display format (common/format.ts), or plain USD for a company without one. */
export async function defaultCurrencyFormat(tx: Tx, tenantId: number): Promise<CurrencyFormat> {
  const [row] = await tx
    .select(pick)
    .from(currencies)
    .where(and(eq(currencies.tenantId, tenantId), eq(currencies.isDefault, true)));
  return row ? toCurrencyFormat(row) : plainCurrency('USD');
}

export const toCurrencyFormat = (c: Pick<CurrencyRow, 'code' | 'precision' | 'symbol' | 'symbolFirst' | 'decimalMark' | 'thousandsSeparator'>): CurrencyFormat => ({
  code: c.code,
  precision: c.precision,
  symbol: c.symbol,
  symbol_first: c.symbolFirst,
  decimal_mark: c.decimalMark,
  thousands_separator: c.thousandsSeparator,
});
