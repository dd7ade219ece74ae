import type { AcceptRule } from '../upload/file-checks';
import { progressPercent } from '../upload/file-checks';
import { FileUpload } from '../upload/FileUpload';
import { bindField, type BoundFieldProps, type FormValues, type KeysOf } from './bind';

export type FileFieldProps<T extends FormValues, K extends KeysOf<T, File | null | undefined>> = BoundFieldProps<T, K> & {
  accept?: readonly AcceptRule[];
  maxBytes?: number;
  /** The form's upload progress (Inertia's `form.progress`): a bar from 0 to 100 while sending. */
  progress?: { percentage?: number } | null;
  preview?: boolean;
  currentUrl?: string | null;
};

/**
 * A file bound to a form field (submit with `forceFormData`). A file of the wrong type or size is
 * refused before upload with the reason shown as the field's error.
 */
export function FileField<T extends FormValues, K extends KeysOf<T, File | null | undefined>>({
  form,
  name,
  label,
  hint,
  disabled,
  id,
  className,
  accept,
  maxBytes,
  progress,
  preview,
  currentUrl,
}: FileFieldProps<T, K>) {
  const field = bindField(form, name);
  return (
    <FileUpload
      id={id}
      name={name}
      label={label}
      hint={hint}
      disabled={disabled}
      className={className}
      accept={accept}
      maxBytes={maxBytes}
      preview={preview}
      currentUrl={currentUrl}
      value={(field.value as File | null | undefined) ?? null}
      onChange={(file) => field.setValue(file as T[K])}
      error={field.error}
      progress={progressPercent(progress)}
    />
  );
}
