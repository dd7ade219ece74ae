import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { SubscriptionInvoiceRow } from '@common/subscriptions';
import type { PaymentDriver } from '@common/wallet';
import { Button } from '@/components/form/Button';
import { Field } from '@/components/form/Field';
import { controlClasses } from '@/components/form/styles';
import { Money } from '@/components/money/Money';
import { DRIVER_HINT, DRIVER_LABEL } from '@/features/wallet/credits';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { usePayInvoiceMutation } from '@/store/subscriptions-api';

/**
 * Paying a subscription invoice through the gateway (the payments module): the payer picks a
 * method offered here; a card goes to Stripe's hosted page, M-Pesa pushes to the phone, a bank
 * transfer shows its instructions, the test driver pays at once. `onStarted` gets the invoice
 * as it stands after the start (paid, or pending with what to do next).
 */
export function PayInvoice({ invoice, drivers, returnTo, onStarted }: { invoice: SubscriptionInvoiceRow; drivers: PaymentDriver[]; returnTo: 'onboarding' | 'subscriptions'; onStarted: (inv: SubscriptionInvoiceRow) => void }) {
  const [driver, setDriver] = useState<PaymentDriver>(drivers[0] ?? 'log');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pay, { isLoading }] = usePayInvoiceMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      const res = await pay({ id: invoice.id, driver, phone: driver === 'mpesa' ? phone : null, return_to: returnTo }).unwrap();
      toast.success(res.message);
      const action = res.data.payment?.action;
      if (action?.kind === 'redirect') {
        window.location.assign(action.url);
        return;
      }
      onStarted(res.data);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      toast.error(errorMessage(err, 'The payment could not be started.'));
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        To pay: <strong className="text-slate-900 dark:text-white"><Money amount={invoice.amount} code={invoice.currency} /></strong> — {invoice.description}
      </p>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">Payment method</legend>
        {drivers.map((d) => (
          <label key={d} className="flex items-start gap-2 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
            <input type="radio" name="driver" value={d} checked={driver === d} onChange={() => setDriver(d)} className="mt-0.5 size-4 accent-primary" />
            <span>
              <span className="font-medium text-slate-900 dark:text-white">{DRIVER_LABEL[d]}</span>
              <span className="block text-slate-500 dark:text-slate-400">{DRIVER_HINT[d]}</span>
            </span>
          </label>
        ))}
        {errors.driver && <p className="text-sm text-danger">{errors.driver}</p>}
      </fieldset>
      {driver === 'mpesa' && (
        <Field label="M-Pesa phone number" error={errors.phone} required>
          {(control) => <input {...control} type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} className={controlClasses(!!errors.phone)} autoComplete="tel" />}
        </Field>
      )}
      <div>
        <Button type="submit" busy={isLoading} disabled={isLoading}>
          Pay now
        </Button>
      </div>
    </form>
  );
}
