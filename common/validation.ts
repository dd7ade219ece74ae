import type { z } from 'zod';

/**
 * Zod issues worded as Laravel words them ("The email field is required."), shared by the
 * server's 422 answers and the forms' own checks, so a field shows the same sentence
 * whichever side caught the mistake. A message written in the schema wins.
 */
export function zodIssueMessages(
  issues: ReadonlyArray<z.core.$ZodIssue>,
  input: unknown,
  rootField: string,
): { field: string; message: string }[] {
  return issues.map((issue) => {
    const field = issue.path.length ? issue.path.map(String).join('.') : rootField;
    // zod reports a missing value with the type it wanted; Laravel says "required"
    const missing = issue.path.length > 0 && issue.code !== 'custom' && valueAt(input, issue.path) == null;
    return { field, message: missing ? `The ${labelOf(field)} field is required.` : sentence(field, issue) };
  });
}

const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Expected|Unrecognized|Number must|String must)/;

export const labelOf = (field: string) => (field.split('.').pop() ?? field).replace(/_/g, ' ');

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
    case 'unrecognized_keys':
      return `Unknown field${(i.keys as string[]).length > 1 ? 's' : ''}: ${(i.keys as string[]).join(', ')}.`;
    default:
      return issue.message || `The ${name} field is invalid.`;
  }
}

/** U+0000: PostgreSQL stores no NUL in text or jsonb, so no field may carry one. */
const NUL = '\u0000';

/**
 * Every text value in `input` (at any depth, and any key) that holds a NUL character, as the
 * field it sits in and Laravel's sentence: "The name field must not contain a NUL character.".
 * The server applies it to every request body before any route reads it, so every field of every
 * form, present or future, answers 422 instead of reaching the database. Iterative, so a deeply
 * nested body cannot exhaust the stack; stops after `limit` findings.
 */
export function nulCharacterIssues(input: unknown, rootField = 'input', limit = 20): { field: string; message: string }[] {
  type Step = { key: string; up: Step | null } | null;
  const found: { field: string; message: string }[] = [];
  const report = (at: Step) => {
    const keys: string[] = [];
    for (let s = at; s; s = s.up) keys.push(s.key);
    const field = keys.length ? keys.reverse().join('.') : rootField;
    found.push({ field, message: `The ${labelOf(field)} field must not contain a NUL character.` });
  };
  // the path is a chain back to the root, so a deep body costs no copying of paths
  const todo: { value: unknown; at: Step }[] = [{ value: input, at: null }];
  while (todo.length && found.length < limit) {
    const { value, at } = todo.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) report(at);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) todo.push({ value: value[i], at: { key: String(i), up: at } });
    } else if (value !== null && typeof value === 'object') {
      // Buffers, streams, files: not text a client typed
      if (!isPlainObject(value)) continue;
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i];
        // a NUL in a key is named with the NUL shown, so the answer stays printable
        if (key.includes(NUL)) report({ key: key.replaceAll(NUL, '\\u0000'), up: at });
        else todo.push({ value: (value as Record<string, unknown>)[key], at: { key, up: at } });
      }
    }
  }
  return found;
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
