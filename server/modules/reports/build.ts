import { add, AMOUNT_SCALE, fromUnits, isZero, negate, toUnits } from '../../../common/money.js';
import { financialYearOf, periodsOf, resolveRange, type Period } from '../../../common/reports/periods.js';
import { isPeriodReport, type ReportChart, type ReportData, type ReportRow, type ReportType } from '../../../common/reports/types.js';
import { DEFAULT_REPORT_SETTINGS, reportSettingsSchema, type ReportSettings } from '../../../common/schemas/reports.js';
import type { Tx } from '../../db/client.js';
import type { CurrencyFormat } from '../../../common/format.js';
import { defaultCurrencyFormat } from '../accounting/currency.js';
import { accountingSetting } from '../accounting-settings/service.js';
import { accountBalances, accountPeriods, AGE_BUCKETS, ageing, balanceSheetBalances, taxPeriods, type AccountPeriodRow } from './figures.js';

/** What every report needs to know about the company: today, its financial year, its default currency. */
export interface ReportContext {
  tenantId: number;
  today: string;
  fyStart: string;
  company: string;
  currency: CurrencyFormat;
  dateFormat: string;
}

export interface ReportDefinition {
  id: number;
  name: string;
  type: ReportType;
  description: string | null;
  settings: unknown;
}

export async function reportContext(tx: Tx, tenantId: number, today: string): Promise<ReportContext> {
  const general = await accountingSetting(tx, tenantId, 'general');
  return { tenantId, today, fyStart: general.financial_year_start, company: general.name, currency: await defaultCurrencyFormat(tx, tenantId), dateFormat: general.date_format };
}

/** The stored settings (defaults for anything missing or unreadable) with a reading's overrides on top. */
export function effectiveSettings(stored: unknown, overrides: Partial<ReportSettings> = {}): ReportSettings {
  const parsed = reportSettingsSchema.safeParse(stored ?? {});
  const base = parsed.success ? parsed.data : DEFAULT_REPORT_SETTINGS;
  const clean = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
  return { ...base, ...clean };
}

const sum = (values: readonly string[]) => add('0', ...values);
const zeros = (n: number) => Array.from({ length: n }, () => '0.0000');
/** values per column plus their total as the last column */
const withTotal = (values: string[]) => [...values, sum(values)];

/** One row per account with its amount per period (sign applied), in account code order. */
function accountMatrix(found: readonly AccountPeriodRow[], n: number, sign: 1 | -1): { code: string; name: string; values: string[] }[] {
  const byAccount = new Map<number, { code: string; name: string; values: string[] }>();
  for (const r of found) {
    let row = byAccount.get(r.id);
    if (!row) byAccount.set(r.id, (row = { code: r.code, name: r.name, values: zeros(n) }));
    row.values[r.p] = add(row.values[r.p], sign === 1 ? r.total : negate(r.total));
  }
  return [...byAccount.values()];
}

const columnTotals = (rows: readonly { values: string[] }[], n: number) =>
  Array.from({ length: n }, (_, i) => sum(rows.map((r) => r.values[i])));

const accountRows = (m: ReturnType<typeof accountMatrix>): ReportRow[] =>
  m.map((a) => ({ kind: 'row', code: a.code, label: a.name, values: withTotal(a.values) }));

type Built = Pick<ReportData, 'columns' | 'rows' | 'chart' | 'empty'>;

