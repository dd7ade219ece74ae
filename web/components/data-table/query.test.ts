import { describe, expect, it } from 'vitest';
import { buildListParams, nextSort, pageSummary, pageWindow, paramsKey, toPage, type TableFilter } from './query';

const base = { page: 1, perPage: 15, search: '', sort: null, filters: {} };

describe('list query parameters', () => {
  it('always send page and per_page', () => {
    expect(buildListParams(base)).toEqual({ page: 1, per_page: 15 });
  });

  it('send a trimmed search only when there is one', () => {
    expect(buildListParams({ ...base, search: '  acme ' })).toEqual({ page: 1, per_page: 15, search: 'acme' });
    expect(buildListParams({ ...base, search: '   ' })).not.toHaveProperty('search');
  });

  it('send the sort as sort_by / sort_order', () => {
    expect(buildListParams({ ...base, sort: { id: 'created_at', desc: true } })).toMatchObject({ sort_by: 'created_at', sort_order: 'desc' });
    expect(buildListParams({ ...base, sort: { id: 'name', desc: false } })).toMatchObject({ sort_by: 'name', sort_order: 'asc' });
  });

  it('send filters as their own parameter or as filter_by/filter', () => {
    const filters: TableFilter[] = [
      { name: 'filter', label: 'Show', options: [], defaultValue: 'all' },
      { name: 'type', label: 'Type', options: [], param: 'type' },
      { name: 'status', label: 'Status', options: [], mode: 'filter_by' },
    ];
    expect(buildListParams(base, filters)).toEqual({ page: 1, per_page: 15, filter: 'all' });
    expect(buildListParams({ ...base, filters: { filter: 'unread', type: 'customer', status: 'paid' } }, filters)).toEqual({
      page: 1,
      per_page: 15,
      filter: 'paid', // the filter_by pair wins over a param of the same name
      type: 'customer',
      filter_by: 'status',
    });
    expect(buildListParams({ ...base, filters: { filter: 'unread', type: '' } }, filters.slice(0, 2))).toEqual({ page: 1, per_page: 15, filter: 'unread' });
  });

  it('add fixed parameters and never send page 0', () => {
    expect(buildListParams({ ...base, page: 0, perPage: 50 }, [], { type: 'vendor', paginate: true })).toEqual({
      type: 'vendor',
      paginate: true,
      page: 1,
      per_page: 50,
    });
  });

  it('give the same key whatever the order of the parameters', () => {
    expect(paramsKey({ page: 2, per_page: 15, search: 'a' })).toBe(paramsKey({ search: 'a', per_page: 15, page: 2, sort_by: undefined }));
  });
});

describe('answers', () => {
  const paginator = { current_page: 2, data: [{ id: 16 }], per_page: 15, from: 16, to: 16, total: 16, last_page: 2, links: [] };

  it('take a paginator as it is', () => {
    expect(toPage(paginator as never)).toBe(paginator);
    expect(toPage({ data: paginator } as never)).toBe(paginator);
  });

  it('make one page of a plain array', () => {
    expect(toPage([{ id: 1 }, { id: 2 }])).toEqual({ current_page: 1, data: [{ id: 1 }, { id: 2 }], per_page: 2, from: 1, to: 2, total: 2, last_page: 1 });
    expect(toPage([])).toMatchObject({ total: 0, from: null, to: null });
    expect(toPage(undefined)).toBeNull();
  });

  it('summarise the page', () => {
    expect(pageSummary(paginator)).toBe('Showing 16 to 16 of 16 results');
    expect(pageSummary({ from: 1, to: 1, total: 1 })).toBe('Showing 1 to 1 of 1 result');
    expect(pageSummary({ from: null, to: null, total: 0 })).toBe('No results');
    expect(pageSummary({ from: 1, to: 15, total: 1_200_000, total_estimated: true })).toBe('Showing 1 to 15 of about 1.2M results');
  });
});

describe('page links', () => {
  it('show the first, the last and the neighbours, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(1, 10)).toEqual([1, 2, null, 10]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, null, 10]); // a one-page gap shows the page
    expect(pageWindow(10, 10)).toEqual([1, null, 9, 10]);
  });
});

describe('sorting by a header', () => {
  it('starts a column in its first direction and flips it after', () => {
    expect(nextSort(null, 'title')).toEqual({ id: 'title', desc: false });
    expect(nextSort({ id: 'title', desc: false }, 'title')).toEqual({ id: 'title', desc: true });
    expect(nextSort({ id: 'title', desc: true }, 'title')).toEqual({ id: 'title', desc: false });
    expect(nextSort({ id: 'title', desc: false }, 'created_at', true)).toEqual({ id: 'created_at', desc: true });
  });
});
