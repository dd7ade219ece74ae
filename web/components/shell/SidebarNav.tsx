import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection } from '@headlessui/react';
import { Link } from '@inertiajs/react';
import { ChevronRight } from 'lucide-react';
import { useId, useState, type FocusEvent, type MouseEvent } from 'react';
import { cx } from '@/components/cx';
import { isParent, type MenuGroup, type MenuLink, type MenuParent } from '@/lib/menu';
import { usePreferences } from '@/lib/preferences';

/** Shows a label beside the collapsed sidebar (null hides it). */
export type Hint = (label: string | null, anchor?: HTMLElement) => void;

type NavProps = {
  groups: MenuGroup[];
  active: string | null;
  /** Icons only (desktop sidebar collapsed): labels become tooltips and submenus fly out. */
  collapsed?: boolean;
  hint?: Hint;
  /** Called when a link is followed (the drawer closes, even on a link to the current page). */
  onNavigate?: () => void;
};

const itemBase =
  'group/item flex w-full items-center gap-3 rounded-md text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const itemIdle =
  'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-700/60 dark:hover:text-white';
const itemActive = 'bg-dark text-white shadow-sm dark:bg-primary';

function hintHandlers(label: string, hint?: Hint) {
  if (!hint) return {};
  const show = (e: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) => hint(label, e.currentTarget);
  const hide = () => hint(null);
  return { onMouseEnter: show, onMouseLeave: hide, onFocus: show, onBlur: hide };
}

function NavLink({ link, active, collapsed, hint, nested = false, onNavigate }: { link: MenuLink; active: boolean; collapsed?: boolean; hint?: Hint; nested?: boolean; onNavigate?: () => void }) {
  const Icon = link.icon;
  return (
    <Link
      href={link.href}
      aria-current={active ? 'page' : undefined}
      aria-label={collapsed ? link.label : undefined}
      onClick={onNavigate}
      className={cx(
        itemBase,
        active ? itemActive : itemIdle,
        collapsed ? 'justify-center px-0 py-2.5' : nested ? 'py-2 ps-11 pe-3' : 'px-3 py-2.5',
      )}
      {...(collapsed ? hintHandlers(link.label, hint) : {})}
    >
      {Icon && <Icon className="size-5 shrink-0" aria-hidden="true" />}
      {!collapsed && (
        <span className="flex min-w-0 items-center gap-2">
          {nested && (
            <span
              aria-hidden="true"
              className={cx('size-1.5 shrink-0 rounded-full', active ? 'bg-current' : 'bg-slate-300 dark:bg-slate-500')}
            />
          )}
          <span className="truncate">{link.label}</span>
        </span>
      )}
    </Link>
  );
}

