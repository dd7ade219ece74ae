import type { ReactNode } from 'react';
import { cx } from '../cx';

/**
 * A short confirmation ("Saved.") beside a submit button. Pass the form's `recentlySuccessful`,
 * which Inertia clears after 2000 ms. The live region stays mounted so the change is announced.
 */
export function ActionMessage({ on, children = 'Saved.', className }: { on: boolean; children?: ReactNode; className?: string }) {
  return (
    <p
      role="status"
      aria-live="polite"
      className={cx(
        'text-sm text-slate-600 transition-opacity duration-300 dark:text-slate-400',
        on ? 'opacity-100' : 'opacity-0',
        className,
      )}
    >
      {on ? children : null}
    </p>
  );
}
