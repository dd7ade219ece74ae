import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { add, compare } from '../../../common/money.js';
import { rows, type Database, type Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { cloneDatabase, seedTenant } from '../../testing/app.js';
import { categories, currencies, taxes } from '../accounting/schema.js';
import { bankAccounts } from '../banking/schema.js';
import { journalEntries, journalLines, ledgerAccounts } from './schema.js';
import {
  assertBalanced,
  balances,
  bankLedgerAccount,
  baseAmounts,
  categoryLedgerAccount,
  post,
  postMany,
  repost,
  reverse,
  seedSystemAccounts,
  SYSTEM_ACCOUNTS,
  systemAccount,
  taxLedgerAccount,
  trialBalance,
  type PostingLine,
} from './service.js';

// The ledger on its own (decision 0006): posting, reversal, the chart of accounts and the
// invariants every entry keeps, called directly rather than through the banking routes.

let database: Database;
let drop: () => Promise<void>;
let tenantId: number;
const inBooks = <T>(fn: (tx: Tx) => Promise<T>) => withTenant(database, tenantId, fn);
const acct = { receivables: 0, opening: 0, trading: 0, sales: 0, bank: 0, euroBank: 0 };

beforeAll(async () => {
  ({ database, drop } = await cloneDatabase());
  ({ tenantId } = await seedTenant(database, 'Ledgerly'));
  await inBooks(async (tx) => {
    // the default is USD; 1 USD buys 0.9 EUR
    await tx.insert(currencies).values({ tenantId, code: 'EUR', name: 'Euro', rate: '0.9', symbol: '€' });
    const [usd, eur] = await tx
      .insert(bankAccounts)
      .values([
        { tenantId, name: 'Main', number: '1', currencyCode: 'USD', openingDate: '2026-01-01' },
        { tenantId, name: 'Euro', number: '2', currencyCode: 'EUR', openingDate: '2026-01-01' },
      ])
      .returning({ id: bankAccounts.id, name: bankAccounts.name });
    const [sales] = await tx.select({ id: categories.id, name: categories.name }).from(categories).where(and(eq(categories.tenantId, tenantId), eq(categories.name, 'Sales')));
    acct.bank = await bankLedgerAccount(tx, tenantId, usd);
    acct.euroBank = await bankLedgerAccount(tx, tenantId, eur);
    acct.sales = await categoryLedgerAccount(tx, tenantId, 'income', sales);
    acct.receivables = await systemAccount(tx, tenantId, 'receivables');
    acct.opening = await systemAccount(tx, tenantId, 'opening_equity');
    acct.trading = await systemAccount(tx, tenantId, 'currency_trading');
  });
});
afterAll(() => drop?.());

const usd = (ledgerAccountId: number, amount: string): PostingLine => ({ ledgerAccountId, currencyCode: 'USD', amount, rate: '1' });
const eur = (ledgerAccountId: number, amount: string): PostingLine => ({ ledgerAccountId, currencyCode: 'EUR', amount, rate: '0.9' });
let source = 0;
const entry = (lines: PostingLine[], date = '2026-03-01') => ({ date, description: 'test entry', sourceType: 'ledger-test', sourceId: ++source, lines });
const linesOf = (tx: Tx, entryId: number) =>
  tx
    .select({ account: journalLines.ledgerAccountId, currency: journalLines.currencyCode, amount: journalLines.amount, base: journalLines.baseAmount, date: journalLines.date })
    .from(journalLines)
    .where(and(eq(journalLines.tenantId, tenantId), eq(journalLines.entryId, entryId)))
    .orderBy(asc(journalLines.id));
/** the message of a failed statement, the database's own when drizzle wraps it */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'no error',
    (e: { message?: string; cause?: { message?: string } }) => `${e.cause?.message ?? ''} ${e.message ?? ''}`,
  );

