import type { z } from 'zod';

/** One message per field, keyed by the dotted path ("items.0.name"), as Inertia's `errors` holds them. */
export type FieldErrors = Record<string, string>;

// Zod's own default sentences ("Too small: …", "Invalid email address") are reworded into the
// server's Laravel-style sentences, so a field shows the same text whichever side caught the mistake.
const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Expected|Unrecognized|Number must|String must)/;

const labelOf = (field: string) => (field.split('.').pop() ?? field).replace(/_/g, ' ');

function valueAt(input: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let v: unknown = input;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
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

function sentence(field: string, issue: z.core.$ZodIssue): string {
  const name = labelOf(field);
  const i = issue as z.core.$ZodIssue & Record<string, unknown>;
  // A message written in the schema wins.
  if (issue.code === 'custom' || (issue.message && !ZOD_DEFAULT.test(issue.message))) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      // zod 4 leaves the input out of issues unless asked; its message says what it received
      if ('input' in i ? i.input == null : /received (undefined|null)/.test(issue.message)) return `The ${name} field is required.`;
      return `The ${name} field must be ${article(String(i.expected))}.`;
    case 'too_small':
      if (i.origin === 'string') {
        return Number(i.minimum) <= 1 ? `The ${name} field is required.` : `The ${name} field must be at least ${i.minimum} characters.`;
      }
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
    default:
      return issue.message || `The ${name} field is invalid.`;
  }
}

/**
 * Zod issues → `{ field: message }`, the first issue of each field winning (the server sends
 * the same first message). A field whose value is missing reads "The … field is required.".
 */
export function zodIssuesToFieldErrors(issues: ReadonlyArray<z.core.$ZodIssue>, input?: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : 'form';
    if (field in errors) continue;
    const missing = issue.path.length > 0 && issue.code !== 'custom' && valueAt(input, issue.path) == null;
    errors[field] = missing ? `The ${labelOf(field)} field is required.` : sentence(field, issue);
  }
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
