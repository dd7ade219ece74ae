import { and, eq, sql } from 'drizzle-orm';
import { convert, negate } from '../../../common/money.js';
import { rows, type Tx } from '../../db/client.js';
import { fieldError } from '../../http/errors.js';
import { categories } from '../accounting/schema.js';
import { currencyByCode } from '../accounting/currency.js';
import { bankLedgerAccount, categoryLedgerAccount, post, reverse, systemAccount, type PostingLine } from '../ledger/service.js';
import { journalEntries } from '../ledger/schema.js';
import { bankAccounts, transactions, transfers } from './schema.js';

/**
 * What banking records post to the ledger (docs/decisions/0006-double-entry-ledger.md).
 * Each source record has at most one live entry; changing it reverses that entry and
 * posts a new one in the same database transaction.
 */

export interface AccountRef {
  id: number;
  name: string;
  currencyCode: string;
}

export async function findAccount(tx: Tx, tenantId: number, id: number, field = 'bank_account_id'): Promise<AccountRef> {
  const [a] = await tx
    .select({ id: bankAccounts.id, name: bankAccounts.name, currencyCode: bankAccounts.currencyCode })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.tenantId, tenantId), eq(bankAccounts.id, id)));
  if (!a) throw fieldError(field, `The selected ${field.replace(/_id$/, '').replace(/_/g, ' ')} is invalid.`);
  return a;
}

/** The currency's stored rate (the rate of the day, as the company keeps it). */
export async function rateOf(tx: Tx, tenantId: number, code: string): Promise<{ rate: string; precision: number }> {
  const c = await currencyByCode(tx, tenantId, code);
  if (!c) throw fieldError('currency_code', 'The selected currency code is invalid.');
  return { rate: c.rate, precision: c.precision };
}

/** The live (not reversed) entry a source record posted, if any. */
export async function liveEntry(tx: Tx, tenantId: number, sourceType: string, sourceId: number): Promise<number | null> {
  const [r] = await rows<{ id: number }>(
    tx,
    sql`select e.id::int as id from ${journalEntries} e
         where e.tenant_id = ${tenantId} and e.source_type = ${sourceType} and e.source_id = ${sourceId}
           and e.reverses_id is null
           and not exists (select 1 from ${journalEntries} r where r.tenant_id = e.tenant_id and r.reverses_id = e.id)
         order by e.id desc limit 1`,
  );
  return r?.id ?? null;
}

/** Reverses what a source record posted (when it has a live entry). */
export async function unpost(tx: Tx, tenantId: number, sourceType: string, sourceId: number) {
  const live = await liveEntry(tx, tenantId, sourceType, sourceId);
  if (live) await reverse(tx, tenantId, live);
}

// ------------------------------------------------------------------ bank accounts

export interface BankAccountRow {
  id: number;
  name: string;
  currency_code: string;
  opening_balance: string;
  opening_date: string;
}

/** Opening balance: Dr bank / Cr Opening balance equity, in the account's currency. */
export async function postOpeningBalance(tx: Tx, tenantId: number, a: BankAccountRow) {
  await unpost(tx, tenantId, 'opening_balance', a.id);
  const { rate } = await rateOf(tx, tenantId, a.currency_code);
  const bank = await bankLedgerAccount(tx, tenantId, { id: a.id, name: a.name });
  const equity = await systemAccount(tx, tenantId, 'opening_equity');
  await post(tx, tenantId, {
    date: a.opening_date,
    description: `Opening balance of ${a.name}`,
    sourceType: 'opening_balance',
    sourceId: a.id,
    lines: [
      { ledgerAccountId: bank, currencyCode: a.currency_code, amount: a.opening_balance, rate },
      { ledgerAccountId: equity, currencyCode: a.currency_code, amount: negate(a.opening_balance), rate },
    ],
  });
}

// ------------------------------------------------------------------ transactions

export interface TransactionRow {
  id: number;
  number: string;
  type: 'income' | 'expense';
  bank_account_id: number;
  paid_at: string;
  amount: string;
  currency_code: string;
  currency_rate: string;
  contact_id: number | null;
  category_id: number | null;
}

