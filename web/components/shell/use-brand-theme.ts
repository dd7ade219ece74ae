import { useEffect } from 'react';
import { themeOf } from '@common/company';

/**
 * Applies the company's brand colour (Settings/Company/Theme) to the whole shell: the palette's
 * primary tokens (web/app.css) become the colour and the text shades worked out for it
 * (common/company.ts themeOf), so every bg-primary, ring and link follows. Without a colour the
 * product's own palette stays.
 */
export function useBrandTheme(colour: string | null | undefined) {
  useEffect(() => {
    const root = document.documentElement;
    const names = ['--color-primary', '--color-primary-light', '--color-primary-strong', '--color-on-primary'];
    if (!colour) {
      for (const n of names) root.style.removeProperty(n);
      delete root.dataset.brand;
      return;
    }
    const t = themeOf(colour);
    root.style.setProperty('--color-primary', t.primary);
    root.style.setProperty('--color-primary-light', t.primary_light);
    root.style.setProperty('--color-primary-strong', t.primary_strong);
    root.style.setProperty('--color-on-primary', t.on_primary);
    root.dataset.brand = t.primary;
  }, [colour]);
}
