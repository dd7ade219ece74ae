import type { z } from 'zod';
import { ValidationError, type FieldErrors } from './errors.js';

/** Parses input with a zod schema; failures become a 422 in Laravel's shape. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw new ValidationError(zodToFieldErrors(result.error, input));
}

export function zodToFieldErrors(error: z.ZodError, input?: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : 'input';
    const missing = issue.path.length > 0 && issue.code !== 'custom' && valueAt(input, issue.path) == null;
    (errors[field] ??= []).push(missing ? `The ${label(field)} field is required.` : message(field, issue));
  }
  return errors;
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let v: unknown = input;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Expected|Unrecognized|Number must|String must)/;

const label = (field: string) => field.split('.').pop()!.replace(/_/g, ' ');

/** Laravel-worded messages, so the pages and any API client read the same sentences. */
function message(field: string, issue: z.core.$ZodIssue): string {
  const name = label(field);
  const i = issue as z.core.$ZodIssue & Record<string, unknown>;
  // a message written in the schema wins; zod's own defaults are reworded below
  if (issue.code === 'custom' || (issue.message && !ZOD_DEFAULT.test(issue.message))) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      if ('input' in i ? i.input == null : /received (undefined|null)/.test(issue.message)) {
        return `The ${name} field is required.`;
      }
      return `The ${name} field must be ${article(String(i.expected))}.`;
    case 'too_small':
      if (i.origin === 'string')
        return Number(i.minimum) <= 1 ? `The ${name} field is required.` : `The ${name} field must be at least ${i.minimum} characters.`;
      if (i.origin === 'array') return `The ${name} field must have at least ${i.minimum} items.`;
      return `The ${name} field must be at least ${i.minimum}.`;
    case 'too_big':
      if (i.origin === 'string') return `The ${name} field must not be greater than ${i.maximum} characters.`;
      if (i.origin === 'array') return `The ${name} field must not have more than ${i.maximum} items.`;
      return `The ${name} field must not be greater than ${i.maximum}.`;
    case 'invalid_format':
      if (i.format === 'email') return `The ${name} field must be a valid email address.`;
      if (i.format === 'url') return `The ${name} field must be a valid URL.`;
      return `The ${name} field format is invalid.`;
    case 'invalid_value':
      return `The selected ${name} is invalid.`;
    case 'unrecognized_keys':
      return `Unknown field${(i.keys as string[]).length > 1 ? 's' : ''}: ${(i.keys as string[]).join(', ')}.`;
    default:
      return issue.message || `The ${name} field is invalid.`;
  }
}

function article(type: string): string {
  const map: Record<string, string> = {
    string: 'a string',
    number: 'a number',
    int: 'an integer',
    boolean: 'true or false',
    array: 'an array',
    object: 'an object',
    date: 'a valid date',
  };
  return map[type] ?? `a valid ${type}`;
}
