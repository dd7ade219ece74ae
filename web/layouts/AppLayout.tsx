import { Link } from '@inertiajs/react';
import { useCallback, useState, type ReactNode } from 'react';
import { cx } from '@/components/cx';
import { Customizer } from '@/components/shell/Customizer';
import { Footer } from '@/components/shell/Footer';
import { DesktopSidebar, MobileDrawer } from '@/components/shell/Sidebar';
import { TopBar } from '@/components/shell/TopBar';
import { useLiveNotifications } from '@/components/shell/live-notifications';
import { useRealtimeConnection } from '@/lib/realtime';
import { useShellMenu } from '@/components/shell/use-shell';
import { useBrandTheme } from '@/components/shell/use-brand-theme';
import { useSharedProps } from '@/lib/page';
import { usePreferences } from '@/lib/preferences';

/**
 * The signed-in shell (ARCHITECTURE "The look"): a fixed start-side sidebar (248 px, 72 px
 * collapsed) or a horizontal menu bar, a top bar, the page on #F7F8FC and a footer; below lg the
 * menu is an off-canvas drawer. Every part follows the layout preferences (web/lib/preferences.ts).
 * Persistent: assign it to `Page.layout`, so the menu keeps its state between visits.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { auth, tenant } = useSharedProps();
  useBrandTheme(tenant?.brand_color);
  const prefs = usePreferences();
  const menu = useShellMenu();
  // the page's websocket (online-users, live notifications): docs/decisions/0044-realtime.md
  useRealtimeConnection();
  useLiveNotifications();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const user = auth?.user ?? null;
  const vertical = prefs.type === 'vertical';
  const boxed = prefs.contentWidth === 'boxed';

  return (
    <div className="min-h-screen bg-page text-slate-700 dark:bg-dark-gray dark:text-slate-300">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-white px-4 py-2 text-sm font-medium text-slate-900 shadow-lg ring-2 ring-primary focus:not-sr-only focus:fixed focus:start-3 focus:top-3 dark:bg-dark dark:text-white"
      >
        Skip to content
      </a>

      {vertical && <DesktopSidebar menu={menu} />}
      <MobileDrawer menu={menu} open={menuOpen} onClose={closeMenu} />

      <div
        className={cx(
          'flex min-h-screen flex-col transition-[margin] duration-200 motion-reduce:transition-none',
          vertical && (prefs.sidebarCollapsed ? 'lg:ms-sidebar-collapsed' : 'lg:ms-sidebar'),
        )}
      >
        <TopBar menu={menu} menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} />

        {user && !user.email_verified_at && (
          <div className="border-b border-warning/30 bg-warning/10 px-4 py-2 text-sm text-orange-900 sm:px-6 dark:text-orange-200">
            <div className={cx(boxed && 'mx-auto w-full max-w-boxed')}>
              Your email address is unverified.{' '}
              <Link href="/verify-email" className="font-medium underline underline-offset-2">
                Verify it now
              </Link>
            </div>
          </div>
        )}

        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none sm:px-6">
          <div className={cx(boxed && 'mx-auto w-full max-w-boxed')}>{children}</div>
        </main>

        <Footer boxed={boxed} />
      </div>

      {/* With the top bar hidden on large screens, the customizer stays reachable from the edge. */}
      {prefs.navbarType === 'hidden' && <Customizer floating />}
    </div>
  );
}
