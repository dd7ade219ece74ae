import type { FastifyRequest } from 'fastify';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { BankAccountRow as BankAccountAnswer, TransactionRow as TransactionAnswer, TransferRow as TransferAnswer } from '../../../common/answers/banking.js';
import { bankAccountSchema, dateRangeQuery, SAME_ACCOUNT_MESSAGE, transactionSchema, transferFields, transferSchema } from '../../../common/schemas/banking.js';
import { dropAttachments } from '../../http/attachments.js';
import { answerFields } from '../../http/answer-fields.js';
import { fieldError } from '../../http/errors.js';
import { defineResource, partialWithoutDefaults } from '../../http/resource.js';
import { validate } from '../../http/validate.js';
import { categories, contacts, currencies, paymentMethods } from '../accounting/schema.js';
import { ledgerAccounts } from '../ledger/schema.js';
import {
  findAccount,
  nextTransactionNumber,
  postOpeningBalance,
  postTransaction,
  postTransfer,
  rateOf,
  resolveTransferAmounts,
  unpost,
  type BankAccountRow,
  type TransactionRow,
  type TransferRow,
} from './service.js';
import { bankAccounts, transactions, transfers } from './schema.js';
import { isoTimestamp as ts, qualified as q } from '../../db/sql.js';

const today = (req: FastifyRequest) => new Intl.DateTimeFormat('en-CA', { timeZone: req.tenant?.timezone || 'UTC' }).format(new Date());
const defaultPrecision = (tenantCol: unknown) =>
  sql`coalesce((select c.precision from ${currencies} c where c.tenant_id = ${tenantCol} and c.is_default), 2)`;
/** an amount in its currency shown in the default currency: amount / rate, rounded to the default's precision */
const inDefault = (amount: AnyPgColumn, rate: AnyPgColumn, tenantCol: AnyPgColumn) =>
  sql<string>`round(${q(amount)} / ${q(rate)}, ${defaultPrecision(q(tenantCol))})::text`;

/** date_from / date_to of a list query, on the given date column */
function dateRange(req: FastifyRequest, col: unknown): SQL | undefined {
  const q = req.query as Record<string, unknown> | undefined;
  if (!q || (q.date_from === undefined && q.date_to === undefined)) return undefined;
  const r = validate(dateRangeQuery, { date_from: q.date_from, date_to: q.date_to });
  const parts: SQL[] = [];
  if (r.date_from) parts.push(sql`${col} >= ${r.date_from}`);
  if (r.date_to) parts.push(sql`${col} <= ${r.date_to}`);
  return parts.length ? and(...parts) : undefined;
}

const accountFields = answerFields<BankAccountAnswer>()({
    id: bankAccounts.id,
    name: bankAccounts.name,
    number: bankAccounts.number,
    currency_code: bankAccounts.currencyCode,
    opening_balance: bankAccounts.openingBalance,
    opening_date: bankAccounts.openingDate,
    // derived from the ledger, never stored
    current_balance: sql<string>`coalesce((select sum(l.amount) from journal_lines l join ${ledgerAccounts} a
        on a.tenant_id = l.tenant_id and a.id = l.ledger_account_id
        where a.tenant_id = ${q(bankAccounts.tenantId)} and a.bank_account_id = ${q(bankAccounts.id)}), 0)::text`,
    bank_name: bankAccounts.bankName,
    bank_phone: bankAccounts.bankPhone,
    bank_address: bankAccounts.bankAddress,
    enabled: bankAccounts.enabled,
    created_at: ts(bankAccounts.createdAt),
    updated_at: ts(bankAccounts.updatedAt),
});

