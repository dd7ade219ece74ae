import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BankAccountRow as BankAccountAnswer, TransactionRow as TransactionAnswer, TransferRow as TransferAnswer } from '../../../common/answers/banking.js';
import { convert, negate } from '../../../common/money.js';
import { rows, type Tx } from '../../db/client.js';
import { fieldError } from '../../http/errors.js';
import { categories } from '../accounting/schema.js';
import { currencyByCode } from '../accounting/currency.js';
import { bankLedgerAccount, categoryLedgerAccount, post, postMany, reverse, systemAccount, type PostingLine } from '../ledger/service.js';
import { journalEntries } from '../ledger/schema.js';
import { bankAccounts, transactions } from './schema.js';

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

/** What an opening balance posting reads of an account's answer. */
export type BankAccountRow = Pick<BankAccountAnswer, 'id' | 'name' | 'currency_code' | 'opening_balance' | 'opening_date'>;

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

/** What a transaction's posting reads of its answer (an import builds it from the stored values). */
export type TransactionRow = Pick<
  TransactionAnswer,
  'id' | 'number' | 'type' | 'bank_account_id' | 'paid_at' | 'amount' | 'currency_code' | 'currency_rate' | 'contact_id' | 'category_id'
>;

/** Income: Dr bank / Cr income (category). Expense: Dr expense (category) / Cr bank. */
export async function postTransaction(tx: Tx, tenantId: number, t: TransactionRow): Promise<number> {
  await unpost(tx, tenantId, 'transaction', t.id);
  const [entryId] = await postTransactions(tx, tenantId, [t]);
  return entryId;
}

/**
 * Posts transactions that have no live entry yet (new ones, an import): the ledger accounts of
 * their bank accounts and categories are looked up once per distinct one, the entries written
 * with postMany, and each transaction marked with its entry in one UPDATE.
 */
export async function postTransactions(tx: Tx, tenantId: number, list: readonly TransactionRow[]): Promise<number[]> {
  if (!list.length) return [];
  const bankLedger = new Map<number, number>();
  for (const id of new Set(list.map((t) => t.bank_account_id))) {
    bankLedger.set(id, await bankLedgerAccount(tx, tenantId, await findAccount(tx, tenantId, id)));
  }
  const categoryIds = [...new Set(list.map((t) => t.category_id).filter((id): id is number => id !== null))];
  const named = categoryIds.length
    ? await tx
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(and(eq(categories.tenantId, tenantId), inArray(categories.id, categoryIds)))
    : [];
  const otherLedger = new Map<string, number>();
  for (const kind of ['income', 'expense'] as const) {
    for (const c of [null, ...named]) {
      if (!list.some((t) => t.type === kind && t.category_id === (c?.id ?? null))) continue;
      otherLedger.set(`${kind}:${c?.id ?? ''}`, await categoryLedgerAccount(tx, tenantId, kind, c));
    }
  }
  const ids = await postMany(
    tx,
    tenantId,
    list.map((t) => {
      const amount = t.type === 'income' ? t.amount : negate(t.amount);
      const line = (ledgerAccountId: number, value: string): PostingLine => ({
        ledgerAccountId,
        currencyCode: t.currency_code,
        amount: value,
        rate: t.currency_rate,
        contactId: t.contact_id,
      });
      return {
        date: t.paid_at,
        description: `${t.type === 'income' ? 'Income' : 'Expense'} ${t.number}`,
        sourceType: 'transaction',
        sourceId: t.id,
        lines: [line(bankLedger.get(t.bank_account_id)!, amount), line(otherLedger.get(`${t.type}:${t.category_id ?? ''}`)!, negate(amount))],
      };
    }),
  );
  await markEntries(tx, tenantId, 'transactions', list.map((t, i) => [t.id, ids[i]]));
  return ids;
}

