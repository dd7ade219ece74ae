import { useId, type InputHTMLAttributes } from 'react';
import { cx } from './cx';
import { FieldError } from './FieldError';

export type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> & {
  label: string;
  error?: string | null;
  hint?: string;
  /** Classes of the wrapper (label + input + messages). */
  wrapperClassName?: string;
};

export const inputClasses = cx(
  'block h-10 w-full rounded-md border bg-white px-3 text-sm text-slate-900 placeholder:text-slate-400',
  'transition-colors focus:outline-none focus:ring-2 focus:ring-offset-0',
  'disabled:cursor-not-allowed disabled:bg-slate-100',
  'dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500 dark:disabled:bg-slate-800',
);

/** A labelled input; a server error shows under it and is announced (aria-invalid + aria-describedby). */
export function TextInput({ id, label, error, hint, className, wrapperClassName, type = 'text', ...rest }: TextInputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = cx(error ? errorId : null, hint ? hintId : null) || undefined;

  return (
    <div className={wrapperClassName}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <input
        id={inputId}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cx(
          inputClasses,
          error
            ? 'border-danger focus:border-danger focus:ring-danger/30'
            : 'border-slate-300 focus:border-primary focus:ring-primary/30 dark:border-slate-600',
          className,
        )}
        {...rest}
      />
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
