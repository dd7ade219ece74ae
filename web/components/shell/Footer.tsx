import { Link } from '@inertiajs/react';
import { cx } from '@/components/cx';
import { currentCompanyName } from '@/lib/company';
import { pageExists } from '@/lib/menu';
import { useSharedProps } from '@/lib/page';
import { usePreferences } from '@/lib/preferences';

const LEGAL = [
  { label: 'Privacy policy', href: '/privacy-policy', page: 'PrivacyPolicy' },
  { label: 'Terms and conditions', href: '/terms-and-conditions', page: 'TermsAndConditions' },
];

/** The page footer: static (after the content), sticky (to the bottom of the window) or hidden. */
export function Footer({ boxed }: { boxed: boolean }) {
  const { footerType } = usePreferences();
  const { tenant } = useSharedProps();
  if (footerType === 'hidden') return null;
  const links = LEGAL.filter((l) => pageExists(l.page));
  return (
    <footer
      className={cx(
        'border-t border-slate-200 bg-white px-4 py-4 text-sm text-slate-600 sm:px-6 dark:border-slate-700 dark:bg-dark dark:text-slate-400',
        footerType === 'sticky' && 'sticky bottom-0 z-10',
      )}
    >
      <div className={cx('flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between', boxed && 'mx-auto w-full max-w-boxed')}>
        <p>
          © {new Date().getFullYear()} {currentCompanyName(tenant?.name)}. All rights reserved.
        </p>
        {links.length > 0 && (
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {links.map((l) => (
              <li key={l.href}>
                <Link href={l.href} className="rounded-sm hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:hover:text-white">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </footer>
  );
}
