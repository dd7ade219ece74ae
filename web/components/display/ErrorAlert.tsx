import type { ReactNode } from 'react';
import { cx } from '../cx';

/**
 * A failure sentence in a tinted box (role="alert"): a form's request error, a panel that could
 * not load. With `onRetry`, a "Try again" button after the sentence asks again.
 */
export function ErrorAlert({ children, className, onRetry }: { children: ReactNode; className?: string; onRetry?: () => void }) {
  return (
    <p role="alert" className={cx('rounded-md bg-danger/10 px-4 py-3 text-sm text-red-700 dark:text-red-300', onRetry && 'flex flex-wrap items-center justify-between gap-2', className)}>
      <span>{children}</span>
      {onRetry && (
        <button type="button" onClick={onRetry} className="font-medium underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-danger">
          Try again
        </button>
      )}
    </p>
  );
}
