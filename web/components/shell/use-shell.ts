import { usePage } from '@inertiajs/react';
import { useMemo } from 'react';
import { activeHref, isVisible, menuAlso, menuHrefs, pageExists, searchItems, USER_MENU, visibleMenu } from '@/lib/menu';
import { useSharedProps } from '@/lib/page';

/** Shared props the shell reads on top of SharedProps (server/http/shared-props.ts). */
export type ShellProps = {
  tenants?: { id: number; name: string }[];
  notifications?: { unread: number };
};

/** The menu this user sees, its search index and the entry matching the current URL. */
export function useShellMenu() {
  const { url } = usePage();
  const { permissions, operator } = useSharedProps();
  return useMemo(() => {
    const held = new Set(Array.isArray(permissions) ? permissions : []);
    const visibility = { can: (p: string) => held.has(p), exists: pageExists, operator: operator === true };
    const groups = visibleMenu(visibility);
    const userLinks = USER_MENU.filter((link) => isVisible(link, visibility));
    return {
      groups,
      userLinks,
      search: searchItems(groups, userLinks),
      active: activeHref(url, menuHrefs(groups), menuAlso(groups)),
    };
  }, [permissions, operator, url]);
}

export type ShellMenu = ReturnType<typeof useShellMenu>;
