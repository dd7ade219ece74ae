import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { nulFieldErrors, zodToFieldErrors } from '../validate.js';
import type { ParsedFile } from './parse.js';

/** One importable column: the field it fills, its label (the template's header) and other names it goes by. */
export interface ImportColumn {
  /** the field it fills; a dotted path ("custom.region") fills a key of an object field */
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
  /** rows that match an existing record update it instead of being refused as duplicates (importables with `merge`) */
  merge?: boolean;
  /**
   * 'commit' inside the import job: a check the database enforces itself at insert (a unique
   * index) may be left to it there, the commit then refusing the import when it bites
   */
  stage?: 'preview' | 'commit';
  /** the commit imports the valid rows and skips the others (so it must know them all) */
  skipInvalid?: boolean;
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
  /** valid rows that update an existing record (a merge) rather than add one */
  merging: number;
}

/** A field's problem in one row, before the row number is known. */
export interface FieldIssue {
  field: string;
  message: string;
}

/**
 * Per-row work beyond the schema that needs the company (a phone read against its country,
 * values checked against its own fields), loaded once per validation. `key` names what the
 * result depends on besides the file and the mapping: the commit reuses the preview's rows
 * only while it is the same.
 */
export interface RowPreparer<T> {
  key: string;
  /** rewrites `data` in place; answers the row's problems (none: the row is fine) */
  row: (data: T) => FieldIssue[] | undefined;
}

export interface RowRules<S extends z.ZodType> {
  columns: readonly ImportColumn[];
  /** columns a company adds of its own (its custom fields), read at upload, preview and commit */
  companyColumns?: (tx: Tx, ctx: ImportContext) => Promise<ImportColumn[]>;
  rowSchema: S;
  prepare?: (tx: Tx, ctx: ImportContext) => Promise<RowPreparer<z.output<S>>>;
  references?: Record<string, ImportReference>;
  /**
   * rules across rows or needing the database beyond a reference (duplicates, balances…);
   * may answer how many valid rows merge into existing records
   */
  check?: (tx: Tx, ctx: ImportContext, rows: ValidRow<z.output<S>>[]) => Promise<RowError[] | { errors: RowError[]; merging: number }>;
}

/** A file's rows through the schema and the preparer: what does not depend on the database's other rows. */
export interface ParsedRows<T> {
  /** the preparer's key (see RowPreparer) */
  key: string;
  total: number;
  valid: ValidRow<T>[];
  errors: RowError[];
  /** rows the schema refused, with their input, so that their references are checked as well */
  refused: { row: number; input: Record<string, unknown>; bad: string[] }[];
}

/** Every column of an importable for this company: its own and the company's. */
export async function columnsOf(rules: Pick<RowRules<z.ZodType>, 'columns' | 'companyColumns'>, tx: Tx, ctx: ImportContext): Promise<ImportColumn[]> {
  return rules.companyColumns ? [...rules.columns, ...(await rules.companyColumns(tx, ctx))] : [...rules.columns];
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

/** The mapped cells of one data row, by field ("custom.region" filling `custom: { region }`). */
export function mapRow(columns: readonly ImportColumn[], index: Map<string, number>, cells: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of columns) {
    const i = index.get(c.field);
    if (i === undefined) continue;
    const value = readCell(c.kind, cells[i] ?? '');
    const dot = c.field.indexOf('.');
    if (dot < 0) out[c.field] = value;
    else if (value !== undefined) ((out[c.field.slice(0, dot)] ??= {}) as Record<string, unknown>)[c.field.slice(dot + 1)] = value;
  }
  return out;
}

/** field → column position for a mapping (headers already checked to exist). */
export function columnIndex(mapping: Record<string, string>, headers: readonly string[]): Map<string, number> {
  const at = new Map(headers.map((h, i) => [h, i]));
  return new Map(Object.entries(mapping).flatMap(([field, header]) => (at.has(header) ? [[field, at.get(header)!] as const] : [])));
}

/**
 * Every row of a file through the resource's zod schema and its preparer: the work that depends
 * only on the file, the mapping and the company (what the preview stores and the commit reuses).
 */
export async function parseRows<S extends z.ZodType>(
  rules: RowRules<S>,
  tx: Tx,
  ctx: ImportContext,
  file: ParsedFile,
  mapping: Record<string, string>,
): Promise<ParsedRows<z.output<S>>> {
  const columns = await columnsOf(rules as RowRules<z.ZodType>, tx, ctx);
  const prep = rules.prepare ? await rules.prepare(tx, ctx) : null;
  const index = columnIndex(mapping, file.headers);
  const errors: RowError[] = [];
  const valid: ValidRow<z.output<S>>[] = [];
  const refused: ParsedRows<z.output<S>>['refused'] = [];
  file.rows.forEach((cells, i) => {
    const row = file.lines[i];
    const input = mapRow(columns, index, cells);
    // a NUL character (U+0000) cannot be stored: the cell's error, before any schema or lookup reads it
    const nul = nulFieldErrors(input);
    const parsed = nul ? null : rules.rowSchema.safeParse(input);
    if (parsed?.success) {
      const issues = prep?.row(parsed.data);
      if (!issues?.length) {
        valid.push({ row, data: parsed.data });
        return;
      }
      for (const e of issues) errors.push({ row, ...e });
      refused.push({ row, input, bad: issues.map((e) => e.field) });
      return;
    }
    const fieldErrors = nul ?? zodToFieldErrors(parsed!.error!, input);
    for (const [field, messages] of Object.entries(fieldErrors)) errors.push({ row, field, message: messages[0] });
    refused.push({ row, input, bad: Object.keys(fieldErrors) });
  });
  return { key: prep?.key ?? '', total: file.rows.length, valid, errors, refused };
}

/**
 * Parsed rows against the database: every reference resolved in bulk (one query per reference,
 * never one per row), then the resource's own cross-row checks. Answers the rows ready to
 * insert and each row's errors by field. Rows the schema refused still get their references
 * checked, so one preview lists every mistake.
 */
export async function checkRows<S extends z.ZodType>(rules: RowRules<S>, tx: Tx, ctx: ImportContext, parsed: ParsedRows<z.output<S>>): Promise<Validation<z.output<S>>> {
  const errors = [...parsed.errors];
  let valid = parsed.valid;
  const refused = parsed.refused.map((r) => ({ ...r, bad: new Set(r.bad) }));
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

  let merging = 0;
  if (rules.check && valid.length) {
    const answer = await rules.check(tx, ctx, valid);
    const more = Array.isArray(answer) ? answer : answer.errors;
    if (!Array.isArray(answer)) merging = answer.merging;
    if (more.length) {
      const bad = new Set(more.map((e) => e.row));
      valid = valid.filter((r) => !bad.has(r.row));
      errors.push(...more);
    }
  }
  errors.sort((a, b) => a.row - b.row);
  return { total: parsed.total, valid, errors, invalidRows: new Set(errors.map((e) => e.row)), merging };
}

/** A file validated from scratch: parseRows, then checkRows. */
export async function validateRows<S extends z.ZodType>(
  rules: RowRules<S>,
  tx: Tx,
  ctx: ImportContext,
  file: ParsedFile,
  mapping: Record<string, string>,
): Promise<Validation<z.output<S>>> {
  return checkRows(rules, tx, ctx, await parseRows(rules, tx, ctx, file, mapping));
}

function values(v: unknown): string[] {
  if (v === undefined || v === null || v === '') return [];
  return Array.isArray(v) ? v.map(String) : [String(v)];
}
