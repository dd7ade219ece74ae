import { Field } from './Field';
import { controlClasses } from './styles';
import { cx } from '../cx';

export type SelectInputProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string | null;
  hint?: string;
};

/** A labelled native select over local state (the unbound counterpart of SelectField, as TextInput is of TextField). */
export function SelectInput({ id, label, value, onChange, options, error, hint }: SelectInputProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(control) => (
        <select className={cx(controlClasses(Boolean(error)), 'appearance-none pe-9')} value={value} onChange={(e) => onChange(e.target.value)} {...control}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
