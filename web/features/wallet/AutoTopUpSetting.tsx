import { Smartphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { isDecimal } from '@common/money';
import { Card } from '@/components/display/Card';
import { Button } from '@/components/form/Button';
import { Checkbox } from '@/components/form/Checkbox';
import { Field } from '@/components/form/Field';
import { controlClasses, decimalInputProps } from '@/components/form/styles';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { useFormats } from '@/lib/format';
import { useSaveWalletSettingsMutation, type WalletSettings } from '@/store/wallet-api';
import { creditsLabel, formatCredits } from './credits';

type Errors = { enabled?: string; target?: string; phone?: string };

/** The server's field errors of POST /wallet/settings, on this form's fields. */
function errorsOf(fields: Record<string, string>): Errors {
  return {
    enabled: fields.low_balance_threshold ?? fields['auto_top_up.enabled'],
    target: fields['auto_top_up.target_balance'],
    phone: fields['auto_top_up.method.phone'] ?? fields['auto_top_up.method.driver'] ?? fields['auto_top_up.method'],
  };
}

/**
 * The automatic top-up (POST /wallet/settings, auto_top_up): when the balance falls below the
 * alert threshold, Kazi buys the credits missing up to the target balance and sends an M-Pesa
 * request to the saved phone, which the payer approves there.
 */
export function AutoTopUpSetting({ settings }: { settings: WalletSettings }) {
  const formats = useFormats();
  const auto = settings.auto_top_up;
  const threshold = settings.low_balance_threshold;
  const [enabled, setEnabled] = useState(auto.enabled);
  const [target, setTarget] = useState(auto.target_balance === null ? '' : formatCredits(auto.target_balance).replace(/,/g, ''));
  const [phone, setPhone] = useState(auto.method?.phone ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [save, { isLoading }] = useSaveWalletSettingsMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = target.trim().replace(/[\s,]/g, '');
    if (text !== '' && (!isDecimal(text) || text.startsWith('-'))) {
      setErrors({ target: 'Enter a number of credits.' });
      return;
    }
    try {
      const answer = await save({
        low_balance_threshold: threshold,
        auto_top_up: { enabled, target_balance: text === '' ? null : text, method: phone.trim() ? { driver: 'mpesa', phone: phone.trim() } : null },
      }).unwrap();
      setErrors({});
      toast.success(answer.message);
    } catch (err) {
      const found = errorsOf(fieldErrorsOf(err));
      if (found.enabled || found.target || found.phone) setErrors(found);
      else toast.error(errorMessage(err, 'Failed to update settings'));
    }
  };

  return (
    <Card title="Automatic top-up">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3" aria-label="Automatic top-up">
        <p className="flex items-start gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Smartphone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          {auto.enabled && threshold !== null && auto.target_balance !== null && auto.method
            ? `On: when the balance falls below ${creditsLabel(threshold, formats.currency)}, credits up to ${creditsLabel(auto.target_balance, formats.currency)} are bought by M-Pesa from ${auto.method.phone}.`
            : threshold === null
              ? 'Off. Set a low-balance alert first: the top-up starts when the balance falls below it.'
              : `Off. Buy credits back up to a target balance by M-Pesa whenever the balance falls below ${creditsLabel(threshold, formats.currency)}.`}
        </p>
        <Checkbox label="Top up automatically" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} error={errors.enabled} />
        <Field label="Top up to (credits)" error={errors.target} className="max-w-xs">
          {(control) => <input {...control} {...decimalInputProps} value={target} onChange={(e) => setTarget(e.target.value)} className={controlClasses(Boolean(errors.target))} />}
        </Field>
        <Field
          label="M-Pesa phone number"
          hint="You will be asked to approve each top-up on your phone (an M-Pesa request for the amount)."
          error={errors.phone}
          className="max-w-xs"
        >
          {(control) => (
            <input
              {...control}
              type="tel"
              autoComplete="tel"
              dir="ltr"
              placeholder="0712 345 678"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              className={controlClasses(Boolean(errors.phone))}
            />
          )}
        </Field>
        <div>
          <Button type="submit" busy={isLoading} disabled={isLoading}>
            Save automatic top-up
          </Button>
        </div>
      </form>
    </Card>
  );
}
