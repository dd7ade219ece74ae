import { FileText, Upload, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { cx } from '../cx';
import { FieldError } from '../form/FieldError';
import { acceptAttribute, acceptedLabel, checkFile, formatBytes, type AcceptRule } from './file-checks';
import { ProgressBar } from './ProgressBar';

export type FileUploadProps = {
  label: string;
  /** The chosen file (not sent yet), or null. */
  value: File | null;
  onChange: (file: File | null) => void;
  /** Types accepted: MIME types ("image/png", "image/*") or extensions (".pdf"). */
  accept?: readonly AcceptRule[];
  /** Largest size in bytes. */
  maxBytes?: number;
  /** A server error, shown beside the control. */
  error?: string | null;
  /** Called with the sentence when a file is refused in the browser (wrong type, too big). */
  onReject?: (message: string) => void;
  /** 0–100 while uploading; hidden when null. */
  progress?: number | null;
  /** Show a thumbnail of an image file; `currentUrl` is the one already stored. */
  preview?: boolean;
  currentUrl?: string | null;
  hint?: string;
  disabled?: boolean;
  id?: string;
  name?: string;
  className?: string;
};

/**
 * A file picker with a drop zone: the real file input stays focusable (keyboard: Tab, then Space
 * or Enter), the accepted types and size are said up front and checked before anything is sent,
 * and an upload shows its progress from 0 to 100.
 */
export function FileUpload({
  label,
  value,
  onChange,
  accept = [],
  maxBytes,
  error,
  onReject,
  progress = null,
  preview = false,
  currentUrl = null,
  hint,
  disabled = false,
  id,
  name,
  className,
}: FileUploadProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const inputRef = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const objectUrl = useImagePreview(preview ? value : null);
  const shownError = refusal ?? error ?? null;
  const rules = [accept.length ? acceptedLabel(accept).toUpperCase() : null, maxBytes ? `up to ${formatBytes(maxBytes)}` : null]
    .filter(Boolean)
    .join(', ');
  const description = hint ?? rules;
  const describedBy = cx(description ? `${inputId}-hint` : null, shownError ? `${inputId}-error` : null) || undefined;
  const image = objectUrl ?? (value ? null : currentUrl);

  function take(file: File | null | undefined) {
    if (!file) return;
    const problem = checkFile(file, { accept, maxBytes, label: label.toLowerCase() });
    if (problem) {
      setRefusal(problem);
      onReject?.(problem);
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setRefusal(null);
    onChange(file);
  }

  function clear() {
    setRefusal(null);
    onChange(null);
    if (inputRef.current) inputRef.current.value = '';
    inputRef.current?.focus();
  }

  function onDrop(e: DragEvent<HTMLLabelElement>) {
    e.preventDefault();
    setDragging(false);
    if (!disabled) take(e.dataTransfer.files?.[0]);
  }

  return (
    <div className={className}>
      <span className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300" id={`${inputId}-label`}>
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-4">
        {preview && (
          <span className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-full bg-slate-100 ring-1 ring-slate-900/5 dark:bg-slate-800 dark:ring-white/10">
            {image ? <img src={image} alt="" className="size-full object-cover" /> : <FileText aria-hidden="true" className="size-6 text-slate-400" />}
          </span>
        )}
        <label
          htmlFor={inputId}
          onDragOver={(e) => {
            e.preventDefault();
            if (!disabled) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cx(
            'flex min-w-0 flex-1 cursor-pointer items-center gap-3 rounded-md border border-dashed px-4 py-3 text-sm transition-colors',
            'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-primary',
            dragging ? 'border-primary bg-primary/5' : 'border-slate-300 hover:border-primary dark:border-slate-600',
            shownError && 'border-danger',
            disabled && 'cursor-not-allowed opacity-60',
          )}
        >
          <Upload aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
          <span className="min-w-0">
            <span className="block truncate font-medium text-slate-700 dark:text-slate-200">{value ? value.name : 'Choose a file or drop it here'}</span>
            {value && <span className="block text-xs text-slate-500 dark:text-slate-400">{formatBytes(value.size)}</span>}
          </span>
          <input
            ref={inputRef}
            id={inputId}
            name={name}
            type="file"
            className="sr-only"
            accept={accept.length ? acceptAttribute(accept) : undefined}
            disabled={disabled}
            aria-labelledby={`${inputId}-label`}
            aria-describedby={describedBy}
            aria-invalid={shownError ? true : undefined}
            onChange={(e) => take(e.target.files?.[0])}
          />
        </label>
        {value && !disabled && (
          <button
            type="button"
            onClick={clear}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary dark:text-slate-300 dark:hover:bg-slate-700"
          >
            <X aria-hidden="true" className="size-4" />
            Remove <span className="sr-only">{value.name}</span>
          </button>
        )}
      </div>
      {description && (
        <p id={`${inputId}-hint`} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          {description}
        </p>
      )}
      {progress !== null && <ProgressBar value={progress} label={`Uploading ${value?.name ?? label}`} className="mt-3" />}
      <FieldError id={`${inputId}-error`} message={shownError} />
    </div>
  );
}

/** A data URL of an image file for its preview (read in the background), or null. */
function useImagePreview(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file || !file.type.startsWith('image/')) return;
    const reader = new FileReader();
    let current = true;
    reader.onload = () => {
      if (current && typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => {
      current = false;
      reader.abort();
    };
  }, [file]);
  return preview && preview.file === file ? preview.url : null;
}