export const bankAccountResource = defineResource({
  label: 'Account',
  singular: 'account',
  base: '/banking/accounts',
  table: bankAccounts,
  fields: accountFields,
  columns: { created_at: bankAccounts.createdAt, updated_at: bankAccounts.updatedAt },
  create: bankAccountSchema,
  searchable: ['name', 'number', 'bank_name'],
  searchColumn: bankAccounts.searchText,
  sortable: ['name', 'number', 'currency_code', 'created_at'],
  defaultSort: ['name', 'asc'],
  filterable: ['currency_code', 'enabled'],
  access: { view: 'accounts.view', create: 'accounts.create', update: 'accounts.update', delete: 'accounts.delete' },
  references: { currency_code: { table: currencies, column: currencies.code } },
  beforeWrite: async (tx, req, input, current) => {
    if (!current) return { opening_date: input.opening_date ?? today(req) };
    if (input.currency_code && input.currency_code !== current.currency_code) {
      const [used] = await tx
        .select({ one: sql`1` })
        .from(transactions)
        .where(and(eq(transactions.tenantId, req.tenant!.id), eq(transactions.bankAccountId, current.id as number)))
        .limit(1);
      const [moved] = await tx
        .select({ one: sql`1` })
        .from(transfers)
        .where(
          and(
            eq(transfers.tenantId, req.tenant!.id),
            or(eq(transfers.fromAccountId, current.id as number), eq(transfers.toAccountId, current.id as number)),
          ),
        )
        .limit(1);
      if (used || moved) throw fieldError('currency_code', 'The currency of an account with transactions cannot be changed.');
    }
  },
  afterWrite: async (tx, req, record, _input, previous): Promise<Record<string, unknown>> => {
    const a = record as unknown as BankAccountRow;
    const changed =
      !previous ||
      (['opening_balance', 'opening_date', 'currency_code'] as const).some((k) => String(previous[k]) !== String(a[k]));
    if (changed) await postOpeningBalance(tx, req.tenant!.id, a);
    if (previous && previous.name !== a.name) {
      await tx
        .update(ledgerAccounts)
        .set({ name: a.name })
        .where(and(eq(ledgerAccounts.tenantId, req.tenant!.id), eq(ledgerAccounts.bankAccountId, a.id)));
    }
    // re-read: the balance includes the opening entry just posted
    const [fresh] = await tx.select(accountFields).from(bankAccounts).where(and(eq(bankAccounts.tenantId, req.tenant!.id), eq(bankAccounts.id, a.id)));
    return fresh;
  },
  // an account with only its opening balance may go: the balance is reversed and its ledger
  // account kept (history is append-only) but detached; any transaction or transfer keeps it (422)
  beforeDelete: async (tx, req, record) => {
    const id = record.id as number;
    await unpost(tx, req.tenant!.id, 'opening_balance', id);
    await tx
      .update(ledgerAccounts)
      .set({ bankAccountId: null, name: sql`${ledgerAccounts.name} || ' (closed)'` })
      .where(and(eq(ledgerAccounts.tenantId, req.tenant!.id), eq(ledgerAccounts.bankAccountId, id)));
  },
});

/** a payment of an invoice or bill changes only from the document (its status follows its payments) */
const PAYMENT_OF_DOCUMENT = 'This transaction is a payment of a document: change or delete it from the document.';

const accountName = (col: AnyPgColumn) =>
  sql<string>`(select b.name from ${bankAccounts} b where b.tenant_id = ${q(transactions.tenantId)} and b.id = ${q(col)})`;

export const transactionResource = defineResource({
  label: 'Transaction',
  singular: 'transaction',
  base: '/banking/transactions',
  table: transactions,
  fields: answerFields<TransactionAnswer>()({
    id: transactions.id,
    number: transactions.number,
    type: transactions.type,
    bank_account_id: transactions.bankAccountId,
    account_name: accountName(transactions.bankAccountId),
    paid_at: transactions.paidAt,
    amount: transactions.amount,
    currency_code: transactions.currencyCode,
    currency_rate: transactions.currencyRate,
    amount_default: inDefault(transactions.amount, transactions.currencyRate, transactions.tenantId),
    contact_id: transactions.contactId,
    contact_name: sql<string | null>`(select c.name from ${contacts} c where c.tenant_id = ${q(transactions.tenantId)} and c.id = ${q(transactions.contactId)})`,
    category_id: transactions.categoryId,
    category_name: sql<string | null>`(select c.name from ${categories} c where c.tenant_id = ${q(transactions.tenantId)} and c.id = ${q(transactions.categoryId)})`,
    category_color: sql<string | null>`(select c.color from ${categories} c where c.tenant_id = ${q(transactions.tenantId)} and c.id = ${q(transactions.categoryId)})`,
    payment_method: transactions.paymentMethod,
    reference: transactions.reference,
    description: transactions.description,
    document_id: transactions.documentId,
    created_at: ts(transactions.createdAt),
    updated_at: ts(transactions.updatedAt),
  }),
  columns: { created_at: transactions.createdAt, updated_at: transactions.updatedAt },
  create: transactionSchema,
  searchable: ['number', 'reference', 'description'],
  searchColumn: transactions.searchText,
  sortable: ['paid_at', 'amount', 'number', 'type', 'created_at'],
  defaultSort: ['paid_at', 'desc'],
  filterable: ['type', 'bank_account_id', 'contact_id', 'category_id', 'currency_code'],
  access: { view: 'transactions.view', create: 'transactions.create', update: 'transactions.update', delete: 'transactions.delete' },
  scope: (req) => dateRange(req, transactions.paidAt),
  references: {
    bank_account_id: { table: bankAccounts },
    contact_id: { table: contacts },
    payment_method: { table: paymentMethods, column: paymentMethods.code },
  },
  beforeWrite: async (tx, req, input, current) => {
    const tenantId = req.tenant!.id;
    if (current?.document_id) throw fieldError('document_id', PAYMENT_OF_DOCUMENT);
    const merged = { ...current, ...input } as Record<string, unknown>;
    const account = await findAccount(tx, tenantId, merged.bank_account_id as number);
    if (input.currency_code && input.currency_code !== account.currencyCode) {
      throw fieldError('currency_code', `The currency must be the account's currency (${account.currencyCode}).`);
    }
    if (merged.category_id) {
      const [cat] = await tx
        .select({ type: categories.type })
        .from(categories)
        .where(and(eq(categories.tenantId, tenantId), eq(categories.id, merged.category_id as number)));
      if (!cat || cat.type !== merged.type) throw fieldError('category_id', `The selected category is not an ${merged.type} category.`);
    }
    const extra: Record<string, unknown> = { currency_code: account.currencyCode };
    const accountChanged = current && current.bank_account_id !== account.id;
    if (input.currency_rate === undefined && (!current || accountChanged)) extra.currency_rate = (await rateOf(tx, tenantId, account.currencyCode)).rate;
    if (!current) extra.number = await nextTransactionNumber(tx, tenantId);
    return extra;
  },
  afterWrite: async (tx, req, record) => {
    await postTransaction(tx, req.tenant!.id, record as unknown as TransactionRow);
  },
  beforeDelete: async (tx, req, record) => {
    if (record.document_id) throw fieldError('document_id', PAYMENT_OF_DOCUMENT);
    await unpost(tx, req.tenant!.id, 'transaction', record.id as number);
    await dropAttachments(tx, req, 'transaction', [record.id as number]);
  },
});

