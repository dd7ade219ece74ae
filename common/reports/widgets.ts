import type { CurrencyFormat } from '../format.js';

/** The Dashboard's money widgets (server/modules/reports/widgets.ts); a part is null when the user may not see it. */
export interface FinanceWidgets {
  currency: CurrencyFormat;
  /** receivables and payables on today's date; profit of this financial year (from `profitFrom`) */
  totals: { receivables: string; payables: string; profit: string; profitFrom: string } | null;
  /** money into and out of the bank accounts per month, the last six months */
  cashFlow: { month: string; in: string; out: string }[] | null;
  /** invoices issued, past their due date and not fully paid */
  overdue: { count: number; amount: string } | null;
  /** the same of bills (bills.view) */
  overdueBills: { count: number; amount: string } | null;
  /** the most overdue invoices, most days late first (invoices.view) */
  overdueInvoices: { id: number; document_number: string; contact_name: string; due_at: string | null; days: number; due: string }[] | null;
  /** each enabled bank account's balance in its own currency (accounts.view) */
  accounts: { id: number; name: string; currency_code: string; balance: string }[] | null;
  /** income and expenses of this financial year (from totals.profitFrom) per category, in the default currency (reports.view) */
  categories: { type: 'income' | 'expense'; name: string; amount: string }[] | null;
  /** the latest money in and out of the bank accounts (transactions.view) */
  recent: { id: number; type: string; paid_at: string; amount: string; currency_code: string; title: string }[] | null;
}
