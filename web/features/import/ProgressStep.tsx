import { Link } from '@inertiajs/react';
import { CheckCircle2, FileDown, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Card } from '@/components/display/Card';
import { Button, buttonClasses } from '@/components/form/Button';
import { ProgressBar } from '@/components/upload/ProgressBar';
import { errorMessage } from '@/lib/errors';
import { importApi, useGetImportStatusQuery } from '@/store/import-api';
import type { ImportStatusAnswer } from '@common/schemas/import';
import { formatCount } from '@common/format';

type Props = {
  base: string;
  id: string;
  label: string;
  listUrl: string;
  /** the valid rows are imported and those with errors skipped (else all rows or none) */
  skipping?: boolean;
  /** how many rows the commit said it will import (the file's rows less any skipped) */
  expected?: number;
  onFinished: (status: ImportStatusAnswer) => void;
  onRestart: () => void;
};

const POLL_MS = 500;

/**
 * Step 4: the import runs as a job; this polls its status and shows how far it got, then what
 * happened: the number imported (and skipped, with the error report of those rows) and the way
 * back to the list, or why nothing was imported.
 */
export function ProgressStep({ base, id, label, listUrl, skipping = false, expected, onFinished, onRestart }: Props) {
  // what the cache holds decides whether to keep polling: a finished import is not asked again
  const cached = importApi.endpoints.getImportStatus.useQueryState({ base, id });
  const stop = cached.isError || cached.data?.state === 'done' || cached.data?.state === 'failed';
  const { data, error } = useGetImportStatusQuery({ base, id }, { pollingInterval: stop ? 0 : POLL_MS, skipPollingIfUnfocused: false });
  const finished = data?.state === 'done' || data?.state === 'failed';
  useEffect(() => {
    if (data && finished) onFinished(data);
  }, [data, finished, onFinished]);

  const total = expected ?? data?.total ?? 0;
  const percent = !data ? 0 : data.state === 'done' ? 100 : total ? (data.processed / total) * 100 : 0;

  if (data?.state === 'done') {
    return (
      <Card title="Import finished">
        <p role="status" className="flex items-center gap-2 text-base font-medium text-emerald-800 dark:text-success">
          <CheckCircle2 aria-hidden="true" className="size-6" />
          {data.message ?? `${formatCount(data.imported)} ${label} imported.`}
        </p>
        <ProgressBar className="mt-4" value={100} label={`Importing ${label}`} />
        <div className="mt-6 flex flex-wrap gap-2">
          <Link href={listUrl} className={buttonClasses('primary')}>
            Back to the {label}
          </Link>
          <Button variant="outline" onClick={onRestart}>
            Import another file
          </Button>
          {skipping && (
            // kept by the import: the rows it skipped, as they were when it ran
            <a href={`${base}/import/errors/${id}`} download className="inline-flex h-10 items-center gap-2 rounded-md px-4 text-sm font-medium text-primary hover:bg-primary/5 dark:text-blue-300">
              <FileDown aria-hidden="true" className="size-4" />
              Download the error report of the skipped rows
            </a>
          )}
        </div>
      </Card>
    );
  }

  if (data?.state === 'failed' || error) {
    return (
      <Card title="Import failed">
        <p role="alert" className="flex items-center gap-2 text-base font-medium text-red-700 dark:text-red-300">
          <XCircle aria-hidden="true" className="size-6" />
          {data?.message ?? errorMessage(error, 'The import failed and nothing was imported.')}
        </p>
        <div className="mt-6">
          <Button variant="outline" onClick={onRestart}>
            Upload a file again
          </Button>
        </div>
      </Card>
    );
  }

  return (
    <Card title={`Importing ${label}`}>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {!data || data.state === 'queued'
          ? 'Waiting for the import to start…'
          : `${formatCount(data.processed)} of ${formatCount(total)} rows imported…`}
      </p>
      <ProgressBar value={percent} label={`Importing ${label}`} />
      <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">
        You may leave this page: the import carries on. {skipping ? 'The rows with errors are skipped; nothing is saved unless every other row is.' : 'Nothing is saved unless every row is.'}
      </p>
    </Card>
  );
}
