import { describe, expect, it } from 'vitest';
import { pageWindow, paginator } from './paginator.js';

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
