/**
 * What GET /reports/{id}/data answers: one table (the same one the CSV, XLSX and PDF exports
 * write) and one chart. Amounts are decimal strings in the default currency, never floats.
 */
import type { CurrencyFormat } from '../format.js';

export const REPORT_TYPES = [
  'income_summary',
  'expense_summary',
  'income_expense',
  'profit_loss',
  'tax_summary',
  'receivables_ageing',
  'payables_ageing',
  'trial_balance',
  'balance_sheet',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  income_summary: 'Income summary',
  expense_summary: 'Expense summary',
  income_expense: 'Income vs expense',
  profit_loss: 'Profit and loss',
  tax_summary: 'Tax summary',
  receivables_ageing: 'Receivables ageing',
  payables_ageing: 'Payables ageing',
  trial_balance: 'Trial balance',
  balance_sheet: 'Balance sheet',
};

export const REPORT_TYPE_DESCRIPTIONS: Record<ReportType, string> = {
  income_summary: 'Income per category, per period.',
  expense_summary: 'Expenses per category, per period.',
  income_expense: 'Income and expenses per period, and the difference.',
  profit_loss: 'Income and expense accounts with their totals and the net profit, per period.',
  tax_summary: 'Tax collected on sales and paid on purchases, per tax and period.',
  receivables_ageing: 'What customers owe, by how long it is past due.',
  payables_ageing: 'What is owed to vendors, by how long it is past due.',
  trial_balance: 'Every account’s debit or credit balance on a date.',
  balance_sheet: 'Assets, liabilities and equity on a date.',
};

/** Reports read over a date range, per period; the others are as of one date. */
export const PERIOD_REPORTS: readonly ReportType[] = ['income_summary', 'expense_summary', 'income_expense', 'profit_loss', 'tax_summary'];
export const isPeriodReport = (t: ReportType) => PERIOD_REPORTS.includes(t);

/** section: a heading row; row: an account or contact; total: a subtotal; grand: the bottom line */
export type ReportRowKind = 'section' | 'row' | 'total' | 'grand';

export interface ReportRow {
  kind: ReportRowKind;
  label: string;
  /** one decimal string per column; empty for a section heading */
  values: string[];
  /** ledger account code, when the row is an account */
  code?: string | null;
}

export interface ReportChart {
  type: 'bar' | 'line' | 'doughnut';
  labels: string[];
  series: { label: string; values: string[] }[];
  stacked?: boolean;
}

export interface ReportData {
  report: { id: number; name: string; type: ReportType; description: string | null };
  company: string;
  currency: CurrencyFormat;
  /** the company's date format (common/format.ts), for the period as people read it */
  date_format: string;
  /** the range of a period report, or null */
  range: { from: string; to: string } | null;
  /** the date of a point-in-time report, or null */
  as_of: string | null;
  /** what the columns are (headers of `rows[].values`) */
  columns: string[];
  rows: ReportRow[];
  chart: ReportChart;
  /** set when there is nothing to show: the sentence to show instead */
  empty: string | null;
}
