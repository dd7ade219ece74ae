import { describe, expect, it } from 'vitest';
import { EXACT_TOTAL_LIMIT, EstimatedTotals, roundEstimate, settleTotal } from './list-totals.js';
import { pageWindow, paginator } from './paginator.js';

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

describe('paginator', () => {
  const page = (o: Partial<Parameters<typeof paginator>[1]> = {}) =>
    paginator(['x', 'y'], { total: 32, page: 2, perPage: 15, path: '/things/json', query: { search: 'a b', page: 9 }, ...o });

  it('is Laravel’s length-aware paginator, with the caller’s query kept in its links', () => {
    const p = page();
    expect(Object.keys(p).sort()).toEqual(
      ['current_page', 'data', 'first_page_url', 'from', 'last_page', 'last_page_url', 'links', 'next_page_url', 'path', 'per_page', 'prev_page_url', 'to', 'total'].sort(),
    );
    expect(p).toMatchObject({ current_page: 2, from: 16, to: 17, last_page: 3, total: 32, per_page: 15 });
    expect(p.next_page_url).toBe('/things/json?search=a+b&page=3');
    expect(p.prev_page_url).toBe('/things/json?search=a+b&page=1');
    expect(p.links.map((l) => l.label)).toEqual(['&laquo; Previous', '1', '2', '3', 'Next &raquo;']);
    expect(p.links.find((l) => l.active)?.label).toBe('2');
  });

  it('marks an estimated total, and only then', () => {
    expect(page({ total: 1_200_000, estimated: true }).total_estimated).toBe(true);
    expect('total_estimated' in page()).toBe(false);
  });

  it('has no from/to on an empty page and one last page at least', () => {
    const p = paginator([], { total: 0, page: 1, perPage: 15, path: '/x', query: {} });
    expect(p).toMatchObject({ from: null, to: null, last_page: 1, next_page_url: null, prev_page_url: null });
  });

  it('windows long page lists as Laravel does', () => {
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 50)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, null, 49, 50]);
    expect(pageWindow(25, 50)).toEqual([1, 2, null, 22, 23, 24, 25, 26, 27, 28, null, 49, 50]);
    expect(pageWindow(50, 50)).toEqual([1, 2, null, 43, 44, 45, 46, 47, 48, 49, 50]);
  });
});
