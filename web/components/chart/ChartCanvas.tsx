import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useMemo } from 'react';
import { Chart } from 'react-chartjs-2';
import { buildChartData, buildChartOptions, type ChartSpec } from './chart-config';
import { useDocumentTheme, usePrefersReducedMotion } from './use-document-theme';

// Loaded on demand by <Chart>: only what bar, line and doughnut charts need is registered.
ChartJS.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  DoughnutController,
  ArcElement,
  CategoryScale,
  LinearScale,
  Filler,
  Legend,
  Tooltip,
);

export default function ChartCanvas({ spec, label }: { spec: ChartSpec; label: string }) {
  const { dark, rtl } = useDocumentTheme();
  const reducedMotion = usePrefersReducedMotion();
  const data = useMemo(() => buildChartData(spec, { dark, rtl }), [spec, dark, rtl]);
  const options = useMemo(() => buildChartOptions(spec, { dark, rtl, reducedMotion }), [spec, dark, rtl, reducedMotion]);
  // The key redraws from scratch when the theme flips (colours baked into the canvas).
  return <Chart key={`${dark}-${rtl}`} type={spec.type} data={data} options={options} role="img" aria-label={label} />;
}
