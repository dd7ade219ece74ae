import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TaxRow } from '../../common/answers/accounting.js';
import { taxes } from '../modules/accounting/schema.js';
import { taxFields } from '../modules/accounting-settings/taxes.js';
import { answerFields } from './answer-fields.js';

// answerFields is a type check: `tsc --noEmit` (the first step of `npm test`) fails if one of the
// expected errors below stops being an error, i.e. if the check stops refusing that declaration.

describe('answerFields: a resource answers exactly the shared row type', () => {
  it('accepts the fields that read the row and hands them back unchanged', () => {
    expect(answerFields<TaxRow>()(taxFields)).toBe(taxFields);
    // attached fields are left to the resource's attach step
    expect(answerFields<TaxRow & { taxes: string[] }, 'taxes'>()(taxFields)).toBe(taxFields);
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
  });
});
