import { fromUnits, toUnits } from '@common/money';

/** "1234567.5000" at precision 2 → "1,234,567.50" (exact: decimal text, never a float); a negative in parentheses-free minus. */
export function formatFigure(value: string, precision: number): string {
  const units = toUnits(value, precision);
  const negative = units < 0n;
  const [whole, frac] = fromUnits(negative ? -units : units, precision).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '−' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}

/** For charts only: Chart.js draws numbers. The figures themselves stay decimal text. */
export const chartNumber = (value: string) => Number(value);
