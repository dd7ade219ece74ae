import { cx } from './cx';

/** The Kazi mark (decorative: the name beside it is the text). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cx('size-8 shrink-0', className)} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path d="M10 8v16M10 16l9-8M13.5 13l7.5 11" stroke="white" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" fill="none" />
    </svg>
  );
}

/** Mark and name side by side. */
export function ApplicationLogo({ name = 'Kazi', className }: { name?: string; className?: string }) {
  return (
    <span className={cx('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span className="truncate text-xl font-bold tracking-tight text-slate-900 dark:text-white">{name}</span>
    </span>
  );
}
