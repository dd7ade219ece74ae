import type { ReactNode } from 'react';
import { cx } from '../cx';
import { Skeleton } from './Skeleton';
import { formatCount } from '@common/format';

export type StatTone = 'primary' | 'success' | 'warning' | 'info' | 'danger';

const TONES: Record<StatTone, string> = {
  primary: 'bg-primary/10 text-primary',
  success: 'bg-success/15 text-emerald-600 dark:text-success',
  warning: 'bg-warning/15 text-orange-600 dark:text-warning',
  info: 'bg-info/15 text-cyan-700 dark:text-info',
  danger: 'bg-danger/10 text-danger',
};


export type StatCardProps = {
  label: string;
  /** a count (formatted here), or a figure already formatted ("KSh1,500.00", "1,250.5 credits") */
  value: number | string;
  icon?: ReactNode;
  tone?: StatTone;
  /** A line under the figure ("4.5 min on average", a level badge). */
  detail?: ReactNode;
};

/** One figure with its label. */
export function StatCard({ label, value, icon, tone = 'primary', detail }: StatCardProps) {
  return (
    <div className="flex items-center gap-4 rounded-md bg-white p-5 shadow-sm ring-1 ring-slate-900/5 dark:bg-dark dark:ring-white/10">
      {icon && (
        <span className={cx('grid size-12 shrink-0 place-items-center rounded-full', TONES[tone])} aria-hidden="true">
          {icon}
        </span>
      )}
      <dl className="min-w-0">
        <dt className="truncate text-sm text-slate-500 dark:text-slate-400">{label}</dt>
        <dd className="text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">
          {typeof value === 'number' ? formatCount(value) : value}
        </dd>
        {detail && <dd className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{detail}</dd>}
      </dl>
    </div>
  );
}

/** Placeholders of `count` stat cards while their figures load. */
export function StatCardSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="flex items-center gap-4 rounded-md bg-white p-5 shadow-sm ring-1 ring-slate-900/5 dark:bg-dark dark:ring-white/10">
          <Skeleton className="size-12 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3 w-24" />
            <Skeleton className="h-6 w-16" />
          </div>
        </div>
      ))}
    </>
  );
}
