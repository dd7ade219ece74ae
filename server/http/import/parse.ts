import { IMPORT_LIMITS } from '../../../common/schemas/import.js';
import { unneutralise } from './cells.js';
import { FileReadError, parseCsv } from './csv.js';
import { readXlsx } from './xlsx.js';
import { formatCount } from '../../../common/format.js';


export interface ParsedFile {
  headers: string[];
  /** data rows, each as long as `headers` */
  rows: string[][];
  /** the spreadsheet row number of each data row (the header is row 1) */
  lines: number[];
}

const BLANK_ALLOWANCE = 1000;
const tooMany = (max: number) => new FileReadError(`The file has more than ${formatCount(max)} rows. Split it into smaller files.`);

const XLSX_MAGIC = Buffer.from('PK\u0003\u0004', 'latin1');

export function fileKind(filename: string, buf: Buffer): 'csv' | 'xlsx' | null {
  const ext = filename.toLowerCase().split('.').pop();
  if (ext === 'xlsx') return buf.subarray(0, 4).equals(XLSX_MAGIC) ? 'xlsx' : null;
  if (ext === 'csv' || ext === 'txt') return buf.subarray(0, 4).equals(XLSX_MAGIC) ? null : 'csv';
  return null;
}

/**
 * An uploaded CSV or XLSX file as a header and data rows of text. Blank rows are skipped (but
 * keep their numbers), headers are trimmed and made unique ("Email", "Email (2)"), cells that an
 * export neutralised against formulas come back as typed. Refuses empty files, files without
 * a header and files over the row limit, with a sentence the page can show.
 */
export async function parseUpload(filename: string, buf: Buffer, maxRows: number = IMPORT_LIMITS.maxRows): Promise<ParsedFile> {
  const kind = fileKind(filename, buf);
  if (!kind) throw new FileReadError('The file must be a file of type: csv, xlsx.');
  // read a little past the limit (header, some blank lines): a file that fills it is too long
  const cap = maxRows + BLANK_ALLOWANCE;
  const grid = kind === 'csv' ? parseCsv(buf, cap) : await readXlsx(buf, cap);
  if (grid.rows.length > cap) throw tooMany(maxRows);
  const firstIndex = grid.rows.findIndex((r) => r.some((c) => c.trim() !== ''));
  if (firstIndex < 0) throw new FileReadError('The file is empty.');

  const seen = new Map<string, number>();
  const raw = grid.rows[firstIndex];
  let width = raw.length;
  while (width > 0 && raw[width - 1].trim() === '') width--;
  const headers = raw.slice(0, width).map((h, i) => {
    const name = h.trim() || `Column ${i + 1}`;
    const n = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), n);
    return n > 1 ? `${name} (${n})` : name;
  });

  const rows: string[][] = [];
  const lines: number[] = [];
  for (let i = firstIndex + 1; i < grid.rows.length; i++) {
    const cells = grid.rows[i];
    if (!cells.some((c) => c.trim() !== '')) continue;
    if (rows.length >= maxRows) throw tooMany(maxRows);
    rows.push(headers.map((_, j) => unneutralise((cells[j] ?? '').trim())));
    lines.push(i + 1);
  }
  if (rows.length === 0) throw new FileReadError('The file has a header row but no rows to import.');
  return { headers, rows, lines };
}
