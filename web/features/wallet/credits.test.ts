import { describe, expect, it } from 'vitest';
import { creditsLabel, creditsPrice, formatCredits, readCustomCredits } from './credits';

describe('credits as text', () => {
  it('groups thousands and drops the trailing zeros of the stored scale', () => {
    expect(formatCredits('1250.0000')).toBe('1,250');
    expect(formatCredits('0.1000')).toBe('0.1');
    expect(formatCredits('-12.5000')).toBe('-12.5');
    expect(formatCredits('1234567.0625')).toBe('1,234,567.0625');
    expect(formatCredits('1250.5', { decimal_mark: ',', thousands_separator: '.' })).toBe('1.250,5');
    expect(formatCredits(0.30000000000000004)).toBe('0.3');
    expect(formatCredits('abc')).toBe('');
    expect(formatCredits(null)).toBe('');
  });

  it('says credit or credits', () => {
    expect(creditsLabel('1.0000')).toBe('1 credit');
    expect(creditsLabel('2')).toBe('2 credits');
  });
});

describe('the price of credits', () => {
  it('multiplies exactly and rounds half away from zero to the currency', () => {
    expect(creditsPrice('1000', '1.5', 2)).toBe('1500.00');
    // 3 × 0.33333333 = 0.99999999 → 1.00
    expect(creditsPrice('3', '0.33333333', 2)).toBe('1.00');
    // 0.1 + 0.2 in floats is not 0.3; here 1 × 0.3 is
    expect(creditsPrice('1', '0.3', 2)).toBe('0.30');
    expect(creditsPrice('5', '0.005', 2)).toBe('0.03');
    expect(creditsPrice('250', '2.5', 0)).toBe('625');
  });
});

describe('a custom amount of credits', () => {
  it('takes a whole number within the bounds', () => {
    expect(readCustomCredits(' 1,500 ', '100', '100000')).toEqual({ ok: true, credits: '1500' });
    expect(readCustomCredits('0100', '100', '100000')).toEqual({ ok: true, credits: '100' });
  });

  it('refuses empty, fractional, negative and out-of-bounds amounts with a sentence', () => {
    expect(readCustomCredits('', '100', '1000')).toEqual({ ok: false, error: 'Enter the number of credits to buy.' });
    expect(readCustomCredits('10.5', '1', '1000')).toEqual({ ok: false, error: 'Enter a whole number of credits.' });
    expect(readCustomCredits('-5', '1', '1000')).toEqual({ ok: false, error: 'Enter a whole number of credits.' });
    expect(readCustomCredits('99', '100.0000', '1000')).toEqual({ ok: false, error: 'The smallest purchase is 100 credits.' });
    expect(readCustomCredits('1001', '100', '1000.0000')).toEqual({ ok: false, error: 'The largest purchase is 1,000 credits.' });
  });
});
