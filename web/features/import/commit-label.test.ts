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

  it('says what is imported and what is skipped once the user chose to skip the rows with errors', () => {
    expect(commitLabel({ valid: 2, invalid: 1 }, 'contacts', true)).toBe('Import 2 contacts and skip 1 row');
    expect(commitLabel({ valid: 1200, invalid: 3 }, 'contacts', true)).toBe('Import 1,200 contacts and skip 3 rows');
    // skipping every row imports nothing: no count to claim
    expect(commitLabel({ valid: 0, invalid: 4 }, 'contacts', true)).toBe('No contacts to import');
    // nothing to skip: the plain count
    expect(commitLabel({ valid: 5, invalid: 0 }, 'contacts', true)).toBe('Import 5 contacts');
  });

  it('names the rows that update existing records', () => {
    expect(commitLabel({ valid: 5, invalid: 0, merging: 2 }, 'contacts')).toBe('Import 5 contacts (2 updating existing ones)');
    expect(commitLabel({ valid: 5, invalid: 1, merging: 2 }, 'contacts', true)).toBe('Import 5 contacts (2 updating existing ones) and skip 1 row');
    expect(commitLabel({ valid: 5, invalid: 0, merging: 0 }, 'contacts')).toBe('Import 5 contacts');
  });
});
