import { bigint, date, foreignKey, index, text, unique } from 'drizzle-orm/pg-core';
import { keyOfTableAbove, tenantTable } from '../../db/tenant-table.js';
import { categories, contacts, currencies, money, rate, taxes } from '../accounting/schema.js';

// banking posts to the ledger, so the ledger names the bank accounts' table instead of importing it
const bankAccounts = keyOfTableAbove('bank_accounts');

export const LEDGER_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

/**
 * The chart of accounts. System accounts (receivables, payables, taxes, equity,
 * currency trading, uncategorised income/expense) carry a `system_key`; each bank
 * account and each income or expense category has its own ledger account.
 */
export const ledgerAccounts = tenantTable(
  'ledger_accounts',
  {
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: LEDGER_TYPES }).notNull(),
    systemKey: text('system_key'),
    bankAccountId: bigint('bank_account_id', { mode: 'number' }),
    categoryId: bigint('category_id', { mode: 'number' }),
    /** the liability account of one tax (codes 2200–2299), so the tax summary reads from the ledger */
    taxId: bigint('tax_id', { mode: 'number' }),
  },
  (t) => [
    unique('ledger_accounts_tenant_code_unique').on(t.tenantId, t.code),
    unique('ledger_accounts_tenant_system_unique').on(t.tenantId, t.systemKey),
    unique('ledger_accounts_tenant_bank_unique').on(t.tenantId, t.bankAccountId),
    unique('ledger_accounts_tenant_category_unique').on(t.tenantId, t.categoryId),
    unique('ledger_accounts_tenant_tax_unique').on(t.tenantId, t.taxId),
    foreignKey({ columns: [t.tenantId, t.bankAccountId], foreignColumns: [bankAccounts.tenantId, bankAccounts.id] }),
    foreignKey({ columns: [t.tenantId, t.categoryId], foreignColumns: [categories.tenantId, categories.id] }),
    foreignKey({ columns: [t.tenantId, t.taxId], foreignColumns: [taxes.tenantId, taxes.id] }),
  ],
);

/**
 * One balanced posting. Append-only: the app role may not update or delete entries or
 * lines (migration 0005); a change to a source record posts a reversal
 * (`reverses_id`) and a new entry.
 */
export const journalEntries = tenantTable(
  'journal_entries',
  {
    date: date('date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    /** what posted it: transaction, transfer, opening_balance, document, payment… */
    sourceType: text('source_type').notNull(),
    sourceId: bigint('source_id', { mode: 'number' }).notNull(),
    reversesId: bigint('reverses_id', { mode: 'number' }),
  },
  (t) => [
    index('journal_entries_tenant_source_idx').on(t.tenantId, t.sourceType, t.sourceId),
    index('journal_entries_tenant_date_idx').on(t.tenantId, t.date),
    foreignKey({ columns: [t.tenantId, t.reversesId], foreignColumns: [t.tenantId, t.id] }),
  ],
);

/**
 * A debit (positive amount) or credit (negative) to one ledger account, in one
 * currency. The lines of an entry sum to zero in every currency (checked by a trigger);
 * `base_amount` is the same line in the default currency at the entry's rate.
 */
export const journalLines = tenantTable(
  'journal_lines',
  {
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    ledgerAccountId: bigint('ledger_account_id', { mode: 'number' }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    amount: money('amount').notNull(),
    currencyRate: rate('currency_rate').notNull(),
    baseAmount: money('base_amount').notNull(),
    contactId: bigint('contact_id', { mode: 'number' }),
  },
  (t) => [
    index('journal_lines_tenant_entry_idx').on(t.tenantId, t.entryId),
    index('journal_lines_tenant_account_date_idx').on(t.tenantId, t.ledgerAccountId, t.date),
    index('journal_lines_tenant_contact_idx').on(t.tenantId, t.contactId),
    foreignKey({ columns: [t.tenantId, t.entryId], foreignColumns: [journalEntries.tenantId, journalEntries.id] }),
    foreignKey({ columns: [t.tenantId, t.ledgerAccountId], foreignColumns: [ledgerAccounts.tenantId, ledgerAccounts.id] }),
    foreignKey({ columns: [t.tenantId, t.contactId], foreignColumns: [contacts.tenantId, contacts.id] }),
    foreignKey({ columns: [t.tenantId, t.currencyCode], foreignColumns: [currencies.tenantId, currencies.code] }),
  ],
);
