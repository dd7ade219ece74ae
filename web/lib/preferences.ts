import { useSyncExternalStore } from 'react';

// Layout preferences (SPEC §3): each kept in localStorage under its own key, as 'true'/'false'
// or the option's name, and mirrored on <html> as classes and data attributes so that CSS (and
// the inline script of server/http/root-view.ts, which applies the same keys before first paint)
// can follow them. Keep KEYS, OPTIONS and DEFAULT_PREFERENCES in step with that script.

export const PREFERENCE_OPTIONS = {
  direction: ['ltr', 'rtl'],
  skin: ['default', 'bordered'],
  type: ['vertical', 'horizontal'],
  contentWidth: ['full', 'boxed'],
  navbarType: ['sticky', 'static', 'floating', 'hidden'],
  footerType: ['static', 'sticky', 'hidden'],
} as const;

type Options = typeof PREFERENCE_OPTIONS;
type Choice<K extends keyof Options> = Options[K][number];

export type Preferences = {
  darkMode: boolean;
  semiDarkMode: boolean;
  sidebarCollapsed: boolean;
  monochrome: boolean;
  direction: Choice<'direction'>;
  skin: Choice<'skin'>;
  type: Choice<'type'>;
  contentWidth: Choice<'contentWidth'>;
  navbarType: Choice<'navbarType'>;
  footerType: Choice<'footerType'>;
};

export type PreferenceKey = keyof Preferences;

export const DEFAULT_PREFERENCES: Readonly<Preferences> = Object.freeze({
  darkMode: false,
  semiDarkMode: false,
  sidebarCollapsed: false,
  monochrome: false,
  direction: 'ltr',
  skin: 'default',
  type: 'vertical',
  contentWidth: 'full',
  navbarType: 'sticky',
  footerType: 'static',
});

const BOOLEAN_KEYS = ['darkMode', 'semiDarkMode', 'sidebarCollapsed', 'monochrome'] as const;
const CHOICE_KEYS = Object.keys(PREFERENCE_OPTIONS) as (keyof Options)[];
export const PREFERENCE_KEYS: readonly PreferenceKey[] = [...BOOLEAN_KEYS, ...CHOICE_KEYS];

/** The tenant's mobile logos (light, and white for dark backgrounds), remembered beside the preferences. */
export type MobileLogos = { mobileLogo: string | null; mobileLogoWhite: string | null };
const LOGO_KEYS = ['mobileLogo', 'mobileLogoWhite'] as const;

export type LayoutState = Preferences & MobileLogos;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame)
  }
}

function get(store: Storage | null, key: string): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Reads every preference from `store`; unknown or missing values give the default. */
export function readPreferences(store: Storage | null = storage()): LayoutState {
  const prefs: Record<string, unknown> = { ...DEFAULT_PREFERENCES };
  for (const key of BOOLEAN_KEYS) {
    const raw = get(store, key);
    if (raw === 'true' || raw === 'false') prefs[key] = raw === 'true';
  }
  for (const key of CHOICE_KEYS) {
    const raw = get(store, key);
    if (raw !== null && (PREFERENCE_OPTIONS[key] as readonly string[]).includes(raw)) prefs[key] = raw;
  }
  for (const key of LOGO_KEYS) prefs[key] = get(store, key) || null;
  return prefs as LayoutState;
}

/**
 * Mirrors the preferences on <html>: classes `dark`, `semi-dark`, `monochrome`; `dir`; and
 * data-skin, data-layout, data-content-width, data-navbar, data-footer, data-sidebar.
 */
export function applyPreferences(prefs: Preferences, root: HTMLElement | null = typeof document === 'undefined' ? null : document.documentElement): void {
  if (!root) return;
  root.classList.toggle('dark', prefs.darkMode);
  // Semi-dark darkens only the sidebar; in dark mode everything is dark already.
  root.classList.toggle('semi-dark', prefs.semiDarkMode);
  root.classList.toggle('monochrome', prefs.monochrome);
  root.setAttribute('dir', prefs.direction);
  root.dataset.skin = prefs.skin;
  root.dataset.layout = prefs.type;
  root.dataset.contentWidth = prefs.contentWidth;
  root.dataset.navbar = prefs.navbarType;
  root.dataset.footer = prefs.footerType;
  root.dataset.sidebar = prefs.sidebarCollapsed ? 'collapsed' : 'expanded';
}

let state: LayoutState = readPreferences();
const listeners = new Set<() => void>();

function emit(next: LayoutState) {
  state = next;
  applyPreferences(state);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // Another tab changed a preference: follow it here too.
  window.addEventListener('storage', (event) => {
    if (event.key === null || (PREFERENCE_KEYS as readonly string[]).includes(event.key) || (LOGO_KEYS as readonly string[]).includes(event.key)) {
      emit(readPreferences());
    }
  });
}

/** Sets one preference, stores it under its own key and applies it at once. */
export function setPreference<K extends PreferenceKey>(key: K, value: Preferences[K]): void {
  if (state[key] === value) return;
  try {
    storage()?.setItem(key, String(value));
  } catch {
    // storage full or disabled: the change still applies for this page
  }
  emit({ ...state, [key]: value });
}

/** Back to the defaults of SPEC §3 (the stored keys are removed). */
export function resetPreferences(): void {
  const store = storage();
  for (const key of PREFERENCE_KEYS) {
    try {
      store?.removeItem(key);
    } catch {
      // ignore: nothing stored
    }
  }
  emit({ ...state, ...DEFAULT_PREFERENCES });
}

/**
 * Remembers the tenant's logos for the mobile header (`mobileLogo` = light, `mobileLogoWhite` =
 * for dark backgrounds). Passing nulls forgets them (sign-out, or a tenant without logos).
 */
export function rememberMobileLogos(logos: MobileLogos): void {
  if (state.mobileLogo === logos.mobileLogo && state.mobileLogoWhite === logos.mobileLogoWhite) return;
  const store = storage();
  for (const key of LOGO_KEYS) {
    try {
      if (logos[key]) store?.setItem(key, logos[key]);
      else store?.removeItem(key);
    } catch {
      // ignore
    }
  }
  emit({ ...state, ...logos });
}

/** The current preferences, for code outside React. */
export function getPreferences(): LayoutState {
  return state;
}

/** The layout preferences, re-rendering on every change (this tab or another). */
export function usePreferences(): LayoutState {
  return useSyncExternalStore(subscribe, getPreferences, () => state);
}
