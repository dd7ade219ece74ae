import { cx } from './cx';

export type BarDatum = {
  /** Short label under the bar. */
  label: string;
  /** Full label for assistive technology and the tooltip. */
  description: string;
  value: number;
};

/**
 * A small vertical bar chart in plain CSS (no chart library yet). Each bar is a list item whose
 * full text ("March 2026: 4") is what screen readers get.
 */
export function BarChart({ data, label, unit = '', className }: { data: BarDatum[]; label: string; unit?: string; className?: string }) {
  const max = Math.max(1, ...data.map((d) => d.value));
  return (
    <figure className={cx('w-full', className)}>
      <figcaption className="sr-only">{label}</figcaption>
      <ul className="flex h-48 items-end gap-2 border-b border-slate-200 pb-px dark:border-slate-700">
        {data.map((d) => {
          const pct = Math.round((d.value / max) * 100);
          return (
            <li key={d.description} className="group flex h-full min-w-0 flex-1 flex-col items-center justify-end">
              <span className="sr-only">
                {d.description}: {d.value}
                {unit ? ` ${unit}` : ''}
              </span>
              <span className="mb-1 text-xs font-medium text-slate-500 tabular-nums dark:text-slate-400" aria-hidden="true">
                {d.value}
              </span>
              <span
                aria-hidden="true"
                title={`${d.description}: ${d.value}${unit ? ` ${unit}` : ''}`}
                className="block w-full max-w-10 rounded-t bg-primary/80 transition-colors group-hover:bg-primary"
                style={{ height: `${Math.max(pct, d.value > 0 ? 2 : 0)}%` }}
              />
            </li>
          );
        })}
      </ul>
      <ul className="mt-2 flex gap-2" aria-hidden="true">
        {data.map((d) => (
          <li key={d.description} className="min-w-0 flex-1 truncate text-center text-xs text-slate-500 dark:text-slate-400">
            {d.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
