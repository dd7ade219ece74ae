import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { nulFieldErrors, zodToFieldErrors } from '../validate.js';
import type { ParsedFile } from './parse.js';

/** One importable column: the field it fills, its label (the template's header) and other names it goes by. */
export interface ImportColumn {
  field: string;
  label: string;
  aliases?: readonly string[];
  required?: boolean;
  /** how the cell's text is read before the row schema sees it */
  kind?: 'text' | 'boolean' | 'list';
  /** the value shown in the sample template */
  example?: string;
}

export interface ImportContext {
  tenantId: number;
  userId: number;
}

/**
 * A reference by name (a category, a tax, an account): every distinct value of the field in the
 * whole file is looked up in one query; `find` answers lower-cased value → what to store.
 */
export interface ImportReference {
  find: (tx: Tx, ctx: ImportContext, values: string[]) => Promise<Map<string, unknown>>;
  /** the parsed field the found value is written to (defaults to the field itself) */
  target?: string;
  message?: (value: string) => string;
}

export interface RowError {
  row: number;
  field: string;
  message: string;
}

export interface ValidRow<T> {
  row: number;
  data: T;
}

export interface Validation<T> {
  total: number;
  valid: ValidRow<T>[];
  errors: RowError[];
  /** spreadsheet row numbers that have at least one error */
  invalidRows: Set<number>;
}

export interface RowRules<S extends z.ZodType> {
  columns: readonly ImportColumn[];
  rowSchema: S;
  references?: Record<string, ImportReference>;
  /** rules across rows or needing the database beyond a reference (duplicates, balances…) */
  check?: (tx: Tx, ctx: ImportContext, rows: ValidRow<z.output<S>>[]) => Promise<RowError[]>;
}

const norm = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]/g, '');

/**
 * The mapping to propose for a file's headers: a column whose field, label or one of its aliases
 * reads the same as a header (ignoring case, spaces and punctuation) takes that header.
 */
export function suggestMapping(columns: readonly ImportColumn[], headers: readonly string[]): Record<string, string> {
  const free = new Map(headers.map((h) => [norm(h), h]));
  const mapping: Record<string, string> = {};
  for (const c of columns) {
    for (const name of [c.field, c.label, ...(c.aliases ?? [])]) {
      const hit = free.get(norm(name));
      if (hit) {
        mapping[c.field] = hit;
        free.delete(norm(name));
        break;
      }
    }
  }
  return mapping;
}

const TRUE = new Set(['yes', 'y', 'true', '1', 'enabled', 'active', 'on']);
const FALSE = new Set(['no', 'n', 'false', '0', 'disabled', 'inactive', 'off']);

/** A cell's text as the row schema expects it; an empty cell is absent (the schema's default applies). */
function readCell(kind: ImportColumn['kind'], text: string): unknown {
  if (text === '') return undefined;
  if (kind === 'boolean') {
    const t = text.toLowerCase();
    return TRUE.has(t) ? true : FALSE.has(t) ? false : text;
  }
  if (kind === 'list') return text.split(/[,;]/).map((s) => s.trim()).filter(Boolean);
  return text;
}

/** The mapped cells of one data row, by field. */
export function mapRow(columns: readonly ImportColumn[], index: Map<string, number>, cells: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of columns) {
    const i = index.get(c.field);
    if (i !== undefined) out[c.field] = readCell(c.kind, cells[i] ?? '');
  }
  return out;
}

/** field → column position for a mapping (headers already checked to exist). */
export function columnIndex(mapping: Record<string, string>, headers: readonly string[]): Map<string, number> {
  const at = new Map(headers.map((h, i) => [h, i]));
  return new Map(Object.entries(mapping).flatMap(([field, header]) => (at.has(header) ? [[field, at.get(header)!] as const] : [])));
}

/**
 * Every row of a file through the resource's zod schema, then every reference resolved in bulk
 * (one query per reference, never one per row), then the resource's own cross-row checks.
 * Answers the rows ready to insert and each row's errors by field.
 */
export async function validateRows<S extends z.ZodType>(
  rules: RowRules<S>,
  tx: Tx,
  ctx: ImportContext,
  file: ParsedFile,
  mapping: Record<string, string>,
): Promise<Validation<z.output<S>>> {
  const index = columnIndex(mapping, file.headers);
  const errors: RowError[] = [];
  let valid: ValidRow<z.output<S>>[] = [];
  // rows the schema refused still get their references checked, so one preview lists every mistake
  const refused: { row: number; input: Record<string, unknown>; bad: Set<string> }[] = [];
  file.rows.forEach((cells, i) => {
    const row = file.lines[i];
    const input = mapRow(rules.columns, index, cells);
    // a NUL character (U+0000) cannot be stored: the cell's error, before any schema or lookup reads it
    const nul = nulFieldErrors(input);
    const parsed = nul ? null : rules.rowSchema.safeParse(input);
    if (parsed?.success) {
      valid.push({ row, data: parsed.data });
      return;
    }
    const fieldErrors = nul ?? zodToFieldErrors(parsed!.error!, input);
    for (const [field, messages] of Object.entries(fieldErrors)) errors.push({ row, field, message: messages[0] });
    refused.push({ row, input, bad: new Set(Object.keys(fieldErrors)) });
  });

  for (const [field, ref] of Object.entries(rules.references ?? {})) {
    const wanted = new Set<string>();
    for (const { data } of valid) for (const v of values((data as Record<string, unknown>)[field])) wanted.add(v);
    for (const r of refused) if (!r.bad.has(field)) for (const v of values(r.input[field])) wanted.add(v);
    if (wanted.size === 0) continue;
    const found = await ref.find(tx, ctx, [...wanted]);
    const unknown = (v: string) => ref.message?.(v) ?? `The selected ${field.replace(/_/g, ' ')} "${v}" does not exist.`;
    for (const r of refused) {
      const missing = r.bad.has(field) ? undefined : values(r.input[field]).find((v) => !found.has(v.toLowerCase()));
      if (missing !== undefined) errors.push({ row: r.row, field, message: unknown(missing) });
    }
    const keep: typeof valid = [];
    for (const r of valid) {
      const d = r.data as Record<string, unknown>;
      const raw = d[field];
      if (raw === undefined || raw === null || raw === '') {
        keep.push(r);
        continue;
      }
      const missing = values(raw).find((v) => !found.has(v.toLowerCase()));
      if (missing !== undefined) {
        errors.push({ row: r.row, field, message: unknown(missing) });
        continue;
      }
      const resolved = Array.isArray(raw) ? values(raw).map((v) => found.get(v.toLowerCase())) : found.get(String(raw).toLowerCase());
      keep.push({ row: r.row, data: { ...d, [ref.target ?? field]: resolved } as z.output<S> });
    }
    valid = keep;
  }

  if (rules.check && valid.length) {
    const more = await rules.check(tx, ctx, valid);
    if (more.length) {
      const bad = new Set(more.map((e) => e.row));
      valid = valid.filter((r) => !bad.has(r.row));
      errors.push(...more);
    }
  }
  errors.sort((a, b) => a.row - b.row);
  return { total: file.rows.length, valid, errors, invalidRows: new Set(errors.map((e) => e.row)) };
}

function values(v: unknown): string[] {
  if (v === undefined || v === null || v === '') return [];
  return Array.isArray(v) ? v.map(String) : [String(v)];
}
