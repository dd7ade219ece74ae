import { Head, Link } from '@inertiajs/react';
import { CheckCircle2 } from 'lucide-react';
import type { SubscriptionState } from '@common/subscriptions';
import { Card } from '@/components/display/Card';
import { buttonClasses } from '@/components/form/Button';
import { OnboardingLayout } from '@/features/subscriptions/OnboardingLayout';

/** Onboarding/CheckoutSuccess: paid; the subscription runs. */
export default function CheckoutSuccess({ subscription }: { subscription: SubscriptionState }) {
  return (
    <>
      <Head title="Payment received" />
      <OnboardingLayout step={3} title="Payment received">
        <Card>
          <div className="flex flex-col items-start gap-4">
            <CheckCircle2 aria-hidden="true" className="size-10 text-success" />
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Thank you. The {subscription.plan?.name} plan runs until {subscription.current_period_end?.slice(0, 10)} and renews itself; the invoice is under Settings →
              Company → Subscriptions.
            </p>
            <Link href="/dashboard" className={buttonClasses('primary')}>
              Go to the dashboard
            </Link>
          </div>
        </Card>
      </OnboardingLayout>
    </>
  );
}
