import { Head, router } from '@inertiajs/react';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { BillingInterval, PlanRow, SubscriptionState } from '@common/subscriptions';
import { Card } from '@/components/display/Card';
import { Button } from '@/components/form/Button';
import { Field } from '@/components/form/Field';
import { controlClasses } from '@/components/form/styles';
import { IntervalSwitch, PlanPicker } from '@/features/subscriptions/plans';
import { OnboardingLayout } from '@/features/subscriptions/OnboardingLayout';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { useGetStartedMutation } from '@/store/subscriptions-api';

type Props = {
  plans: PlanRow[];
  subscription: SubscriptionState;
  company: { name: string; phone: string | null; industry: string | null; team_size: string | null };
};

/**
 * Onboarding/Index (SPEC §2, §9: three steps): the company's details, then the plan and how to
 * start — the free trial or paying now — then that step's own page. Each step is saved as it is
 * taken (POST /get-started), so the wizard opens at the step the company reached.
 */
export default function OnboardingIndex({ plans, subscription, company }: Props) {
  const [step, setStep] = useState<'company' | 'plan'>(subscription.onboarding_step === 'company' ? 'company' : 'plan');
  const [details, setDetails] = useState({ company_name: company.name ?? '', phone: company.phone ?? '', industry: company.industry ?? '', team_size: company.team_size ?? '' });
  const [planId, setPlanId] = useState<number | null>(subscription.plan?.id ?? plans[1]?.id ?? plans[0]?.id ?? null);
  const [interval, setInterval] = useState<BillingInterval>(subscription.interval);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [send, { isLoading }] = useGetStartedMutation();
  const chosen = plans.find((p) => p.id === planId);

  const saveCompany = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      await send({ step: 'company', company_name: details.company_name, phone: details.phone || null, industry: details.industry || null, team_size: details.team_size || null }).unwrap();
      setStep('plan');
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      toast.error(errorMessage(err, 'The details could not be saved.'));
    }
  };

  const start = async (how: 'trial' | 'pay') => {
    if (!planId) return setErrors({ plan_id: 'Choose a plan.' });
    setErrors({});
    try {
      const res = await send({ step: 'plan', plan_id: planId, interval, start: how }).unwrap();
      router.visit(res.data.next);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      toast.error(errorMessage(err, 'The plan could not be chosen.'));
    }
  };

  return (
    <>
      <Head title="Get started" />
      <OnboardingLayout step={step === 'company' ? 1 : 2} title={step === 'company' ? 'Tell us about the company' : 'Choose a plan'}>
        {step === 'company' ? (
          <Card>
            <form onSubmit={saveCompany} className="flex flex-col gap-4" noValidate>
              <Field label="Company name" error={errors.company_name} required>
                {(c) => <input {...c} value={details.company_name} onChange={(e) => setDetails({ ...details, company_name: e.target.value })} className={controlClasses(!!errors.company_name)} />}
              </Field>
              <Field label="Phone" error={errors.phone} hint="Optional: for the SMS code of the free trial.">
                {(c) => <input {...c} type="tel" value={details.phone} onChange={(e) => setDetails({ ...details, phone: e.target.value })} className={controlClasses(!!errors.phone)} />}
              </Field>
              <Field label="Industry" error={errors.industry}>
                {(c) => <input {...c} value={details.industry} onChange={(e) => setDetails({ ...details, industry: e.target.value })} className={controlClasses(!!errors.industry)} />}
              </Field>
              <Field label="Team size" error={errors.team_size}>
                {(c) => (
                  <select {...c} value={details.team_size} onChange={(e) => setDetails({ ...details, team_size: e.target.value })} className={controlClasses(!!errors.team_size)}>
                    <option value="">Choose…</option>
                    {['1', '2-10', '11-50', '51-200', '200+'].map((s) => (
                      <option key={s} value={s}>
                        {s}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <div>
                <Button type="submit" busy={isLoading} disabled={isLoading}>
                  Continue
                </Button>
              </div>
            </form>
          </Card>
        ) : (
          <div className="flex flex-col gap-4">
            <div className="flex items-center justify-between gap-4">
              <button type="button" className="text-sm text-slate-700 underline dark:text-slate-200" onClick={() => setStep('company')}>
                Back to the company's details
              </button>
              <IntervalSwitch value={interval} onChange={setInterval} />
            </div>
            {plans.length === 0 ? (
              <Card>
                <p className="text-sm text-slate-600 dark:text-slate-300">No plans are offered yet. Please come back later.</p>
              </Card>
            ) : (
              <PlanPicker plans={plans} value={planId} onChange={setPlanId} currency={subscription.currency} interval={interval} />
            )}
            {(errors.plan_id || errors.start) && <p className="text-sm text-danger">{errors.plan_id ?? errors.start}</p>}
            <div className="flex flex-wrap gap-3">
              {chosen && chosen.trial_days > 0 && (
                <Button onClick={() => start('trial')} disabled={isLoading}>
                  Start {chosen.trial_days}-day free trial
                </Button>
              )}
              <Button variant="outline" onClick={() => start('pay')} disabled={isLoading || !chosen}>
                Pay now
              </Button>
            </div>
          </div>
        )}
      </OnboardingLayout>
    </>
  );
}
