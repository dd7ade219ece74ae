import { Link } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { ApplicationLogo } from '@/components/ApplicationLogo';

/** The auth pages' frame: the product name above a centred card. Used as a persistent layout. */
export function GuestLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-page px-4 py-10 dark:bg-dark-gray">
      <Link
        href="/"
        className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary"
        aria-label="Kazi home"
      >
        <ApplicationLogo />
      </Link>
      <main className="mt-8 w-full max-w-md rounded-md bg-white px-6 py-8 shadow-sm ring-1 ring-slate-900/5 sm:px-8 dark:bg-dark dark:ring-white/10">
        {children}
      </main>
    </div>
  );
}

/** The heading and intro of an auth card. */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">{title}</h1>
      {children && <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{children}</p>}
    </div>
  );
}
