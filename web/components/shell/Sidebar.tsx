import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { router } from '@inertiajs/react';
import { PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import { cx } from '@/components/cx';
import { setPreference, usePreferences } from '@/lib/preferences';
import { Brand } from './Brand';
import { iconButton } from './styles';
import { SidebarNav, type Hint } from './SidebarNav';
import type { ShellMenu } from './use-shell';

/** Surface of the sidebar and the drawer; `dark` on it makes a semi-dark sidebar on a light page. */
function surface(semiDark: boolean) {
  return cx(
    'flex flex-col border-e border-slate-200 bg-white text-slate-700 dark:border-slate-700/80 dark:bg-dark dark:text-slate-300 dark:scheme-dark',
    semiDark && 'dark',
  );
}

/** The fixed start-side sidebar of the vertical layout (lg and up): 248 px, or 72 px icons only. */
export function DesktopSidebar({ menu }: { menu: ShellMenu }) {
  const { sidebarCollapsed: collapsed, semiDarkMode } = usePreferences();
  const [tip, setTip] = useState<{ label: string; top: number } | null>(null);
  const hint = useCallback<Hint>((label, anchor) => {
    if (!label || !anchor) return setTip(null);
    const rect = anchor.getBoundingClientRect();
    setTip({ label, top: rect.top + rect.height / 2 });
  }, []);
  const CollapseIcon = collapsed ? PanelLeftOpen : PanelLeftClose;

  return (
    <aside
      id="app-sidebar"
      aria-label="Sidebar"
      className={cx(
        surface(semiDarkMode),
        'fixed inset-y-0 start-0 z-30 hidden transition-[width] duration-200 motion-reduce:transition-none lg:flex',
        collapsed ? 'w-sidebar-collapsed' : 'w-sidebar',
      )}
    >
      <div className={cx('flex h-16 shrink-0 items-center gap-2 border-b border-slate-100 dark:border-slate-700/80', collapsed ? 'justify-center px-2' : 'px-5')}>
        {!collapsed && <Brand className="flex-1" />}
        <button
          type="button"
          className={iconButton}
          onClick={() => {
            setTip(null);
            setPreference('sidebarCollapsed', !collapsed);
          }}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-pressed={collapsed}
          {...(collapsed ? { onMouseEnter: (e: MouseEvent<HTMLElement>) => hint('Expand sidebar', e.currentTarget), onMouseLeave: () => hint(null) } : {})}
        >
          <CollapseIcon className="size-5 rtl:-scale-x-100" aria-hidden="true" />
        </button>
      </div>
      <SidebarNav groups={menu.groups} active={menu.active} collapsed={collapsed} hint={collapsed ? hint : undefined} />
      {collapsed && tip && (
        <span
          aria-hidden="true"
          style={{ top: tip.top }}
          className="pointer-events-none fixed start-[calc(var(--spacing-sidebar-collapsed)+0.5rem)] z-50 -translate-y-1/2 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium whitespace-nowrap text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
        >
          {tip.label}
        </span>
      )}
    </aside>
  );
}

/**
 * The off-canvas menu below lg: focus is trapped inside, Escape and a click on the overlay close
 * it, and focus goes back to the button that opened it.
 */
export function MobileDrawer({ menu, open, onClose }: { menu: ShellMenu; open: boolean; onClose: () => void }) {
  const { semiDarkMode } = usePreferences();

  // Close on every visit, and when the window grows past lg (the fixed sidebar takes over).
  useEffect(() => router.on('navigate', () => onClose()), [onClose]);
  useEffect(() => {
    const query = window.matchMedia('(min-width: 64rem)');
    const onChange = () => query.matches && onClose();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [onClose]);

  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 lg:hidden">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/50 transition-opacity duration-200 data-closed:opacity-0 motion-reduce:transition-none"
      />
      <DialogPanel
        transition
        id="mobile-menu"
        className={cx(
          surface(semiDarkMode),
          'fixed inset-y-0 start-0 w-sidebar max-w-[85vw] shadow-xl transition-transform duration-200 data-closed:-translate-x-full motion-reduce:transition-none rtl:data-closed:translate-x-full',
        )}
      >
        <DialogTitle className="sr-only">Menu</DialogTitle>
        <div className="flex h-16 shrink-0 items-center gap-2 border-b border-slate-100 px-5 dark:border-slate-700/80">
          <Brand className="flex-1" />
          <button type="button" className={iconButton} onClick={onClose} aria-label="Close menu">
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <SidebarNav groups={menu.groups} active={menu.active} onNavigate={onClose} />
      </DialogPanel>
    </Dialog>
  );
}
