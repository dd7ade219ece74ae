import { describe, expect, it } from 'vitest';
import { exportHref } from './export';

describe('exportHref', () => {
  it('keeps the search, filters, fixed params and sort, drops paging, adds the format', () => {
    const href = exportHref('/accounting/contacts/export', { page: 3, per_page: 25, search: 'kito & co', type: 'customer', enabled: 'true', sort_by: 'name', sort_order: 'desc', filter: undefined }, 'csv');
    expect(href).toBe('/accounting/contacts/export?search=kito+%26+co&type=customer&enabled=true&sort_by=name&sort_order=desc&format=csv');
  });

  it('adds to a URL that already has a query', () => {
    expect(exportHref('/x/export?scope=all', { page: 1, per_page: 15 }, 'xlsx')).toBe('/x/export?scope=all&format=xlsx');
  });
});
