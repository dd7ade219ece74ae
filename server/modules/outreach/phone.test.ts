import { describe, expect, it } from 'vitest';
import { phoneCountry, toE164 } from './phone.js';

describe('toE164', () => {
  it('reads national, international and plus-less international numbers against the company country', () => {
    expect(toE164('0712 345 678', 'KE')).toBe('+254712345678');
    expect(toE164('+254 712-345-678', 'KE')).toBe('+254712345678');
    expect(toE164('254712345678', 'KE')).toBe('+254712345678');
    expect(toE164('00254712345678', 'KE')).toBe('+254712345678');
    expect(toE164('+1 415 555 2671', 'KE')).toBe('+14155552671');
  });

  it('refuses what is not a valid number, and national numbers when the company has no country', () => {
    expect(toE164('12', 'KE')).toBeNull();
    expect(toE164('not a phone', 'KE')).toBeNull();
    expect(toE164('0712 345 678', null)).toBeNull();
    expect(toE164('+254712345678', null)).toBe('+254712345678');
    expect(toE164('   ', 'KE')).toBeNull();
  });

  it('knows ISO country codes only', () => {
    expect(phoneCountry('ke')).toBe('KE');
    expect(phoneCountry('Kenya')).toBeNull();
    expect(phoneCountry(null)).toBeNull();
  });
});
