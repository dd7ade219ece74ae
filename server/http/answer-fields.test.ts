import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TaxRow } from '../../common/answers/accounting.js';
import { isoTimestamp as ts } from '../db/sql.js';
import { taxes } from '../modules/accounting/schema.js';
import { answerFields } from './answer-fields.js';

// answerFields is a type check: `tsc --noEmit` (the first step of `npm test`) fails if one of the
// expected errors below stops being an error, i.e. if the check stops refusing that declaration.

const taxFields = {
  id: taxes.id,
  name: taxes.name,
  rate: sql<number>`${taxes.rate}`.mapWith(Number),
  type: taxes.type,
  enabled: taxes.enabled,
  created_at: ts(taxes.createdAt),
  updated_at: ts(taxes.updatedAt),
};

describe('answerFields: a resource answers exactly the shared row type', () => {
  it('accepts the fields that read the row and hands them back unchanged', () => {
    const fields = answerFields<TaxRow>()(taxFields);
    expect(fields).toBe(taxFields);
  });

  it('refuses a missing field, an extra one and one of another type (type check)', () => {
    const { enabled: _enabled, ...missing } = taxFields;
    // @ts-expect-error -- `enabled` is missing
    answerFields<TaxRow>()(missing);
    // @ts-expect-error -- `color` is not a field of TaxRow
    answerFields<TaxRow>()({ ...taxFields, color: taxes.name });
    // @ts-expect-error -- the rate is a number in TaxRow, the numeric column reads a string
    answerFields<TaxRow>()({ ...taxFields, rate: taxes.rate });
    // @ts-expect-error -- a nullable value where the row has a string
    answerFields<TaxRow>()({ ...taxFields, name: sql<string | null>`null` });
    // attached fields are left to the resource's attach step
    answerFields<TaxRow & { taxes: string[] }, 'taxes'>()(taxFields);
    expect(true).toBe(true);
  });
});
