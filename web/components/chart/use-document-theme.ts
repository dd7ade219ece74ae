import { useSyncExternalStore } from 'react';

// Dark mode is a `.dark` class on <html>, the direction its `dir` attribute (set by the layout
// preferences). Charts draw on a canvas, so they read both and redraw when either changes.

function read(): string {
  if (typeof document === 'undefined') return 'light|ltr';
  const html = document.documentElement;
  return `${html.classList.contains('dark') ? 'dark' : 'light'}|${html.dir === 'rtl' ? 'rtl' : 'ltr'}`;
}

function subscribe(onChange: () => void): () => void {
  if (typeof MutationObserver === 'undefined') return () => {};
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'dir'] });
  return () => observer.disconnect();
}

/** Whether the page is in dark mode and right-to-left, kept current. */
export function useDocumentTheme(): { dark: boolean; rtl: boolean } {
  const value = useSyncExternalStore(subscribe, read, () => 'light|ltr');
  const [mode, dir] = value.split('|');
  return { dark: mode === 'dark', rtl: dir === 'rtl' };
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeMotion(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the user asked the system for less motion (charts then draw without animating). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeMotion,
    () => typeof window !== 'undefined' && Boolean(window.matchMedia?.(REDUCED_MOTION).matches),
    () => false,
  );
}