async function periodReport(tx: Tx, ctx: ReportContext, type: ReportType, periods: Period[]): Promise<Built> {
  const labels = periods.map((p) => p.label);
  const columns = [...labels, 'Total'];
  const n = periods.length;
  const bar = (series: ReportChart['series']): ReportChart => ({ type: 'bar', labels, series });

  if (type === 'tax_summary') {
    const found = await taxPeriods(tx, ctx.tenantId, periods);
    const taxes = new Map<number, { name: string; code: string; collected: string[]; paid: string[] }>();
    for (const r of found) {
      let t = taxes.get(r.id);
      if (!t) taxes.set(r.id, (t = { name: r.name, code: r.code, collected: zeros(n), paid: zeros(n) }));
      t.collected[r.p] = add(t.collected[r.p], r.collected);
      t.paid[r.p] = add(t.paid[r.p], r.paid);
    }
    const rows: ReportRow[] = [];
    const collected = zeros(n);
    const paid = zeros(n);
    for (const t of taxes.values()) {
      const net = t.collected.map((c, i) => add(c, negate(t.paid[i])));
      rows.push(
        { kind: 'section', code: t.code, label: t.name, values: [] },
        { kind: 'row', label: 'Collected on sales', values: withTotal(t.collected) },
        { kind: 'row', label: 'Paid on purchases', values: withTotal(t.paid) },
        { kind: 'total', label: `Net ${t.name}`, values: withTotal(net) },
      );
      t.collected.forEach((v, i) => (collected[i] = add(collected[i], v)));
      t.paid.forEach((v, i) => (paid[i] = add(paid[i], v)));
    }
    if (taxes.size) rows.push({ kind: 'grand', label: 'Net tax payable', values: withTotal(collected.map((c, i) => add(c, negate(paid[i])))) });
    return {
      columns,
      rows,
      chart: bar([
        { label: 'Collected on sales', values: collected },
        { label: 'Paid on purchases', values: paid },
      ]),
      empty: taxes.size ? null : 'No tax was collected or paid in this period.',
    };
  }

  const found = await accountPeriods(tx, ctx.tenantId, type === 'income_summary' ? ['income'] : type === 'expense_summary' ? ['expense'] : ['income', 'expense'], periods);
  const income = accountMatrix(found.filter((r) => r.type === 'income'), n, -1);
  const expense = accountMatrix(found.filter((r) => r.type === 'expense'), n, 1);
  const incomeTotals = columnTotals(income, n);
  const expenseTotals = columnTotals(expense, n);
  const profit = incomeTotals.map((v, i) => add(v, negate(expenseTotals[i])));

  switch (type) {
    case 'income_summary':
      return {
        columns,
        rows: income.length ? [...accountRows(income), { kind: 'grand', label: 'Total income', values: withTotal(incomeTotals) }] : [],
        chart: bar([{ label: 'Income', values: incomeTotals }]),
        empty: income.length ? null : 'No income in this period.',
      };
    case 'expense_summary':
      return {
        columns,
        rows: expense.length ? [...accountRows(expense), { kind: 'grand', label: 'Total expenses', values: withTotal(expenseTotals) }] : [],
        chart: bar([{ label: 'Expenses', values: expenseTotals }]),
        empty: expense.length ? null : 'No expenses in this period.',
      };
    case 'income_expense':
      return {
        columns,
        rows: [
          { kind: 'row', label: 'Income', values: withTotal(incomeTotals) },
          { kind: 'row', label: 'Expenses', values: withTotal(expenseTotals) },
          { kind: 'grand', label: 'Difference', values: withTotal(profit) },
        ],
        chart: bar([
          { label: 'Income', values: incomeTotals },
          { label: 'Expenses', values: expenseTotals },
        ]),
        empty: income.length || expense.length ? null : 'No income or expenses in this period.',
      };
    default:
      return {
        columns,
        rows: [
          { kind: 'section', label: 'Income', values: [] },
          ...accountRows(income),
          { kind: 'total', label: 'Total income', values: withTotal(incomeTotals) },
          { kind: 'section', label: 'Expenses', values: [] },
          ...accountRows(expense),
          { kind: 'total', label: 'Total expenses', values: withTotal(expenseTotals) },
          { kind: 'grand', label: 'Net profit', values: withTotal(profit) },
        ],
        chart: bar([
          { label: 'Income', values: incomeTotals },
          { label: 'Expenses', values: expenseTotals },
          { label: 'Net profit', values: profit },
        ]),
        empty: income.length || expense.length ? null : 'No income or expenses in this period.',
      };
  }
}

const TYPE_ORDER = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
const TYPE_NAMES = { asset: 'Assets', liability: 'Liabilities', equity: 'Equity', income: 'Income', expense: 'Expenses' } as const;