describe('the chart of accounts', () => {
  it('a new company has each system account once, with its code; seeding again adds nothing', async () => {
    const found = await inBooks(async (tx) => {
      await seedSystemAccounts(tx, tenantId);
      return tx
        .select({ key: ledgerAccounts.systemKey, code: ledgerAccounts.code, type: ledgerAccounts.type })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.tenantId, tenantId), sql`${ledgerAccounts.systemKey} is not null`));
    });
    expect(found).toHaveLength(Object.keys(SYSTEM_ACCOUNTS).length);
    for (const [key, a] of Object.entries(SYSTEM_ACCOUNTS)) expect(found).toContainEqual({ key, code: a.code, type: a.type });
  });

  it('gives a bank account, a category and a tax their own account on first use, in their code ranges, and the same one after', async () => {
    const got = await inBooks(async (tx) => {
      const [vat] = await tx.insert(taxes).values({ tenantId, name: 'VAT', rate: '16' }).returning({ id: taxes.id, name: taxes.name });
      const tax = await taxLedgerAccount(tx, tenantId, vat);
      const codes = await tx.select({ id: ledgerAccounts.id, code: ledgerAccounts.code }).from(ledgerAccounts).where(eq(ledgerAccounts.tenantId, tenantId));
      return {
        bankAgain: await bankLedgerAccount(tx, tenantId, { id: (await tx.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.tenantId, tenantId)).orderBy(asc(bankAccounts.id)))[0].id, name: 'Main' }),
        tax,
        taxAgain: await taxLedgerAccount(tx, tenantId, vat),
        uncategorised: await categoryLedgerAccount(tx, tenantId, 'expense', null),
        uncategorisedKey: await systemAccount(tx, tenantId, 'uncategorised_expense'),
        codes: new Map(codes.map((c) => [c.id, Number(c.code)])),
      };
    });
    expect(got.codes.get(acct.bank)).toBe(1000);
    expect(got.codes.get(acct.euroBank)).toBe(1001);
    expect(got.codes.get(acct.sales)).toBe(4000);
    expect(got.codes.get(got.tax)).toBe(2201);
    expect(got.bankAgain).toBe(acct.bank);
    expect(got.taxAgain).toBe(got.tax);
    // without a category, income and expense go to the system's uncategorised accounts
    expect(got.uncategorised).toBe(got.uncategorisedKey);
  });
});

describe('posting', () => {
  it('writes one entry whose lines carry the amount and its default-currency amount; zero lines are dropped', async () => {
    const lines = await inBooks(async (tx) => {
      const id = await post(tx, tenantId, entry([usd(acct.bank, '250.00'), usd(acct.sales, '-250.00'), usd(acct.opening, '0')]));
      return linesOf(tx, id);
    });
    expect(lines).toEqual([
      { account: acct.bank, currency: 'USD', amount: '250.0000', base: '250.0000', date: '2026-03-01' },
      { account: acct.sales, currency: 'USD', amount: '-250.0000', base: '-250.0000', date: '2026-03-01' },
    ]);
  });

  it('balances each currency of a cross-currency entry through currency trading, and the base amounts to the cent', async () => {
    // 100 EUR in at 0.9 (111.11 USD), against a receivable of 111.11 USD
    const lines = await inBooks(async (tx) =>
      linesOf(tx, await post(tx, tenantId, entry([eur(acct.euroBank, '100'), eur(acct.trading, '-100'), usd(acct.trading, '111.11'), usd(acct.receivables, '-111.11')]))),
    );
    expect(lines.map((l) => l.base)).toEqual(['111.1100', '-111.1100', '111.1100', '-111.1100']);
    for (const code of ['USD', 'EUR']) expect(add(...lines.filter((l) => l.currency === code).map((l) => l.amount))).toBe('0.0000');
  });

  it('refuses an entry that does not balance in some currency, and writes nothing', async () => {
    const before = await inBooks((tx) => tx.$count(journalEntries, eq(journalEntries.tenantId, tenantId)));
    expect(await failure(inBooks((tx) => post(tx, tenantId, entry([usd(acct.bank, '10'), usd(acct.sales, '-9.99')]))))).toMatch(/Unbalanced entry in USD: 0\.01/);
    // balanced in total at rate 1, still not in each currency
    expect(await failure(inBooks((tx) => post(tx, tenantId, entry([usd(acct.bank, '10'), eur(acct.sales, '-10')]))))).toMatch(/Unbalanced entry in (USD|EUR)/);
    expect(await inBooks((tx) => tx.$count(journalEntries, eq(journalEntries.tenantId, tenantId)))).toBe(before);
  });

  it('posts many entries at once in the order given, and refuses a batch naming one source twice', async () => {
    const many = Array.from({ length: 5 }, (_, i) => entry([usd(acct.bank, `${i + 1}`), usd(acct.sales, `-${i + 1}`)], `2026-04-0${i + 1}`));
    const ids = await inBooks((tx) => postMany(tx, tenantId, many));
    const made = await inBooks((tx) => Promise.all(ids.map((id) => linesOf(tx, id))));
    expect(made.map((l) => [l[0].date, l[0].amount])).toEqual(many.map((p, i) => [p.date, `${i + 1}.0000`]));
    const twice = [entry([usd(acct.bank, '1'), usd(acct.sales, '-1')]), entry([usd(acct.bank, '2'), usd(acct.sales, '-2')])];
    twice[1].sourceId = twice[0].sourceId;
    expect(await failure(inBooks((tx) => postMany(tx, tenantId, twice)))).toMatch(/each posting of a batch must have its own source/);
  });
});

