import { describe, expect, it } from 'vitest';
import { EXACT_TOTAL_LIMIT, EstimatedTotals, roundEstimate, settleTotal } from './list-totals.js';

describe('settleTotal', () => {
  const base = { offset: 0, perPage: 15, counted: null, remembered: null };

  it('takes a partly filled page as the end of the list, whatever was counted or remembered', () => {
    expect(settleTotal({ ...base, offset: 30, rows: 4, remembered: 1_200_000 })).toEqual({ total: 34, estimated: false });
    expect(settleTotal({ ...base, rows: 7, counted: 7 })).toEqual({ total: 7, estimated: false });
  });

  it('keeps a count up to the limit exact, and asks for an estimate above it', () => {
    expect(settleTotal({ ...base, rows: 15, counted: EXACT_TOTAL_LIMIT })).toEqual({ total: EXACT_TOTAL_LIMIT, estimated: false });
    expect(settleTotal({ ...base, rows: 15, counted: EXACT_TOTAL_LIMIT + 1 })).toBe('estimate');
  });

  it('answers a remembered estimate as an estimate, never below the rows already seen', () => {
    expect(settleTotal({ ...base, rows: 15, remembered: 20_000 })).toEqual({ total: 20_000, estimated: true });
    expect(settleTotal({ ...base, offset: 30_000, rows: 15, remembered: 20_000 })).toEqual({ total: 30_015, estimated: true });
  });

  it('counts again past the end of a remembered estimate, or when nothing was counted', () => {
    expect(settleTotal({ ...base, offset: 45_000, rows: 0, remembered: 50_000 })).toBe('count');
    expect(settleTotal({ ...base, rows: 0 })).toBe('count');
  });
});

describe('roundEstimate', () => {
  it('shows two significant figures, never less than what is known to exist', () => {
    expect(roundEstimate(1_234_567, 10_001)).toBe(1_200_000);
    expect(roundEstimate(1_250_001, 10_001)).toBe(1_300_000);
    expect(roundEstimate(8_000, 10_001)).toBe(10_001);
    expect(roundEstimate(10_400, 10_001)).toBe(10_001);
    expect(roundEstimate(10_600, 10_001)).toBe(11_000);
    expect(roundEstimate(42, 0)).toBe(42);
  });
});

describe('EstimatedTotals', () => {
  it('remembers for its time limit, then forgets', () => {
    let now = 0;
    const totals = new EstimatedTotals(60_000, () => now);
    totals.set('a', 1_000_000);
    now = 59_000;
    expect(totals.get('a')).toBe(1_000_000);
    now = 61_000;
    expect(totals.get('a')).toBeNull();
  });

  it('forgets on demand', () => {
    const totals = new EstimatedTotals();
    totals.set('a', 20_000);
    totals.forget('a');
    expect(totals.get('a')).toBeNull();
  });
});
