import { formatCount } from '@common/format';
import type { ChartData, ChartOptions } from 'chart.js';
import { chartTheme, seriesColor, withAlpha, type PaletteColor } from './palette';

// Everything a chart draws is decided here, from plain data: kept apart from the chart library
// (type imports only) so it can be tested without a browser and stays out of the first bundle.

export type ChartKind = 'bar' | 'line' | 'doughnut';

export type ChartSeries = {
  label: string;
  data: readonly number[];
  /** A palette colour for the series; for a doughnut, one per slice. */
  color?: PaletteColor | readonly PaletteColor[];
};

export type ChartSpec = {
  type: ChartKind;
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** Stack bar/line series on one another. */
  stacked?: boolean;
  /** Show the legend (by default only with several series, and for doughnuts). */
  legend?: boolean;
  /** Format a value for axes, tooltips and the data table. */
  /** a value in the tooltip and the hidden table (counts by default) */
  format?: (value: number) => string;
  /** a value on the axis: short ("KSh4.5M"); `format` when not given */
  axisFormat?: (value: number) => string;
};

/** The page's state: dark mode, right-to-left, and whether the user asked for less motion. */
export type ChartEnv = { dark: boolean; rtl: boolean; reducedMotion?: boolean };

function colorsOf(series: ChartSeries, seriesIndex: number, count: number): string[] {
  const pick = series.color;
  if (Array.isArray(pick)) return Array.from({ length: count }, (_, i) => seriesColor(i, pick[i % pick.length]));
  if (typeof pick === 'string') return [seriesColor(seriesIndex, pick)];
  return [seriesColor(seriesIndex)];
}

/** The data object for Chart.js: palette colours, softened fills, slice colours for doughnuts. */
export function buildChartData(spec: ChartSpec, env: ChartEnv): ChartData<ChartKind> {
  const theme = chartTheme(env.dark);
  const labels = [...spec.labels];
  const datasets = spec.series.map((s, i) => {
    const data = [...s.data];
    if (spec.type === 'doughnut') {
      const pick = s.color ?? undefined;
      const colors = Array.isArray(pick) ? colorsOf(s, i, data.length) : data.map((_, j) => seriesColor(j));
      return { label: s.label, data, backgroundColor: colors, borderColor: theme.surface, borderWidth: 2, hoverOffset: 6 };
    }
    const [color] = colorsOf(s, i, 1);
    if (spec.type === 'line') {
      return {
        label: s.label,
        data,
        borderColor: color,
        backgroundColor: withAlpha(color, 0.15),
        pointBackgroundColor: color,
        pointRadius: 3,
        tension: 0.35,
        fill: spec.series.length === 1,
      };
    }
    return { label: s.label, data, backgroundColor: withAlpha(color, 0.85), hoverBackgroundColor: color, borderRadius: 4, maxBarThickness: 40 };
  });
  return { labels, datasets } as ChartData<ChartKind>;
}

/** Chart.js options: the theme's text and grid colours, RTL legend/tooltip, mirrored x axis in RTL. */
export function buildChartOptions(spec: ChartSpec, env: ChartEnv): ChartOptions<ChartKind> {
  const theme = chartTheme(env.dark);
  const format = spec.format ?? formatCount;
  const axis = spec.axisFormat ?? format;
  const showLegend = spec.legend ?? (spec.type === 'doughnut' || spec.series.length > 1);
  const common = {
    responsive: true,
    maintainAspectRatio: false,
    animation: env.reducedMotion ? (false as const) : { duration: 300 },
    color: theme.text,
    plugins: {
      legend: {
        display: showLegend,
        position: 'bottom' as const,
        rtl: env.rtl,
        textDirection: env.rtl ? 'rtl' : 'ltr',
        labels: { color: theme.text, usePointStyle: true, boxWidth: 8, padding: 16 },
      },
      tooltip: {
        rtl: env.rtl,
        textDirection: env.rtl ? 'rtl' : 'ltr',
        backgroundColor: theme.tooltipBackground,
        titleColor: theme.tooltipText,
        bodyColor: theme.tooltipText,
        padding: 10,
        callbacks: {
          label: (ctx: { dataset: { label?: string }; parsed: unknown; label?: string }) => {
            const value = typeof ctx.parsed === 'number' ? ctx.parsed : ((ctx.parsed as { y?: number })?.y ?? 0);
            const name = spec.type === 'doughnut' ? ctx.label : ctx.dataset.label;
            return `${name ? `${name}: ` : ''}${format(value)}`;
          },
        },
      },
    },
  };
  if (spec.type === 'doughnut') return { ...common, cutout: '65%' } as ChartOptions<ChartKind>;
  return {
    ...common,
    interaction: { mode: 'index', intersect: false },
    scales: {
      x: {
        reverse: env.rtl,
        stacked: spec.stacked ?? false,
        grid: { display: false },
        border: { color: theme.grid },
        ticks: { color: theme.muted },
      },
      y: {
        position: env.rtl ? 'right' : 'left',
        stacked: spec.stacked ?? false,
        beginAtZero: true,
        grid: { color: theme.grid },
        border: { display: false },
        ticks: { color: theme.muted, precision: 0, callback: (v: number | string) => (typeof v === 'number' ? axis(v) : v) },
      },
    },
  } as ChartOptions<ChartKind>;
}

/** The rows of the visually hidden table that says what the chart shows. */
export function chartTableRows(spec: ChartSpec): { headers: string[]; rows: string[][] } {
  const format = spec.format ?? formatCount;
  return {
    headers: ['', ...spec.series.map((s) => s.label)],
    rows: spec.labels.map((label, i) => [label, ...spec.series.map((s) => (s.data[i] === undefined ? '' : format(s.data[i])))]),
  };
}
