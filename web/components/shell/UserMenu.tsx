import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection, MenuSeparator } from '@headlessui/react';
import { Link, router } from '@inertiajs/react';
import { Building2, Check, ChevronDown, CircleUser, LogOut, ShieldCheck } from 'lucide-react';
import { cx } from '@/components/cx';
import { initials } from '@/lib/format';
import { useSharedProps } from '@/lib/page';
import { dropdown, focusRing, menuItem } from './styles';
import type { ShellMenu, ShellProps } from './use-shell';

const LINK_ICONS: Record<string, typeof CircleUser> = { '/profile': CircleUser, '/profile/account': ShieldCheck };

/**
 * The signed-in user: name and initials, links to their profile pages (when those pages exist),
 * the tenant switcher when they belong to more than one company, and Log out (POST /logout).
 */
export function UserMenu({ menu }: { menu: ShellMenu }) {
  const { auth, tenant, tenants } = useSharedProps<ShellProps>();
  const user = auth?.user;
  if (!user) return null;
  const companies = Array.isArray(tenants) ? tenants : [];

  return (
    <Menu>
      <MenuButton
        className={cx('flex items-center gap-2.5 rounded-full py-1 ps-1 pe-1 sm:rounded-md sm:pe-2', 'hover:bg-slate-100 data-open:bg-slate-100 dark:hover:bg-slate-700 dark:data-open:bg-slate-700', focusRing)}
      >
        <span className="sr-only">Account menu, </span>
        <span className="grid size-9 shrink-0 place-items-center rounded-full bg-primary/10 text-sm font-semibold text-primary-strong dark:bg-primary/25 dark:text-white" aria-hidden="true">
          {initials(user.name)}
        </span>
        <span className="hidden max-w-40 flex-col text-start leading-tight md:flex">
          <span className="truncate text-sm font-medium text-slate-900 dark:text-white">{user.name}</span>
          {tenant && <span className="truncate text-xs text-slate-600 dark:text-slate-400">{tenant.name}</span>}
        </span>
        <ChevronDown className="hidden size-4 text-slate-500 md:block dark:text-slate-400" aria-hidden="true" />
      </MenuButton>

      <MenuItems anchor={{ to: 'bottom end', gap: 8, padding: 8 }} className={cx(dropdown, 'w-64 p-1.5')}>
        <div className="border-b border-slate-100 px-3 pt-1.5 pb-2.5 dark:border-slate-700">
          <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">{user.name}</p>
          <p className="truncate text-xs text-slate-500 dark:text-slate-400">{user.email}</p>
        </div>

        {menu.userLinks.length > 0 && (
          <MenuSection className="py-1">
            {menu.userLinks.map((link) => {
              const Icon = LINK_ICONS[link.href] ?? CircleUser;
              return (
                <MenuItem key={link.href}>
                  <Link href={link.href} className={menuItem}>
                    <Icon className="size-4 text-slate-500 dark:text-slate-400" aria-hidden="true" />
                    {link.label}
                  </Link>
                </MenuItem>
              );
            })}
          </MenuSection>
        )}

        {companies.length > 1 && (
          <>
            <MenuSeparator className="my-1 h-px bg-slate-100 dark:bg-slate-700" />
            <MenuSection className="py-1">
              <MenuHeading className="px-3 py-1 text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
                Switch company
              </MenuHeading>
              {companies.map((company) => {
                const current = company.id === tenant?.id;
                return (
                  <MenuItem key={company.id} disabled={current}>
                    <button
                      type="button"
                      className={menuItem}
                      aria-current={current ? 'true' : undefined}
                      onClick={() => router.post(`/tenants/switch/${company.id}`)}
                    >
                      <Building2 className="size-4 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden="true" />
                      <span className="min-w-0 flex-1 truncate">{company.name}</span>
                      {current && <Check className="size-4 shrink-0 text-primary dark:text-primary-light" aria-label="Current company" />}
                    </button>
                  </MenuItem>
                );
              })}
            </MenuSection>
          </>
        )}

        <MenuSeparator className="my-1 h-px bg-slate-100 dark:bg-slate-700" />
        <MenuItem>
          <button type="button" className={menuItem} onClick={() => router.post('/logout')}>
            <LogOut className="size-4 text-slate-500 rtl:-scale-x-100 dark:text-slate-400" aria-hidden="true" />
            Log out
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
