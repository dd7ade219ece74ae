import { formatCount } from '@common/format';

const rows = (n: number) => `${formatCount(n)} ${n === 1 ? 'row' : 'rows'}`;

/**
 * The import button's words: the count only when that many rows will be imported. A file with
 * errors imports nothing (all or nothing), so its disabled button claims no count, unless the
 * user chose to skip the rows with errors: then it says what is imported and what is skipped.
 * Rows merged into existing records are named too, since they change records, not add them.
 */
export function commitLabel(preview: { valid: number; invalid: number; merging?: number }, label: string, skipInvalid = false): string {
  if (preview.invalid > 0 && !skipInvalid) return `Import ${label} (fix the errors first)`;
  if (preview.valid === 0) return `No ${label} to import`;
  const merging = preview.merging ? ` (${formatCount(preview.merging)} updating existing ones)` : '';
  const skipping = preview.invalid > 0 ? ` and skip ${rows(preview.invalid)}` : '';
  return `Import ${formatCount(preview.valid)} ${label}${merging}${skipping}`;
}
