import { cx } from '../cx';

/** The look of every text-like control (input, select, textarea), without its border colour. */
export const controlBase = cx(
  'block w-full rounded-md border bg-white text-sm text-slate-900 placeholder:text-slate-400',
  'transition-colors focus:outline-none focus:ring-2 focus:ring-offset-0',
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500',
  'dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500 dark:disabled:bg-slate-800 dark:disabled:text-slate-400',
);

/** Border and focus ring: danger when the field has an error. */
export function controlState(invalid: boolean): string {
  return invalid
    ? 'border-danger focus:border-danger focus:ring-danger/30'
    : 'border-slate-300 focus:border-primary focus:ring-primary/30 dark:border-slate-600';
}

/** A single-line control (input, select) of the standard height. */
export function controlClasses(invalid: boolean, className?: string): string {
  return cx(controlBase, 'h-10 px-3', controlState(invalid), className);
}

export const labelClasses = 'mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300';
export const hintClasses = 'mt-1.5 text-xs text-slate-500 dark:text-slate-400';

/** A native select outside a Field (table filters, rows per page); add a chevron at the end. */
export const selectClasses = cx(controlClasses(false), 'appearance-none pe-9');

/** The attributes of a box for a decimal number (amounts, quantities, rates): a numeric keyboard on phones, digits left to right in RTL too. */
export const decimalInputProps = { type: 'text', inputMode: 'decimal', autoComplete: 'off', dir: 'ltr' } as const;
