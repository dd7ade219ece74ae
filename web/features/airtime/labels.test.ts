import { describe, expect, it } from 'vitest';
import { creditsFor, readAmount, splitNumbers } from './labels';

describe('the send dialog’s reading of what was typed', () => {
  it('splits pasted numbers on lines, commas and semicolons, dropping blanks', () => {
    expect(splitNumbers('0712 345678,+254722000001\n\n 0733 000 001 ;0744000001\r\n')).toEqual(['0712 345678', '+254722000001', '0733 000 001', '0744000001']);
    expect(splitNumbers('  \n , ')).toEqual([]);
  });

  it('reads an amount above 0 with at most two decimals, and nothing else', () => {
    expect(readAmount('100')).toBe('100');
    expect(readAmount(' 1,000.50 ')).toBe('1000.50');
    expect(readAmount('0.5')).toBe('0.5');
    for (const bad of ['', '0', '0.00', '-5', '1.234', 'ten', '12345678']) expect(readAmount(bad), bad).toBeNull();
  });

  it('prices a send exactly: recipients × amount × rate', () => {
    expect(creditsFor(2, '25', '1.0000')).toBe('50.0000');
    expect(creditsFor(3, '20.50', '0.1000')).toBe('6.1500');
    expect(creditsFor(0, '100', '1')).toBe('0.0000');
  });
});
