import { Head, Link, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import type { PlanRow } from '@common/subscriptions';
import { Card } from '@/components/display/Card';
import { Button } from '@/components/form/Button';
import { Field } from '@/components/form/Field';
import { controlClasses } from '@/components/form/styles';
import { OnboardingLayout } from '@/features/subscriptions/OnboardingLayout';

/** Onboarding/TrialVerification: the 6-digit code sent by e-mail or SMS starts the trial. */
export default function TrialVerification({ plan, channel, sent_to }: { plan: PlanRow; channel: 'email' | 'sms'; sent_to: string }) {
  const form = useForm({ code: '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.post('/onboarding/trial-verification');
  };
  return (
    <>
      <Head title="Verify" />
      <OnboardingLayout step={3} title="Enter your code">
        <Card>
          <form onSubmit={submit} className="flex max-w-sm flex-col gap-4" noValidate>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              We sent a 6-digit code by {channel === 'email' ? 'e-mail' : 'SMS'} to {sent_to}. It starts the free trial of {plan.name}.
            </p>
            <Field label="Verification code" error={form.errors.code} required>
              {(c) => (
                <input
                  {...c}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={form.data.code}
                  onChange={(e) => form.setData('code', e.target.value.replace(/\D/g, ''))}
                  className={controlClasses(!!form.errors.code, 'tracking-widest')}
                />
              )}
            </Field>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" busy={form.processing} disabled={form.processing}>
                Start the free trial
              </Button>
              <Link href="/onboarding/free-trial" className="text-sm text-primary underline">
                Send a new code
              </Link>
            </div>
          </form>
        </Card>
      </OnboardingLayout>
    </>
  );
}
