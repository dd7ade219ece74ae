import type { ReactNode } from 'react';
import { AppLayout } from '@/layouts/AppLayout';
import { GuestLayout } from '@/layouts/GuestLayout';
import { useSharedProps } from '@/lib/page';

/**
 * The layout of pages open to everyone (legal pages, error pages): the app's own frame for a
 * signed-in user, the guest frame otherwise. A function declaration, so Inertia treats it as a
 * persistent layout component.
 */
export function AuthAwareLayout({ children }: { children?: ReactNode }) {
  const { auth } = useSharedProps();
  return auth?.user ? <AppLayout>{children}</AppLayout> : <GuestLayout>{children}</GuestLayout>;
}
