import { Head, Link, router } from '@inertiajs/react';
import { Clock } from 'lucide-react';
import { useEffect } from 'react';
import type { SubscriptionInvoiceRow } from '@common/subscriptions';
import { Card } from '@/components/display/Card';
import { OnboardingLayout } from '@/features/subscriptions/OnboardingLayout';
import { useGetInvoiceQuery } from '@/store/subscriptions-api';

const POLL_MS = 2000;

/**
 * Onboarding/PaymentProcessing: waits for the gateway's answer (the webhook, an M-Pesa approval, an
 * operator's approval of a transfer), polling the invoice; paid → CheckoutSuccess, failed or
 * cancelled (or back from Stripe's Cancel) → Cancel.
 */
export default function PaymentProcessing({ invoice: first }: { invoice: SubscriptionInvoiceRow }) {
  const cancelled = typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('cancelled') === '1';
  const { data } = useGetInvoiceQuery(first.id, { pollingInterval: POLL_MS });
  const invoice = data ?? first;
  const status = invoice.payment?.status;
  useEffect(() => {
    if (invoice.status === 'paid') router.visit('/onboarding/checkout/success');
    else if (cancelled || status === 'failed' || status === 'cancelled' || status === 'expired') router.visit(`/onboarding/cancel?invoice=${invoice.id}`);
  }, [invoice.status, invoice.id, status, cancelled]);
  const action = invoice.payment?.action;
  return (
    <>
      <Head title="Processing payment" />
      <OnboardingLayout step={3} title="Waiting for the payment">
        <Card>
          <div role="status" className="flex flex-col items-start gap-3 text-sm text-slate-600 dark:text-slate-300">
            <Clock aria-hidden="true" className="size-8 text-warning" />
            {action?.kind === 'stk_push' && <p>Approve the M-Pesa request on your phone.</p>}
            {action?.kind === 'instructions' && (
              <div>
                <p>Pay by bank transfer as follows; the subscription starts once the payment is approved.</p>
                <pre className="mt-2 whitespace-pre-wrap rounded bg-slate-50 p-3 dark:bg-slate-800">{JSON.stringify(action, null, 2)}</pre>
              </div>
            )}
            <p>This page moves on by itself once the payment is confirmed.</p>
            <Link href={`/onboarding/payment?invoice=${invoice.id}`} className="text-primary underline">
              Choose another payment method
            </Link>
          </div>
        </Card>
      </OnboardingLayout>
    </>
  );
}
