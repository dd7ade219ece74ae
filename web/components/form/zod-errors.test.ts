import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { passwordUpdateSchema, profileSchema } from '@common/schemas/profile';
import { serverFieldErrors, validateWithSchema, zodIssuesToFieldErrors } from './zod-errors';

describe('client-side validation with the shared schemas', () => {
  it('passes valid profile data (extra form keys such as the avatar are ignored)', () => {
    expect(validateWithSchema(profileSchema, { name: 'Ada', email: 'ada@example.com', avatar: null, remove_avatar: false })).toBeNull();
  });

  it("words profile errors as the server does", () => {
    expect(validateWithSchema(profileSchema, { name: '  ', email: 'not-an-email' })).toEqual({
      name: 'The name field is required.',
      email: 'The email field must be a valid email address.',
    });
    expect(validateWithSchema(profileSchema, { name: 'x'.repeat(256), email: 'a@b.co' })).toEqual({
      name: 'The name field must not be greater than 255 characters.',
    });
  });

  it('says a missing field is required', () => {
    expect(validateWithSchema(profileSchema, {})).toEqual({
      name: 'The name field is required.',
      email: 'The email field is required.',
    });
  });

  it('keeps the first error of each field, and the schema’s own message for a mismatch', () => {
    expect(validateWithSchema(passwordUpdateSchema, { current_password: '', password: 'short', password_confirmation: 'other' })).toEqual({
      current_password: 'The current password field is required.',
      password: 'The password field must be at least 8 characters.',
    });
    expect(validateWithSchema(passwordUpdateSchema, { current_password: 'old', password: 'long enough', password_confirmation: 'different' })).toEqual({
      password: 'The password field confirmation does not match.',
    });
    expect(validateWithSchema(passwordUpdateSchema, { current_password: 'old', password: 'long enough', password_confirmation: 'long enough' })).toBeNull();
  });

  it('keys nested fields by their dotted path and rewords other zod defaults', () => {
    const schema = z.object({
      items: z.array(z.object({ qty: z.number().min(1) })).min(1),
      kind: z.enum(['a', 'b']),
      age: z.number(),
    });
    expect(validateWithSchema(schema, { items: [{ qty: 0 }], kind: 'c', age: 'x' })).toEqual({
      'items.0.qty': 'The qty field must be at least 1.',
      kind: 'The selected kind is invalid.',
      age: 'The age field must be a number.',
    });
    const input = { items: [], kind: 'a', age: 1 };
    expect(zodIssuesToFieldErrors(schema.safeParse(input).error!.issues, input)).toEqual({
      items: 'The items field must have at least 1 items.',
    });
  });
});

describe("the server's field errors", () => {
  it('come from a 422 answer, first message of each field', () => {
    const err = { status: 422, data: { message: 'The email has already been taken.', errors: { email: ['The email has already been taken.', 'x'] } } };
    expect(serverFieldErrors(err)).toEqual({ email: 'The email has already been taken.' });
    expect(serverFieldErrors({ errors: { name: 'Required.' } })).toEqual({ name: 'Required.' });
  });

  it('are null when the failure has none', () => {
    expect(serverFieldErrors({ status: 500, data: { message: 'Server Error' } })).toBeNull();
    expect(serverFieldErrors({ status: 'FETCH_ERROR', error: 'TypeError' })).toBeNull();
    expect(serverFieldErrors({ data: { errors: { name: [] } } })).toBeNull();
    expect(serverFieldErrors(null)).toBeNull();
  });
});
