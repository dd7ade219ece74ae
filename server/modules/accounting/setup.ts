import { catalogueCurrency } from '../../../common/currency-catalogue.js';
import type { Tx } from '../../db/client.js';
import type { NewCompany } from '../kazi-module.js';
import { accountingSettings, categories, currencies, paymentMethods } from './schema.js';

/**
 * What a new company's books start with: its default currency, a few categories and payment
 * methods, and the default currency in the Defaults section (the ledger adds the system
 * accounts in its own step). Accounting's company set-up step (module.ts).
 */
export async function setUpBooks(tx: Tx, { tenantId, currency = 'USD' }: NewCompany) {
  const cur = catalogueCurrency(currency) ?? catalogueCurrency('USD')!;
  await tx.insert(currencies).values({
    tenantId,
    code: cur.code,
    name: cur.name,
    symbol: cur.symbol,
    precision: cur.precision,
    symbolFirst: cur.symbol_first,
    decimalMark: cur.decimal_mark,
    thousandsSeparator: cur.thousands_separator,
    rate: '1',
    isDefault: true,
  });
  await tx.insert(categories).values([
    { tenantId, name: 'Sales', type: 'income' as const, color: '#50C793' },
    { tenantId, name: 'Deposit', type: 'income' as const, color: '#0CE7FA' },
    { tenantId, name: 'General expenses', type: 'expense' as const, color: '#F1595C' },
    { tenantId, name: 'General', type: 'item' as const, color: '#4669FA' },
    { tenantId, name: 'Other', type: 'other' as const, color: '#A0AEC0' },
  ]);
  await tx.insert(paymentMethods).values([
    { tenantId, name: 'Cash', code: 'offline_payments.cash.1', position: 1 },
    { tenantId, name: 'Bank transfer', code: 'offline_payments.bank_transfer.2', position: 2 },
    // M-Pesa, Airtel Money, MTN MoMo…: how most customers in East and West Africa pay
    { tenantId, name: 'Mobile money', code: 'offline_payments.mobile_money.3', position: 3 },
  ]);
  await tx.insert(accountingSettings).values({ tenantId, key: 'defaults', value: { currency: cur.code } }).onConflictDoNothing();
}
