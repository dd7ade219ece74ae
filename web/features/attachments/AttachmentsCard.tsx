import { Download, FileText, Image as ImageIcon, Paperclip, Trash } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_BYTES, type Attachment } from '@common/attachments';
import { useConfirmDelete } from '@/components/record/confirmed-delete';
import { DELETED, SHORT_TOAST } from '@/lib/toasts';
import { Card } from '@/components/display/Card';
import { formatBytes } from '@/components/upload/file-checks';
import { FileUpload } from '@/components/upload/FileUpload';
import { errorMessage } from '@/lib/errors';
import { useFormats } from '@/lib/format';
import { useAppDispatch } from '@/store';
import {
  downloadUrl,
  invalidateAfterUpload,
  useDeleteAttachmentMutation,
  useGetAttachmentsQuery,
  type AttachmentOwnerRef,
} from '@/store/attachments-api';
import { uploadFile } from '@/store/upload';


/**
 * The files attached to a record (an invoice, bill, estimate or bank transaction): each one
 * downloads under its own name; users who may change the record add files (a drop zone with
 * the upload's progress) and delete them after confirming.
 */
export function AttachmentsCard({ owner, canUpdate, className }: { owner: AttachmentOwnerRef; canUpdate: boolean; className?: string }) {
  const query = useGetAttachmentsQuery(owner);
  const files = query.data ?? [];
  const dispatch = useAppDispatch();
  const [remove] = useDeleteAttachmentMutation();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<(() => void) | null>(null);
  useEffect(() => () => abort.current?.(), []);
  const del = useConfirmDelete<Attachment>(
    (f) => remove({ ...owner, fileId: f.id }).unwrap().then(() => ({ message: DELETED })),
    (f) => <>The file {f.name} will be deleted.</>,
  );
  const formats = useFormats();

  async function send(chosen: File | null) {
    setFile(chosen);
    setError(null);
    if (!chosen) return;
    setProgress(0);
    const upload = uploadFile<{ message: string; data: Attachment }>(`${owner.base}/attachments/store/${owner.id}`, chosen, setProgress);
    abort.current = upload.abort;
    try {
      const answer = await upload.done;
      toast.success(answer.message, SHORT_TOAST);
      dispatch(invalidateAfterUpload(owner));
      setFile(null);
    } catch (err) {
      // a 422's message is its first field error ("The file must be a file of type: …")
      setError(errorMessage(err, 'Failed to upload file'));
    } finally {
      abort.current = null;
      setProgress(null);
    }
  }

  return (
    <Card title={<span className="inline-flex items-center gap-2"><Paperclip aria-hidden="true" className="size-4" />Attachments</span>} className={className}>
      {query.isError ? (
        <p role="alert" className="text-sm text-danger-strong dark:text-red-300">
          The attachments could not be loaded.{' '}
          <button type="button" className="font-medium underline" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      ) : query.isLoading ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">Loading…</p>
      ) : files.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">No files attached{canUpdate ? ' yet.' : '.'}</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-700" aria-label="Attached files">
          {files.map((f) => (
            <li key={f.id} className="flex items-center gap-3 py-2">
              {f.content_type.startsWith('image/') ? (
                <ImageIcon aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
              ) : (
                <FileText aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
              )}
              <span className="min-w-0 flex-1">
                <a
                  href={downloadUrl(owner, f.id)}
                  download={f.name}
                  className="block truncate rounded-sm text-sm font-medium text-slate-900 hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary dark:text-white dark:hover:text-primary-light"
                >
                  {f.name}
                </a>
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  {formatBytes(f.size)} · {formats.date(f.created_at)}
                </span>
              </span>
              <a
                href={downloadUrl(owner, f.id)}
                download={f.name}
                className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-white"
              >
                <Download aria-hidden="true" className="size-4" />
                <span className="sr-only">Download {f.name}</span>
              </a>
              {canUpdate && (
                <button
                  type="button"
                  onClick={() => del.ask(f)}
                  className="rounded-md p-1.5 text-slate-500 hover:bg-red-50 hover:text-danger-strong focus-visible:outline-2 focus-visible:outline-primary dark:text-slate-400 dark:hover:bg-red-500/10 dark:hover:text-red-300"
                >
                  <Trash aria-hidden="true" className="size-4" />
                  <span className="sr-only">Delete {f.name}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canUpdate && (
        <FileUpload
          className="mt-4"
          label="Attach a file"
          value={file}
          onChange={(f) => void send(f)}
          accept={ATTACHMENT_ACCEPT}
          maxBytes={ATTACHMENT_MAX_BYTES}
          progress={progress}
          error={error}
          disabled={progress !== null}
        />
      )}
      {del.dialog}
    </Card>
  );
}