/** A submenu in the expanded sidebar: a disclosure button and its links. */
function NavParent({ parent, active, open, onToggle, onNavigate }: { parent: MenuParent; active: string | null; open: boolean; onToggle: () => void; onNavigate?: () => void }) {
  const panelId = useId();
  const Icon = parent.icon;
  const holdsActive = parent.children.some((c) => c.href === active);
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
        className={cx(itemBase, 'px-3 py-2.5', holdsActive && !open ? 'bg-slate-100 text-slate-900 dark:bg-slate-700/60 dark:text-white' : itemIdle)}
      >
        <Icon className="size-5 shrink-0" aria-hidden="true" />
        <span className="min-w-0 flex-1 truncate text-start">{parent.label}</span>
        <ChevronRight
          aria-hidden="true"
          className={cx('size-4 shrink-0 transition-transform motion-reduce:transition-none', open ? 'rotate-90' : 'rtl:rotate-180')}
        />
      </button>
      <ul id={panelId} hidden={!open} className="mt-1 flex flex-col gap-0.5">
        {parent.children.map((child) => (
          <li key={child.href}>
            <NavLink link={child} active={child.href === active} nested onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** A submenu in the collapsed sidebar: an icon button whose links fly out beside the sidebar. */
function CollapsedParent({ parent, active, hint }: { parent: MenuParent; active: string | null; hint?: Hint }) {
  const { direction } = usePreferences();
  const Icon = parent.icon;
  const holdsActive = parent.children.some((c) => c.href === active);
  return (
    <Menu>
      <MenuButton
        aria-label={parent.label}
        className={cx(itemBase, 'justify-center px-0 py-2.5', holdsActive ? itemActive : itemIdle)}
        {...hintHandlers(parent.label, hint)}
      >
        <Icon className="size-5 shrink-0" aria-hidden="true" />
      </MenuButton>
      <MenuItems
        anchor={{ to: direction === 'rtl' ? 'left start' : 'right start', gap: 12 }}
        className="z-50 w-56 rounded-md bg-white p-1.5 shadow-lg ring-1 ring-slate-900/10 focus:outline-none dark:bg-dark dark:ring-white/10"
      >
        <MenuSection>
          <MenuHeading className="px-3 py-1.5 text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
            {parent.label}
          </MenuHeading>
          {parent.children.map((child) => (
            <MenuItem key={child.href}>
              <Link
                href={child.href}
                aria-current={child.href === active ? 'page' : undefined}
                className={cx(
                  'block rounded-md px-3 py-2 text-sm data-focus:bg-slate-100 dark:data-focus:bg-slate-700',
                  child.href === active ? 'font-semibold text-primary dark:text-white' : 'text-slate-700 dark:text-slate-200',
                )}
              >
                {child.label}
              </Link>
            </MenuItem>
          ))}
        </MenuSection>
      </MenuItems>
    </Menu>
  );
}

function parentOf(groups: MenuGroup[], href: string | null): string | null {
  for (const group of groups) {
    for (const entry of group.entries) {
      if (isParent(entry) && entry.children.some((c) => c.href === href)) return entry.label;
    }
  }
  return null;
}

/** The grouped, icon-led menu of the sidebar and of the mobile drawer. */
export function SidebarNav({ groups, active, collapsed = false, hint, onNavigate }: NavProps) {
  // One submenu open at a time; the one holding the current page opens by itself.
  const idPrefix = useId();
  const activeParent = parentOf(groups, active);
  const [open, setOpen] = useState<string | null>(activeParent);
  const [seenParent, setSeenParent] = useState(activeParent);
  if (seenParent !== activeParent) {
    setSeenParent(activeParent);
    if (activeParent) setOpen(activeParent);
  }

  return (
    <nav aria-label="Main" className={cx('flex-1 overflow-y-auto overscroll-contain py-4', collapsed ? 'px-3' : 'px-4')}>
      {groups.map((group, index) => {
        const headingId = `${idPrefix}-group-${index}`;
        return (
          <div key={group.label ?? 'top'} className={index > 0 ? 'mt-5' : undefined}>
            {group.label &&
              (collapsed ? (
                <>
                  <h2 id={headingId} className="sr-only">
                    {group.label}
                  </h2>
                  <hr aria-hidden="true" className="mx-2 mb-3 border-slate-200 dark:border-slate-700" />
                </>
              ) : (
                <h2 id={headingId} className="mb-2 px-3 text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
                  {group.label}
                </h2>
              ))}
            <ul className="flex flex-col gap-1" aria-labelledby={group.label ? headingId : undefined}>
              {group.entries.map((entry) => (
                <li key={entry.label}>
                  {!isParent(entry) ? (
                    <NavLink link={entry} active={entry.href === active} collapsed={collapsed} hint={hint} onNavigate={onNavigate} />
                  ) : collapsed ? (
                    <CollapsedParent parent={entry} active={active} hint={hint} />
                  ) : (
                    <NavParent
                      parent={entry}
                      active={active}
                      open={open === entry.label}
                      onToggle={() => setOpen((current) => (current === entry.label ? null : entry.label))}
                      onNavigate={onNavigate}
                    />
                  )}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
