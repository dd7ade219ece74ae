import { usePage } from '@inertiajs/react';
import type { SharedProps } from '@/types';

/**
 * The one typed door to the shared props (auth.user, tenant, permissions, flash, errors).
 * Pass the page's own props type to read those too.
 */
export function useSharedProps<TPageProps extends Record<string, unknown> = Record<never, never>>() {
  return usePage<SharedProps & TPageProps>().props;
}

/** True when the current user holds the `area.action` permission. */
export function useCan(permission: string): boolean {
  const { permissions } = useSharedProps();
  return Array.isArray(permissions) && permissions.includes(permission);
}
