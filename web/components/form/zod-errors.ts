import type { z } from 'zod';
import { zodIssueMessages } from '@common/validation';

/** One message per field, keyed by the dotted path ("items.0.name"), as Inertia's `errors` holds them. */
export type FieldErrors = Record<string, string>;

/**
 * Zod issues → `{ field: message }`, the first issue of each field winning (the server sends
 * the same first message). A field whose value is missing reads "The … field is required.".
 */
export function zodIssuesToFieldErrors(issues: ReadonlyArray<z.core.$ZodIssue>, input?: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of zodIssueMessages(issues, input, 'form')) errors[field] ??= message;
  return errors;
}

/** Validates `data` with `schema`: null when it passes, else the field errors. */
export function validateWithSchema(schema: z.ZodType, data: unknown): FieldErrors | null {
  const result = schema.safeParse(data);
  return result.success ? null : zodIssuesToFieldErrors(result.error.issues, data);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The field errors of a failed JSON call: a 422 answers `{ message, errors: { field: [text] } }`
 * (RTK Query puts that body under `data`). Null when the failure carries no field errors.
 */
export function serverFieldErrors(err: unknown): FieldErrors | null {
  if (!isRecord(err)) return null;
  const body = isRecord(err.data) ? err.data : err;
  if (!isRecord(body.errors)) return null;
  const errors: FieldErrors = {};
  for (const [field, value] of Object.entries(body.errors)) {
    const text = Array.isArray(value) ? value.find((v) => typeof v === 'string') : value;
    if (typeof text === 'string' && text.trim()) errors[field] = text;
  }
  return Object.keys(errors).length ? errors : null;
}
