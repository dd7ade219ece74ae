import { Download, Upload } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { IMPORT_LIMITS, type ImportUploadAnswer } from '@common/schemas/import';
import { Card } from '@/components/display/Card';
import { Button } from '@/components/form/Button';
import { FileUpload } from '@/components/upload/FileUpload';
import { errorMessage } from '@/lib/errors';
import { uploadImport } from '@/store/import-api';
import { formatCount } from '@common/format';

type Props = {
  base: string;
  label: string;
  onUploaded: (answer: ImportUploadAnswer) => void;
};

const ACCEPT = ['.csv', '.xlsx'] as const;

/** Step 1: choose a CSV or XLSX file (drop it or pick it), send it with a progress bar, or get the template. */
export function UploadStep({ base, label, onUploaded }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) {
      setError('Choose a file to import.');
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const answer = await uploadImport(base, file, setProgress).done;
      onUploaded(answer);
    } catch (err) {
      const data = (err as { data?: { errors?: Record<string, string[]> } }).data;
      setError(data?.errors?.file?.[0] ?? errorMessage(err, 'Upload failed'));
      setProgress(null);
    }
  }

  return (
    <Card
      title="Upload a file"
      actions={
        <a href={`${base}/import/template`} download className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline dark:text-blue-300">
          <Download aria-hidden="true" className="size-4" />
          Download a sample file
        </a>
      }
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-5">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          A CSV or Excel (XLSX) file with one row per {label.replace(/s$/, '')} and a header row. Up to {formatCount(IMPORT_LIMITS.maxRows)} rows. Nothing is
          imported until you have checked the preview.
        </p>
        <FileUpload
          label="File to import"
          value={file}
          onChange={(f) => {
            setFile(f);
            setError(null);
          }}
          accept={ACCEPT}
          maxBytes={IMPORT_LIMITS.maxBytes}
          error={error}
          progress={progress}
          disabled={progress !== null}
        />
        <div>
          <Button type="submit" disabled={progress !== null} busy={progress !== null}>
            <Upload aria-hidden="true" className="size-4" />
            Upload and continue
          </Button>
        </div>
      </form>
    </Card>
  );
}
