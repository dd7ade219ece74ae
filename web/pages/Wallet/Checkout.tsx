import { Head, Link, router } from '@inertiajs/react';
import { CheckCircle2, Clock, CreditCard, Landmark, Smartphone, TestTube2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { PaymentDriver } from '@common/wallet';
import { Card } from '@/components/display/Card';
import { DateTimeText } from '@/components/display/DateText';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { PageHeader } from '@/components/display/PageHeader';
import { Skeleton } from '@/components/display/Skeleton';
import { StatusPill } from '@/components/display/Badge';
import { Button, buttonClasses } from '@/components/form/Button';
import { Field } from '@/components/form/Field';
import { isPlausiblePhone, normalizePhone } from '@/components/form/phone';
import { controlClasses } from '@/components/form/styles';
import { Money } from '@/components/money/Money';
import { BackLink } from '@/components/record/BackLink';
import { ProgressBar } from '@/components/upload/ProgressBar';
import { cx } from '@/components/cx';
import { CHECKOUT_POLL_MS, checkoutStage, orderedDrivers, pollsWhile, type CheckoutStage } from '@/features/wallet/checkout';
import { ReceiptLink } from '@/features/wallet/columns';
import { creditsLabel, DRIVER_HINT, DRIVER_LABEL, STATUS_LABEL, STATUS_TONE } from '@/features/wallet/credits';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { useFormats } from '@/lib/format';
import { useSharedProps } from '@/lib/page';
import { useAppDispatch } from '@/store';
import { refreshWallet, useCompletePaymentMutation, useGetCheckoutDataQuery, usePurchaseCreditsMutation, type CheckoutData } from '@/store/wallet-api';

const DRIVER_ICON: Record<PaymentDriver, typeof CreditCard> = { stripe: CreditCard, mpesa: Smartphone, offline: Landmark, log: TestTube2 };

type CheckoutProps = { checkout?: CheckoutData };

/** The purchase's id: the page's prop (GET /wallet/checkout/{id} answers the checkout data), else the last segment of the address. */
function purchaseIdOf(props: CheckoutProps): number {
  if (props.checkout) return props.checkout.purchase.id;
  return Number(typeof window === 'undefined' ? NaN : window.location.pathname.split('/').filter(Boolean).pop());
}

function Summary({ data }: { data: CheckoutData }) {
  const formats = useFormats();
  const p = data.purchase;
  return (
    <Card title="Purchase">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
        <dt className="text-slate-500 dark:text-slate-400">Credits</dt>
        <dd className="font-semibold text-slate-900 dark:text-white">{creditsLabel(p.credits, formats.currency)}</dd>
        <dt className="text-slate-500 dark:text-slate-400">To pay</dt>
        <dd className="font-semibold text-slate-900 dark:text-white">
          <Money amount={p.amount} code={p.currency} />
        </dd>
        <dt className="text-slate-500 dark:text-slate-400">Status</dt>
        <dd>
          <StatusPill status={p.status} label={STATUS_LABEL[p.status]} tone={STATUS_TONE[p.status]} />
        </dd>
        <dt className="text-slate-500 dark:text-slate-400">Started</dt>
        <dd className="text-slate-700 dark:text-slate-200">
          <DateTimeText value={p.created_at} />
          {p.user_name && <> by {p.user_name}</>}
        </dd>
        {p.paid_at && (
          <>
            <dt className="text-slate-500 dark:text-slate-400">Paid</dt>
            <dd className="text-slate-700 dark:text-slate-200">
              <DateTimeText value={p.paid_at} />
              {p.driver && <> · {DRIVER_LABEL[p.driver]}</>}
            </dd>
          </>
        )}
        {p.receipt_url && (
          <>
            <dt className="text-slate-500 dark:text-slate-400">Receipt</dt>
            <dd>
              <ReceiptLink purchase={p} />
            </dd>
          </>
        )}
      </dl>
    </Card>
  );
}

/** How to pay: a driver among those offered, a phone for M-Pesa; POST /wallet/complete-payment. */
function ChoosePayment({ data, onStarted }: { data: CheckoutData; onStarted: () => void }) {
  const { tenant } = useSharedProps();
  const dial = tenant?.phone_country ?? null;
  const drivers = orderedDrivers(data.drivers);
  const [driver, setDriver] = useState<PaymentDriver | null>(drivers[0] ?? null);
  const [phone, setPhone] = useState(dial ? `+${dial}` : '');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [complete, { isLoading }] = useCompletePaymentMutation();
  const name = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!driver) return;
    const number = normalizePhone(phone, dial);
    if (driver === 'mpesa' && !isPlausiblePhone(number)) {
      setPhoneError('Enter the M-Pesa phone number that will pay, with its country code.');
      return;
    }
    setPhoneError(null);
    try {
      const answer = await complete({ purchase_id: data.purchase.id, driver, ...(driver === 'mpesa' ? { phone: number } : {}) }).unwrap();
      onStarted();
      const action = answer.data.action;
      // the card processor's hosted page: the whole window goes there, and comes back here
      if (action?.kind === 'redirect') window.location.assign(action.url);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields.phone) setPhoneError(fields.phone);
      else toast.error(errorMessage(err, 'The payment could not be started.'));
    }
  };

  if (drivers.length === 0) return <ErrorAlert>No way to pay is set up yet. Ask the platform operator.</ErrorAlert>;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Pay with</legend>
        <div className="grid gap-2">
          {drivers.map((d) => {
            const Icon = DRIVER_ICON[d];
            return (
              <label
                key={d}
                className={cx(
                  'flex cursor-pointer items-start gap-3 rounded-md border px-4 py-3 text-sm focus-within:ring-2 focus-within:ring-primary/40',
                  driver === d ? 'border-primary bg-primary/5 dark:bg-primary/10' : 'border-slate-200 hover:border-slate-300 dark:border-slate-700 dark:hover:border-slate-500',
                )}
              >
                <input type="radio" name={name} value={d} checked={driver === d} onChange={() => setDriver(d)} className="mt-1 accent-primary" />
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500 dark:text-slate-400" />
                <span>
                  <span className="block font-medium text-slate-900 dark:text-white">{DRIVER_LABEL[d]}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-300">{DRIVER_HINT[d]}</span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {driver === 'mpesa' && (
        <Field label="M-Pesa phone number" required error={phoneError} hint="The phone that receives the payment prompt.">
          {(control) => (
            <input {...control} type="tel" autoComplete="tel" dir="ltr" value={phone} onChange={(e) => setPhone(e.target.value)} className={controlClasses(Boolean(phoneError))} />
          )}
        </Field>
      )}
      <div>
        <Button type="submit" busy={isLoading} disabled={isLoading || !driver}>
          {driver === 'stripe' ? 'Continue to card payment' : driver === 'mpesa' ? 'Send the payment prompt' : driver === 'offline' ? 'Show the transfer details' : 'Pay'}
        </Button>
      </div>
    </form>
  );
}

