import { AlertTriangle, CheckCircle2, FileDown, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import type { ImportColumnInfo, ImportPreviewAnswer, ImportPreviewRow } from '@common/schemas/import';
import { cx } from '@/components/cx';
import { Card } from '@/components/display/Card';
import { Button } from '@/components/form/Button';
import { Checkbox } from '@/components/form/Checkbox';
import { formatCount } from '@common/format';
import { commitLabel } from './commit-label';

type Props = {
  base: string;
  id: string;
  label: string;
  preview: ImportPreviewAnswer;
  columns: readonly ImportColumnInfo[];
  mapping: Record<string, string>;
  /** the user may skip the rows with errors (the wizard's `skippable`) */
  skippable: boolean;
  /** the list can merge rows into the records they match (the upload's `merge`) */
  canMerge: boolean;
  /** this preview was asked with merge */
  merge: boolean;
  busy: boolean;
  onBack: () => void;
  onRestart: () => void;
  /** preview again, merging or not */
  onMerge: (merge: boolean) => void;
  onCommit: (options: { skipInvalid: boolean }) => void;
};

/** How many errors the list shows; the report has them all. */
const LISTED = 50;

const rowCount = (n: number) => `${formatCount(n)} ${n === 1 ? 'row' : 'rows'}`;

/**
 * Step 3: what would be imported. Counts of valid and invalid rows, the rows themselves with the
 * cells in error highlighted (and their messages beside them for screen readers), the list of
 * errors, the error report (the file's rows with an error column) to fix and upload again. By
 * default the import starts only when every row is valid; when some rows are valid the user may
 * choose, explicitly, to skip the others. Where the list can merge, the user chooses whether rows
 * matching an existing record are errors (the default) or update it.
 */
export function PreviewStep({ base, id, label, preview, columns, mapping, skippable, canMerge, merge, busy, onBack, onRestart, onMerge, onCommit }: Props) {
  const [show, setShow] = useState<'errors' | 'first'>(preview.invalid ? 'errors' : 'first');
  // the choice to skip belongs to the preview it was made on: a new preview asks again
  const [skipFor, setSkipFor] = useState<ImportPreviewAnswer | null>(null);
  const canSkip = skippable && preview.invalid > 0 && preview.valid > 0;
  const skip = canSkip && skipFor === preview;
  const mergeName = useId();
  const shown = columns.filter((c) => mapping[c.field]);
  const byCell = new Map<string, string>();
  for (const e of preview.errors) if (!byCell.has(`${e.row}:${e.field}`)) byCell.set(`${e.row}:${e.field}`, e.message);
  const badRows = new Set(preview.errors.map((e) => e.row));
  const rows: ImportPreviewRow[] = show === 'errors' ? preview.invalid_sample : preview.sample;
  const labelOf = (field: string) => columns.find((c) => c.field === field)?.label ?? field;
  const Label = label.charAt(0).toUpperCase() + label.slice(1);

  return (
    <div className="flex flex-col gap-6">
      <Card title="Preview">
        <dl className="grid gap-4 sm:grid-cols-3">
          <Figure term="Rows in the file" value={preview.total} />
          <Figure term="Ready to import" value={preview.valid} tone="success" />
          <Figure term="With errors" value={preview.invalid} tone={preview.invalid ? 'danger' : undefined} />
        </dl>
        {canMerge && (
          <fieldset className="mt-5 rounded-md border border-slate-200 p-4 dark:border-slate-700" disabled={busy}>
            <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-300">{Label} already in the list</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {([false, true] as const).map((v) => (
                <label key={String(v)} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
                  <input type="radio" name={mergeName} checked={merge === v} onChange={() => onMerge(v)} className="size-4 accent-primary" />
                  {v ? "Update them with the file's values" : 'Report them as errors'}
                </label>
              ))}
            </div>
            {merge && preview.merging !== undefined && (
              <p className="mt-3 flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                <RefreshCw aria-hidden="true" className="size-4" />
                {rowCount(preview.merging)} will update existing {label}.
              </p>
            )}
          </fieldset>
        )}
        {preview.invalid > 0 ? (
          <div role="alert" className="mt-5 flex gap-3 rounded-md bg-danger/10 p-4 text-sm text-red-800 dark:text-red-200">
            <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
            <div>
              <p className="font-medium">
                {formatCount(preview.invalid)} {preview.invalid === 1 ? 'row has' : 'rows have'} errors{skip ? '' : ', so nothing can be imported yet'}.
              </p>
              <p className="mt-1">
                {skip
                  ? `${preview.invalid === 1 ? 'It' : 'They'} will be skipped: the error report lists ${preview.invalid === 1 ? 'it' : 'them'}, to fix and import later.`
                  : `Download the error report, fix those rows in your file, and upload it again. Imports are all or nothing${canSkip ? ', unless you choose to skip the rows with errors' : ''}.`}
              </p>
            </div>
          </div>
        ) : (
          <p className="mt-5 flex items-center gap-2 text-sm text-emerald-800 dark:text-success">
            <CheckCircle2 aria-hidden="true" className="size-5" />
            Every row is valid: {formatCount(preview.valid)} {label} will be imported.
          </p>
        )}
        {canSkip && (
          <Checkbox
            wrapperClassName="mt-4"
            label={`Skip the ${rowCount(preview.invalid)} with errors and import the ${formatCount(preview.valid)} valid ${preview.valid === 1 ? 'row' : 'rows'}`}
            checked={skip}
            disabled={busy}
            onChange={(e) => setSkipFor(e.target.checked ? preview : null)}
          />
        )}
        <div className="mt-6 flex flex-wrap gap-2">
          <Button variant="outline" onClick={onBack} disabled={busy}>
            Change the columns
          </Button>
          <Button variant="outline" onClick={onRestart} disabled={busy}>
            Upload another file
          </Button>
          {preview.invalid > 0 && (
            <a href={`${base}/import/errors/${id}`} download className="inline-flex h-10 items-center gap-2 rounded-md px-4 text-sm font-medium text-primary hover:bg-primary/5 dark:text-blue-300">
              <FileDown aria-hidden="true" className="size-4" />
              Download the error report
            </a>
          )}
          <Button className="ms-auto" onClick={() => onCommit({ skipInvalid: skip })} disabled={busy || (preview.invalid > 0 && !skip) || preview.valid === 0} busy={busy}>
            {commitLabel(preview, label, skip)}
          </Button>
        </div>
      </Card>

      <Card
        title={show === 'errors' ? 'Rows with errors' : 'First rows'}
        flush
        actions={
          preview.invalid > 0 && (
            <div role="group" aria-label="Rows to show" className="flex gap-1">
              <Toggle pressed={show === 'errors'} onClick={() => setShow('errors')}>
                With errors
              </Toggle>
              <Toggle pressed={show === 'first'} onClick={() => setShow('first')}>
                First rows
              </Toggle>
            </div>
          )
        }
      >
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{show === 'errors' ? 'Rows with errors, as they would be imported' : 'The first rows, as they would be imported'}</caption>
            <thead className="bg-slate-50 text-start text-xs text-slate-600 uppercase dark:bg-slate-800 dark:text-slate-300">
              <tr>
                <th scope="col" className="px-4 py-3 text-start font-semibold">
                  Row
                </th>
                {shown.map((c) => (
                  <th key={c.field} scope="col" className="px-4 py-3 text-start font-semibold whitespace-nowrap">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
              {rows.map((r) => (
                <tr key={r.row} className={cx(badRows.has(r.row) && 'bg-danger/5')}>
                  <th scope="row" className={cx('px-4 py-2 text-start font-medium tabular-nums', badRows.has(r.row) ? 'border-s-4 border-danger text-red-700 dark:text-red-300' : 'text-slate-500')}>
                    {r.row}
                  </th>
                  {shown.map((c) => {
                    const problem = byCell.get(`${r.row}:${c.field}`);
                    return (
                      <td key={c.field} className={cx('max-w-64 truncate px-4 py-2', problem ? 'bg-danger/10 font-medium text-red-800 dark:text-red-200' : 'text-slate-700 dark:text-slate-200')} title={problem}>
                        {r.values[c.field] || <span className="text-slate-400">—</span>}
                        {problem && <span className="sr-only"> (error: {problem})</span>}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>

      {preview.errors.length > 0 && (
        <Card title={`Errors (${formatCount(preview.errors_total)})`}>
          <ul className="flex flex-col gap-1.5 text-sm">
            {preview.errors.slice(0, LISTED).map((e, i) => (
              <li key={i} className="text-slate-700 dark:text-slate-300">
                <span className="font-medium text-red-700 dark:text-red-300">Row {e.row}</span> · {labelOf(e.field)}: {e.message}
              </li>
            ))}
          </ul>
          {preview.errors_total > LISTED && (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">…and {formatCount((preview.errors_total - LISTED))} more: the error report lists them all.</p>
          )}
        </Card>
      )}
    </div>
  );
}

function Figure({ term, value, tone }: { term: string; value: number; tone?: 'success' | 'danger' }) {
  return (
    <div className="rounded-md bg-slate-50 p-4 dark:bg-white/5">
      <dt className="text-xs font-medium text-slate-600 uppercase dark:text-slate-400">{term}</dt>
      <dd className={cx('mt-1 text-2xl font-semibold tabular-nums', tone === 'success' ? 'text-emerald-700 dark:text-success' : tone === 'danger' ? 'text-red-700 dark:text-red-300' : 'text-slate-900 dark:text-white')}>
        {formatCount(value)}
      </dd>
    </div>
  );
}

function Toggle({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: string }) {
  return (
    <Button size="sm" variant={pressed ? 'secondary' : 'ghost'} aria-pressed={pressed} onClick={onClick}>
      {children}
    </Button>
  );
}
