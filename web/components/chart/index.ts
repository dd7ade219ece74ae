// Chart.js itself is only reached through a dynamic import inside <Chart>.
export { Chart, type ChartProps } from './Chart';
export type { ChartKind, ChartSeries } from './chart-config';
export { PALETTE, type PaletteColor } from './palette';
