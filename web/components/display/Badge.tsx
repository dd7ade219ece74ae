import type { ReactNode } from 'react';
import { cx } from '../cx';

export type Tone = 'primary' | 'secondary' | 'success' | 'warning' | 'danger' | 'info' | 'dark';

// Light mode uses darker text than the palette colour itself so that small text keeps a 4.5:1
// contrast on the tinted background; dark mode uses the palette colour.
const TONES: Record<Tone, string> = {
  primary: 'bg-primary/10 text-blue-700 ring-primary/20 dark:bg-primary/20 dark:text-blue-300',
  secondary: 'bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-700 dark:text-slate-200',
  success: 'bg-success/15 text-emerald-800 ring-success/30 dark:bg-success/20 dark:text-success',
  warning: 'bg-warning/15 text-orange-800 ring-warning/30 dark:bg-warning/20 dark:text-warning',
  danger: 'bg-danger/10 text-red-700 ring-danger/25 dark:bg-danger/20 dark:text-red-300',
  info: 'bg-info/15 text-cyan-800 ring-info/30 dark:bg-info/15 dark:text-info',
  dark: 'bg-dark text-white ring-dark/20 dark:bg-slate-200 dark:text-dark',
};

export type BadgeProps = { tone?: Tone; children: ReactNode; className?: string; dot?: boolean };

/** A small label in one of the palette's tones. */
export function Badge({ tone = 'secondary', children, className, dot = false }: BadgeProps) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        TONES[tone],
        className,
      )}
    >
      {dot && <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />}
      {children}
    </span>
  );
}

// Statuses used across the product and the tone each reads as.
const STATUS_TONES: Record<string, Tone> = {
  active: 'success',
  approved: 'success',
  completed: 'success',
  delivered: 'success',
  paid: 'success',
  read: 'secondary',
  sent: 'success',
  successful: 'success',
  verified: 'success',
  draft: 'secondary',
  closed: 'secondary',
  inactive: 'secondary',
  pending: 'warning',
  paused: 'warning',
  partial: 'warning',
  scheduled: 'info',
  processing: 'info',
  unread: 'primary',
  cancelled: 'danger',
  canceled: 'danger',
  failed: 'danger',
  overdue: 'danger',
  rejected: 'danger',
  unverified: 'warning',
};

/** The tone of a status word ("paid" → success); secondary when unknown. */
export function statusTone(status: string): Tone {
  return STATUS_TONES[status.trim().toLowerCase()] ?? 'secondary';
}

/** "in_progress" → "In progress", "customer.created" → "Customer created". */
export function statusLabel(status: string): string {
  const words = status.trim().replace(/[_.-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

/** A status shown as a pill, toned by what it means (paid: success, failed: danger…). */
export function StatusPill({ status, label, tone, className }: { status: string; label?: ReactNode; tone?: Tone; className?: string }) {
  return (
    <Badge tone={tone ?? statusTone(status)} className={className} dot>
      {label ?? statusLabel(status)}
    </Badge>
  );
}
