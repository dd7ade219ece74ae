import { Link } from '@inertiajs/react';
import { CheckCircle2, XCircle } from 'lucide-react';
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
  onFinished: (status: ImportStatusAnswer) => void;
  onRestart: () => void;
};

const POLL_MS = 500;

/**
 * Step 4: the import runs as a job; this polls its status and shows how far it got, then what
 * happened: the number imported and the way back to the list, or why nothing was imported.
 */
export function ProgressStep({ base, id, label, listUrl, onFinished, onRestart }: Props) {
  // what the cache holds decides whether to keep polling: a finished import is not asked again
  const cached = importApi.endpoints.getImportStatus.useQueryState({ base, id });
  const stop = cached.isError || cached.data?.state === 'done' || cached.data?.state === 'failed';
  const { data, error } = useGetImportStatusQuery({ base, id }, { pollingInterval: stop ? 0 : POLL_MS, skipPollingIfUnfocused: false });
  const finished = data?.state === 'done' || data?.state === 'failed';
  useEffect(() => {
    if (data && finished) onFinished(data);
  }, [data, finished, onFinished]);

  const percent = !data ? 0 : data.state === 'done' ? 100 : data.total ? (data.processed / data.total) * 100 : 0;

  if (data?.state === 'done') {
    return (
      <Card title="Import finished">
        <p role="status" className="flex items-center gap-2 text-base font-medium text-emerald-800 dark:text-success">
          <CheckCircle2 aria-hidden="true" className="size-6" />
          {data.message ?? `${data.imported} ${label} imported.`}
        </p>
        <div className="mt-6 flex flex-wrap gap-2">
          <Link href={listUrl} className={buttonClasses('primary')}>
            Back to the {label}
          </Link>
          <Button variant="outline" onClick={onRestart}>
            Import another file
          </Button>
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
          : `${formatCount(data.processed)} of ${formatCount(data.total)} rows imported…`}
      </p>
      <ProgressBar value={percent} label={`Importing ${label}`} />
      <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">You may leave this page: the import carries on. Nothing is saved unless every row is.</p>
    </Card>
  );
}