/** Income: Dr bank / Cr income (category). Expense: Dr expense (category) / Cr bank. */
export async function postTransaction(tx: Tx, tenantId: number, t: TransactionRow): Promise<number> {
  await unpost(tx, tenantId, 'transaction', t.id);
  const account = await findAccount(tx, tenantId, t.bank_account_id);
  const bank = await bankLedgerAccount(tx, tenantId, account);
  let category: { id: number; name: string } | null = null;
  if (t.category_id) {
    [category] = await tx
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(and(eq(categories.tenantId, tenantId), eq(categories.id, t.category_id)));
  }
  const other = await categoryLedgerAccount(tx, tenantId, t.type, category ?? null);
  const amount = t.type === 'income' ? t.amount : negate(t.amount);
  const line = (ledgerAccountId: number, value: string): PostingLine => ({
    ledgerAccountId,
    currencyCode: t.currency_code,
    amount: value,
    rate: t.currency_rate,
    contactId: t.contact_id,
  });
  const entryId = await post(tx, tenantId, {
    date: t.paid_at,
    description: `${t.type === 'income' ? 'Income' : 'Expense'} ${t.number}`,
    sourceType: 'transaction',
    sourceId: t.id,
    lines: [line(bank, amount), line(other, negate(amount))],
  });
  await tx
    .update(transactions)
    .set({ journalEntryId: entryId })
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.id, t.id)));
  return entryId;
}

/** TRA-00001, TRA-00002… per tenant; the advisory lock keeps two writers from taking one number. */
export async function nextTransactionNumber(tx: Tx, tenantId: number): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kazi:transaction-number'), ${tenantId}::int)`);
  const [r] = await rows<{ n: number }>(
    tx,
    sql`select coalesce(max(substring(number from '^TRA-(\\d{1,12})$')::bigint), 0)::int + 1 as n
          from ${transactions} where tenant_id = ${tenantId}`,
  );
  return `TRA-${String(r.n).padStart(5, '0')}`;
}

// ------------------------------------------------------------------ transfers

export interface TransferRow {
  id: number;
  from_account_id: number;
  to_account_id: number;
  transferred_at: string;
  amount: string;
  from_rate: string;
  to_amount: string;
  to_rate: string;
}

/**
 * Same currency: Dr to / Cr from. Different currencies: each side balances in its own
 * currency through Currency trading (Dr to, Cr trading in the target currency; Dr
 * trading, Cr from in the source currency).
 */
export async function postTransfer(tx: Tx, tenantId: number, t: TransferRow): Promise<number> {
  await unpost(tx, tenantId, 'transfer', t.id);
  const from = await findAccount(tx, tenantId, t.from_account_id, 'from_account_id');
  const to = await findAccount(tx, tenantId, t.to_account_id, 'to_account_id');
  const fromLedger = await bankLedgerAccount(tx, tenantId, from);
  const toLedger = await bankLedgerAccount(tx, tenantId, to);
  const lines: PostingLine[] = [
    { ledgerAccountId: toLedger, currencyCode: to.currencyCode, amount: t.to_amount, rate: t.to_rate },
    { ledgerAccountId: fromLedger, currencyCode: from.currencyCode, amount: negate(t.amount), rate: t.from_rate },
  ];
  if (from.currencyCode !== to.currencyCode) {
    const trading = await systemAccount(tx, tenantId, 'currency_trading');
    lines.push(
      { ledgerAccountId: trading, currencyCode: to.currencyCode, amount: negate(t.to_amount), rate: t.to_rate },
      { ledgerAccountId: trading, currencyCode: from.currencyCode, amount: t.amount, rate: t.from_rate },
    );
  }
  const entryId = await post(tx, tenantId, {
    date: t.transferred_at,
    description: `Transfer from ${from.name} to ${to.name}`,
    sourceType: 'transfer',
    sourceId: t.id,
    lines,
  });
  await tx
    .update(transfers)
    .set({ journalEntryId: entryId })
    .where(and(eq(transfers.tenantId, tenantId), eq(transfers.id, t.id)));
  return entryId;
}

/**
 * Fills a transfer's rates and target amount: the same currency moves the same amount
 * at the same rate; otherwise the rates default to the currencies' rates and the
 * target amount to amount / from_rate * to_rate in the target's precision.
 */
export async function resolveTransferAmounts(
  tx: Tx,
  tenantId: number,
  input: { from_account_id: number; to_account_id: number; amount: string; from_rate?: string; to_rate?: string; to_amount?: string },
) {
  const from = await findAccount(tx, tenantId, input.from_account_id, 'from_account_id');
  const to = await findAccount(tx, tenantId, input.to_account_id, 'to_account_id');
  const f = await rateOf(tx, tenantId, from.currencyCode);
  const t = await rateOf(tx, tenantId, to.currencyCode);
  if (from.currencyCode === to.currencyCode) {
    const rate = input.from_rate ?? f.rate;
    return { from_rate: rate, to_rate: rate, to_amount: input.amount };
  }
  const fromRate = input.from_rate ?? f.rate;
  const toRate = input.to_rate ?? t.rate;
  return { from_rate: fromRate, to_rate: toRate, to_amount: input.to_amount ?? convert(input.amount, fromRate, toRate, t.precision) };
}
