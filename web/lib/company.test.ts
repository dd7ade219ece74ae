import { describe, expect, it } from 'vitest';
import { DEFAULT_COMPANY_NAME, formatTitle } from './company';

describe('page titles', () => {
  it('are "<title> - <company>", with the built-in name as fallback', () => {
    expect(formatTitle('Dashboard', 'Acme')).toBe('Dashboard - Acme');
    expect(formatTitle('Log in', null)).toBe(`Log in - ${DEFAULT_COMPANY_NAME}`);
    expect(DEFAULT_COMPANY_NAME).toBe('Kazi');
  });
  it('escape the company name as Inertia escapes the title', () => {
    expect(formatTitle('Dashboard', 'A&B <Ltd>')).toBe('Dashboard - A&#38;B &#60;Ltd&#62;');
  });
});
