import { and, asc, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { currencies, paymentMethods } from '../accounting/schema.js';
import { bankAccounts } from './schema.js';

// The option lists that pages with amounts hand to their forms (banking and documents), so a
// page needs no currencies.view or accounts.view of its own.

/** Every currency with its format and rate, the default first. */
export const currencyOptions = (tx: Tx, tenantId: number) =>
  tx
    .select({
      code: currencies.code,
      name: currencies.name,
      rate: currencies.rate,
      precision: currencies.precision,
      symbol: currencies.symbol,
      symbol_first: currencies.symbolFirst,
      decimal_mark: currencies.decimalMark,
      thousands_separator: currencies.thousandsSeparator,
      is_default: currencies.isDefault,
      enabled: currencies.enabled,
    })
    .from(currencies)
    .where(eq(currencies.tenantId, tenantId))
    .orderBy(desc(currencies.isDefault), asc(currencies.code));

/** Bank and cash accounts by name, disabled ones too (a form shows the one a record uses). */
export const accountOptions = (tx: Tx, tenantId: number) =>
  tx
    .select({ id: bankAccounts.id, name: bankAccounts.name, currency_code: bankAccounts.currencyCode, enabled: bankAccounts.enabled })
    .from(bankAccounts)
    .where(eq(bankAccounts.tenantId, tenantId))
    .orderBy(asc(bankAccounts.name));

/** Payment methods in their settings order; `enabledOnly` for a new payment's choices. */
export const paymentMethodOptions = (tx: Tx, tenantId: number, { enabledOnly = false } = {}) =>
  tx
    .select({ code: paymentMethods.code, name: paymentMethods.name })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.tenantId, tenantId), enabledOnly ? eq(paymentMethods.enabled, true) : undefined))
    .orderBy(asc(paymentMethods.position), asc(paymentMethods.name));
