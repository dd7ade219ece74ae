import { Link, router, usePage } from '@inertiajs/react';
import { useEffect, useState, type ComponentType, type ReactNode, type SVGProps } from 'react';
import { LogoMark } from '@/components/ApplicationLogo';
import { cx } from '@/components/cx';
import { HomeIcon, LogoutIcon, MenuIcon, CloseIcon } from '@/components/icons';
import { initials } from '@/lib/format';
import { useSharedProps } from '@/lib/page';

type NavItem = {
  label: string;
  href: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Shown only to users holding this permission. */
  permission?: string;
};

type NavGroup = { label: string; items: NavItem[] };

// Only pages that exist get an entry (PAGES.md: never a placeholder).
const NAVIGATION: NavGroup[] = [{ label: 'Menu', items: [{ label: 'Dashboard', href: '/dashboard', icon: HomeIcon }] }];

function isActive(url: string, href: string): boolean {
  const path = url.split(/[?#]/)[0];
  return path === href || path.startsWith(`${href}/`);
}

/**
 * The signed-in shell: a fixed start-side sidebar (248 px) and a sticky top bar. Persistent
 * (assign it to `Page.layout`), so the sidebar keeps its state between visits.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { url } = usePage();
  const { auth, tenant, permissions } = useSharedProps();
  const [menuOpen, setMenuOpen] = useState(false);
  const user = auth?.user ?? null;
  const brandName = tenant?.name || 'Kazi';
  const held = new Set(Array.isArray(permissions) ? permissions : []);

  // The mobile menu closes on every navigation and on Escape.
  useEffect(() => router.on('navigate', () => setMenuOpen(false)), []);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className="min-h-screen bg-page text-slate-700 dark:bg-dark-gray dark:text-slate-300">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-primary shadow focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
      >
        Skip to content
      </a>

      {menuOpen && (
        <div className="fixed inset-0 z-30 bg-slate-900/50 lg:hidden" aria-hidden="true" onClick={() => setMenuOpen(false)} />
      )}

      <aside
        id="app-sidebar"
        aria-label="Sidebar"
        className={cx(
          'fixed inset-y-0 start-0 z-40 w-sidebar flex-col border-e border-slate-200 bg-white dark:border-slate-700 dark:bg-dark',
          menuOpen ? 'flex' : 'hidden lg:flex',
        )}
      >
        <div className="flex h-16 shrink-0 items-center gap-2.5 border-b border-slate-100 px-5 dark:border-slate-700">
          <Link
            href="/dashboard"
            className="flex min-w-0 items-center gap-2.5 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            {tenant?.logo_light ? (
              <>
                <img src={tenant.logo_light} alt="" className="h-8 w-auto max-w-[3rem] object-contain dark:hidden" />
                <img src={tenant.logo_dark || tenant.logo_light} alt="" className="hidden h-8 w-auto max-w-[3rem] object-contain dark:block" />
              </>
            ) : (
              <LogoMark />
            )}
            <span className="truncate text-lg font-bold text-slate-900 dark:text-white">{brandName}</span>
          </Link>
          <button
            type="button"
            className="ms-auto rounded-md p-1.5 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary lg:hidden dark:hover:bg-slate-700"
            onClick={() => setMenuOpen(false)}
            aria-label="Close menu"
          >
            <CloseIcon />
          </button>
        </div>

        <nav aria-label="Main" className="flex-1 overflow-y-auto px-4 py-5">
          {NAVIGATION.map((group) => {
            const items = group.items.filter((item) => !item.permission || held.has(item.permission));
            if (items.length === 0) return null;
            return (
              <div key={group.label} className="mb-6">
                <p className="mb-2 px-3 text-xs font-semibold tracking-wider text-slate-400 uppercase">{group.label}</p>
                <ul className="flex flex-col gap-1">
                  {items.map((item) => {
                    const active = isActive(url, item.href);
                    const ItemIcon = item.icon;
                    return (
                      <li key={item.href}>
                        <Link
                          href={item.href}
                          aria-current={active ? 'page' : undefined}
                          className={cx(
                            'flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium transition-colors',
                            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
                            active
                              ? 'bg-dark text-white dark:bg-primary'
                              : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-white',
                          )}
                        >
                          <ItemIcon className="size-5 shrink-0" />
                          <span className="truncate">{item.label}</span>
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </div>
            );
          })}
        </nav>
      </aside>

      <div className="flex min-h-screen flex-col lg:ms-sidebar">
        <header className="sticky top-0 z-20 flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6 dark:border-slate-700 dark:bg-dark/95">
          <button
            type="button"
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary lg:hidden dark:text-slate-300 dark:hover:bg-slate-700"
            onClick={() => setMenuOpen(true)}
            aria-controls="app-sidebar"
            aria-expanded={menuOpen}
            aria-label="Open menu"
          >
            <MenuIcon />
          </button>
          <span className="truncate font-semibold text-slate-900 lg:hidden dark:text-white">{brandName}</span>

          <div className="ms-auto flex items-center gap-3">
            {user && (
              <div className="flex items-center gap-2.5">
                <span
                  className="grid size-9 place-items-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
                  aria-hidden="true"
                >
                  {initials(user.name)}
                </span>
                <span className="hidden flex-col leading-tight sm:flex">
                  <span className="text-sm font-medium text-slate-900 dark:text-white">{user.name}</span>
                  <span className="text-xs text-slate-500 dark:text-slate-400">{user.email}</span>
                </span>
              </div>
            )}
            <Link
              href="/logout"
              method="post"
              as="button"
              className="inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-white"
            >
              <LogoutIcon className="size-4" />
              Log out
            </Link>
          </div>
        </header>

        {user && !user.email_verified_at && (
          <div className="border-b border-warning/30 bg-warning/10 px-4 py-2 text-sm text-orange-800 sm:px-6 dark:text-warning">
            Your email address is unverified.{' '}
            <Link href="/verify-email" className="font-medium underline underline-offset-2">
              Verify it now
            </Link>
          </div>
        )}

        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none sm:px-6">
          {children}
        </main>

        <footer className="px-4 py-4 text-xs text-slate-400 sm:px-6">
          © {new Date().getFullYear()} {brandName}
        </footer>
      </div>
    </div>
  );
}

/** A page's title row: heading plus optional actions at the end. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
      <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">{title}</h1>
      {children && <div className="flex items-center gap-2">{children}</div>}
    </div>
  );
}
