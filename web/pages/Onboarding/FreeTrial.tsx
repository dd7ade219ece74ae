import { Head, Link, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import type { PlanRow } from '@common/subscriptions';
import { Card } from '@/components/display/Card';
import { Button } from '@/components/form/Button';
import { Field } from '@/components/form/Field';
import { controlClasses } from '@/components/form/styles';
import { OnboardingLayout } from '@/features/subscriptions/OnboardingLayout';

/** Onboarding/FreeTrial: the plan's trial, no card needed; a code by e-mail or SMS proves who starts it. */
export default function FreeTrial({ plan, email, phone }: { plan: PlanRow; email: string; phone: string | null }) {
  const form = useForm({ channel: 'email' as 'email' | 'sms', phone: phone ?? '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.post('/onboarding/free-trial');
  };
  return (
    <>
      <Head title="Free trial" />
      <OnboardingLayout step={3} title={`Start your ${plan.trial_days}-day free trial of ${plan.name}`}>
        <Card>
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              No card needed. Everything of the {plan.name} plan is yours for {plan.trial_days} days; we remind you 7, 3 and 1 days before it ends. We send a 6-digit code
              to confirm it is you.
            </p>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">Send the code by</legend>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="channel" checked={form.data.channel === 'email'} onChange={() => form.setData('channel', 'email')} className="size-4 accent-primary" />
                E-mail to {email}
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="channel" checked={form.data.channel === 'sms'} onChange={() => form.setData('channel', 'sms')} className="size-4 accent-primary" />
                SMS
              </label>
              {form.errors.channel && <p className="text-sm text-danger">{form.errors.channel}</p>}
            </fieldset>
            {form.data.channel === 'sms' && (
              <Field label="Mobile number" error={form.errors.phone} required>
                {(c) => <input {...c} type="tel" value={form.data.phone} onChange={(e) => form.setData('phone', e.target.value)} className={controlClasses(!!form.errors.phone)} />}
              </Field>
            )}
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" busy={form.processing} disabled={form.processing}>
                Send the code
              </Button>
              <Link href="/onboarding?step=plan" className="text-sm text-primary underline">
                Choose another plan
              </Link>
            </div>
          </form>
        </Card>
      </OnboardingLayout>
    </>
  );
}
