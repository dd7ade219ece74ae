import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, contrastRatio, mix, themeOf } from './company';

describe('themeOf', () => {
  it.each(['#0F766E', '#4669FA', '#F59E0B', '#FDE68A', '#111827'])(
    'gives %s a text shade that reads on white and on a pale tint of itself',
    (colour) => {
      const theme = themeOf(colour);
      // the user menu's initials: primary_strong on bg-primary/10 over the page, and on white
      expect(contrastRatio(theme.primary_strong, '#FFFFFF')).toBeGreaterThanOrEqual(AA_CONTRAST);
      expect(contrastRatio(theme.primary_strong, mix(colour, 0.9))).toBeGreaterThanOrEqual(AA_CONTRAST);
      expect(contrastRatio(theme.primary_strong, mix(colour, 0.8))).toBeGreaterThanOrEqual(AA_CONTRAST);
    },
  );

  it('keeps the default colour when none or a malformed one is given, and warns of a pale colour', () => {
    expect(themeOf(null).primary).toBe(themeOf(undefined).primary);
    expect(themeOf('teal').primary).toBe(themeOf(null).primary);
    expect(themeOf('#FDE68A').warnings.length).toBeGreaterThan(0);
    expect(themeOf('#0F766E').warnings).toEqual([]);
  });
});
