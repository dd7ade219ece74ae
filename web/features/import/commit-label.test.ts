import { describe, expect, it } from 'vitest';
import { commitLabel } from './commit-label';

describe('the import button', () => {
  it('names the count it will import', () => {
    expect(commitLabel({ valid: 3003, invalid: 0 }, 'customers')).toBe('Import 3,003 customers');
  });

  it('claims no count while rows have errors (nothing is imported then) or when there is nothing', () => {
    expect(commitLabel({ valid: 2, invalid: 1 }, 'customers')).toBe('Import customers (fix the errors first)');
    expect(commitLabel({ valid: 2, invalid: 1 }, 'customers')).not.toMatch(/\d/);
    expect(commitLabel({ valid: 0, invalid: 0 }, 'customers')).toBe('No customers to import');
  });
});
