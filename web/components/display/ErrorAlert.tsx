import type { ReactNode } from 'react';
import { cx } from '../cx';

/** A failure sentence in a tinted box (role="alert"): a form's request error, a panel that could not load. */
export function ErrorAlert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={cx('rounded-md bg-danger/10 px-4 py-3 text-sm text-red-700 dark:text-red-300', className)}>
      {children}
    </p>
  );
}
