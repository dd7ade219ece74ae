import { BellRing } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { isDecimal } from '@common/money';
import { Card } from '@/components/display/Card';
import { Button } from '@/components/form/Button';
import { Field } from '@/components/form/Field';
import { controlClasses, decimalInputProps } from '@/components/form/styles';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { useFormats } from '@/lib/format';
import { useSaveWalletSettingsMutation } from '@/store/wallet-api';
import { creditsLabel, formatCredits } from './credits';

/** The low-balance alert (POST /wallet/settings): a notification and a mail once each time the balance falls below it. */
export function LowBalanceSetting({ threshold }: { threshold: string | null }) {
  const formats = useFormats();
  const [value, setValue] = useState(threshold === null ? '' : formatCredits(threshold).replace(/,/g, ''));
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveWalletSettingsMutation();

  const send = async (next: string | null) => {
    try {
      const answer = await save({ low_balance_threshold: next }).unwrap();
      setError(null);
      toast.success(answer.message);
      if (next === null) setValue('');
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields.low_balance_threshold) setError(fields.low_balance_threshold);
      else toast.error(errorMessage(err, 'Failed to update settings'));
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = value.trim().replace(/[\s,]/g, '');
    if (!isDecimal(text) || text.startsWith('-') || Number(text) <= 0) {
      setError('Enter a number of credits greater than 0.');
      return;
    }
    void send(text);
  };

  return (
    <Card title="Low-balance alert">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <p className="flex items-start gap-2 text-sm text-slate-600 dark:text-slate-300">
          <BellRing aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          {threshold === null
            ? 'Off. Set a balance to be told (a notification and an email) when the credits fall below it.'
            : `You are told when the balance falls below ${creditsLabel(threshold, formats.currency)}.`}
        </p>
        <Field label="Alert below (credits)" error={error} className="max-w-xs">
          {(control) => <input {...control} {...decimalInputProps} value={value} onChange={(e) => setValue(e.target.value)} className={controlClasses(Boolean(error))} />}
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={isLoading} disabled={isLoading}>
            Save
          </Button>
          {threshold !== null && (
            <Button variant="ghost" disabled={isLoading} onClick={() => void send(null)}>
              Turn off
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