describe('reversal', () => {
  it('posts the mirror image on the same date, marked as reversing, and the accounts are back where they were', async () => {
    const { start, lines, reversal, end } = await inBooks(async (tx) => {
      const start = await balances(tx, tenantId, [acct.bank, acct.sales]);
      const id = await post(tx, tenantId, entry([usd(acct.bank, '75.5'), usd(acct.sales, '-75.5')], '2026-05-05'));
      const back = await reverse(tx, tenantId, id);
      const [reversal] = await tx.select().from(journalEntries).where(and(eq(journalEntries.tenantId, tenantId), eq(journalEntries.id, back)));
      return { start, lines: await linesOf(tx, back), reversal: { ...reversal, original: id }, end: await balances(tx, tenantId, [acct.bank, acct.sales]) };
    });
    expect(reversal).toMatchObject({ reversesId: reversal.original, date: '2026-05-05', description: 'Reversal of: test entry', sourceType: 'ledger-test' });
    expect(lines.map((l) => [l.account, l.amount])).toEqual([
      [acct.bank, '-75.5000'],
      [acct.sales, '75.5000'],
    ]);
    expect(end).toEqual(start);
  });

  it('repost reverses the live entry and posts the new one: the edit of a source record', async () => {
    const { first, second, bank } = await inBooks(async (tx) => {
      const before = (await balances(tx, tenantId, [acct.bank])).get(acct.bank) ?? '0';
      const p = entry([usd(acct.bank, '40'), usd(acct.sales, '-40')]);
      const first = await post(tx, tenantId, p);
      const second = await repost(tx, tenantId, first, { ...p, lines: [usd(acct.bank, '55'), usd(acct.sales, '-55')] });
      const after = (await balances(tx, tenantId, [acct.bank])).get(acct.bank)!;
      return { first, second, bank: add(after, `-${before}`) };
    });
    expect(second).toBeGreaterThan(first);
    expect(compare(bank, '55')).toBe(0);
  });
});

describe('invariants', () => {
  it('every currency of the trial balance sums to zero, and so do the base amounts; a date leaves later lines out', async () => {
    const [all, early] = await inBooks(async (tx) => [await trialBalance(tx, tenantId), await trialBalance(tx, tenantId, '2026-03-31')]);
    for (const tb of [all, early]) {
      for (const code of new Set(tb.map((r) => r.currency_code))) {
        const rowsOf = tb.filter((r) => r.currency_code === code);
        expect(compare(add(...rowsOf.map((r) => r.balance)), '0'), code).toBe(0);
        expect(compare(add(...rowsOf.map((r) => r.debit)), add(...rowsOf.map((r) => r.credit))), code).toBe(0);
      }
      expect(compare(add(...tb.map((r) => r.base_balance)), '0')).toBe(0);
    }
    const bankOf = (tb: typeof all) => tb.find((r) => r.ledger_account_id === acct.bank)!.balance;
    expect(compare(bankOf(early), bankOf(all))).toBe(-1); // April's entries come after the date
  });

  it('base amounts: the rounding remainder of a currency goes to its largest line, so they sum to exactly zero', () => {
    const lines = [eur(acct.bank, '10'), eur(acct.bank, '10'), eur(acct.sales, '-20')].map((l) => ({ ...l, rate: '3' }));
    const base = baseAmounts(lines, 2);
    expect(base).toEqual(['3.3300', '3.3300', '-6.6600']);
    expect(add(...base)).toBe('0.0000');
    expect(() => assertBalanced(lines)).not.toThrow();
    expect(() => assertBalanced([...lines, usd(acct.bank, '0.0001')])).toThrow(/Unbalanced entry in USD: 0\.0001/);
  });

  it('is append-only for the app and refuses an unbalanced entry written past the service', async () => {
    expect(await failure(inBooks((tx) => tx.execute(sql`update journal_lines set amount = 0`)))).toMatch(/permission denied/);
    expect(await failure(inBooks((tx) => tx.execute(sql`delete from journal_entries`)))).toMatch(/permission denied/);
    expect(
      await failure(
        inBooks(async (tx) => {
          const [e] = await rows<{ id: number }>(
            tx,
            sql`insert into journal_entries (tenant_id, date, description, source_type, source_id) values (${tenantId}, '2026-01-01', 'bad', 'test', 1) returning id`,
          );
          await tx.execute(
            sql`insert into journal_lines (tenant_id, entry_id, ledger_account_id, date, currency_code, amount, currency_rate, base_amount)
                values (${tenantId}, ${e.id}, ${acct.bank}, '2026-01-01', 'USD', 5, 1, 5)`,
          );
        }),
      ),
    ).toMatch(/does not balance/);
  });
});
