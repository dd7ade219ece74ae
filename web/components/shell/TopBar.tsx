import { Menu as MenuIcon, Moon, Sun } from 'lucide-react';
import { cx } from '@/components/cx';
import { setPreference, usePreferences } from '@/lib/preferences';
import { Brand } from './Brand';
import { ChatButton } from './ChatButton';
import { MailButton } from './MailButton';
import { Customizer } from './Customizer';
import { HorizontalNav } from './HorizontalNav';
import { MenuSearch } from './MenuSearch';
import { NotificationsMenu } from './NotificationsMenu';
import { RealtimeStatus } from './RealtimeStatus';
import { iconButton } from './styles';
import { UserMenu } from './UserMenu';
import type { ShellMenu } from './use-shell';

function DarkModeToggle() {
  const { darkMode } = usePreferences();
  const Icon = darkMode ? Sun : Moon;
  return (
    <button
      type="button"
      className={cx(iconButton, 'max-sm:hidden')}
      aria-label="Dark mode"
      aria-pressed={darkMode}
      onClick={() => setPreference('darkMode', !darkMode)}
    >
      <Icon className="size-5" aria-hidden="true" />
    </button>
  );
}

/**
 * The top bar (sticky, static, floating or hidden on large screens) with, in the horizontal
 * layout, the menu bar under it. Below lg it always shows, for the hamburger.
 */
export function TopBar({ menu, menuOpen, onOpenMenu }: { menu: ShellMenu; menuOpen: boolean; onOpenMenu: () => void }) {
  const { type, navbarType } = usePreferences();
  const horizontal = type === 'horizontal';
  const floating = navbarType === 'floating';

  return (
    <div
      className={cx(
        'z-20',
        navbarType === 'static' ? 'relative' : 'sticky',
        floating ? 'top-0 px-4 pt-3 sm:px-6' : 'top-0',
        navbarType === 'hidden' && !horizontal && 'lg:hidden',
      )}
    >
      <header
        className={cx(
          'flex h-16 items-center gap-2 bg-white/95 px-4 backdrop-blur supports-[backdrop-filter]:bg-white/85 sm:gap-3 sm:px-6 dark:bg-dark/95 dark:supports-[backdrop-filter]:bg-dark/85',
          floating ? 'rounded-md shadow-md ring-1 ring-slate-900/5 dark:ring-white/10' : 'border-b border-slate-200 dark:border-slate-700',
          navbarType === 'hidden' && 'lg:hidden',
        )}
      >
        <button
          type="button"
          className={cx(iconButton, '-ms-1.5 lg:hidden')}
          onClick={onOpenMenu}
          aria-controls="mobile-menu"
          aria-expanded={menuOpen}
          aria-label="Open menu"
        >
          <MenuIcon className="size-5" aria-hidden="true" />
        </button>
        <Brand className={cx('min-w-0', !horizontal && 'lg:hidden')} nameClassName="max-sm:sr-only" />

        <div className="ms-auto flex items-center gap-1 sm:gap-2">
          <MenuSearch menu={menu} />
          <DarkModeToggle />
          <Customizer />
          <RealtimeStatus />
          <MailButton />
          <ChatButton />
          <NotificationsMenu />
          <UserMenu menu={menu} />
        </div>
      </header>
      {horizontal && (
        <div className={cx(floating && 'mt-2 overflow-hidden rounded-md shadow-md ring-1 ring-slate-900/5 dark:ring-white/10')}>
          <HorizontalNav menu={menu} />
        </div>
      )}
    </div>
  );
}
