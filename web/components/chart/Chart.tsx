import { lazy, Suspense, useMemo } from 'react';
import { cx } from '../cx';
import { Skeleton } from '../display/Skeleton';
import { chartTableRows, type ChartKind, type ChartSeries, type ChartSpec } from './chart-config';

// The chart library is fetched the first time a chart is shown, never with the first page.
const ChartCanvas = lazy(() => import('./ChartCanvas'));

export type ChartProps = {
  type: ChartKind;
  /** Category labels (x axis, or doughnut slices). */
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** What the chart shows, for screen readers: the canvas's name and the hidden table's caption. */
  label: string;
  /** Height in pixels (the width follows the container). */
  height?: number;
  stacked?: boolean;
  legend?: boolean;
  format?: (value: number) => string;
  axisFormat?: (value: number) => string;
  className?: string;
};

/**
 * The one chart of the app (Chart.js, loaded lazily): bar, line or doughnut in the palette,
 * following dark mode and right-to-left. Screen readers get the canvas as an image named by
 * `label` plus a visually hidden table of every value.
 */
export function Chart({ type, labels, series, label, height = 260, stacked, legend, format, axisFormat, className }: ChartProps) {
    const spec: ChartSpec = useMemo(() => ({ type, labels, series, stacked, legend, format, axisFormat }), [type, labels, series, stacked, legend, format, axisFormat]);
  const table = chartTableRows(spec);
  return (
    <figure className={cx('relative w-full', className)}>
      {/* Chart.js sizes the canvas from this box: relative, and holding nothing else. */}
      <div className="relative" style={{ height }}>
        <Suspense fallback={<Skeleton className="size-full rounded-md" />}>
          <ChartCanvas spec={spec} label={label} />
        </Suspense>
      </div>
      <table className="sr-only">
        <caption>{label}</caption>
        <thead>
          <tr>
            {table.headers.map((h, i) => (
              <th key={i} scope="col">
                {h || (type === 'doughnut' ? 'Part' : 'Category')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row[0]}>
              <th scope="row">{row[0]}</th>
              {row.slice(1).map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
