import { useId, type InputHTMLAttributes } from 'react';
import { cx } from '../cx';
import { FieldError } from './FieldError';

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> & {
  label: string;
  error?: string | null;
  wrapperClassName?: string;
};

export function Checkbox({ id, label, error, className, wrapperClassName, ...rest }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;

  return (
    <div className={wrapperClassName}>
      <div className="flex items-center">
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cx(
            'size-4 rounded border-slate-300 accent-primary',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
            className,
          )}
          {...rest}
        />
        <label htmlFor={inputId} className="ms-2 text-sm text-slate-600 select-none dark:text-slate-300">
          {label}
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
