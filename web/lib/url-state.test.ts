import { describe, expect, it } from 'vitest';
import { withUrlParams } from './url-state';

describe('withUrlParams', () => {
  it('sets, replaces and removes keys, keeping the others in place', () => {
    expect(withUrlParams('?a=1&b=2', { b: 3, c: 'x y' })).toBe('?a=1&b=3&c=x+y');
    expect(withUrlParams('?a=1&b=2', { a: '', b: undefined })).toBe('');
    expect(withUrlParams('', { page: 1, search: null })).toBe('?page=1');
  });
});
