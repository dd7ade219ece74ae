import type { ResolvedComponent } from '@inertiajs/react';

type Loader = () => Promise<{ default: ResolvedComponent }>;

/**
 * Resolves an Inertia page name to its module: "Auth/Login" → ./pages/Auth/Login.tsx.
 * An unknown name fails with 'Page not found' (SPEC §2).
 */
export function pageResolver(pages: Record<string, Loader>) {
  return async (name: string): Promise<ResolvedComponent> => {
    const load = pages[`./pages/${name}.tsx`];
    if (!load) throw new Error('Page not found');
    return (await load()).default;
  };
}
