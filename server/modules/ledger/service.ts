import { and, eq, sql } from 'drizzle-orm';
import { AMOUNT_SCALE, fromUnits, toUnits, convert, isZero, negate } from '../../../common/money.js';
import { rows, type Tx } from '../../db/client.js';
import { currencies } from '../accounting/schema.js';
import { journalEntries, journalLines, ledgerAccounts, type LedgerType } from './schema.js';

/**
 * The double-entry ledger (docs/decisions/0006-double-entry-ledger.md). Every money
 * movement posts one entry whose lines sum to zero in each currency; a cross-currency
 * movement goes through the Currency trading account so that stays true. Entries are
 * never changed: a change reverses the old entry and posts a new one.
 */

/** The system accounts every tenant has; income and expense accounts per category and bank accounts come on demand. */
export const SYSTEM_ACCOUNTS = {
  receivables: { code: '1200', name: 'Accounts receivable', type: 'asset' },
  payables: { code: '2000', name: 'Accounts payable', type: 'liability' },
  tax_liabilities: { code: '2200', name: 'Tax liabilities', type: 'liability' },
  owner_equity: { code: '3000', name: "Owner's equity", type: 'equity' },
  opening_equity: { code: '3900', name: 'Opening balance equity', type: 'equity' },
  currency_trading: { code: '3950', name: 'Currency trading', type: 'equity' },
  uncategorised_income: { code: '4999', name: 'Uncategorised income', type: 'income' },
  uncategorised_expense: { code: '6999', name: 'Uncategorised expense', type: 'expense' },
} as const satisfies Record<string, { code: string; name: string; type: LedgerType }>;
export type SystemAccount = keyof typeof SYSTEM_ACCOUNTS;

export async function seedSystemAccounts(tx: Tx, tenantId: number) {
  await tx
    .insert(ledgerAccounts)
    .values(Object.entries(SYSTEM_ACCOUNTS).map(([key, a]) => ({ tenantId, systemKey: key, ...a })))
    .onConflictDoNothing();
}

export async function systemAccount(tx: Tx, tenantId: number, key: SystemAccount): Promise<number> {
  const [found] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.tenantId, tenantId), eq(ledgerAccounts.systemKey, key)));
  if (found) return found.id;
  await seedSystemAccounts(tx, tenantId);
  return systemAccount(tx, tenantId, key);
}

/** The next free code in a range (1000s banks, 4000s income, 6000s expenses). */
async function nextCode(tx: Tx, tenantId: number, from: number, to: number): Promise<string> {
  const [r] = await rows<{ n: number | null }>(
    tx,
    sql`select max(code::int) as n from ledger_accounts
         where tenant_id = ${tenantId} and code ~ '^[0-9]+$' and code::int between ${from} and ${to}
           and system_key is null`,
  );
  return String(Math.min(to, (r?.n ?? from - 1) + 1));
}

/** The ledger account of a bank account, created on first use (codes 1000–1199). */
export async function bankLedgerAccount(tx: Tx, tenantId: number, bank: { id: number; name: string }): Promise<number> {
  const [found] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.tenantId, tenantId), eq(ledgerAccounts.bankAccountId, bank.id)));
  if (found) return found.id;
  const [made] = await tx
    .insert(ledgerAccounts)
    .values({ tenantId, code: await nextCode(tx, tenantId, 1000, 1199), name: bank.name, type: 'asset', bankAccountId: bank.id })
    .returning({ id: ledgerAccounts.id });
  return made.id;
}

/** The income or expense ledger account of a category (codes 4000–4998, 6000–6998); uncategorised without one. */
export async function categoryLedgerAccount(
  tx: Tx,
  tenantId: number,
  kind: 'income' | 'expense',
  category: { id: number; name: string } | null,
): Promise<number> {
  if (!category) return systemAccount(tx, tenantId, kind === 'income' ? 'uncategorised_income' : 'uncategorised_expense');
  const [found] = await tx
    .select({ id: ledgerAccounts.id, type: ledgerAccounts.type })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.tenantId, tenantId), eq(ledgerAccounts.categoryId, category.id)));
  if (found) return found.id;
  const [from, to] = kind === 'income' ? [4000, 4998] : [6000, 6998];
  const [made] = await tx
    .insert(ledgerAccounts)
    .values({ tenantId, code: await nextCode(tx, tenantId, from, to), name: category.name, type: kind, categoryId: category.id })
    .returning({ id: ledgerAccounts.id });
  return made.id;
}

/**
 * The liability ledger account of a tax (codes 2201–2299; 2200 is the system Tax liabilities
 * account), created on first use: what a document's tax lines post to.
 */
