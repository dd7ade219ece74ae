import { and, eq } from 'drizzle-orm';
import { contactFieldSchema } from '../../../common/schemas/outreach.js';
import type { Tx } from '../../db/client.js';
import { isoTimestamp as ts } from '../../db/sql.js';
import { ValidationError } from '../../http/errors.js';
import { defineResource } from '../../http/resource.js';
import { contactFields } from './schema.js';

/**
 * The company's own contact fields (issue 14): text, number, date or choice. Values live in
 * outreach_contacts.custom under the field's key; contact writes check them against these.
 */
export const contactFieldResource = defineResource({
  label: 'Contact field',
  singular: 'field',
  base: '/contacts/fields',
  table: contactFields,
  fields: {
    id: contactFields.id,
    key: contactFields.key,
    label: contactFields.label,
    type: contactFields.type,
    choices: contactFields.choices,
    created_at: ts(contactFields.createdAt),
    updated_at: ts(contactFields.updatedAt),
  },
  columns: { created_at: contactFields.createdAt, updated_at: contactFields.updatedAt },
  create: contactFieldSchema,
  searchable: ['label'],
  sortable: ['label', 'key', 'created_at'],
  defaultSort: ['label', 'asc'],
  filterable: ['type'],
  export: false,
  access: { view: 'contacts.view', create: 'contacts.update', update: 'contacts.update', delete: 'contacts.update' },
  unique: [{ constraint: 'contact_fields_tenant_key_unique', field: 'key', message: 'A field with this key already exists.' }],
  beforeWrite: async (_tx, _req, input, current) => {
    const type = input.type ?? current?.type;
    const choices = (input.choices ?? current?.choices ?? []) as string[];
    if (type === 'choice' && choices.length === 0) throw new ValidationError({ choices: ['A choice field needs at least one choice.'] });
  },
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export type ContactFieldDef = Pick<typeof contactFields.$inferSelect, 'key' | 'label' | 'type' | 'choices'>;

/** The company's contact fields, for checking values (a write, an import). */
export function loadContactFields(tx: Tx, tenantId: number): Promise<ContactFieldDef[]> {
  return tx
    .select({ key: contactFields.key, label: contactFields.label, type: contactFields.type, choices: contactFields.choices })
    .from(contactFields)
    .where(and(eq(contactFields.tenantId, tenantId)))
    .orderBy(contactFields.key);
}

/**
 * Custom values read against the fields: every key must be a field, and each value of its type
 * (numbers stored as numbers, a choice as the field spells it). Answers the values to store and
 * the errors by `custom.<key>`.
 */
export function readCustomValues(
  defs: readonly ContactFieldDef[] | ReadonlyMap<string, ContactFieldDef>,
  values: Record<string, unknown>,
): { values: Record<string, string | number | null>; errors: Record<string, string> } {
  const byKey = defs instanceof Map ? defs : new Map((defs as readonly ContactFieldDef[]).map((d) => [d.key, d]));
  const errors: Record<string, string> = {};
  const out: Record<string, string | number | null> = {};
  for (const key of Object.keys(values)) {
    const def = byKey.get(key);
    const v = values[key];
    if (!def) {
      errors[`custom.${key}`] = `There is no contact field "${key}".`;
      continue;
    }
    if (v === null || v === '' || v === undefined) {
      out[key] = null;
      continue;
    }
    const text = String(v).trim();
    if (def.type === 'number') {
      const n = typeof v === 'number' ? v : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
      if (!Number.isFinite(n)) errors[`custom.${key}`] = `The ${def.label} field must be a number.`;
      else out[key] = n;
    } else if (def.type === 'date') {
      const d = new Date(`${text}T00:00:00Z`);
      if (!DATE.test(text) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== text) errors[`custom.${key}`] = `The ${def.label} field must be a date (Y-m-d).`;
      else out[key] = text;
    } else if (def.type === 'choice') {
      const hit = def.choices.find((c: string) => c.toLowerCase() === text.toLowerCase());
      if (!hit) errors[`custom.${key}`] = `The ${def.label} field must be one of: ${def.choices.join(', ')}.`;
      else out[key] = hit;
    } else {
      out[key] = text;
    }
  }
  return { values: out, errors };
}

/**
 * A contact's custom values checked against the company's fields (readCustomValues); answers
 * the values to store, 422s by key.
 */
export async function checkCustomValues(tx: Tx, tenantId: number, values: Record<string, unknown>): Promise<Record<string, string | number | null>> {
  if (!Object.keys(values).length) return {};
  const { values: out, errors } = readCustomValues(await loadContactFields(tx, tenantId), values);
  if (Object.keys(errors).length) throw new ValidationError(Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, [m]])));
  return out;
}
