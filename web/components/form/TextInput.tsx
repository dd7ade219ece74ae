import type { InputHTMLAttributes } from 'react';
import { Field } from './Field';
import { controlBase, controlClasses } from './styles';

export type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> & {
  label: string;
  error?: string | null;
  hint?: string;
  /** Classes of the wrapper (label + input + messages). */
  wrapperClassName?: string;
};

/** @deprecated use `controlClasses(invalid)` from ./styles */
export const inputClasses = `${controlBase} h-10 px-3`;

/**
 * A labelled input, not bound to any form (the bound fields of the kit are built the same way).
 * A server error shows under it and is announced (aria-invalid + aria-describedby + role="alert").
 */
export function TextInput({ id, label, error, hint, className, wrapperClassName, type = 'text', required, ...rest }: TextInputProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required} className={wrapperClassName}>
      {(control) => <input type={type} className={controlClasses(Boolean(error), className)} {...control} {...rest} />}
    </Field>
  );
}