export async function taxLedgerAccount(tx: Tx, tenantId: number, tax: { id: number; name: string }): Promise<number> {
  const [found] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.tenantId, tenantId), eq(ledgerAccounts.taxId, tax.id)));
  if (found) return found.id;
  const [made] = await tx
    .insert(ledgerAccounts)
    .values({ tenantId, code: await nextCode(tx, tenantId, 2201, 2299), name: tax.name, type: 'liability', taxId: tax.id })
    .returning({ id: ledgerAccounts.id });
  return made.id;
}

export interface PostingLine {
  ledgerAccountId: number;
  currencyCode: string;
  /** decimal string: debit positive, credit negative */
  amount: string;
  /** the currency's rate against the default currency for this entry */
  rate: string;
  contactId?: number | null;
}

export interface Posting {
  date: string;
  description: string;
  sourceType: string;
  sourceId: number;
  lines: PostingLine[];
  reversesId?: number | null;
}

/** Precision of the default currency (base amounts are rounded to it). */
async function basePrecision(tx: Tx, tenantId: number): Promise<number> {
  const [d] = await tx
    .select({ precision: currencies.precision })
    .from(currencies)
    .where(and(eq(currencies.tenantId, tenantId), eq(currencies.isDefault, true)));
  return d?.precision ?? 2;
}

/**
 * Base (default-currency) amounts of an entry's lines. Each currency's lines convert at
 * their rate; the rounding remainder of a currency goes to its largest line, so that the
 * base amounts of each currency (and of the whole entry) also sum to exactly zero.
 */
export function baseAmounts(lines: readonly PostingLine[], precision: number): string[] {
  const out = lines.map((l) => convert(l.amount, l.rate, '1', precision));
  const byCurrency = new Map<string, number[]>();
  lines.forEach((l, i) => byCurrency.set(l.currencyCode, [...(byCurrency.get(l.currencyCode) ?? []), i]));
  for (const idx of byCurrency.values()) {
    const sum = idx.reduce((s, i) => s + toUnits(out[i], AMOUNT_SCALE), 0n);
    if (sum === 0n) continue;
    const largest = idx.reduce((a, b) => (abs(toUnits(lines[b].amount, AMOUNT_SCALE)) > abs(toUnits(lines[a].amount, AMOUNT_SCALE)) ? b : a));
    out[largest] = fromUnits(toUnits(out[largest], AMOUNT_SCALE) - sum, AMOUNT_SCALE);
  }
  return out;
}
const abs = (n: bigint) => (n < 0n ? -n : n);

/** Refuses (throws) an entry that does not balance in some currency. */
export function assertBalanced(lines: readonly PostingLine[]) {
  const sums = new Map<string, bigint>();
  for (const l of lines) sums.set(l.currencyCode, (sums.get(l.currencyCode) ?? 0n) + toUnits(l.amount, AMOUNT_SCALE));
  for (const [code, sum] of sums) {
    if (sum !== 0n) throw new Error(`Unbalanced entry in ${code}: ${fromUnits(sum, AMOUNT_SCALE)}`);
  }
}

/** Posts one balanced entry (lines that are zero are dropped) and answers its id. */
export async function post(tx: Tx, tenantId: number, p: Posting): Promise<number> {
  const [id] = await postMany(tx, tenantId, [p]);
  return id;
}

/** most lines in one INSERT (9 parameters each, well under PostgreSQL's 65,535) */
const LINES_PER_INSERT = 2000;

/**
 * Posts many balanced entries with one INSERT of the entries and one of their lines (per
 * 2,000 lines): imports post thousands at once. Answers the entry ids in the order given.
 */
