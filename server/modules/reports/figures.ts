import { sql, type SQL } from 'drizzle-orm';
import { AMOUNT_SCALE, fromUnits, toUnits } from '../../../common/money.js';
import type { Period } from '../../../common/reports/periods.js';
import { rows, type Tx } from '../../db/client.js';
import { trialBalance } from '../ledger/service.js';

/**
 * The ledger and document queries behind the reports. Each one is a single set-based query
 * grouped in the database (by account and period, or by contact and age bucket): the lines
 * themselves never come to JavaScript. Amounts are in the default currency (base_amount) as
 * numeric text at the stored scale.
 */

export interface AccountPeriodRow {
  id: number;
  code: string;
  name: string;
  type: 'asset' | 'liability' | 'equity' | 'income' | 'expense';
  /** 0-based period index */
  p: number;
  total: string;
}

const dateArray = (periods: readonly Period[]) => sql`array[${sql.join(periods.map((p) => sql`${p.from}::date`), sql`, `)}]`;

/**
 * Each income or expense account's movement per period over the periods' range. The period of
 * a line is found with width_bucket over the periods' first days (sorted), so one pass groups
 * every account and period; the (tenant, account, date) index serves the date range per account.
 */
export async function accountPeriods(tx: Tx, tenantId: number, types: readonly string[], periods: readonly Period[]): Promise<AccountPeriodRow[]> {
  if (!periods.length) return [];
  const from = periods[0].from;
  const to = periods[periods.length - 1].to;
  return rows<AccountPeriodRow>(
    tx,
    sql`select a.id::int as id, a.code, a.name, a.type,
               (width_bucket(l.date, ${dateArray(periods)}) - 1)::int as p,
               sum(l.base_amount)::text as total
          from journal_lines l
          join ledger_accounts a on a.tenant_id = l.tenant_id and a.id = l.ledger_account_id
         where l.tenant_id = ${tenantId} and a.type in (${sql.join(types.map((t) => sql`${t}`), sql`, `)})
           and l.date between ${from} and ${to}
         group by a.id, a.code, a.name, a.type, p
         order by a.code`,
  );
}

export interface TaxPeriodRow {
  id: number;
  code: string;
  name: string;
  p: number;
  collected: string;
  paid: string;
}

/**
 * Per tax ledger account (ledger_accounts.tax_id) and period: the tax collected on sales (credits)
 * and paid on purchases (debits). A reversal's line is counted against the side of the line it
 * reverses, so a cancelled invoice lowers the tax collected instead of looking like tax paid.
 */
export async function taxPeriods(tx: Tx, tenantId: number, periods: readonly Period[]): Promise<TaxPeriodRow[]> {
  if (!periods.length) return [];
  const from = periods[0].from;
  const to = periods[periods.length - 1].to;
  const side = sql`case when e.reverses_id is null then sign(l.base_amount) else -sign(l.base_amount) end`;
  return rows<TaxPeriodRow>(
    tx,
    sql`select a.id::int as id, a.code, a.name,
               (width_bucket(l.date, ${dateArray(periods)}) - 1)::int as p,
               coalesce(-sum(l.base_amount) filter (where ${side} < 0), 0)::text as collected,
               coalesce(sum(l.base_amount) filter (where ${side} > 0), 0)::text as paid
          from journal_lines l
          join ledger_accounts a on a.tenant_id = l.tenant_id and a.id = l.ledger_account_id
          join journal_entries e on e.tenant_id = l.tenant_id and e.id = l.entry_id
         where l.tenant_id = ${tenantId} and a.tax_id is not null
           and l.date between ${from} and ${to}
         group by a.id, a.code, a.name, p
         order by a.code`,
  );
}

export interface AccountBalance {
  id: number;
  code: string;
  name: string;
  type: AccountPeriodRow['type'];
  /** debit positive, in the default currency */
  balance: string;
}

