import { useRef, useState } from 'react';
import { splitBound, type BoundFieldProps, type FormValues, type KeysOf } from './bind';
import { useFormats } from '@/lib/format';
import { Field } from './Field';
import { currencyDigits, formatMinor, minorToDecimal, parseMoney } from './money';
import { controlClasses, decimalInputProps } from './styles';

export type MoneyFieldProps<T extends FormValues, K extends KeysOf<T, number | null | undefined>> = BoundFieldProps<T, K> & {
  /** ISO 4217 code: decides the decimals (USD 2, JPY 0, KWD 3) and the symbol shown. */
  currency: string;
  allowNegative?: boolean;
  placeholder?: string;
};

/**
 * An amount of money. The form holds integer minor units (1250 = 12.50); the box shows the
 * formatted amount ("$12.50") and, while it is being edited, the plain number ("12.50").
 * Something that is not an amount is reported beside the field and leaves the value unchanged.
 */
export function MoneyField<T extends FormValues, K extends KeysOf<T, number | null | undefined>>(props: MoneyFieldProps<T, K>) {
  const { field, name, disabled, shell, rest: { currency, allowNegative = false, placeholder } } = splitBound<T, K, MoneyFieldProps<T, K>>(props);
  const minor = field.value as number | null | undefined;
  const digits = currencyDigits(currency);
  // While focused the box holds what is being typed; otherwise it shows the formatted value.
  const [draft, setDraft] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const justFocused = useRef(false);
  const formats = useFormats();
  const shown = draft ?? (minor == null ? '' : formatMinor(minor, currency.toUpperCase() === formats.currency.code ? formats.currency : currency));
  const error = localError ?? field.error;

  function commit(text: string) {
    const parsed = parseMoney(text, digits, { allowNegative });
    if (!parsed.ok) {
      setLocalError(parsed.error);
      return;
    }
    setLocalError(null);
    setDraft(null);
    if (parsed.minor !== (minor ?? null)) field.setValue(parsed.minor as T[K]);
  }

  return (
    <Field {...shell} hint={shell.hint ?? `Amount in ${currency.toUpperCase()}`} error={error}>
      {(control) => (
        <input
          {...control}
          {...decimalInputProps}
          name={name}
          disabled={disabled}
          placeholder={placeholder ?? minorToDecimal(0, digits)}
          value={shown}
          onFocus={(e) => {
            // Show the plain number and select it at once, in the DOM, before anything else can be
            // typed: typing then replaces the amount (a select made a frame later let fast typing
            // land after the old amount, "0.00" + "4.5" → "0.004.5"). React renders the same value
            // afterwards, so the selection stays.
            const box = e.currentTarget;
            const plain = minor == null ? '' : minorToDecimal(minor, digits);
            box.value = plain;
            box.select();
            setDraft(plain);
            justFocused.current = true;
          }}
          onMouseUp={(e) => {
            // the mouse-up of the click that focused the box would put the caret where it was
            // released and drop the selection; keep the selection for that one mouse-up only
            if (justFocused.current) e.preventDefault();
            justFocused.current = false;
          }}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={(e) => commit(e.target.value)}
          onKeyDown={(e) => {
            justFocused.current = false;
            // Enter first settles the amount (the form would otherwise send the previous one).
            if (e.key === 'Enter' && draft !== null) {
              e.preventDefault();
              commit(e.currentTarget.value);
            }
          }}
          className={controlClasses(Boolean(error), 'text-end tabular-nums')}
        />
      )}
    </Field>
  );
}
