import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection, MenuSeparator } from '@headlessui/react';
import { Link } from '@inertiajs/react';
import { ChevronDown } from 'lucide-react';
import { Fragment } from 'react';
import { cx } from '@/components/cx';
import { isParent, type MenuGroup, type MenuLink } from '@/lib/menu';
import type { ShellMenu } from './use-shell';

const topItem =
  'inline-flex h-10 items-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const idle = 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-white';
const current = 'bg-dark text-white dark:bg-primary';

function DropdownLink({ link, active }: { link: MenuLink; active: boolean }) {
  const Icon = link.icon;
  return (
    <MenuItem>
      <Link
        href={link.href}
        aria-current={active ? 'page' : undefined}
        className={cx(
          'flex items-center gap-2.5 rounded-md px-3 py-2 text-sm data-focus:bg-slate-100 dark:data-focus:bg-slate-700',
          active ? 'font-semibold text-primary dark:text-white' : 'text-slate-700 dark:text-slate-200',
        )}
      >
        {Icon && <Icon className="size-4 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden="true" />}
        <span className="truncate">{link.label}</span>
      </Link>
    </MenuItem>
  );
}

function GroupMenu({ group, active }: { group: MenuGroup & { label: string }; active: string | null }) {
  const hrefs = group.entries.flatMap((e) => (isParent(e) ? e.children.map((c) => c.href) : [e.href]));
  const holdsActive = active !== null && hrefs.includes(active);
  return (
    <Menu>
      <MenuButton className={cx(topItem, holdsActive ? current : idle, 'data-open:bg-slate-100 data-open:text-slate-900 dark:data-open:bg-slate-700 dark:data-open:text-white')}>
        {group.label}
        <ChevronDown className="size-4" aria-hidden="true" />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom start', gap: 6 }}
        className="z-40 max-h-[70vh] w-64 overflow-y-auto rounded-md bg-white p-1.5 shadow-lg ring-1 ring-slate-900/10 focus:outline-none dark:bg-dark dark:ring-white/10"
      >
        {group.entries.map((entry, index) =>
          isParent(entry) ? (
            <Fragment key={entry.label}>
              {index > 0 && <MenuSeparator className="my-1 h-px bg-slate-100 dark:bg-slate-700" />}
              <MenuSection>
                <MenuHeading className="flex items-center gap-2 px-3 pt-2 pb-1 text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
                  <entry.icon className="size-4" aria-hidden="true" />
                  {entry.label}
                </MenuHeading>
                {entry.children.map((child) => (
                  <DropdownLink key={child.href} link={child} active={child.href === active} />
                ))}
              </MenuSection>
            </Fragment>
          ) : (
            <DropdownLink key={entry.href} link={entry} active={entry.href === active} />
          ),
        )}
      </MenuItems>
    </Menu>
  );
}

/** The horizontal layout's menu: a bar under the top bar with one dropdown per group (lg and up). */
export function HorizontalNav({ menu }: { menu: ShellMenu }) {
  return (
    <nav aria-label="Main" className="hidden border-b border-slate-200 bg-white px-4 dark:border-slate-700 dark:bg-dark lg:block sm:px-6">
      <ul className="flex flex-wrap items-center gap-1 py-2">
        {menu.groups.map((group) =>
          group.label === null ? (
            group.entries.map((entry) =>
              isParent(entry) ? null : (
                <li key={entry.href}>
                  <Link href={entry.href} aria-current={entry.href === menu.active ? 'page' : undefined} className={cx(topItem, entry.href === menu.active ? current : idle)}>
                    {entry.icon && <entry.icon className="size-4" aria-hidden="true" />}
                    {entry.label}
                  </Link>
                </li>
              ),
            )
          ) : (
            <li key={group.label}>
              <GroupMenu group={{ ...group, label: group.label }} active={menu.active} />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