export async function postMany(tx: Tx, tenantId: number, postings: readonly Posting[]): Promise<number[]> {
  if (!postings.length) return [];
  const kept = postings.map((p) => p.lines.filter((l) => !isZero(l.amount)));
  kept.forEach(assertBalanced);
  const made = await tx
    .insert(journalEntries)
    .values(
      postings.map((p) => ({
        tenantId,
        date: p.date,
        description: p.description,
        sourceType: p.sourceType,
        sourceId: p.sourceId,
        reversesId: p.reversesId ?? null,
      })),
    )
    .returning({ id: journalEntries.id, sourceType: journalEntries.sourceType, sourceId: journalEntries.sourceId });
  // match by source rather than trusting RETURNING's order
  const idOf = new Map(made.map((e) => [`${e.sourceType}:${e.sourceId}`, e.id]));
  const ids = postings.map((p) => idOf.get(`${p.sourceType}:${p.sourceId}`)!);
  if (idOf.size !== postings.length) {
    // one batch naming a source twice (a reversal and its repost) cannot be matched by source
    throw new Error('postMany: each posting of a batch must have its own source');
  }
  const precision = await basePrecision(tx, tenantId);
  const values = postings.flatMap((p, i) => {
    const base = baseAmounts(kept[i], precision);
    return kept[i].map((l, j) => ({
      tenantId,
      entryId: ids[i],
      ledgerAccountId: l.ledgerAccountId,
      date: p.date,
      currencyCode: l.currencyCode,
      amount: l.amount,
      currencyRate: l.rate,
      baseAmount: base[j],
      contactId: l.contactId ?? null,
    }));
  });
  // an entry's lines never straddle two INSERTs: the balance trigger checks each statement
  for (let start = 0; start < values.length; ) {
    let end = Math.min(values.length, start + LINES_PER_INSERT);
    while (end < values.length && values[end].entryId === values[end - 1].entryId) end++;
    await tx.insert(journalLines).values(values.slice(start, end));
    start = end;
  }
  return ids;
}

/** Posts the mirror image of an entry (same date unless given), marking what it reverses. */
export async function reverse(tx: Tx, tenantId: number, entryId: number, description?: string): Promise<number> {
  const [entry] = await tx
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.tenantId, tenantId), eq(journalEntries.id, entryId)));
  if (!entry) throw new Error(`No journal entry ${entryId}`);
  const lines = await tx
    .select()
    .from(journalLines)
    .where(and(eq(journalLines.tenantId, tenantId), eq(journalLines.entryId, entryId)));
  return post(tx, tenantId, {
    date: entry.date,
    description: description ?? `Reversal of: ${entry.description}`,
    sourceType: entry.sourceType,
    sourceId: entry.sourceId,
    reversesId: entry.id,
    lines: lines.map((l) => ({
      ledgerAccountId: l.ledgerAccountId,
      currencyCode: l.currencyCode,
      amount: negate(l.amount),
      rate: l.currencyRate,
      contactId: l.contactId,
    })),
  });
}

/** Reverses the current entry (when there is one) and posts the new one: the edit of a source record. */
export async function repost(tx: Tx, tenantId: number, currentEntryId: number | null, next: Posting): Promise<number> {
  if (currentEntryId) await reverse(tx, tenantId, currentEntryId);
  return post(tx, tenantId, next);
}

/** Balance of ledger accounts in their own currencies (e.g. a bank account's current balance). */
export async function balances(tx: Tx, tenantId: number, ledgerAccountIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!ledgerAccountIds.length) return out;
  const found = await rows<{ id: number; total: string }>(
    tx,
    sql`select ledger_account_id::int as id, sum(amount)::text as total from journal_lines
         where tenant_id = ${tenantId} and ledger_account_id in (${sql.join(ledgerAccountIds.map((i) => sql`${i}`), sql`, `)})
         group by ledger_account_id`,
  );
  for (const r of found) out.set(Number(r.id), r.total);
  return out;
}

export interface TrialBalanceRow {
  ledger_account_id: number;
  code: string;
  name: string;
  type: LedgerType;
  currency_code: string;
  debit: string;
  credit: string;
  balance: string;
  base_balance: string;
}

/** Every account's balance per currency up to a date; the balances of each currency sum to zero. */
export async function trialBalance(tx: Tx, tenantId: number, until?: string): Promise<TrialBalanceRow[]> {
  const dateCond = until ? sql`and l.date <= ${until}` : sql``;
  return rows<TrialBalanceRow>(
    tx,
    // sums per (account, currency) first, on the narrow line columns; the account's names join afterwards
    sql`select a.id::int as ledger_account_id, a.code, a.name, a.type, t.currency_code,
               t.debit::text as debit, t.credit::text as credit, t.balance::text as balance, t.base_balance::text as base_balance
          from (select l.ledger_account_id, l.currency_code,
                       coalesce(sum(l.amount) filter (where l.amount > 0), 0) as debit,
                       coalesce(-sum(l.amount) filter (where l.amount < 0), 0) as credit,
                       sum(l.amount) as balance, sum(l.base_amount) as base_balance
                  from journal_lines l
                 where l.tenant_id = ${tenantId} ${dateCond}
                 group by l.ledger_account_id, l.currency_code) t
          join ledger_accounts a on a.tenant_id = ${tenantId} and a.id = t.ledger_account_id
         order by a.code, t.currency_code`,
  );
}