const transferAccount = (col: AnyPgColumn, what: 'name' | 'currency_code') =>
  sql<string>`(select b.${sql.raw(what)} from ${bankAccounts} b where b.tenant_id = ${q(transfers.tenantId)} and b.id = ${q(col)})`;

export const transferResource = defineResource({
  label: 'Transfer',
  singular: 'transfer',
  base: '/banking/transfers',
  table: transfers,
  fields: answerFields<TransferAnswer>()({
    id: transfers.id,
    from_account_id: transfers.fromAccountId,
    from_account_name: transferAccount(transfers.fromAccountId, 'name'),
    from_currency: transferAccount(transfers.fromAccountId, 'currency_code'),
    to_account_id: transfers.toAccountId,
    to_account_name: transferAccount(transfers.toAccountId, 'name'),
    to_currency: transferAccount(transfers.toAccountId, 'currency_code'),
    transferred_at: transfers.transferredAt,
    amount: transfers.amount,
    from_rate: transfers.fromRate,
    to_amount: transfers.toAmount,
    to_rate: transfers.toRate,
    amount_default: inDefault(transfers.amount, transfers.fromRate, transfers.tenantId),
    payment_method: transfers.paymentMethod,
    reference: transfers.reference,
    description: transfers.description,
    created_at: ts(transfers.createdAt),
    updated_at: ts(transfers.updatedAt),
  }),
  columns: { created_at: transfers.createdAt, updated_at: transfers.updatedAt },
  create: transferSchema,
  update: partialWithoutDefaults(transferFields),
  searchable: ['reference', 'description'],
  searchColumn: transfers.searchText,
  sortable: ['transferred_at', 'amount', 'created_at'],
  defaultSort: ['transferred_at', 'desc'],
  filterable: ['from_account_id', 'to_account_id'],
  access: { view: 'transfers.view', create: 'transfers.create', update: 'transfers.update', delete: 'transfers.delete' },
  scope: (req) => dateRange(req, transfers.transferredAt),
  references: {
    from_account_id: { table: bankAccounts },
    to_account_id: { table: bankAccounts },
    payment_method: { table: paymentMethods, column: paymentMethods.code },
  },
  beforeWrite: async (tx, req, input, current) => {
    const merged = { ...current, ...input } as Record<string, unknown>;
    if (merged.from_account_id === merged.to_account_id) throw fieldError('to_account_id', SAME_ACCOUNT_MESSAGE);
    // an edit that leaves the amount and the accounts alone keeps the amounts and rates it had
    const moved = !current || ['amount', 'from_account_id', 'to_account_id'].some((k) => input[k] !== undefined && String(input[k]) !== String(current[k]));
    const resolved = await resolveTransferAmounts(tx, req.tenant!.id, {
      from_account_id: merged.from_account_id as number,
      to_account_id: merged.to_account_id as number,
      amount: String(merged.amount),
      from_rate: (input.from_rate ?? (moved ? undefined : current?.from_rate)) as string | undefined,
      to_rate: (input.to_rate ?? (moved ? undefined : current?.to_rate)) as string | undefined,
      to_amount: (input.to_amount ?? (moved ? undefined : current?.to_amount)) as string | undefined,
    });
    return resolved;
  },
  afterWrite: async (tx, req, record) => {
    await postTransfer(tx, req.tenant!.id, record as unknown as TransferRow);
  },
  beforeDelete: async (tx, req, record) => {
    await unpost(tx, req.tenant!.id, 'transfer', record.id as number);
  },
});
