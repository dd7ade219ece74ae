import { describe, expect, it } from 'vitest';
import { documentSchema } from '@common/schemas/documents';
import { registerFormSchema, registerSchema } from '@common/schemas/auth';
import { normalizePhone } from './phone';
import { errorSummary } from './refused';
import { validateWithSchema } from './zod-errors';

describe('a refused submit', () => {
  it('sums every error up in one sentence for screen readers, counting the fields', () => {
    expect(errorSummary({ contact_id: 'The customer field is required.', 'items.0.name': 'The name field is required.' })).toBe(
      'Not saved. 2 fields need attention: The customer field is required. The name field is required.',
    );
    expect(errorSummary({ name: 'The name field is required.' })).toBe('Not saved. One field needs attention: The name field is required.');
    expect(errorSummary({})).toBe('');
  });

  it('gets every error of a new invoice at once: no customer, an empty line name, a due date before the issue date', () => {
    const errors = validateWithSchema(documentSchema, {
      type: 'invoice',
      contact_id: null,
      issued_at: '2026-03-10',
      due_at: '2026-03-01',
      items: [{ name: '', quantity: '1', price: '0', tax_ids: [] }],
    });
    expect(errors).toEqual({
      contact_id: 'The contact id field is required.',
      'items.0.name': 'The name field is required.',
      due_at: 'The due at field must be a date after or equal to issued at.',
    });
  });

  it('gets every registration error at once, the country and the password confirmation with the rest', () => {
    const errors = validateWithSchema(registerFormSchema, { name: '', company_name: '', country: '', email: 'nope', password: 'long-enough-1', password_confirmation: 'other-one-22' });
    expect(Object.keys(errors ?? {}).sort()).toEqual(['company_name', 'country', 'email', 'name', 'password']);
    expect(errors?.country).toBe('The country field is required.');
    expect(errors?.password).toBe('The password field confirmation does not match.');
    expect(validateWithSchema(registerFormSchema, { name: 'A', company_name: 'B', country: 'XX', email: 'a@b.test', password: 'long-enough-1', password_confirmation: 'long-enough-1' })).toEqual({
      country: 'The selected country is invalid.',
    });
    // the server's schema takes no country (API clients start in USD and UTC), but not an unknown one
    const good = { name: 'A', company_name: 'B', email: 'a@b.test', password: 'long-enough-1', password_confirmation: 'long-enough-1' };
    expect(registerSchema.safeParse(good).success).toBe(true);
    expect(registerSchema.parse({ ...good, country: 'ke' }).country).toBe('KE');
    expect(validateWithSchema(registerSchema, { ...good, country: 'XX' })).toEqual({ country: 'The selected country is invalid.' });
  });
});

describe('the phone country', () => {
  it('gives a national number (one trunk 0) the company calling code, and leaves international ones alone', () => {
    expect(normalizePhone('0712 345 678', '254')).toBe('+254712345678');
    expect(normalizePhone('+44 20 7946 0958', '254')).toBe('+442079460958');
    expect(normalizePhone('00255 712 345 678', '254')).toBe('+255712345678');
    expect(normalizePhone('0712 345 678')).toBe('0712345678');
    expect(normalizePhone('712345678', '254')).toBe('712345678');
  });
});
