import { describe, expect, it } from 'vitest';
import { currencyDigits, formatMinor, minorToDecimal, parseMoney } from './money';
import { isPlausiblePhone, normalizePhone } from './phone';

describe('currency decimals', () => {
  it('follow ISO 4217', () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('kes')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
    expect(currencyDigits('NOPE!')).toBe(2);
  });
});

describe('minor units → text', () => {
  it('writes the plain decimal without floats', () => {
    expect(minorToDecimal(123456, 2)).toBe('1234.56');
    expect(minorToDecimal(5, 2)).toBe('0.05');
    expect(minorToDecimal(-1050, 2)).toBe('-10.50');
    expect(minorToDecimal(1500, 0)).toBe('1500');
    expect(minorToDecimal(1234, 3)).toBe('1.234');
    expect(minorToDecimal(9007199254740991, 2)).toBe('90071992547409.91');
  });

  it('formats with the currency', () => {
    expect(formatMinor(123456, 'USD')).toBe('$1,234.56');
    expect(formatMinor(1500, 'JPY')).toBe('¥1,500');
    expect(formatMinor(-250, 'EUR')).toBe('-2,50 €');
    expect(formatMinor(450000, 'KES')).toBe('KSh4,500.00');
    // the company's own settings for the currency win over the catalogue's
    expect(formatMinor(450000, { code: 'KES', precision: 2, symbol: 'Ksh ', symbol_first: true, decimal_mark: '.', thousands_separator: ',' })).toBe('Ksh 4,500.00');
    // exact even beyond float precision
    expect(formatMinor(9007199254740991, 'USD')).toBe('$90,071,992,547,409.91');
  });
});

describe('text → minor units', () => {
  const ok = (minor: number | null) => ({ ok: true, minor });
  it('reads the usual ways of writing an amount', () => {
    expect(parseMoney('1234.5', 2)).toEqual(ok(123450));
    expect(parseMoney('1,234.50', 2)).toEqual(ok(123450));
    expect(parseMoney('1.234,50', 2)).toEqual(ok(123450));
    expect(parseMoney('1 234,5', 2)).toEqual(ok(123450));
    expect(parseMoney('$12', 2)).toEqual(ok(1200));
    expect(parseMoney('.5', 2)).toEqual(ok(50));
    expect(parseMoney('1,234', 2)).toEqual(ok(123400));
    expect(parseMoney('1,234,567', 2)).toEqual(ok(123456700));
    expect(parseMoney('0', 2)).toEqual(ok(0));
  });

  it('treats an empty box as no amount', () => {
    expect(parseMoney('   ', 2)).toEqual(ok(null));
  });

  it('follows the currency decimals', () => {
    expect(parseMoney('1,500', 0)).toEqual(ok(1500));
    expect(parseMoney('1.234', 3)).toEqual(ok(1234));
    expect(parseMoney('12.5', 0)).toEqual({ ok: false, error: 'This currency has no decimals.' });
    expect(parseMoney('12.3456', 2)).toEqual({ ok: false, error: 'Enter at most 2 decimal places.' });
  });

  it('refuses negative amounts unless allowed', () => {
    expect(parseMoney('-3.10', 2)).toEqual({ ok: false, error: 'The amount cannot be negative.' });
    expect(parseMoney('-3.10', 2, { allowNegative: true })).toEqual(ok(-310));
    expect(parseMoney('(3.10)', 2, { allowNegative: true })).toEqual(ok(-310));
  });

  it('refuses text that is not an amount', () => {
    expect(parseMoney('abc', 2)).toEqual({ ok: false, error: 'Enter an amount, such as 12.50.' });
    expect(parseMoney('99999999999999999', 2)).toEqual({ ok: false, error: 'The amount is too large.' });
  });
});

describe('phone numbers', () => {
  it('are stored as "+" and digits', () => {
    expect(normalizePhone(' +254 (712) 345-678 ')).toBe('+254712345678');
    expect(normalizePhone('0712 345 678')).toBe('0712345678');
    expect(normalizePhone('00254712345678')).toBe('+254712345678');
    expect(normalizePhone('')).toBe('');
  });
  it('are plausible with 7 to 15 digits', () => {
    expect(isPlausiblePhone('+254712345678')).toBe(true);
    expect(isPlausiblePhone('12345')).toBe(false);
    expect(isPlausiblePhone('+1234567890123456')).toBe(false);
  });
});
