import { cx } from '../cx';

/**
 * A 0–100 progress bar (role="progressbar"), e.g. an upload on its way. With `value` null it is
 * indeterminate (no aria-valuenow, a moving stripe): something under way whose end nobody can
 * measure, such as a payment waiting for the payer's phone.
 */
export function ProgressBar({ value, label = 'Upload progress', className }: { value: number | null; label?: string; className?: string }) {
  if (value === null) {
    return (
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} className={cx('relative h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700', className)}>
        <div className="absolute inset-y-0 w-1/3 animate-[progress-slide_1.4s_ease-in-out_infinite] rounded-full bg-primary motion-reduce:animate-pulse" />
      </div>
    );
  }
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className={cx('flex items-center gap-3', className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full rounded-full bg-primary transition-[width] duration-200" style={{ width: `${pct}%` }} />
      </div>
      <span className="w-10 text-end text-xs text-slate-600 tabular-nums dark:text-slate-400" aria-hidden="true">
        {pct}%
      </span>
    </div>
  );
}
