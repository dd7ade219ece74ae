import { describe, expect, it } from 'vitest';
import { add, compare, convert, divRound, fromUnits, negate, roundTo, toUnits } from './money.js';

describe('exact decimal money', () => {
  it('parses decimals into units and back without floats', () => {
    expect(toUnits('12.345', 2)).toBe(1235n);
    expect(toUnits('-12.345', 2)).toBe(-1235n);
    expect(toUnits('12.344', 2)).toBe(1234n);
    expect(toUnits('0.1', 4)).toBe(1000n);
    expect(toUnits('99999999999999.9999', 4)).toBe(999999999999999999n);
    expect(fromUnits(1235n, 2)).toBe('12.35');
    expect(fromUnits(-5n, 4)).toBe('-0.0005');
    expect(fromUnits(7n, 0)).toBe('7');
    expect(() => toUnits('1e5', 2)).toThrow();
    expect(() => toUnits('abc', 2)).toThrow();
  });

  it('adds 0.1 + 0.2 to exactly 0.3', () => {
    expect(add('0.1', '0.2')).toBe('0.3000');
    expect(add('10', '-10.0001')).toBe('-0.0001');
    expect(negate('5.5')).toBe('-5.5000');
    expect(compare('1.00', '1')).toBe(0);
    expect(compare('-1', '1')).toBe(-1);
  });

  it('rounds half away from zero', () => {
    expect(divRound(5n, 2n)).toBe(3n);
    expect(divRound(-5n, 2n)).toBe(-3n);
    expect(divRound(4n, 3n)).toBe(1n);
    expect(roundTo('1.005', 2)).toBe('1.0100');
    expect(roundTo('-1.005', 2)).toBe('-1.0100');
    expect(roundTo('2.5', 0)).toBe('3.0000');
    expect(roundTo('1234.5678', 3)).toBe('1234.5680');
  });

  it('converts between currencies through their rates against the default', () => {
    // default USD; EUR rate 0.9 (1 USD buys 0.9 EUR): 90 EUR is 100 USD
    expect(convert('90', '0.9', '1', 2)).toBe('100.0000');
    // 100 USD into KES at 129.5
    expect(convert('100', '1', '129.5', 2)).toBe('12950.0000');
    // EUR → KES: 10 EUR / 0.9 * 129.5 = 1438.888… → 1438.89
    expect(convert('10', '0.9', '129.5', 2)).toBe('1438.8900');
    // a zero-decimal currency rounds to whole units
    expect(convert('10', '1', '149.333', 0)).toBe('1493.0000');
    expect(() => convert('1', '0', '1', 2)).toThrow();
  });
});
