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
}
