import { Head, Link } from '@inertiajs/react';
import { CheckCircle2 } from 'lucide-react';
import type { SubscriptionState } from '@common/subscriptions';
import { Card } from '@/components/display/Card';
import { buttonClasses } from '@/components/form/Button';
import { OnboardingLayout } from '@/features/subscriptions/OnboardingLayout';

/** Onboarding/Success: the free trial has started. */
export default function Success({ subscription }: { subscription: SubscriptionState }) {
  return (
    <>
      <Head title="Welcome" />
      <OnboardingLayout step={3} title="Your free trial has started">
        <Card>
          <div className="flex flex-col items-start gap-4">
            <CheckCircle2 aria-hidden="true" className="size-10 text-success" />
            <p className="text-sm text-slate-600 dark:text-slate-300">
              The {subscription.plan?.name} plan is yours until {subscription.trial_ends_at?.slice(0, 10)}
              {subscription.days_left !== null && ` (${subscription.days_left} days)`}. Choose how to pay any time under Settings → Company → Subscriptions.
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
