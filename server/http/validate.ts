import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { nulCharacterIssues, zodIssueMessages } from '../../common/validation.js';
import { ValidationError, type FieldErrors } from './errors.js';

/**
 * Parses input with a zod schema; failures become a 422 in Laravel's shape and wording. A NUL
 * character in any field is refused first (input read outside the body hook: multipart fields).
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  refuseNul(input);
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw new ValidationError(zodToFieldErrors(result.error, input));
}

/** The field errors for every NUL character in `input`, or null when it holds none. */
export function nulFieldErrors(input: unknown): FieldErrors | null {
  const issues = nulCharacterIssues(input);
  if (!issues.length) return null;
  const errors: FieldErrors = {};
  for (const { field, message } of issues) (errors[field] ??= []).push(message);
  return errors;
}

function refuseNul(input: unknown) {
  const errors = nulFieldErrors(input);
  if (errors) throw new ValidationError(errors);
}

export function zodToFieldErrors(error: z.ZodError, input?: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of zodIssueMessages(error.issues, input, 'input')) (errors[field] ??= []).push(message);
  return errors;
}

/**
 * Text that PostgreSQL cannot store never reaches a route: a NUL character (U+0000) anywhere in
 * a parsed request body answers 422 naming the field (a form gets it back as its errors), for
 * every route and every field, present or future, whatever schema the route validates with.
 * Registered after the session and auth hooks, so 401, 403 and 419 still come first.
 */
export function refuseNulCharacters(app: FastifyInstance) {
  app.addHook('preHandler', async (req) => {
    if (req.body !== undefined && req.body !== null) refuseNul(req.body);
  });
}
