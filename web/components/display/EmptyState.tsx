import type { ReactNode } from 'react';
import { cx } from '../cx';

export type EmptyStateProps = {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** A call to action (button or link). */
  action?: ReactNode;
  className?: string;
};

/** What a list or widget shows when there is nothing in it yet. */
export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div className={cx('flex flex-col items-center justify-center px-6 py-10 text-center', className)}>
      <span className="mb-3 grid size-12 place-items-center rounded-full bg-slate-100 text-slate-400 dark:bg-slate-700 dark:text-slate-300" aria-hidden="true">
        {icon ?? (
          <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.6">
            <path d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5v-9Z" strokeLinejoin="round" />
            <path d="M3 7.5 12 12l9-4.5M12 12v9" strokeLinejoin="round" />
          </svg>
        )}
      </span>
      <p className="text-sm font-medium text-slate-900 dark:text-white">{title}</p>
      {description && <p className="mt-1 max-w-sm text-sm text-slate-500 dark:text-slate-400">{description}</p>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
