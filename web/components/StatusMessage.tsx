import type { ReactNode } from 'react';
import { cx } from './cx';

/** A success notice at the top of a form (e.g. "We have emailed your password reset link."). */
export function StatusMessage({ children, className }: { children?: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <div
      role="status"
      className={cx(
        'rounded-md bg-success/10 px-4 py-3 text-sm font-medium text-emerald-700 dark:text-success',
        className,
      )}
    >
      {children}
    </div>
  );
}
