/**
 * Cell text shared by the CSV and XLSX readers and writers: what a value looks like in a
 * spreadsheet cell, and the guard against formula injection (OWASP "CSV injection").
 */

/** Characters a spreadsheet reads as the start of a formula (tab and CR hide one in some programs). */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * Text that cannot do anything as a formula: digits, spaces and + - ( ) . / only — a plain
 * number, a signed amount, a phone number ("+254 712 345 678", "+1 (555) 010-9999"). Without a
 * letter, quote, `=`, `@`, `!`, `|` or `:` there is no function, reference, link or DDE call
 * to run (docs/decisions/0024-formats-exports-and-phone-numbers.md).
 */
const INERT = /^[+-]?[\d\s()./+-]*\d[\d\s()./+-]*$/;

/**
 * A cell that a spreadsheet would read as a formula that can do something gets a leading
 * apostrophe, so that `=HYPERLINK(...)` typed into a customer's name is shown, not run, when
 * an export is opened; numbers and phone numbers are left readable.
 */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) && !INERT.test(text) ? `'${text}` : text;
}

/** The reverse on import: an exported (neutralised) cell comes back as what was typed. */
export function unneutralise(text: string): string {
  return text.length > 1 && text[0] === "'" && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** A date at midnight UTC is a calendar date (what date cells hold); anything else keeps its time. */
export function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const iso = d.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
}

/** How an exported value reads as text (CSV, and XLSX cells that are not numbers, booleans or dates). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return dateText(value);
  if (Array.isArray(value)) {
    // a list of related records ("taxes") reads as their names
    return value.map((v) => (v && typeof v === 'object' && 'name' in v ? String((v as { name: unknown }).name) : cellText(v))).join(', ');
  }
  if (typeof value === 'object' && 'name' in value) return String((value as { name: unknown }).name);
  return JSON.stringify(value);
}
