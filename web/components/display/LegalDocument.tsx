import type { ReactNode } from 'react';
import { formatDate } from '@common/format';

export type LegalSection = { id: string; title: string; content: ReactNode };

/**
 * A long policy text: title, date of the last change, a table of contents linking to each
 * numbered section, and the sections themselves with readable line lengths.
 */
export function LegalDocument({ title, updatedAt, intro, sections }: { title: string; updatedAt: string; intro?: ReactNode; sections: readonly LegalSection[] }) {
  return (
    <article className="mx-auto max-w-3xl text-slate-700 dark:text-slate-300">
      <header className="mb-6">
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Last updated <time dateTime={updatedAt}>{formatDate(updatedAt)}</time>
        </p>
        {intro && <div className="mt-4 space-y-3 text-base leading-7">{intro}</div>}
      </header>

      <nav aria-labelledby="legal-contents" className="mb-8 rounded-md bg-slate-50 p-5 ring-1 ring-slate-900/5 dark:bg-slate-800/60 dark:ring-white/10">
        <h2 id="legal-contents" className="text-sm font-semibold tracking-wide text-slate-900 uppercase dark:text-white">
          Contents
        </h2>
        <ol className="mt-3 list-decimal space-y-1.5 ps-5 text-sm marker:text-slate-500">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="rounded-sm text-blue-700 underline-offset-2 hover:underline dark:text-blue-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((s, i) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mb-8 scroll-mt-24">
          <h2 id={`${s.id}-title`} className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
            {i + 1}. {s.title}
          </h2>
          <div className="space-y-3 text-base leading-7 [&_li]:ms-5 [&_ul]:list-disc [&_ul]:space-y-1.5">{s.content}</div>
        </section>
      ))}
    </article>
  );
}
