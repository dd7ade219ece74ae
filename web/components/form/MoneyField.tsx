import { useState } from 'react';
import { splitBound, type BoundFieldProps, type FormValues, type KeysOf } from './bind';
import { Field } from './Field';
import { currencyDigits, formatMinor, minorToDecimal, parseMoney } from './money';
import { controlClasses } from './styles';

export type MoneyFieldProps<T extends FormValues, K extends KeysOf<T, number | null | undefined>> = BoundFieldProps<T, K> & {
  /** ISO 4217 code: decides the decimals (USD 2, JPY 0, KWD 3) and the symbol shown. */
  currency: string;
  locale?: string;
  allowNegative?: boolean;
  placeholder?: string;
};

/**
 * An amount of money. The form holds integer minor units (1250 = 12.50); the box shows the
 * formatted amount ("$12.50") and, while it is being edited, the plain number ("12.50").
 * Something that is not an amount is reported beside the field and leaves the value unchanged.
 */
export function MoneyField<T extends FormValues, K extends KeysOf<T, number | null | undefined>>(props: MoneyFieldProps<T, K>) {
  const { field, name, disabled, shell, rest: { currency, locale, allowNegative = false, placeholder } } = splitBound<T, K, MoneyFieldProps<T, K>>(props);
  const minor = field.value as number | null | undefined;
  const digits = currencyDigits(currency);
  // While focused the box holds what is being typed; otherwise it shows the formatted value.
  const [draft, setDraft] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const shown = draft ?? (minor == null ? '' : formatMinor(minor, currency, locale));
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
          type="text"
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          name={name}
          disabled={disabled}
          placeholder={placeholder ?? minorToDecimal(0, digits)}
          value={shown}
          onFocus={(e) => {
            setDraft(minor == null ? '' : minorToDecimal(minor, digits));
            // the box's text changes on focus, which drops the browser's select-all (Tab into
            // the box); select again once it shows the plain number, so typing replaces it
            const box = e.currentTarget;
            requestAnimationFrame(() => {
              if (document.activeElement === box) box.select();
            });
          }}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={(e) => commit(e.target.value)}
          onKeyDown={(e) => {
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