/** Sets journal_entry_id of many source rows in one statement. */
async function markEntries(tx: Tx, tenantId: number, table: 'transactions' | 'transfers', pairs: [number, number][]) {
  const values = sql.join(pairs.map(([id, entry]) => sql`(${id}::bigint, ${entry}::bigint)`), sql`, `);
  await tx.execute(
    sql`update ${sql.identifier(table)} s set journal_entry_id = v.entry
          from (values ${values}) as v(id, entry)
         where s.tenant_id = ${tenantId} and s.id = v.id`,
  );
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

/** What a transfer's posting reads of its answer. */
export type TransferRow = Pick<TransferAnswer, 'id' | 'from_account_id' | 'to_account_id' | 'transferred_at' | 'amount' | 'from_rate' | 'to_amount' | 'to_rate'>;

/**
 * Same currency: Dr to / Cr from. Different currencies: each side balances in its own
 * currency through Currency trading (Dr to, Cr trading in the target currency; Dr
 * trading, Cr from in the source currency).
 */
export async function postTransfer(tx: Tx, tenantId: number, t: TransferRow): Promise<number> {
  await unpost(tx, tenantId, 'transfer', t.id);
  const [entryId] = await postTransfers(tx, tenantId, [t]);
  return entryId;
}

/** Posts transfers that have no live entry yet, in one batch (see postTransactions). */
export async function postTransfers(tx: Tx, tenantId: number, list: readonly TransferRow[]): Promise<number[]> {
  if (!list.length) return [];
  const accounts = new Map<number, AccountRef & { ledger: number }>();
  for (const id of new Set(list.flatMap((t) => [t.from_account_id, t.to_account_id]))) {
    const a = await findAccount(tx, tenantId, id, list.some((t) => t.from_account_id === id) ? 'from_account_id' : 'to_account_id');
    accounts.set(id, { ...a, ledger: await bankLedgerAccount(tx, tenantId, a) });
  }
  const crosses = list.some((t) => accounts.get(t.from_account_id)!.currencyCode !== accounts.get(t.to_account_id)!.currencyCode);
  const trading = crosses ? await systemAccount(tx, tenantId, 'currency_trading') : 0;
  const ids = await postMany(
    tx,
    tenantId,
    list.map((t) => {
      const from = accounts.get(t.from_account_id)!;
      const to = accounts.get(t.to_account_id)!;
      const lines: PostingLine[] = [
        { ledgerAccountId: to.ledger, currencyCode: to.currencyCode, amount: t.to_amount, rate: t.to_rate },
        { ledgerAccountId: from.ledger, currencyCode: from.currencyCode, amount: negate(t.amount), rate: t.from_rate },
      ];
      if (from.currencyCode !== to.currencyCode) {
        lines.push(
          { ledgerAccountId: trading, currencyCode: to.currencyCode, amount: negate(t.to_amount), rate: t.to_rate },
          { ledgerAccountId: trading, currencyCode: from.currencyCode, amount: t.amount, rate: t.from_rate },
        );
      }
      return { date: t.transferred_at, description: `Transfer from ${from.name} to ${to.name}`, sourceType: 'transfer', sourceId: t.id, lines };
    }),
  );
  await markEntries(tx, tenantId, 'transfers', list.map((t, i) => [t.id, ids[i]]));
  return ids;
}

export interface TransferSide {
  currencyCode: string;
  /** the currency's stored rate and precision */
  rate: string;
  precision: number;
}

/**
 * A transfer's rates and target amount: the same currency moves the same amount at the same
 * rate; otherwise the rates default to the currencies' rates and the target amount to
 * amount / from_rate * to_rate in the target's precision. Given values are kept.
 */
export function transferAmounts(
  from: TransferSide,
  to: TransferSide,
  input: { amount: string; from_rate?: string; to_rate?: string; to_amount?: string },
) {
  const fromRate = input.from_rate ?? from.rate;
  if (from.currencyCode === to.currencyCode) return { from_rate: fromRate, to_rate: fromRate, to_amount: input.amount };
  const toRate = input.to_rate ?? to.rate;
  return { from_rate: fromRate, to_rate: toRate, to_amount: input.to_amount ?? convert(input.amount, fromRate, toRate, to.precision) };
}

/** transferAmounts for two of the tenant's accounts, read from the database. */
export async function resolveTransferAmounts(
  tx: Tx,
  tenantId: number,
  input: { from_account_id: number; to_account_id: number; amount: string; from_rate?: string; to_rate?: string; to_amount?: string },
) {
  const from = await findAccount(tx, tenantId, input.from_account_id, 'from_account_id');
  const to = await findAccount(tx, tenantId, input.to_account_id, 'to_account_id');
  return transferAmounts(
    { currencyCode: from.currencyCode, ...(await rateOf(tx, tenantId, from.currencyCode)) },
    { currencyCode: to.currencyCode, ...(await rateOf(tx, tenantId, to.currencyCode)) },
    input,
  );
}
