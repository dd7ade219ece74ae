import type { ButtonHTMLAttributes } from 'react';
import { cx } from '../cx';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'outline' | 'ghost' | 'danger-ghost';
export type ButtonSize = 'sm' | 'md';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-on-primary hover:bg-primary-strong focus-visible:outline-primary',
  secondary: 'bg-dark text-white hover:bg-dark/90 focus-visible:outline-dark dark:bg-slate-600 dark:hover:bg-slate-500',
  danger: 'bg-danger-strong text-white hover:bg-danger-strong/90 focus-visible:outline-danger',
  outline:
    'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:outline-primary dark:border-slate-600 dark:bg-transparent dark:text-slate-200 dark:hover:bg-slate-700',
  ghost:
    'text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-primary dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-white',
  // delete and remove beside other actions: the danger red dark enough to read (5.45:1 on white)
  'danger-ghost':
    'text-danger-strong hover:bg-red-50 hover:text-red-800 focus-visible:outline-danger dark:text-red-300 dark:hover:bg-red-500/10 dark:hover:text-red-200',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
};

/** The classes of a button, for links that must look like one. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string): string {
  return cx(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2',
    'disabled:cursor-not-allowed disabled:opacity-60',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner; the caller still decides `disabled`. */
  busy?: boolean;
};

export function Button({ variant = 'primary', size = 'md', busy = false, type = 'button', className, children, ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClasses(variant, size, className)} aria-busy={busy || undefined} {...rest}>
      {busy && (
        <svg className="size-4 animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true">
          <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
          <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
      )}
      {children}
    </button>
  );
}
