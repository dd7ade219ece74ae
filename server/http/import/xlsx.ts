import { PassThrough, Readable, type Writable } from 'node:stream';
import { cellText, dateText, neutralise } from './cells.js';
import { FileReadError, type Grid } from './csv.js';

/**
 * ExcelJS, loaded on the first import or export that needs it: it costs about a second of
 * every start otherwise (docs/decisions/0022-start-up.md).
 */
const excel = async () => (await import('exceljs')).default;

/** The text of an XLSX cell value, whatever ExcelJS made of it (formula result, rich text, hyperlink, date). */
export function xlsxCellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return dateText(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v !== 'object') return String(v);
  const o = v as Record<string, unknown>;
  if ('result' in o) return xlsxCellText(o.result);
  if (Array.isArray(o.richText)) return (o.richText as { text: string }[]).map((r) => r.text).join('');
  if ('text' in o) return xlsxCellText(o.text);
  if ('error' in o) return '';
  return '';
}

/**
 * The first worksheet of an XLSX file as rows of text, read as a stream so that a file with
 * too many rows stops at `maxRows + 1` instead of being unpacked whole. Row numbers follow the
 * sheet (an empty row in the sheet stays an empty row here).
 */
export async function readXlsx(buf: Buffer, maxRows = Infinity): Promise<Grid> {
  const rows: string[][] = [];
  const ExcelJS = await excel();
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buf), {
      sharedStrings: 'cache',
      styles: 'cache', // dates are numbers with a date format: styles tell them apart
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (row.values as unknown[]) ?? [];
        while (rows.length < row.number - 1) rows.push([]);
        // ExcelJS rows are 1-based: index 0 is always empty
        rows.push(Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => xlsxCellText(values[i + 1]).trim()));
        if (rows.length > maxRows) break;
      }
      break;
    }
  } catch {
    throw new FileReadError('The XLSX file could not be read. Save it again from your spreadsheet program, or as CSV.');
  }
  return { rows };
}

/**
 * An XLSX workbook of one sheet written as it goes into `out` (no styles, no shared strings: the
 * cheapest form for hundreds of thousands of rows). Numbers, booleans and dates stay typed cells;
 * text is neutralised against formulas like the CSV.
 */
export async function xlsxStream(out: Writable, sheetName: string, header: readonly string[]) {
  const ExcelJS = await excel();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(sheetName.slice(0, 31) || 'Sheet1');
  ws.addRow(header.map((h) => neutralise(h))).commit();
  return {
    row: (r: readonly unknown[]) => ws.addRow(r.map(xlsxValue)).commit(),
    end: async () => {
      ws.commit();
      await wb.commit();
    },
  };
}

/** An XLSX workbook of one sheet in memory (xlsxStream into a buffer), for files of modest size (reports). */
export async function writeXlsx(sheetName: string, header: readonly string[], rows: Iterable<readonly unknown[]>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const sheet = await xlsxStream(out, sheetName, header);
  for (const r of rows) sheet.row(r);
  await sheet.end();
  await done;
  return Buffer.concat(chunks);
}

function xlsxValue(v: unknown): string | number | boolean | Date | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v;
  return neutralise(cellText(v));
}