/** A payment under way: the M-Pesa prompt, the card page (or the return from it), a settlement in progress. */
function Waiting({ stage, onChange }: { stage: Extract<CheckoutStage, { stage: 'waiting' }>; onChange: () => void }) {
  const { action } = stage;
  return (
    <div className="flex flex-col gap-4">
      <div role="status" className="flex items-start gap-3 text-sm text-slate-700 dark:text-slate-200">
        <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
        <p>
          {action.kind === 'stk_push'
            ? action.message
            : action.kind === 'redirect'
              ? 'Waiting for the card payment. If you closed the card page before paying, open it again.'
              : 'Confirming the payment…'}
        </p>
      </div>
      <ProgressBar value={null} label="Waiting for the payment" />
      <div className="flex flex-wrap gap-2">
        {action.kind === 'redirect' && (
          <a href={action.url} className={buttonClasses('primary')}>
            Open the card payment page
          </a>
        )}
        <Button variant="outline" onClick={onChange}>
          Pay another way
        </Button>
      </div>
    </div>
  );
}

/** Wallet/Checkout (PAGES.md): pay for a credit purchase by card, M-Pesa or bank transfer, and see it settle. */
export default function WalletCheckout(props: CheckoutProps) {
  const id = purchaseIdOf(props);
  const dispatch = useAppDispatch();
  const formats = useFormats();
  // the payer asked to change the way of paying while one is under way
  const [choosing, setChoosing] = useState(false);
  const [polling, setPolling] = useState(false);
  const query = useGetCheckoutDataQuery(id, { pollingInterval: polling ? CHECKOUT_POLL_MS : 0, skipPollingIfUnfocused: false });
  // the page's own prop until the first answer: no skeleton on arrival
  const data = query.data ?? props.checkout;
  const { isLoading, refetch } = query;
  const error = data ? undefined : query.error;
  const stage = data ? checkoutStage(data) : null;
  const poll = Boolean(stage && pollsWhile(stage) && !choosing);
  // the next request's interval follows what this answer says (set while rendering: React's way to follow a value)
  if (poll !== polling) setPolling(poll);

  // a payment that settles while the page watches: the wallet's figures are asked for again, once
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!stage) return;
    if (seen.current && seen.current !== stage.stage && (stage.stage === 'paid' || stage.stage === 'failed')) {
      dispatch(refreshWallet());
      if (stage.stage === 'paid' && data) toast.success(`Payment received: ${creditsLabel(data.purchase.credits, formats.currency)} added to your wallet.`);
    }
    seen.current = stage.stage;
  }, [stage, data, dispatch, formats.currency]);

  const [again, { isLoading: restarting }] = usePurchaseCreditsMutation();
  const tryAgain = async () => {
    if (!data) return;
    try {
      const answer = await again({ credits: data.purchase.credits }).unwrap();
      router.visit(answer.data.checkout_url);
    } catch (err) {
      toast.error(errorMessage(err, 'The purchase could not be started.'));
    }
  };

  let body;
  if (error) body = <ErrorAlert onRetry={() => void refetch()}>{errorMessage(error, 'Failed to load the purchase')}</ErrorAlert>;
  else if (isLoading || !data || !stage) body = <Skeleton className="h-48" />;
  else if (stage.stage === 'paid')
    body = (
      <div className="flex flex-col items-start gap-4" role="status">
        <p className="flex items-center gap-3 text-base font-semibold text-emerald-700 dark:text-emerald-400">
          <CheckCircle2 aria-hidden="true" className="size-6" />
          Payment received
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-200">{creditsLabel(data.purchase.credits, formats.currency)} were added to your wallet.</p>
        <div className="flex flex-wrap gap-3">
          <Link href="/wallet" className={buttonClasses('primary')}>
            Back to the wallet
          </Link>
          {data.purchase.receipt_url && (
            <a href={data.purchase.receipt_url} download className={buttonClasses('outline')}>
              Download the receipt
            </a>
          )}
        </div>
      </div>
    );
  else if (stage.stage === 'failed')
    body = (
      <div className="flex flex-col items-start gap-4">
        <ErrorAlert className="w-full">{data.failure_reason || (data.purchase.status === 'expired' ? 'The payment was not completed in time.' : 'The payment did not go through.')}</ErrorAlert>
        <Button busy={restarting} disabled={restarting} onClick={() => void tryAgain()}>
          Try again
        </Button>
      </div>
    );
  else if (choosing || stage.stage === 'choose') body = <ChoosePayment data={data} onStarted={() => setChoosing(false)} />;
  else if (stage.stage === 'waiting') body = <Waiting stage={stage} onChange={() => setChoosing(true)} />;
  else
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-sm whitespace-pre-line text-slate-700 dark:text-slate-200">{stage.action.text}</p>
        <p className="text-sm text-slate-700 dark:text-slate-200">
          Reference: <strong className="font-mono text-base text-slate-900 select-all dark:text-white">{stage.action.reference}</strong>
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">The credits are added once the transfer is confirmed. You can leave this page.</p>
        <div>
          <Button variant="outline" onClick={() => setChoosing(true)}>
            Pay another way
          </Button>
        </div>
      </div>
    );

  return (
    <>
      <Head title="Checkout" />
      <PageHeader title="Checkout" description="Pay for your credits by card, M-Pesa or bank transfer.">
        <BackLink href="/wallet">Wallet</BackLink>
      </PageHeader>
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-2">{data ? <Summary data={data} /> : !error && <Skeleton className="h-56" />}</div>
        <Card title={stage?.stage === 'paid' ? 'Paid' : 'Payment'} className="lg:col-span-3">
          {body}
        </Card>
      </div>
    </>
  );
}

WalletCheckout.layout = AppLayout;
