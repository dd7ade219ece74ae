import { Description, Field as HeadlessField, Label, Switch } from '@headlessui/react';
import { cx } from '../cx';
import { bindField, type BoundFieldProps, type FormValues, type KeysOf } from './bind';

export type SwitchFieldProps<T extends FormValues, K extends KeysOf<T, boolean | null | undefined>> = BoundFieldProps<T, K>;

/** An on/off setting (role="switch"), label at its start, bound to a boolean form field. */
export function SwitchField<T extends FormValues, K extends KeysOf<T, boolean | null | undefined>>({
  form,
  name,
  label,
  hint,
  disabled,
  className,
}: SwitchFieldProps<T, K>) {
  const field = bindField(form, name);
  const checked = Boolean(field.value);
  return (
    <HeadlessField disabled={disabled} className={className}>
      <div className="flex items-center justify-between gap-4">
        <span className="min-w-0">
          <Label className="block text-sm font-medium text-slate-700 data-disabled:opacity-60 dark:text-slate-300">{label}</Label>
          {hint && <Description className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{hint}</Description>}
        </span>
        <Switch
          name={name}
          checked={checked}
          onChange={(next: boolean) => field.setValue(next as T[K])}
          aria-invalid={field.error ? true : undefined}
          className={cx(
            'group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary data-disabled:cursor-not-allowed data-disabled:opacity-60',
            checked ? 'bg-primary' : 'bg-slate-300 dark:bg-slate-600',
          )}
        >
          <span
            aria-hidden="true"
            className="inline-block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-5.5 rtl:-translate-x-0.5 rtl:group-data-checked:-translate-x-5.5"
          />
        </Switch>
      </div>
      {/* A Description of the Field: Headless UI adds it to the switch's aria-describedby. */}
      {field.error && (
        <Description as="p" role="alert" className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {field.error}
        </Description>
      )}
    </HeadlessField>
  );
}
