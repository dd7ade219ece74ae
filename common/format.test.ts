import { describe, expect, it } from 'vitest';
import { formatCompactMoney, formatCount, formatDate, formatDateTime, formatFigure, formatMoney, formatMonth, plainCurrency } from './format.js';

const kes = { code: 'KES', precision: 2, symbol: 'KSh', symbol_first: true, decimal_mark: '.', thousands_separator: ',' };
const eur = { code: 'EUR', precision: 2, symbol: '€', symbol_first: false, decimal_mark: ',', thousands_separator: '.' };

describe('the one money format', () => {
  it("follows the currency's symbol, its position, decimals and separators, exactly", () => {
    expect(formatMoney('5540160', kes)).toBe('KSh5,540,160.00');
    expect(formatMoney('1234567.5', kes)).toBe('KSh1,234,567.50');
    expect(formatMoney('-1234.567', eur)).toBe('-1.234,57 €');
    expect(formatMoney('0', { ...kes, precision: 0 })).toBe('KSh0');
    expect(formatMoney('12180.0000', { ...kes, thousands_separator: ' ' })).toBe('KSh12 180.00');
    // beyond a float's exact range, still every digit
    expect(formatMoney('123456789012345.67', kes)).toBe('KSh123,456,789,012,345.67');
    expect(formatMoney(null, kes)).toBe('');
    expect(formatMoney('abc', kes)).toBe('');
  });

  it('a currency known only by its code puts the code after the figure; no symbol falls back to the code', () => {
    expect(formatMoney('4500', plainCurrency('USD'))).toBe('4,500.00 USD');
    expect(formatMoney('4500', { ...kes, symbol: '' })).toBe('KES4,500.00');
  });

  it('a figure alone keeps the marks and decimals without the symbol', () => {
    expect(formatFigure('4500000', kes)).toBe('4,500,000.00');
    expect(formatFigure('-4500.5', eur)).toBe('-4.500,50');
  });

  it('chart axes are compact: 4.5M, not 4,500,000.00', () => {
    expect(formatCompactMoney(4_500_000, kes)).toBe('KSh4.5M');
    expect(formatCompactMoney(4_000_000, kes)).toBe('KSh4M');
    expect(formatCompactMoney(20_800_000, eur)).toBe('20,8M €');
    expect(formatCompactMoney(950, kes)).toBe('KSh950');
    expect(formatCompactMoney(12_300, kes)).toBe('KSh12.3K');
    expect(formatCompactMoney(-1_250_000_000, kes)).toBe('-KSh1.3B');
    expect(formatCompactMoney(0, kes)).toBe('KSh0');
  });

  it('counts group thousands', () => {
    expect(formatCount(50000)).toBe('50,000');
  });
});

describe('the one date format', () => {
  it("writes a calendar day in the company's format, never shifting it", () => {
    expect(formatDate('2026-11-24')).toBe('24 Nov 2026');
    expect(formatDate('2026-11-24', 'DD/MM/YYYY')).toBe('24/11/2026');
    expect(formatDate('2026-11-24', 'MM/DD/YYYY')).toBe('11/24/2026');
    expect(formatDate('2026-11-24', 'YYYY-MM-DD')).toBe('2026-11-24');
    expect(formatDate('2026-11-24', 'DD.MM.YYYY')).toBe('24.11.2026');
    expect(formatDate('2026-11-24', 'DD MMM YYYY', 'Pacific/Honolulu')).toBe('24 Nov 2026');
  });

  it("shows a moment as the day it is in the company's time zone", () => {
    expect(formatDate('2026-11-24T22:30:00Z', 'DD MMM YYYY', 'Africa/Nairobi')).toBe('25 Nov 2026');
    expect(formatDate('2026-11-24T22:30:00Z', 'DD MMM YYYY', 'UTC')).toBe('24 Nov 2026');
    expect(formatDate('2026-11-24T22:30:00Z', 'DD MMM YYYY', 'Not/AZone')).toBe('24 Nov 2026');
    expect(formatDateTime('2026-11-24T22:30:00Z', 'DD/MM/YYYY', 'Africa/Nairobi')).toBe('25/11/2026, 01:30');
  });

  it('leaves nothing as nothing and text that is not a date as it is', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('soon')).toBe('soon');
  });

  it('names months for charts', () => {
    expect(formatMonth('2026-03')).toEqual({ short: 'Mar', long: 'March 2026' });
    expect(formatMonth('2026-03', true).short).toBe('Mar 26');
  });
});
