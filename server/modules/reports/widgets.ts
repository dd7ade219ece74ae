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
 * Overdue bills need bills.view, the bank balances accounts.view, the latest transactions
 * transactions.view; income and expense by category come with the profit (reports.view).
 */
export async function financeWidgets(tx: Tx, tenantId: number, can: (p: string) => boolean, today: string): Promise<FinanceWidgets | null> {
  const money = can('reports.view');
  const invoices = can('invoices.view');
  const bills = can('bills.view');
  const accounts = can('accounts.view');
  const transactions = can('transactions.view');
  if (!money && !invoices && !bills && !accounts && !transactions) return null;
  const currency = await defaultCurrencyFormat(tx, tenantId);
  const out: FinanceWidgets = { currency, totals: null, cashFlow: null, overdue: null, overdueBills: null, overdueInvoices: null, accounts: null, categories: null, recent: null };

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
    // the same lines as the profit above, per category: they add up to it
    out.categories = await rows<{ type: 'income' | 'expense'; name: string; amount: string }>(
      tx,
      sql`select a.type, coalesce(c.name, a.name) as name,
                 (case when a.type = 'income' then -sum(l.base_amount) else sum(l.base_amount) end)::text as amount
            from journal_lines l
            join ledger_accounts a on a.tenant_id = l.tenant_id and a.id = l.ledger_account_id
            left join categories c on c.tenant_id = a.tenant_id and c.id = a.category_id
           where l.tenant_id = ${tenantId} and a.type in ('income', 'expense') and l.date >= ${fy.from} and l.date <= ${today}
           group by a.type, coalesce(c.name, a.name)
          having sum(l.base_amount) <> 0
           order by a.type, abs(sum(l.base_amount)) desc, 2`,
    );
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
    out.overdueInvoices = await rows(
      tx,
      sql`select d.id::int as id, d.document_number, d.contact_name, d.due_at::text as due_at, o.days::int as days, o.due::text as due
            from (${outstandingDocuments(tenantId, 'invoice', today, currency.precision)}) o
            join documents d on d.tenant_id = ${tenantId} and d.id = o.id
           where o.due > 0 and o.days > 0
           order by o.days desc, d.id
           limit 5`,
    );
  }
  if (bills) {
    const [o] = await rows<{ count: number; amount: string }>(
      tx,
      sql`select count(*)::int as count, coalesce(sum(o.due), 0)::text as amount
            from (${outstandingDocuments(tenantId, 'bill', today, currency.precision)}) o
           where o.due > 0 and o.days > 0`,
    );
    out.overdueBills = o;
  }
  if (accounts) {
    out.accounts = await rows(
      tx,
      sql`select b.id::int as id, b.name, b.currency_code,
                 coalesce((select sum(l.amount) from journal_lines l
                             join ledger_accounts a on a.tenant_id = l.tenant_id and a.id = l.ledger_account_id
                            where a.tenant_id = b.tenant_id and a.bank_account_id = b.id), 0)::text as balance
            from bank_accounts b
           where b.tenant_id = ${tenantId} and b.enabled
           order by b.name, b.id`,
    );
  }
  if (transactions) {
    out.recent = await rows(
      tx,
      sql`select t.id::int as id, t.type, t.paid_at::text as paid_at, t.amount::text as amount, t.currency_code,
                 coalesce(nullif(t.description, ''), c.name, t.reference, t.number) as title
            from transactions t
            left join contacts c on c.tenant_id = t.tenant_id and c.id = t.contact_id
           where t.tenant_id = ${tenantId}
           order by t.paid_at desc, t.id desc
           limit 5`,
    );
  }
  return out;
}
