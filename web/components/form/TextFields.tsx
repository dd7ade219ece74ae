import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cx } from '../cx';
import { bindField, splitBound, type BoundFieldProps, type FormValues, type KeysOf } from './bind';
import { Field } from './Field';
import { useSharedProps } from '@/lib/page';
import { normalizePhone } from './phone';
import { controlBase, controlClasses, controlState } from './styles';

type InputExtras = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'form' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'type' | 'id' | 'className' | 'required' | 'disabled'
>;

export type TextFieldProps<T extends FormValues, K extends KeysOf<T, string | null | undefined>> = BoundFieldProps<T, K> &
  InputExtras & {
    type?: 'text' | 'email' | 'password' | 'url' | 'search' | 'datetime-local';
    inputClassName?: string;
  };

/** A single-line text input bound to a form field (text, email, password, url). */
export function TextField<T extends FormValues, K extends KeysOf<T, string | null | undefined>>(props: TextFieldProps<T, K>) {
  const { field, name, disabled, shell, rest: { type = 'text', inputClassName, ...rest } } = splitBound<T, K, TextFieldProps<T, K>>(props);
  return (
    <Field {...shell}>
      {(control) => (
        <input
          {...rest}
          {...control}
          type={type}
          name={name}
          disabled={disabled}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={(e) => field.setValue(e.target.value as T[K])}
          className={controlClasses(Boolean(field.error), inputClassName)}
        />
      )}
    </Field>
  );
}

export type NumberFieldProps<T extends FormValues, K extends KeysOf<T, number | null | undefined>> = BoundFieldProps<T, K> &
  Omit<InputExtras, 'min' | 'max' | 'step'> & { min?: number; max?: number; step?: number | 'any' };

/** A number input; an empty box is `null`. */
export function NumberField<T extends FormValues, K extends KeysOf<T, number | null | undefined>>(props: NumberFieldProps<T, K>) {
  const { field, name, disabled, shell, rest: { step = 1, ...rest } } = splitBound<T, K, NumberFieldProps<T, K>>(props);
  const value = field.value as number | null | undefined;
  return (
    <Field {...shell}>
      {(control) => (
        <input
          inputMode={step === 1 ? 'numeric' : 'decimal'}
          {...rest}
          {...control}
          type="number"
          step={step}
          name={name}
          disabled={disabled}
          value={value ?? ''}
          onChange={(e) => {
            const next = e.target.value === '' || Number.isNaN(e.target.valueAsNumber) ? null : e.target.valueAsNumber;
            field.setValue(next as T[K]);
          }}
          className={controlClasses(Boolean(field.error), 'tabular-nums')}
        />
      )}
    </Field>
  );
}

export type PhoneFieldProps<T extends FormValues, K extends KeysOf<T, string | null | undefined>> = BoundFieldProps<T, K> & InputExtras;

/** A telephone number; on leaving the box it is normalised to "+" and digits ("+254712345678"). */
export function PhoneField<T extends FormValues, K extends KeysOf<T, string | null | undefined>>(props: PhoneFieldProps<T, K>) {
  const { field, name, disabled, shell, rest: { ...rest } } = splitBound<T, K, PhoneFieldProps<T, K>>(props);
  const value = (field.value as string | null | undefined) ?? '';
  // the company's phone country (registration): a national number gets its calling code
  const dial = useSharedProps().tenant?.phone_country ?? null;
  return (
    <Field {...shell}>
      {(control) => (
        <input
          autoComplete="tel"
          inputMode="tel"
          placeholder={dial ? `+${dial} …` : '+254 712 345 678'}
          {...rest}
          {...control}
          type="tel"
          dir="ltr"
          name={name}
          disabled={disabled}
          value={value}
          onChange={(e) => field.setValue(e.target.value as T[K])}
          onBlur={(e) => {
            const normalised = normalizePhone(e.target.value, dial);
            if (normalised !== value) field.setValue(normalised as T[K]);
            rest.onBlur?.(e);
          }}
          className={controlClasses(Boolean(field.error), 'text-start')}
        />
      )}
    </Field>
  );
}

export type TextareaFieldProps<T extends FormValues, K extends KeysOf<T, string | null | undefined>> = BoundFieldProps<T, K> &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'form' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'id' | 'className' | 'required' | 'disabled'>;

