import { and, eq, sql } from 'drizzle-orm';
import type { Permission } from '../../../common/permissions.js';
import {
  ACCOUNTING_SETTING_DEFAULTS,
  EMAIL_TEMPLATE_KEYS,
  type AccountingSettingKey,
  type AccountingSettings,
} from '../../../common/schemas/accounting-settings.js';
import type { Tx } from '../../db/client.js';
import { tenants } from '../../db/tenant-table.js';
import { defaultCurrency } from '../accounting/currency.js';
import { accountingSettings } from '../accounting/schema.js';

/**
 * Who may read what documents need from the settings (the default currency, the company's
 * name, address and logo): anyone who works with accounting records, not only settings admins.
 */
export const ACCOUNTING_READERS: readonly Permission[] = [
  'accounting_settings.view',
  'currencies.view',
  'invoices.view',
  'bills.view',
  'estimates.view',
  'items.view',
  'customers.view',
  'vendors.view',
  'transactions.view',
  'transfers.view',
  'accounts.view',
  'reports.view',
];

type Stored = Record<string, unknown>;

async function storedValue(tx: Tx, tenantId: number, key: string): Promise<Stored | null> {
  const [row] = await tx
    .select({ value: accountingSettings.value })
    .from(accountingSettings)
    .where(and(eq(accountingSettings.tenantId, tenantId), eq(accountingSettings.key, key)));
  return row?.value ?? null;
}

/** Writes one section (or the logo entry) as a whole. */
export async function storeAccountingSetting(tx: Tx, tenantId: number, key: AccountingSettingKey | 'logo', value: Stored) {
  await tx
    .insert(accountingSettings)
    .values({ tenantId, key, value })
    .onConflictDoUpdate({ target: [accountingSettings.tenantId, accountingSettings.key], set: { value, updatedAt: sql`now()` } });
}

/**
 * One section of the company's accounting settings: what was saved over the defaults
 * (common/schemas/accounting-settings.ts), so a section never saved, or saved before a field
 * existed, still answers every field. Documents read their numbering, texts and defaults here.
 * `defaults.currency` is always the default currency itself; `general.name` falls back to the
 * company's name.
 */
export async function accountingSetting<K extends AccountingSettingKey>(tx: Tx, tenantId: number, key: K): Promise<AccountingSettings[K]> {
  const stored = (await storedValue(tx, tenantId, key)) ?? {};
  const defaults = ACCOUNTING_SETTING_DEFAULTS[key] as Stored;
  const value: Stored = { ...defaults };
  for (const k of Object.keys(defaults)) if (stored[k] !== undefined) value[k] = stored[k];

  if (key === 'email_templates') {
    for (const t of EMAIL_TEMPLATE_KEYS) value[t] = { ...(defaults[t] as Stored), ...((stored[t] as Stored | undefined) ?? {}) };
  }
  if (key === 'defaults') value.currency = (await defaultCurrency(tx, tenantId)).code;
  if (key === 'general' && !value.name) {
    const [t] = await tx
      .select({ name: sql<string>`coalesce(nullif(${tenants.settings}->>'name', ''), ${tenants.name})` })
      .from(tenants)
      .where(eq(tenants.id, tenantId));
    value.name = t?.name ?? '';
  }
  return value as AccountingSettings[K];
}

/** The stored file name of the company logo (DATA_DIR/logos), or null. */
export async function accountingLogo(tx: Tx, tenantId: number): Promise<string | null> {
  const file = (await storedValue(tx, tenantId, 'logo'))?.file;
  return typeof file === 'string' ? file : null;
}

export const logoUrl = (file: string | null) => (file ? `/settings/accounting/logo/${file}` : null);

/** True when the Defaults section names this value (a payment method code, a tax or category id). */
export async function isDefaultValue(tx: Tx, tenantId: number, field: 'payment_method' | 'tax_id' | 'income_category_id' | 'expense_category_id', value: unknown) {
  const stored = await storedValue(tx, tenantId, 'defaults');
  return stored !== null && stored[field] !== null && stored[field] !== undefined && stored[field] === value;
}
