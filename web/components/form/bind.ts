import type { InertiaFormProps } from '@inertiajs/react';

/** Any form state object a field can be bound to: Inertia's useForm, or useZodForm's. */
export type FormValues = Record<string, unknown>;

export type BindableForm<T extends FormValues> = Pick<InertiaFormProps<T>, 'data' | 'errors' | 'setData' | 'clearErrors'>;

/** The names of T whose value fits V (a TextField takes only string fields, a SwitchField boolean ones…). */
export type KeysOf<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T] & string;

/**
 * Reads a field's value and error from a form and writes it back; editing a field clears its
 * error (the next submit validates again).
 */
export function bindField<T extends FormValues, K extends keyof T & string>(form: BindableForm<T>, name: K) {
  const errors = form.errors as Record<string, string | undefined>;
  const error = errors[name] ?? null;
  // Inertia types setData/clearErrors with dotted-path generics; a plain key is always valid.
  const setData = form.setData as unknown as (key: string, value: unknown) => void;
  const clearErrors = form.clearErrors as unknown as (...fields: string[]) => void;
  return {
    value: form.data[name],
    error,
    setValue(value: T[K]) {
      setData(name, value);
      if (error) clearErrors(name);
    },
  };
}

/** Common props of every bound field. */
export type BoundFieldProps<T extends FormValues, K extends string> = {
  form: BindableForm<T>;
  name: K;
  label: string;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  id?: string;
  className?: string;
};

/**
 * Splits a bound field's props: the binding, what the Field shell shows (label, hint, error…)
 * and the rest for the control itself. Every field component starts with this.
 */
export function splitBound<T extends FormValues, K extends keyof T & string, P extends BoundFieldProps<T, K>>(props: P) {
  const { form, name, label, hint, required, disabled, id, className, ...rest } = props;
  const field = bindField<T, K>(form, name);
  return { field, name, disabled, rest, shell: { id, label, hint, required, className, error: field.error } };
}