/** A multi-line text box; with `maxLength` a counter shows how much is left. */
export function TextareaField<T extends FormValues, K extends KeysOf<T, string | null | undefined>>(props: TextareaFieldProps<T, K>) {
  const { field, name, disabled, shell, rest: { rows = 4, maxLength, ...rest } } = splitBound<T, K, TextareaFieldProps<T, K>>(props);
  const value = (field.value as string | null | undefined) ?? '';
  const counter = maxLength ? (
    <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
      {value.length}/{maxLength}
    </span>
  ) : null;
  return (
    <Field {...shell} aside={counter}>
      {(control) => (
        <textarea
          {...rest}
          {...control}
          rows={rows}
          maxLength={maxLength}
          name={name}
          disabled={disabled}
          value={value}
          onChange={(e) => field.setValue(e.target.value as T[K])}
          className={cx(controlBase, 'px-3 py-2', controlState(Boolean(field.error)))}
        />
      )}
    </Field>
  );
}

export type DateFieldProps<T extends FormValues, K extends KeysOf<T, string | null | undefined>> = BoundFieldProps<T, K> & {
  /** Earliest and latest day, YYYY-MM-DD. */
  min?: string;
  max?: string;
};

/** A calendar day (YYYY-MM-DD) in the browser's own date picker; an empty box is ''. */
export function DateField<T extends FormValues, K extends KeysOf<T, string | null | undefined>>(props: DateFieldProps<T, K>) {
  const { field, name, disabled, shell, rest: { min, max } } = splitBound<T, K, DateFieldProps<T, K>>(props);
  return (
    <Field {...shell}>
      {(control) => (
        <input
          {...control}
          type="date"
          name={name}
          min={min}
          max={max}
          disabled={disabled}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={(e) => field.setValue(e.target.value as T[K])}
          className={controlClasses(Boolean(field.error), 'tabular-nums')}
        />
      )}
    </Field>
  );
}

export type DateRangeFieldProps<
  T extends FormValues,
  F extends KeysOf<T, string | null | undefined>,
  U extends KeysOf<T, string | null | undefined>,
> = Omit<BoundFieldProps<T, F>, 'name' | 'id'> & {
  /** The two form fields: start and end day (YYYY-MM-DD). */
  from: F;
  to: U;
  fromLabel?: string;
  toLabel?: string;
  min?: string;
  max?: string;
};

/**
 * Two days as one question: a fieldset whose legend is the label, with "From" and "To" boxes.
 * The end cannot be set before the start (and the other way round) in the picker.
 */
export function DateRangeField<
  T extends FormValues,
  F extends KeysOf<T, string | null | undefined>,
  U extends KeysOf<T, string | null | undefined>,
>({ form, from, to, label, hint, required, disabled, className, fromLabel = 'From', toLabel = 'To', min, max }: DateRangeFieldProps<T, F, U>) {
  const start = bindField(form, from);
  const end = bindField(form, to);
  const startValue = (start.value as string | null | undefined) ?? '';
  const endValue = (end.value as string | null | undefined) ?? '';
  const hintId = useId();
  return (
    <fieldset className={className} aria-describedby={hint ? hintId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
        {required && (
          <span className="ms-0.5 text-red-600 dark:text-red-400" aria-hidden="true">
            *
          </span>
        )}
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={fromLabel} error={start.error} required={required}>
          {(control) => (
            <input
              {...control}
              type="date"
              name={from}
              min={min}
              max={endValue || max}
              disabled={disabled}
              value={startValue}
              onChange={(e) => start.setValue(e.target.value as T[F])}
              className={controlClasses(Boolean(start.error), 'tabular-nums')}
            />
          )}
        </Field>
        <Field label={toLabel} error={end.error} required={required}>
          {(control) => (
            <input
              {...control}
              type="date"
              name={to}
              min={startValue || min}
              max={max}
              disabled={disabled}
              value={endValue}
              onChange={(e) => end.setValue(e.target.value as T[U])}
              className={controlClasses(Boolean(end.error), 'tabular-nums')}
            />
          )}
        </Field>
      </div>
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
    </fieldset>
  );
}
