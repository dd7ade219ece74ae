import { Link } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { ApplicationLogo } from '@/components/ApplicationLogo';
import { cx } from '@/components/cx';

const STEPS = ['Company details', 'Plan', 'Trial or payment'] as const;

/** The frame of the onboarding pages: the logo, the three steps (SPEC §9) with the current one marked, and the page. */
export function OnboardingLayout({ step, title, children }: { step: 1 | 2 | 3; title: string; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-page px-4 py-10 dark:bg-dark-gray">
      <div className="mx-auto flex max-w-5xl flex-col gap-6">
        <div className="flex items-center justify-between">
          <ApplicationLogo />
          <Link href="/logout" method="post" as="button" className="text-sm text-slate-600 underline dark:text-slate-300">
            Log out
          </Link>
        </div>
        <ol className="flex flex-wrap gap-4" aria-label="Onboarding steps">
          {STEPS.map((s, i) => (
            <li key={s} aria-current={i + 1 === step ? 'step' : undefined} className="flex items-center gap-2 text-sm">
              <span
                className={cx(
                  'flex size-7 items-center justify-center rounded-full text-xs font-semibold',
                  i + 1 < step ? 'bg-success text-white' : i + 1 === step ? 'bg-primary text-white' : 'bg-slate-200 text-slate-600 dark:bg-slate-700 dark:text-slate-300',
                )}
              >
                {i + 1}
              </span>
              <span className={i + 1 === step ? 'font-semibold text-slate-900 dark:text-white' : 'text-slate-600 dark:text-slate-300'}>{s}</span>
            </li>
          ))}
        </ol>
        <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">{title}</h1>
        <main>{children}</main>
      </div>
    </div>
  );
}