/** Every account's balance on a date in the default currency (the trial balance's rows, added up over currencies). */
export async function accountBalances(tx: Tx, tenantId: number, asOf: string): Promise<AccountBalance[]> {
  const lines = await trialBalance(tx, tenantId, asOf);
  const byAccount = new Map<number, AccountBalance & { units: bigint }>();
  for (const l of lines) {
    const units = toUnits(l.base_balance, AMOUNT_SCALE);
    const found = byAccount.get(l.ledger_account_id);
    if (found) found.units += units;
    else byAccount.set(l.ledger_account_id, { id: l.ledger_account_id, code: l.code, name: l.name, type: l.type, balance: '', units });
  }
  return [...byAccount.values()].map(({ units, ...a }) => ({ ...a, balance: fromUnits(units, AMOUNT_SCALE) }));
}

export interface BalanceSheetRow {
  id: number;
  code: string;
  name: string;
  type: AccountPeriodRow['type'];
  /** balance on the date (debit positive) */
  balance: string;
  /** the part of it dated before the financial year started */
  before: string;
}

/** Balances of every account on a date, and the part from before the financial year, in one pass. */
export async function balanceSheetBalances(tx: Tx, tenantId: number, yearFrom: string, asOf: string): Promise<BalanceSheetRow[]> {
  return rows<BalanceSheetRow>(
    tx,
    // sums per account first, on the narrow line columns; the account's names join afterwards
    sql`select a.id::int as id, a.code, a.name, a.type, t.balance::text as balance, t.before::text as before
          from (select l.ledger_account_id,
                       sum(l.base_amount) as balance,
                       coalesce(sum(l.base_amount) filter (where l.date < ${yearFrom}), 0) as before
                  from journal_lines l
                 where l.tenant_id = ${tenantId} and l.date <= ${asOf}
                 group by l.ledger_account_id) t
          join ledger_accounts a on a.tenant_id = ${tenantId} and a.id = t.ledger_account_id
         order by a.code`,
  );
}

export const AGE_BUCKETS = ['Current', '1–30 days', '31–60 days', '61–90 days', 'Over 90 days'] as const;

export interface AgeingRow {
  contact_id: number;
  contact_name: string;
  /** one amount per AGE_BUCKETS entry */
  b0: string;
  b1: string;
  b2: string;
  b3: string;
  b4: string;
}

/**
 * What each contact still owes (invoices) or is owed (bills) on a date, in the default currency,
 * by days past due. A document counts once issued (not draft, not cancelled) on or before the
 * date; its outstanding amount is total / rate less its payments up to the date (transactions
 * with its document_id, each at its own rate). Days past due are counted from the due date (the
 * issue date when there is none).
 */
export async function ageing(tx: Tx, tenantId: number, type: 'invoice' | 'bill', asOf: string, precision: number): Promise<AgeingRow[]> {
  return rows<AgeingRow>(tx, ageingQuery(tenantId, type, asOf, precision));
}

export function outstandingDocuments(tenantId: number, type: 'invoice' | 'bill', asOf: string, precision: number): SQL {
  return sql`select d.id, d.contact_id, d.contact_name,
                    (${asOf}::date - coalesce(d.due_at, d.issued_at)) as days,
                    round(d.total / d.currency_rate - coalesce(p.paid, 0), ${precision}) as due
               from documents d
               left join lateral (
                 select sum(t.amount / t.currency_rate) as paid from transactions t
                  where t.tenant_id = d.tenant_id and t.document_id = d.id and t.paid_at <= ${asOf}
               ) p on true
              where d.tenant_id = ${tenantId} and d.type = ${type}
                and d.status not in ('draft', 'cancelled') and d.issued_at <= ${asOf}`;
}

function ageingQuery(tenantId: number, type: 'invoice' | 'bill', asOf: string, precision: number): SQL {
  const bucket = (cond: SQL) => sql`coalesce(sum(o.due) filter (where ${cond}), 0)::text`;
  return sql`select o.contact_id::int as contact_id, min(o.contact_name) as contact_name,
                    ${bucket(sql`o.days <= 0`)} as b0,
                    ${bucket(sql`o.days between 1 and 30`)} as b1,
                    ${bucket(sql`o.days between 31 and 60`)} as b2,
                    ${bucket(sql`o.days between 61 and 90`)} as b3,
                    ${bucket(sql`o.days > 90`)} as b4
               from (${outstandingDocuments(tenantId, type, asOf, precision)}) o
              where o.due > 0
              group by o.contact_id
              order by min(o.contact_name), o.contact_id`;
}
