import { Head, Link, router } from '@inertiajs/react';
import type { SubscriptionInvoiceRow } from '@common/subscriptions';
import type { PaymentDriver } from '@common/wallet';
import { Card } from '@/components/display/Card';
import { OnboardingLayout } from '@/features/subscriptions/OnboardingLayout';
import { PayInvoice } from '@/features/subscriptions/PayInvoice';

/** Onboarding/Payment: the first invoice paid through a method offered here (card, M-Pesa, bank transfer). */
export default function Payment({ invoice, drivers }: { invoice: SubscriptionInvoiceRow; drivers: PaymentDriver[] }) {
  const next = (inv: SubscriptionInvoiceRow) =>
    router.visit(inv.status === 'paid' ? '/onboarding/checkout/success' : `/onboarding/payment/processing?invoice=${inv.id}`);
  return (
    <>
      <Head title="Payment" />
      <OnboardingLayout step={3} title="Payment">
        <Card>
          {invoice.status === 'paid' ? (
            <p className="text-sm">
              This invoice is paid. <Link href="/onboarding/checkout/success" className="text-primary underline">Continue</Link>
            </p>
          ) : (
            <PayInvoice invoice={invoice} drivers={drivers} returnTo="onboarding" onStarted={next} />
          )}
        </Card>
      </OnboardingLayout>
    </>
  );
}
