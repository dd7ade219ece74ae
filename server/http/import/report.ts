import { csvLine } from './csv.js';
import type { RowError } from './engine.js';
import type { StoredImport } from './store.js';

/** The rows with errors in the file's own columns, so they can be fixed and uploaded again, and what is wrong with each. */
export function errorReport(key: string, stored: StoredImport, errors: readonly RowError[]): { body: string; filename: string } {
  const byRow = new Map<number, string[]>();
  for (const e of errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e.message]);
  let body = '\ufeff' + csvLine([...stored.headers, 'error']);
  stored.rows.forEach((cells, i) => {
    const errs = byRow.get(stored.lines[i]);
    if (errs) body += csvLine([...cells, `Row ${stored.lines[i]}: ${errs.join(' ')}`]);
  });
  const name = stored.filename.replace(/\.(csv|xlsx|txt)$/i, '').replace(/[^\w.-]+/g, '-').slice(0, 80) || key;
  return { body, filename: `${name}-errors.csv` };
}
