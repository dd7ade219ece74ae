import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, numeric, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../db/tenant-table.js';
import { searchIndexes, searchText } from '../../db/search-index.js';

// Money and rates are exact decimals (numeric, string in TypeScript), never floats.
export const money = (name: string) => numeric(name, { precision: 20, scale: 4 });
export const rate = (name: string) => numeric(name, { precision: 18, scale: 8 });

/**
 * A tenant's currencies. `rate` is how many units of this currency one unit of the
 * default currency buys (the default's rate is 1): an amount in this currency is
 * amount / rate in the default currency. Exactly one is the default (partial unique index).
 * Other tables point at (tenant_id, code), so a currency in use cannot be deleted.
 */
export const currencies = tenantTable(
  'currencies',
  {
    code: text('code').notNull(),
    name: text('name').notNull(),
    rate: rate('rate').notNull().default('1'),
    precision: integer('precision').notNull().default(2),
    symbol: text('symbol').notNull().default(''),
    symbolFirst: boolean('symbol_first').notNull().default(true),
    decimalMark: text('decimal_mark').notNull().default('.'),
    thousandsSeparator: text('thousands_separator').notNull().default(','),
    isDefault: boolean('is_default').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchText('code', 'name'),
  },
  (t) => [
    unique('currencies_tenant_code_unique').on(t.tenantId, t.code),
    uniqueIndex('currencies_one_default').on(t.tenantId).where(sql`is_default`),
    ...searchIndexes('currencies', t.searchText),
  ],
);

/** Accounting contacts: customers and vendors share one table, told apart by `type`. */
export const contacts = tenantTable(
  'contacts',
  {
    type: text('type', { enum: ['customer', 'vendor'] }).notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    taxNumber: text('tax_number'),
    currencyCode: text('currency_code').notNull().default('USD'),
    website: text('website'),
    address: text('address'),
    city: text('city'),
    country: text('country'),
    reference: text('reference'),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchText('name', 'email', 'phone', 'tax_number', 'reference'),
  },
  (t) => [
    index('contacts_tenant_type_name_idx').on(t.tenantId, t.type, t.name, t.id),
    index('contacts_tenant_created_idx').on(t.tenantId, t.createdAt),
    // the default sort of an unfiltered list
    index('contacts_tenant_name_idx').on(t.tenantId, t.name, t.id),
    ...searchIndexes('contacts', t.searchText),
    foreignKey({ columns: [t.tenantId, t.currencyCode], foreignColumns: [currencies.tenantId, currencies.code] }),
  ],
);

export const TAX_TYPES = ['normal', 'inclusive', 'compound', 'fixed', 'withholding'] as const;

export const taxes = tenantTable(
  'taxes',
  {
    name: text('name').notNull(),
    rate: numeric('rate', { precision: 12, scale: 4 }).notNull(),
    type: text('type', { enum: TAX_TYPES }).notNull().default('normal'),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [index('taxes_tenant_name_idx').on(t.tenantId, t.name, t.id), ...searchIndexes('taxes', t.name)],
);

export const CATEGORY_TYPES = ['income', 'expense', 'item', 'other'] as const;

/** Categories of income, expense, items and other things; nested one level (a parent has no parent). */
export const categories = tenantTable(
  'categories',
  {
    name: text('name').notNull(),
    type: text('type', { enum: CATEGORY_TYPES }).notNull(),
    color: text('color').notNull().default('#4669FA'),
    parentId: bigint('parent_id', { mode: 'number' }),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    index('categories_tenant_type_name_idx').on(t.tenantId, t.type, t.name, t.id),
    index('categories_tenant_name_idx').on(t.tenantId, t.name, t.id),
    ...searchIndexes('categories', t.name),
    foreignKey({ columns: [t.tenantId, t.parentId], foreignColumns: [t.tenantId, t.id] }),
  ],
);

/** Products and services sold or bought. */
export const items = tenantTable(
  'items',
  {
    name: text('name').notNull(),
    description: text('description'),
    salePrice: money('sale_price'),
    purchasePrice: money('purchase_price'),
    categoryId: bigint('category_id', { mode: 'number' }),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchText('name', 'description'),
  },
  (t) => [
    index('items_tenant_name_idx').on(t.tenantId, t.name, t.id),
    ...searchIndexes('items', t.searchText),
    foreignKey({ columns: [t.tenantId, t.categoryId], foreignColumns: [categories.tenantId, categories.id] }),
  ],
);

/** The taxes an item carries by default. */
export const itemTaxes = tenantTable(
  'item_taxes',
  {
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    taxId: bigint('tax_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('item_taxes_tenant_item_tax_unique').on(t.tenantId, t.itemId, t.taxId),
    index('item_taxes_tenant_tax_idx').on(t.tenantId, t.taxId),
    foreignKey({ columns: [t.tenantId, t.itemId], foreignColumns: [items.tenantId, items.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.taxId], foreignColumns: [taxes.tenantId, taxes.id] }),
  ],
);

/** Offline payment methods (Settings/Accounting/OfflinePayments): cash, bank transfer… */
export const paymentMethods = tenantTable(
  'payment_methods',
  {
    name: text('name').notNull(),
    code: text('code').notNull(),
    instructions: text('instructions'),
    position: integer('position').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchText('name', 'code'),
  },
  (t) => [
    unique('payment_methods_tenant_code_unique').on(t.tenantId, t.code),
    index('payment_methods_tenant_position_idx').on(t.tenantId, t.position, t.id),
    ...searchIndexes('payment_methods', t.searchText),
  ],
);

/**
 * Accounting settings as one JSON value per section (general, defaults, invoices,
 * scheduling, email_templates, mailbox, logo); each section's shape is its zod schema
 * in common/schemas/accounting-settings.ts.
 */
export const accountingSettings = tenantTable(
  'accounting_settings',
  {
    key: text('key').notNull(),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [unique('accounting_settings_tenant_key_unique').on(t.tenantId, t.key)],
);
