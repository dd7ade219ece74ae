import { bigint, date, foreignKey, index, integer, numeric, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../db/tenant-table.js';
import { searchIndexes, searchText } from '../../db/search-index.js';
import { categories, contacts, currencies, items, money, rate, taxes } from '../accounting/schema.js';
import { users } from '../tenancy/schema.js';

/**
 * Sales and purchase documents: invoices, bills and estimates share one model,
 * distinguished by `type` (SPEC §7 "Accounting documents"). Amounts are in the
 * document's currency; `currency_rate` is that currency's rate against the default
 * currency at issue (amount / rate is the amount in the default currency).
 *
 * The contact is copied onto the document when it is saved (contact_name … contact_address):
 * a document shows whom it was issued to, even after the contact changes.
 *
 * Totals (sub_total, discount_total, tax_total, total) are the figures of
 * common/documents/totals.ts for the stored lines, kept with the document so lists
 * sort and sum in the database.
 */
export const DOCUMENT_TYPES = ['invoice', 'bill', 'estimate'] as const;
export const DISCOUNT_TYPES = ['percent', 'amount'] as const;

export const documents = tenantTable(
  'documents',
  {
    type: text('type', { enum: DOCUMENT_TYPES }).notNull(),
    documentNumber: text('document_number').notNull(),
    orderNumber: text('order_number'),
    /** see common/documents/status.ts for each type's statuses and transitions */
    status: text('status').notNull().default('draft'),
    issuedAt: date('issued_at', { mode: 'string' }).notNull(),
    /** invoices and bills: payment due; estimates: valid until */
    dueAt: date('due_at', { mode: 'string' }),
    currencyCode: text('currency_code').notNull(),
    currencyRate: rate('currency_rate').notNull(),
    contactId: bigint('contact_id', { mode: 'number' }).notNull(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email'),
    contactTaxNumber: text('contact_tax_number'),
    contactPhone: text('contact_phone'),
    contactAddress: text('contact_address'),
    categoryId: bigint('category_id', { mode: 'number' }),
    discountType: text('discount_type', { enum: DISCOUNT_TYPES }),
    discountRate: money('discount_rate'),
    subTotal: money('sub_total').notNull().default('0'),
    discountTotal: money('discount_total').notNull().default('0'),
    taxTotal: money('tax_total').notNull().default('0'),
    total: money('total').notNull().default('0'),
    title: text('title'),
    notes: text('notes'),
    footer: text('footer'),
    /** an invoice made from an estimate points at it; the estimate's status becomes converted */
    parentId: bigint('parent_id', { mode: 'number' }),
    /** the journal entry that currently represents the issued document (null while draft, cancelled, or an estimate) */
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
    createdBy: bigint('created_by', { mode: 'number' }),
    searchText: searchText('document_number', 'contact_name'),
  },
  (t) => [
    unique('documents_tenant_type_number_unique').on(t.tenantId, t.type, t.documentNumber),
    index('documents_tenant_type_issued_idx').on(t.tenantId, t.type, t.issuedAt, t.id),
    index('documents_tenant_issued_idx').on(t.tenantId, t.issuedAt, t.id),
    ...searchIndexes('documents', t.searchText),
    index('documents_tenant_type_status_due_idx').on(t.tenantId, t.type, t.status, t.dueAt),
    index('documents_tenant_contact_idx').on(t.tenantId, t.contactId),
    foreignKey({ columns: [t.tenantId, t.contactId], foreignColumns: [contacts.tenantId, contacts.id] }),
    foreignKey({ columns: [t.tenantId, t.categoryId], foreignColumns: [categories.tenantId, categories.id] }),
    foreignKey({ columns: [t.tenantId, t.currencyCode], foreignColumns: [currencies.tenantId, currencies.code] }),
    foreignKey({ columns: [t.tenantId, t.parentId], foreignColumns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.createdBy], foreignColumns: [users.id] }).onDelete('set null'),
  ],
);

/** A line: from an item (item_id) or free text; its figures come from common/documents/totals.ts. */
export const documentItems = tenantTable(
  'document_items',
  {
    documentId: bigint('document_id', { mode: 'number' }).notNull(),
    itemId: bigint('item_id', { mode: 'number' }),
    name: text('name').notNull(),
    description: text('description'),
    quantity: numeric('quantity', { precision: 20, scale: 4 }).notNull(),
    price: money('price').notNull(),
    discountType: text('discount_type', { enum: DISCOUNT_TYPES }),
    discountRate: money('discount_rate'),
    /** quantity × price */
    subTotal: money('sub_total').notNull(),
    /** the line's own discount plus its share of the document discount */
    discount: money('discount').notNull().default('0'),
    taxTotal: money('tax_total').notNull().default('0'),
    total: money('total').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('document_items_tenant_document_idx').on(t.tenantId, t.documentId, t.position),
    foreignKey({ columns: [t.tenantId, t.documentId], foreignColumns: [documents.tenantId, documents.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.itemId], foreignColumns: [items.tenantId, items.id] }).onDelete('set null'),
  ],
);

/** Each tax of a line with its computed amount (withholding amounts are negative); name, rate and type are copied at save time. */
export const documentItemTaxes = tenantTable(
  'document_item_taxes',
  {
    documentId: bigint('document_id', { mode: 'number' }).notNull(),
    documentItemId: bigint('document_item_id', { mode: 'number' }).notNull(),
    taxId: bigint('tax_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    rate: numeric('rate', { precision: 12, scale: 4 }).notNull(),
    type: text('type').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    index('document_item_taxes_tenant_document_idx').on(t.tenantId, t.documentId),
    index('document_item_taxes_tenant_tax_idx').on(t.tenantId, t.taxId),
    foreignKey({ columns: [t.tenantId, t.documentItemId], foreignColumns: [documentItems.tenantId, documentItems.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.documentId], foreignColumns: [documents.tenantId, documents.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.taxId], foreignColumns: [taxes.tenantId, taxes.id] }),
  ],
);

/**
 * The timeline on a document's Show page: status changes, sends, views, payments and
 * users' comments (GET /accounting/documents/comments/{id}).
 */
export const HISTORY_TYPES = ['comment', 'status', 'sent', 'viewed', 'payment', 'created', 'converted', 'reminder', 'attachment', 'recurring'] as const;
export const documentHistories = tenantTable(
  'document_histories',
  {
    documentId: bigint('document_id', { mode: 'number' }).notNull(),
    type: text('type', { enum: HISTORY_TYPES }).notNull(),
    status: text('status'),
    description: text('description').notNull(),
    userId: bigint('user_id', { mode: 'number' }),
  },
  (t) => [
    index('document_histories_tenant_document_idx').on(t.tenantId, t.documentId, t.createdAt),
    foreignKey({ columns: [t.tenantId, t.documentId], foreignColumns: [documents.tenantId, documents.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.userId], foreignColumns: [users.id] }).onDelete('set null'),
  ],
);

/**
 * A recurring invoice: the document is the template; the job queue copies it every
 * `interval` `frequency`s from `starts_at` until `ends_at` or `count` copies.
 */
export const RECURRING_FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export const documentRecurrings = tenantTable(
  'document_recurrings',
  {
    documentId: bigint('document_id', { mode: 'number' }).notNull(),
    frequency: text('frequency', { enum: RECURRING_FREQUENCIES }).notNull(),
    interval: integer('interval').notNull().default(1),
    startsAt: date('starts_at', { mode: 'string' }).notNull(),
    endsAt: date('ends_at', { mode: 'string' }),
    /** how many copies to make at most (null: until ends_at, or forever) */
    count: integer('count'),
    generated: integer('generated').notNull().default(0),
    nextAt: date('next_at', { mode: 'string' }),
  },
  (t) => [
    unique('document_recurrings_tenant_document_unique').on(t.tenantId, t.documentId),
    index('document_recurrings_next_idx').on(t.nextAt),
    foreignKey({ columns: [t.tenantId, t.documentId], foreignColumns: [documents.tenantId, documents.id] }).onDelete('cascade'),
  ],
);
