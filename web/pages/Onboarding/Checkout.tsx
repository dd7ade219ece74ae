import { Head, Link, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import type { PlanRow, SubscriptionState } from '@common/subscriptions';
import { Card } from '@/components/display/Card';
import { DateText } from '@/components/display/DateText';
import { Button } from '@/components/form/Button';
import { Money } from '@/components/money/Money';
import { OnboardingLayout } from '@/features/subscriptions/OnboardingLayout';

type Props = { plan: PlanRow; subscription: SubscriptionState; price: { amount: string; currency: string }; period: { start: string; end: string } };

/** Onboarding/Checkout: what is bought — the plan, the billing, the first period and its price — before paying. */
export default function Checkout({ plan, subscription, price, period }: Props) {
  const form = useForm({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.post('/onboarding/checkout');
  };
  return (
    <>
      <Head title="Checkout" />
      <OnboardingLayout step={3} title="Checkout">
        <Card title="Order">
          <form onSubmit={submit} className="flex flex-col gap-4">
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
              <dt className="text-slate-500 dark:text-slate-400">Plan</dt>
              <dd className="font-semibold text-slate-900 dark:text-white">{plan.name}</dd>
              <dt className="text-slate-500 dark:text-slate-400">Billing</dt>
              <dd className="text-slate-700 dark:text-slate-200">{subscription.interval === 'yearly' ? 'Yearly' : 'Monthly'}</dd>
              <dt className="text-slate-500 dark:text-slate-400">First period</dt>
              <dd className="text-slate-700 dark:text-slate-200">
                <DateText value={period.start} /> – <DateText value={period.end} />
              </dd>
              <dt className="text-slate-500 dark:text-slate-400">To pay</dt>
              <dd className="font-semibold text-slate-900 dark:text-white">
                <Money amount={price.amount} code={price.currency} />
              </dd>
            </dl>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" busy={form.processing} disabled={form.processing}>
                Continue to payment
              </Button>
              <Link href="/onboarding?step=plan" className="text-sm text-primary underline">
                Change the plan
              </Link>
            </div>
          </form>
        </Card>
      </OnboardingLayout>
    </>
  );
}
