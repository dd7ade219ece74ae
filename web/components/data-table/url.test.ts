import { describe, expect, it } from 'vitest';
import { tableStateFromUrl, tableStateToUrl } from './url';
import type { TableFilter } from './query';

const TYPE: TableFilter = { name: 'type', label: 'Type', options: [{ value: '', label: 'All' }, { value: 'purchase', label: 'Purchase' }] };
const defaults = { sort: { id: 'created_at', desc: true } };

describe('a list state in the address', () => {
  it('reads what the address says and keeps defaults for the rest', () => {
    const state = tableStateFromUrl(new URLSearchParams('search=sms&type=purchase&page=3&per_page=50&sort=credits&order=asc'), [TYPE], defaults);
    expect(state).toEqual({ search: 'sms', filters: { type: 'purchase' }, page: 3, perPage: 50, sort: { id: 'credits', desc: false } });
    expect(tableStateFromUrl(new URLSearchParams(''), [TYPE], defaults)).toEqual({ search: '', filters: { type: '' }, page: 1, perPage: 15, sort: { id: 'created_at', desc: true } });
  });

  it('ignores values the list does not offer: a filter choice, a page size, a page, a sort key', () => {
    const state = tableStateFromUrl(new URLSearchParams('type=hack&per_page=9999&page=-4&sort=a;drop'), [TYPE], defaults);
    expect(state.filters.type).toBe('');
    expect(state.perPage).toBe(15);
    expect(state.page).toBe(1);
    expect(state.sort).toEqual(defaults.sort);
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    const untouched = tableStateFromUrl(new URLSearchParams(''), [TYPE], defaults);
    expect(Object.values(tableStateToUrl(untouched, [TYPE], defaults)).filter(Boolean)).toEqual([]);
    const state = { search: ' airtime ', filters: { type: 'purchase' }, page: 2, perPage: 25, sort: { id: 'credits', desc: true } };
    const keys = tableStateToUrl(state, [TYPE], defaults);
    expect(keys).toEqual({ search: 'airtime', page: '2', per_page: '25', sort: 'credits', order: 'desc', type: 'purchase' });
    const query = new URLSearchParams(Object.entries(keys).filter((e): e is [string, string] => e[1] !== undefined));
    expect(tableStateFromUrl(query, [TYPE], defaults)).toEqual({ ...state, search: 'airtime' });
  });
});