async function pointInTimeReport(tx: Tx, ctx: ReportContext, type: ReportType, asOf: string): Promise<Built> {
  if (type === 'receivables_ageing' || type === 'payables_ageing') {
    const found = await ageing(tx, ctx.tenantId, type === 'receivables_ageing' ? 'invoice' : 'bill', asOf, ctx.currency.precision);
    const rows: ReportRow[] = found.map((r) => ({ kind: 'row', label: r.contact_name, values: withTotal([r.b0, r.b1, r.b2, r.b3, r.b4].map((v) => add(v))) }));
    const totals = columnTotals(rows.map((r) => ({ values: r.values.slice(0, AGE_BUCKETS.length) })), AGE_BUCKETS.length);
    if (rows.length) rows.push({ kind: 'grand', label: 'Total', values: withTotal(totals) });
    return {
      columns: [...AGE_BUCKETS, 'Total'],
      rows,
      chart: { type: 'bar', labels: [...AGE_BUCKETS], series: [{ label: 'Outstanding', values: totals }] },
      empty: rows.length ? null : 'Nothing is outstanding on this date.',
    };
  }

  if (type === 'trial_balance') {
    const balances = (await accountBalances(tx, ctx.tenantId, asOf)).filter((a) => !isZero(a.balance));
    const rows: ReportRow[] = balances.map((a) => {
      const debit = toUnits(a.balance, AMOUNT_SCALE) > 0n;
      return { kind: 'row', code: a.code, label: a.name, values: debit ? [add(a.balance), '0.0000'] : ['0.0000', negate(a.balance)] };
    });
    const debit = sum(rows.map((r) => r.values[0]));
    const credit = sum(rows.map((r) => r.values[1]));
    if (rows.length) rows.push({ kind: 'grand', label: 'Total', values: [debit, credit] });
    const byType = (t: string, side: 0 | 1) => sum(balances.flatMap((a, i) => (a.type === t ? [rows[i].values[side]] : [])));
    return {
      columns: ['Debit', 'Credit'],
      rows,
      chart: {
        type: 'bar',
        labels: TYPE_ORDER.map((t) => TYPE_NAMES[t]),
        series: [
          { label: 'Debit', values: TYPE_ORDER.map((t) => byType(t, 0)) },
          { label: 'Credit', values: TYPE_ORDER.map((t) => byType(t, 1)) },
        ],
      },
      empty: rows.length ? null : 'No postings up to this date.',
    };
  }

  // balance sheet: income and expense up to the date are folded into equity, split into the
  // earnings of earlier years and of the financial year that contains the date
  const yearFrom = financialYearOf(asOf, ctx.fyStart).from;
  const found = await balanceSheetBalances(tx, ctx.tenantId, yearFrom, asOf);
  const units = (v: string) => toUnits(v, AMOUNT_SCALE);
  let retained = 0n;
  let current = 0n;
  for (const r of found) {
    if (r.type !== 'income' && r.type !== 'expense') continue;
    retained -= units(r.before);
    current -= units(r.balance) - units(r.before);
  }
  const section = (t: 'asset' | 'liability' | 'equity') =>
    found
      .filter((r) => r.type === t && !isZero(r.balance))
      .map((r): ReportRow => ({ kind: 'row', code: r.code, label: r.name, values: [t === 'asset' ? add(r.balance) : negate(r.balance)] }));
  const assets = section('asset');
  const liabilities = section('liability');
  const equity = section('equity');
  if (retained !== 0n) equity.push({ kind: 'row', label: 'Retained earnings', values: [fromUnits(retained, AMOUNT_SCALE)] });
  equity.push({ kind: 'row', label: 'Current year earnings', values: [fromUnits(current, AMOUNT_SCALE)] });
  const total = (rows: ReportRow[]) => sum(rows.map((r) => r.values[0]));
  const [ta, tl, te] = [total(assets), total(liabilities), total(equity)];
  return {
    columns: ['Balance'],
    rows: [
      { kind: 'section', label: 'Assets', values: [] },
      ...assets,
      { kind: 'total', label: 'Total assets', values: [ta] },
      { kind: 'section', label: 'Liabilities', values: [] },
      ...liabilities,
      { kind: 'total', label: 'Total liabilities', values: [tl] },
      { kind: 'section', label: 'Equity', values: [] },
      ...equity,
      { kind: 'total', label: 'Total equity', values: [te] },
      { kind: 'grand', label: 'Total liabilities and equity', values: [add(tl, te)] },
    ],
    chart: { type: 'bar', labels: ['Assets', 'Liabilities', 'Equity'], series: [{ label: 'Balance', values: [ta, tl, te] }] },
    empty: found.length ? null : 'No postings up to this date.',
  };
}

/** The figures of a definition, read from the ledger (or the documents) now. */
export async function buildReport(tx: Tx, ctx: ReportContext, def: ReportDefinition, overrides: Partial<ReportSettings> = {}): Promise<ReportData> {
  const settings = effectiveSettings(def.settings, overrides);
  const head = {
    report: { id: def.id, name: def.name, type: def.type, description: def.description },
    company: ctx.company,
    currency: ctx.currency,
    date_format: ctx.dateFormat,
  };
  if (isPeriodReport(def.type)) {
    const range = resolveRange(settings.range, ctx.today, ctx.fyStart, settings);
    const periods = periodsOf(range.from, range.to, settings.period, ctx.fyStart);
    return { ...head, range, as_of: null, ...(await periodReport(tx, ctx, def.type, periods)) };
  }
  const asOf = settings.as_of ?? ctx.today;
  return { ...head, range: null, as_of: asOf, ...(await pointInTimeReport(tx, ctx, def.type, asOf)) };
}
