import { Check } from 'lucide-react';
import { cx } from '@/components/cx';

export const STEPS = ['Upload', 'Match columns', 'Preview', 'Import'] as const;

/** Where the wizard is: the four steps, done ones ticked, the current one marked for screen readers. */
export function Steps({ current }: { current: number }) {
  return (
    <nav aria-label="Import steps" className="mb-6">
      <ol className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        {STEPS.map((name, i) => {
          const done = i < current;
          const active = i === current;
          return (
            <li key={name} aria-current={active ? 'step' : undefined} className="flex items-center gap-2">
              <span
                className={cx(
                  'grid size-7 place-items-center rounded-full text-xs font-semibold ring-1',
                  done && 'bg-success text-white ring-success',
                  active && 'bg-primary text-white ring-primary',
                  !done && !active && 'bg-white text-slate-500 ring-slate-300 dark:bg-slate-800 dark:text-slate-400 dark:ring-slate-600',
                )}
              >
                {done ? <Check aria-hidden="true" className="size-4" /> : i + 1}
              </span>
              <span className={cx(active ? 'font-semibold text-slate-900 dark:text-white' : 'text-slate-600 dark:text-slate-400')}>
                {name}
                {done && <span className="sr-only"> (done)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
