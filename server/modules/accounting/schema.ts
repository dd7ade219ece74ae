import { boolean, index, numeric, text } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../db/tenant-table.js';

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
  },
  (t) => [
    index('contacts_tenant_type_name_idx').on(t.tenantId, t.type, t.name),
    index('contacts_tenant_created_idx').on(t.tenantId, t.createdAt),
    // the default sort of an unfiltered list
    index('contacts_tenant_name_idx').on(t.tenantId, t.name),
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
  (t) => [index('taxes_tenant_name_idx').on(t.tenantId, t.name)],
);
