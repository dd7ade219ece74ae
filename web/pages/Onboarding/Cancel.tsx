import { Head, Link, router } from '@inertiajs/react';
import { XCircle } from 'lucide-react';
import type { SubscriptionInvoiceRow, SubscriptionState } from '@common/subscriptions';
import { Card } from '@/components/display/Card';
import { Button, buttonClasses } from '@/components/form/Button';
import { OnboardingLayout } from '@/features/subscriptions/OnboardingLayout';
import { useGetStartedMutation } from '@/store/subscriptions-api';

/** Onboarding/Cancel: the payment did not go through; try again, or start the free trial instead. */
export default function Cancel({ invoice, subscription }: { invoice: SubscriptionInvoiceRow; subscription: SubscriptionState }) {
  const [send, { isLoading }] = useGetStartedMutation();
  const plan = subscription.plan;
  const trial = subscription.status === 'onboarding' && plan && plan.trial_days > 0;
  const startTrial = async () => {
    const res = await send({ step: 'plan', plan_id: plan!.id, interval: subscription.interval, start: 'trial' }).unwrap();
    router.visit(res.data.next);
  };
  return (
    <>
      <Head title="Payment not completed" />
      <OnboardingLayout step={3} title="The payment was not completed">
        <Card>
          <div className="flex flex-col items-start gap-4">
            <XCircle aria-hidden="true" className="size-10 text-danger" />
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Nothing was charged{invoice.payment?.failure_reason ? `: ${invoice.payment.failure_reason}` : '.'}
            </p>
            <div className="flex flex-wrap gap-3">
              <Link href={`/onboarding/payment?invoice=${invoice.id}`} className={buttonClasses('primary')}>
                Try again
              </Link>
              {trial && (
                <Button variant="outline" onClick={startTrial} disabled={isLoading}>
                  Start the {plan.trial_days}-day free trial instead
                </Button>
              )}
            </div>
          </div>
        </Card>
      </OnboardingLayout>
    </>
  );
}
