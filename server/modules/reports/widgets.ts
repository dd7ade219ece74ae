import { sql } from 'drizzle-orm';
import { addMonths, financialYearOf } from '../../../common/reports/periods.js';
import type { FinanceWidgets } from '../../../common/reports/widgets.js';
import { rows, type Tx } from '../../db/client.js';
import { accountingSetting } from '../accounting-settings/service.js';
import { defaultCurrencyFormat } from '../accounting/currency.js';
import { outstandingDocuments } from './figures.js';

/**
 * The Dashboard's money widgets, each only for whom may see it: receivables, payables (the
 * balances of those system accounts), cash flow (money into and out of the bank accounts per
 * month, transfers between them and opening balances left out) and the profit of this financial
 * year need reports.view; overdue invoices (issued, past due, not fully paid) need invoices.view.
 */
export async function financeWidgets(tx: Tx, tenantId: number, can: (p: string) => boolean, today: string): Promise<FinanceWidgets | null> {
  const money = can('reports.view');
  const invoices = can('invoices.view');
  if (!money && !invoices) return null;
  const currency = await defaultCurrencyFormat(tx, tenantId);
  const out: FinanceWidgets = { currency, totals: null, cashFlow: null, overdue: null };

  if (money) {
    const fyStart = (await accountingSetting(tx, tenantId, 'general')).financial_year_start;
    const fy = financialYearOf(today, fyStart);
    const [t] = await rows<{ receivables: string; payables: string; profit: string }>(
      tx,
      sql`select coalesce(sum(l.base_amount) filter (where a.system_key = 'receivables'), 0)::text as receivables,
                 coalesce(-sum(l.base_amount) filter (where a.system_key = 'payables'), 0)::text as payables,
                 coalesce(-sum(l.base_amount) filter (where a.type in ('income', 'expense') and l.date >= ${fy.from}), 0)::text as profit
            from journal_lines l
            join ledger_accounts a on a.tenant_id = l.tenant_id and a.id = l.ledger_account_id
           where l.tenant_id = ${tenantId} and l.date <= ${today}
             and (a.system_key in ('receivables', 'payables') or (a.type in ('income', 'expense') and l.date >= ${fy.from}))`,
    );
    out.totals = { ...t, profitFrom: fy.from };
    const first = addMonths(`${today.slice(0, 7)}-01`, -5);
    out.cashFlow = await rows<{ month: string; in: string; out: string }>(
      tx,
      sql`select to_char(m, 'YYYY-MM') as month,
                 coalesce(sum(f.base_amount) filter (where f.base_amount > 0), 0)::text as in,
                 coalesce(-sum(f.base_amount) filter (where f.base_amount < 0), 0)::text as out
            from generate_series(${first}::date, ${today}::date, interval '1 month') m
            left join (
              select l.date, l.base_amount from journal_lines l
                join ledger_accounts a on a.tenant_id = l.tenant_id and a.id = l.ledger_account_id
                join journal_entries e on e.tenant_id = l.tenant_id and e.id = l.entry_id
               where l.tenant_id = ${tenantId} and a.bank_account_id is not null
                 and l.date between ${first} and ${today} and e.source_type not in ('transfer', 'opening_balance')
            ) f on f.date >= m and f.date < m + interval '1 month'
           group by m order by m`,
    );
  }
  if (invoices) {
    const [o] = await rows<{ count: number; amount: string }>(
      tx,
      sql`select count(*)::int as count, coalesce(sum(o.due), 0)::text as amount
            from (${outstandingDocuments(tenantId, 'invoice', today, currency.precision)}) o
           where o.due > 0 and o.days > 0`,
    );
    out.overdue = o;
  }
  return out;
}
