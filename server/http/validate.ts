import type { z } from 'zod';
import { zodIssueMessages } from '../../common/validation.js';
import { ValidationError, type FieldErrors } from './errors.js';

/** Parses input with a zod schema; failures become a 422 in Laravel's shape and wording. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw new ValidationError(zodToFieldErrors(result.error, input));
}

export function zodToFieldErrors(error: z.ZodError, input?: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of zodIssueMessages(error.issues, input, 'input')) (errors[field] ??= []).push(message);
  return errors;
}
