import { describe, expect, it } from 'vitest';
import { defaultOption, findOption, optionsFrom, rowsOf } from './options';

describe('async select options', () => {
  const rows = [
    { id: 1, name: 'Acme' },
    { id: 2, title: 'Beta' },
    { id: 3, email: 'c@example.com' },
  ];

  it('read a plain array, a paginator, or either under data', () => {
    expect(rowsOf(rows)).toHaveLength(3);
    expect(rowsOf({ current_page: 1, data: rows })).toHaveLength(3);
    expect(rowsOf({ data: { current_page: 1, data: rows } })).toHaveLength(3);
    expect(rowsOf({ message: 'nope' })).toEqual([]);
    expect(rowsOf(null)).toEqual([]);
  });

  it('take id and the first of name, title, label, email', () => {
    expect(optionsFrom(rows)).toEqual([
      { value: 1, label: 'Acme' },
      { value: 2, label: 'Beta' },
      { value: 3, label: 'c@example.com' },
    ]);
    expect(defaultOption({ id: 9 })).toEqual({ value: 9, label: '9' });
    expect(defaultOption({ name: 'no id' })).toBeNull();
  });

  it('skip duplicates and rows the map refuses', () => {
    expect(optionsFrom([...rows, { id: 1, name: 'Again' }, 'junk'])).toHaveLength(3);
    expect(optionsFrom(rows, (r) => ((r as { id: number }).id > 1 ? { value: `x${(r as { id: number }).id}`, label: 'X' } : null))).toEqual([
      { value: 'x2', label: 'X' },
      { value: 'x3', label: 'X' },
    ]);
  });

  it('find an option from a select’s string value', () => {
    expect(findOption(optionsFrom(rows), '2')).toEqual({ value: 2, label: 'Beta' });
    expect(findOption(optionsFrom(rows), '7')).toBeUndefined();
  });
});
