import { parse } from 'csv-parse/sync';
import { cellText, neutralise } from './cells.js';

export type Grid = { rows: string[][] };

export class FileReadError extends Error {}

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The delimiter of a CSV file: the one of `,` `;` and tab seen most often in its first record
 * outside quotes (spreadsheets in comma-decimal locales save with `;`). Comma on a tie.
 */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = 0; i < text.length && i < 64 * 1024; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let best = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

// Windows-1252 differs from Latin-1 only in 0x80–0x9F (€, curly quotes, dashes…); Node's own
// decoder for that label is Latin-1 when it is built without full ICU.
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(buf: Buffer): string {
  return buf.toString('latin1').replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]);
}

/** UTF-8 (with or without a BOM) when the bytes are UTF-8, else Windows-1252 (older Excel "CSV" saves). */
export function decodeText(buf: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    text = decodeWindows1252(buf);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * RFC 4180 CSV into rows of text cells: quoted fields with embedded delimiters, quotes ("")
 * and newlines; a BOM; `,` `;` or tab detected. Blank lines stay as empty rows so that row
 * numbers match what a spreadsheet shows; the caller skips them.
 */
export function parseCsv(buf: Buffer, maxRows = Infinity): Grid {
  const text = decodeText(buf);
  try {
    const rows = parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      // one past the limit is enough to know the file is too long
      to: Number.isFinite(maxRows) ? maxRows + 1 : undefined,
    }) as string[][];
    return { rows };
  } catch (err) {
    const e = err as { code?: string; lines?: number };
    if (e.code === 'CSV_QUOTE_NOT_CLOSED') throw new FileReadError(`A quoted value is never closed (from line ${e.lines ?? '?'}).`);
    throw new FileReadError(`The CSV file could not be read${e.lines ? ` (line ${e.lines})` : ''}.`);
  }
}

function quote(text: string, delimiter: string): string {
  return text.includes('"') || text.includes(delimiter) || /[\r\n]/.test(text) || /^\s|\s$/.test(text)
    ? `"${text.replace(/"/g, '""')}"`
    : text;
}

/** One CSV line (CRLF-terminated, as RFC 4180 says), every cell neutralised against formulas. */
export function csvLine(cells: readonly unknown[], delimiter = ','): string {
  return cells.map((v) => quote(neutralise(cellText(v)), delimiter)).join(delimiter) + '\r\n';
}

/** A whole CSV file with a UTF-8 BOM, so that Excel opens accents and currency symbols correctly. */
export function writeCsv(rows: readonly (readonly unknown[])[]): string {
  return '\ufeff' + rows.map((r) => csvLine(r)).join('');
}
