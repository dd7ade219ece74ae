import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../cx';

export type CardProps = Omit<HTMLAttributes<HTMLElement>, 'title'> & {
  title?: ReactNode;
  /** Controls shown at the end of the header (buttons, links). */
  actions?: ReactNode;
  /** Drop the body padding (tables that run edge to edge). */
  flush?: boolean;
};

/** A white, rounded, softly shadowed panel (the look's basic surface). */
export function Card({ title, actions, flush = false, className, children, ...rest }: CardProps) {
  return (
    <section
      className={cx('rounded-md bg-white shadow-sm ring-1 ring-slate-900/5 dark:bg-dark dark:ring-white/10', className)}
      {...rest}
    >
      {(title || actions) && (
        <header className="flex items-center justify-between gap-4 border-b border-slate-100 px-5 py-4 dark:border-slate-700">
          {title && <h2 className="text-base font-semibold text-slate-900 dark:text-white">{title}</h2>}
          {actions && <div className="flex items-center gap-2">{actions}</div>}
        </header>
      )}
      <div className={flush ? undefined : 'p-5'}>{children}</div>
    </section>
  );
}
