import type { ReportData } from '@common/reports/types';
import { cx } from '@/components/cx';
import { formatFigure } from '@common/format';

const ROW_STYLE = {
  section: 'bg-slate-50 font-semibold text-slate-900 dark:bg-slate-800/60 dark:text-white',
  row: 'text-slate-700 dark:text-slate-200',
  total: 'border-t border-slate-200 font-semibold text-slate-900 dark:border-slate-600 dark:text-white',
  grand: 'border-t-2 border-slate-300 bg-primary/5 font-bold text-slate-900 dark:border-slate-500 dark:bg-primary/15 dark:text-white',
} as const;

/** The report's table: one column per period (or bucket), totals in bold, amounts right-aligned in the default currency. */
export function ReportTable({ data }: { data: ReportData }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="report-table">
        <caption className="sr-only">
          {data.report.name}, in {data.currency.code}
        </caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase dark:border-slate-700 dark:text-slate-400">
            <th scope="col" className="sticky start-0 bg-white px-4 py-3 text-start font-medium dark:bg-dark">
              {data.report.type.endsWith('ageing') ? 'Contact' : 'Account'}
            </th>
            {data.columns.map((c) => (
              <th key={c} scope="col" className="px-4 py-3 text-end font-medium whitespace-nowrap">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.rows.map((r, i) => (
            <tr key={`${i}-${r.label}`} className={ROW_STYLE[r.kind]}>
              <th scope="row" className={cx('px-4 py-2.5 text-start', r.kind === 'row' ? 'font-normal' : 'font-semibold', r.kind === 'row' && 'ps-8')} colSpan={r.kind === 'section' ? data.columns.length + 1 : undefined}>
                {r.code && <span className="me-2 text-xs text-slate-500 tabular-nums dark:text-slate-400">{r.code}</span>}
                {r.label}
              </th>
              {r.kind !== 'section' &&
                r.values.map((v, j) => (
                  <td key={j} className={cx('px-4 py-2.5 text-end whitespace-nowrap tabular-nums', v.startsWith('-') && 'text-danger-strong dark:text-red-300')}>
                    {formatFigure(v, data.currency)}
                  </td>
                ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
