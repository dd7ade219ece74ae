import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, readPreferences } from './preferences';

const storeOf = (values: Record<string, string>) => ({
  getItem: (key: string) => values[key] ?? null,
  setItem: () => undefined,
  removeItem: () => undefined,
});

describe('layout preferences', () => {
  it('default to the spec: skin default, full width, vertical, sticky navbar, static footer', () => {
    expect(readPreferences(storeOf({}))).toEqual({ ...DEFAULT_PREFERENCES, mobileLogo: null, mobileLogoWhite: null });
    expect(DEFAULT_PREFERENCES).toMatchObject({ skin: 'default', contentWidth: 'full', type: 'vertical', navbarType: 'sticky', footerType: 'static' });
  });

  it('read each key, ignoring values they cannot take', () => {
    const prefs = readPreferences(
      storeOf({ darkMode: 'true', semiDarkMode: 'yes', direction: 'rtl', skin: 'bordered', navbarType: 'sideways', footerType: 'hidden', mobileLogo: '/l.png' }),
    );
    expect(prefs).toMatchObject({ darkMode: true, semiDarkMode: false, direction: 'rtl', skin: 'bordered', navbarType: 'sticky', footerType: 'hidden', mobileLogo: '/l.png' });
  });
});
