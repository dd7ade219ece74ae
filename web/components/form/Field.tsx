import { useId, type ReactNode } from 'react';
import { cx } from '../cx';
import { FieldError } from './FieldError';
import { hintClasses, labelClasses } from './styles';

/** What a control inside a Field spreads on itself to be labelled and described. */
export type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
};

export type FieldProps = {
  /** The control's id; generated when left out. */
  id?: string;
  label: ReactNode;
  /** Keep the label for screen readers only (the control's purpose is obvious from context). */
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: string | null;
  required?: boolean;
  className?: string;
  /** Something shown at the end of the label row (a counter, a link). */
  aside?: ReactNode;
  children: (control: ControlProps) => ReactNode;
};

/** The ids a control uses, and its aria attributes for a given error/hint. */
export function controlProps(id: string, { error, hint, required }: { error?: string | null; hint?: unknown; required?: boolean }): ControlProps {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': cx(error ? `${id}-error` : null, hint ? `${id}-hint` : null) || undefined,
    'aria-required': required ? true : undefined,
  };
}

/**
 * Label + control + hint + error, wired together: the label names the control, the hint and the
 * error describe it (aria-describedby), aria-invalid marks it, and the error is announced
 * (role="alert"). Every field of the kit is built on it.
 */
export function Field({ id, label, hideLabel = false, hint, error, required = false, className, aside, children }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  return (
    <div className={className}>
      <div className={cx('flex items-baseline justify-between gap-2', hideLabel && 'sr-only')}>
        <label htmlFor={controlId} className={labelClasses}>
          {label}
          {required && (
            <span className="ms-0.5 text-red-600 dark:text-red-400" aria-hidden="true">
              *
            </span>
          )}
        </label>
        {aside}
      </div>
      {children(controlProps(controlId, { error, hint, required }))}
      {hint && (
        <p id={`${controlId}-hint`} className={hintClasses}>
          {hint}
        </p>
      )}
      <FieldError id={`${controlId}-error`} message={error} />
    </div>
  );
}
