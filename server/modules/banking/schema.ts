import { bigint, boolean, date, foreignKey, index, text } from 'drizzle-orm/pg-core';
import { keyOfTableAbove, tenantTable } from '../../db/tenant-table.js';
import { searchIndexes, searchText } from '../../db/search-index.js';
import { categories, contacts, currencies, money, rate } from '../accounting/schema.js';

// documents record their payments as transactions, so banking names their table instead of importing it
const documents = keyOfTableAbove('documents');

/**
 * Bank and cash accounts. The current balance is never stored: it is the sum of the
 * account's journal lines (server/modules/ledger). The opening balance is posted as a
 * journal entry against Opening balance equity.
 */
export const bankAccounts = tenantTable(
  'bank_accounts',
  {
    name: text('name').notNull(),
    number: text('number').notNull(),
    currencyCode: text('currency_code').notNull(),
    openingBalance: money('opening_balance').notNull().default('0'),
    openingDate: date('opening_date', { mode: 'string' }).notNull(),
    bankName: text('bank_name'),
    bankPhone: text('bank_phone'),
    bankAddress: text('bank_address'),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchText('name', 'number', 'bank_name'),
  },
  (t) => [
    index('bank_accounts_tenant_name_idx').on(t.tenantId, t.name, t.id),
    ...searchIndexes('bank_accounts', t.searchText),
    foreignKey({ columns: [t.tenantId, t.currencyCode], foreignColumns: [currencies.tenantId, currencies.code] }),
  ],
);

export const TRANSACTION_TYPES = ['income', 'expense'] as const;

/**
 * Money in or out of a bank account. The amount is in the account's currency; `rate`
 * is that currency's rate against the default currency on the day (amount / rate is
 * the amount in the default currency).
 */
export const transactions = tenantTable(
  'transactions',
  {
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    number: text('number').notNull(),
    bankAccountId: bigint('bank_account_id', { mode: 'number' }).notNull(),
    paidAt: date('paid_at', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    currencyCode: text('currency_code').notNull(),
    currencyRate: rate('currency_rate').notNull(),
    contactId: bigint('contact_id', { mode: 'number' }),
    categoryId: bigint('category_id', { mode: 'number' }),
    paymentMethod: text('payment_method'),
    reference: text('reference'),
    description: text('description'),
    /** the journal entry that currently represents this transaction */
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }),
    /** a payment of a document (issue of sales and purchase documents) */
    documentId: bigint('document_id', { mode: 'number' }),
    searchText: searchText('number', 'reference', 'description'),
  },
  (t) => [
    index('transactions_tenant_paid_idx').on(t.tenantId, t.paidAt, t.id),
    index('transactions_tenant_account_idx').on(t.tenantId, t.bankAccountId, t.paidAt, t.id),
    ...searchIndexes('transactions', t.searchText),
    index('transactions_tenant_contact_idx').on(t.tenantId, t.contactId),
    index('transactions_tenant_category_idx').on(t.tenantId, t.categoryId),
    index('transactions_tenant_document_idx').on(t.tenantId, t.documentId),
    foreignKey({ columns: [t.tenantId, t.bankAccountId], foreignColumns: [bankAccounts.tenantId, bankAccounts.id] }),
    foreignKey({ columns: [t.tenantId, t.contactId], foreignColumns: [contacts.tenantId, contacts.id] }),
    foreignKey({ columns: [t.tenantId, t.categoryId], foreignColumns: [categories.tenantId, categories.id] }),
    foreignKey({ columns: [t.tenantId, t.currencyCode], foreignColumns: [currencies.tenantId, currencies.code] }),
    foreignKey({ columns: [t.tenantId, t.documentId], foreignColumns: [documents.tenantId, documents.id] }),
  ],
);

/**
 * Money moved between two of the tenant's accounts. `amount` leaves the source account
 * in its currency; `to_amount` arrives in the target's. When the currencies differ the
 * two rates (against the default currency) give to_amount = amount / from_rate * to_rate.
 */
export const transfers = tenantTable(
  'transfers',
  {
    fromAccountId: bigint('from_account_id', { mode: 'number' }).notNull(),
    toAccountId: bigint('to_account_id', { mode: 'number' }).notNull(),
    transferredAt: date('transferred_at', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    fromRate: rate('from_rate').notNull(),
    toAmount: money('to_amount').notNull(),
    toRate: rate('to_rate').notNull(),
    paymentMethod: text('payment_method'),
    reference: text('reference'),
    description: text('description'),
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }),
    searchText: searchText('reference', 'description'),
  },
  (t) => [
    index('transfers_tenant_date_idx').on(t.tenantId, t.transferredAt, t.id),
    ...searchIndexes('transfers', t.searchText),
    foreignKey({ columns: [t.tenantId, t.fromAccountId], foreignColumns: [bankAccounts.tenantId, bankAccounts.id] }),
    foreignKey({ columns: [t.tenantId, t.toAccountId], foreignColumns: [bankAccounts.tenantId, bankAccounts.id] }),
  ],
);
