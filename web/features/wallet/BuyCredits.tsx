import { router } from '@inertiajs/react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { currencyFormatOf } from '@common/format';
import { Card } from '@/components/display/Card';
import { Skeleton } from '@/components/display/Skeleton';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { Button } from '@/components/form/Button';
import { Field } from '@/components/form/Field';
import { controlClasses } from '@/components/form/styles';
import { cx } from '@/components/cx';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { useFormats } from '@/lib/format';
import { useGetWalletMetricsQuery, usePurchaseCreditsMutation, type WalletRates } from '@/store/wallet-api';
import { creditsLabel, creditsPrice, readCustomCredits } from './credits';

const CUSTOM = 'custom';

/** The credits chosen: a package's, or the custom amount when it reads. */
function chosenCredits(choice: string, custom: string, rates: WalletRates) {
  if (choice !== CUSTOM) return { ok: true as const, credits: choice };
  return readCustomCredits(custom, rates.min_credits, rates.max_credits);
}

/**
 * "Buy credits": a package (the operator's, from the rates) or a custom amount within the
 * operator's bounds, with the price at the current rate; sends POST /wallet/credits/purchase and
 * goes to the checkout page. The rates come from GET /wallet/metrics, never from the page.
 */
export function BuyCredits() {
  const { data, isLoading, error, refetch } = useGetWalletMetricsQuery();
  return (
    <Card title="Buy credits" id="buy-credits">
      {error ? (
        <ErrorAlert onRetry={() => void refetch()}>{errorMessage(error, 'Failed to load the credit rates')}</ErrorAlert>
      ) : isLoading || !data ? (
        <div className="space-y-3" aria-busy="true" aria-label="Loading the credit rates">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
          <Skeleton className="h-10" />
        </div>
      ) : (
        <BuyForm rates={data.rates} />
      )}
    </Card>
  );
}

function BuyForm({ rates }: { rates: WalletRates }) {
  const formats = useFormats();
  const currency = rates.currency === formats.currency.code ? formats.currency : currencyFormatOf(rates.currency);
  const [choice, setChoice] = useState(rates.packages[0]?.credits ?? CUSTOM);
  const [custom, setCustom] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [purchase, { isLoading: sending }] = usePurchaseCreditsMutation();
  const name = useId();
  const chosen = chosenCredits(choice, custom, rates);
  const customError = choice === CUSTOM && touched && !chosen.ok ? chosen.error : (serverError ?? null);
  const priceOf = (credits: string) => formats.money(creditsPrice(credits, rates.credit_price, currency.precision), currency);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    setServerError(null);
    if (!chosen.ok) return;
    try {
      const answer = await purchase({ credits: chosen.credits }).unwrap();
      toast.success(answer.message);
      router.visit(answer.data.checkout_url);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields.credits) setServerError(fields.credits);
      else toast.error(errorMessage(err, 'The purchase could not be started.'));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        One credit costs <strong className="font-semibold text-slate-900 dark:text-white">{formats.money(rates.credit_price, { ...currency, precision: Math.max(currency.precision, decimalsOf(rates.credit_price)) })}</strong>. An SMS part costs {creditsLabel(rates.service.sms, formats.currency)}, an email{' '}
        {creditsLabel(rates.service.email, formats.currency)}, one unit of airtime {creditsLabel(rates.service.airtime, formats.currency)}.
      </p>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Amount</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {rates.packages.map((p) => (
            <label
              key={p.credits}
              className={cx(
                'flex cursor-pointer flex-col rounded-md border px-3 py-2 text-sm transition-colors focus-within:ring-2 focus-within:ring-primary/40',
                choice === p.credits ? 'border-primary bg-primary/5 dark:bg-primary/10' : 'border-slate-200 hover:border-slate-300 dark:border-slate-700 dark:hover:border-slate-500',
              )}
            >
              <span className="flex items-center gap-2">
                <input type="radio" name={name} value={p.credits} checked={choice === p.credits} onChange={() => setChoice(p.credits)} className="accent-primary" />
                <span className="font-medium text-slate-900 dark:text-white">{p.label}</span>
              </span>
              <span className="ms-6 text-xs text-slate-600 dark:text-slate-300">
                {creditsLabel(p.credits, formats.currency)} · {priceOf(p.credits)}
              </span>
            </label>
          ))}
          <label
            className={cx(
              'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium text-slate-900 focus-within:ring-2 focus-within:ring-primary/40 dark:text-white',
              choice === CUSTOM ? 'border-primary bg-primary/5 dark:bg-primary/10' : 'border-slate-200 hover:border-slate-300 dark:border-slate-700 dark:hover:border-slate-500',
            )}
          >
            <input type="radio" name={name} value={CUSTOM} checked={choice === CUSTOM} onChange={() => setChoice(CUSTOM)} className="accent-primary" />
            Another amount
          </label>
        </div>
      </fieldset>
      {choice === CUSTOM && (
        <Field label="Credits" required hint={`From ${creditsLabel(rates.min_credits, formats.currency)} to ${creditsLabel(rates.max_credits, formats.currency)}.`} error={customError}>
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              dir="ltr"
              value={custom}
              onChange={(e) => {
                setCustom(e.target.value);
                setServerError(null);
              }}
              onBlur={() => setTouched(true)}
              className={controlClasses(Boolean(customError))}
            />
          )}
        </Field>
      )}
      {choice !== CUSTOM && serverError && <ErrorAlert>{serverError}</ErrorAlert>}
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4 dark:border-slate-700">
        <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
          {chosen.ok ? (
            <>
              <strong className="font-semibold text-slate-900 dark:text-white">{creditsLabel(chosen.credits, formats.currency)}</strong> for{' '}
              <strong className="font-semibold text-slate-900 dark:text-white">{priceOf(chosen.credits)}</strong>
            </>
          ) : (
            'Choose how many credits to buy.'
          )}
        </p>
        <Button type="submit" busy={sending} disabled={sending}>
          Continue to payment
        </Button>
      </div>
    </form>
  );
}

/** decimals a rate is written with ("0.0125" → 4, trailing zeros dropped), so a fraction of a cent shows */
function decimalsOf(text: string): number {
  const fraction = text.split('.')[1]?.replace(/0+$/, '') ?? '';
  return fraction.length;
}
