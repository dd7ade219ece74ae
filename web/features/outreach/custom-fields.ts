import type { CustomFieldType } from '@common/outreach';
import { DATE_OPS, NUMBER_OPS, TEXT_OPS, type Condition } from '@common/segments';

// The company's own contact fields on the pages (decision 0029): the form's values and what is
// sent for them, what Contacts/Show lists, and what the rule editor offers per field type.

/** What the pages need of a field (a row of /contacts/fields/json). */
export type FieldDef = { key: string; label: string; type: CustomFieldType; choices: string[] };

type Stored = Record<string, string | number | null | undefined> | null | undefined;

/** The form's text per field: every defined field has a box, empty when the contact has no value. */
export function customFormValues(fields: readonly FieldDef[], stored: Stored): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.key, stored?.[f.key] == null ? '' : String(stored[f.key])]));
}

/**
 * What a save sends as `custom`: one entry per defined field (an empty box is null, which clears a
 * stored value), numbers as numbers when they read as one (else the text, for the server's
 * sentence). Values typed for fields deleted meanwhile are not sent (the server would refuse them).
 */
export function customInput(fields: readonly FieldDef[], values: Record<string, string | undefined>): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {};
  for (const f of fields) {
    const text = (values[f.key] ?? '').trim();
    if (!text) out[f.key] = null;
    else if (f.type === 'number' && /^-?\d+(\.\d+)?$/.test(text)) out[f.key] = Number(text);
    else out[f.key] = text;
  }
  return out;
}

/** Contacts/Show: the contact's values in the fields' order, then any kept under a key no field has now. */
export function shownCustomValues(fields: readonly FieldDef[], stored: Stored): { key: string; label: string; type: CustomFieldType; value: string }[] {
  const known = new Set(fields.map((f) => f.key));
  const present = (v: unknown) => v !== null && v !== undefined && v !== '';
  return [
    ...fields.filter((f) => present(stored?.[f.key])).map((f) => ({ key: f.key, label: f.label, type: f.type, value: String(stored![f.key]) })),
    ...Object.entries(stored ?? {})
      .filter(([k, v]) => !known.has(k) && present(v))
      .map(([k, v]) => ({ key: k, label: k, type: 'text' as const, value: String(v) })),
  ];
}

const ONLY_EMPTY = ['is_empty', 'is_not_empty'] as const;

/** The operators a custom-field condition offers for the field's type (any type when the field is unknown). */
export function customOps(type: CustomFieldType | undefined): readonly string[] {
  switch (type) {
    case 'number':
      return NUMBER_OPS;
    case 'date':
      return DATE_OPS.filter((op) => op !== 'in_last_days' && op !== 'more_than_days_ago');
    case 'choice':
      return ['is', 'is_not', ...ONLY_EMPTY];
    case 'text':
      return TEXT_OPS;
    default:
      return [...TEXT_OPS, ...NUMBER_OPS.filter((op) => !op.startsWith('is_')), 'before', 'after', 'on'];
  }
}

type CustomCondition = Extract<Condition, { kind: 'custom' }>;

/** A custom-field condition on `field`: its type's first operator, and a value that fits it (a choice field's first choice). */
export function customConditionFor(field: FieldDef): CustomCondition {
  switch (field.type) {
    case 'number':
      return { kind: 'custom', key: field.key, op: 'eq', value: undefined };
    case 'date':
      return { kind: 'custom', key: field.key, op: 'after', value: undefined };
    case 'choice':
      return { kind: 'custom', key: field.key, op: 'is', value: field.choices[0] ?? '' };
    default:
      return { kind: 'custom', key: field.key, op: 'contains', value: '' };
  }
}

/** The value control a custom-field condition shows: by the field's type, else by its operator. */
export function customValueControl(type: CustomFieldType | undefined, op: string): 'text' | 'number' | 'date' | 'choice' {
  if (type === 'choice') return 'choice';
  if ((NUMBER_OPS as readonly string[]).includes(op)) return 'number';
  if (op === 'before' || op === 'after' || op === 'on') return 'date';
  return type === 'number' || type === 'date' ? type : 'text';
}

/** The key a new field's label suggests ("Member no." → member_no): what imports and rules will name it by. */
export function keyFromLabel(label: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  // a key starts with a letter and holds at most 64 characters
  const key = /^[a-z]/.test(words) ? words : words ? `field_${words}` : '';
  return key.slice(0, 64).replace(/_+$/, '');
}
