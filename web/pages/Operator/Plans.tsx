import { Head } from '@inertiajs/react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { LIMIT_KINDS, LIMIT_LABELS, PLAN_FEATURE_LABELS, PLAN_FEATURES, type PlanInput, type PlanFeature, type LimitKind } from '@common/subscriptions';
import { Badge } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { EmptyState } from '@/components/display/EmptyState';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { PageHeader } from '@/components/display/PageHeader';
import { Button } from '@/components/form/Button';
import { Field } from '@/components/form/Field';
import { controlClasses } from '@/components/form/styles';
import { limitText } from '@/features/subscriptions/plans';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { useDeletePlanMutation, useGetOperatorPlansQuery, useSavePlanMutation, type OperatorPlanRow } from '@/store/subscriptions-api';

type Values = {
  code: string;
  name: string;
  description: string;
  prices: { currency: string; monthly: string; yearly: string }[];
  trial_days: string;
  limits: Record<LimitKind, string>;
  features: PlanFeature[];
  included_credits: string;
  position: string;
  active: boolean;
};

const EMPTY: Values = {
  code: '',
  name: '',
  description: '',
  prices: [{ currency: 'USD', monthly: '', yearly: '' }],
  trial_days: '14',
  limits: { users: '', contacts: '', messages: '', storage_mb: '' },
  features: [...PLAN_FEATURES],
  included_credits: '0',
  position: '0',
  active: true,
};

const toValues = (p: OperatorPlanRow): Values => ({
  code: p.code,
  name: p.name,
  description: p.description,
  prices: Object.entries(p.prices).map(([currency, v]) => ({ currency, monthly: v.monthly, yearly: v.yearly })),
  trial_days: String(p.trial_days),
  limits: Object.fromEntries(LIMIT_KINDS.map((k) => [k, p.limits[k] === null ? '' : String(p.limits[k])])) as Record<LimitKind, string>,
  features: p.features,
  included_credits: String(Number(p.included_credits)),
  position: String(p.position),
  active: p.active,
});

const toInput = (v: Values): PlanInput => ({
  code: v.code,
  name: v.name,
  description: v.description,
  prices: Object.fromEntries(v.prices.filter((p) => p.currency).map((p) => [p.currency.toUpperCase(), { monthly: p.monthly, yearly: p.yearly }])),
  trial_days: Number(v.trial_days),
  limits: Object.fromEntries(LIMIT_KINDS.map((k) => [k, v.limits[k] === '' ? null : Number(v.limits[k])])) as PlanInput['limits'],
  features: v.features,
  included_credits: v.included_credits,
  position: Number(v.position),
  active: v.active,
});

function PlanForm({ plan, onClose }: { plan: OperatorPlanRow | null; onClose: () => void }) {
  const [v, setV] = useState<Values>(plan ? toValues(plan) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, { isLoading }] = useSavePlanMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      const res = await save({ id: plan?.id ?? null, body: toInput(v) }).unwrap();
      toast.success(res.message);
      onClose();
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      toast.error(errorMessage(err, 'The plan could not be saved.'));
    }
  };
  const err = (prefix: string) => Object.entries(errors).find(([k]) => k === prefix || k.startsWith(`${prefix}.`))?.[1];
  return (
    <Card title={plan ? `Edit ${plan.name}` : 'New plan'}>
      <form onSubmit={submit} className="grid gap-4 md:grid-cols-2" noValidate>
        <Field label="Name" error={errors.name} required>
          {(c) => <input {...c} value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} className={controlClasses(!!errors.name)} />}
        </Field>
        <Field label="Code" error={errors.code} required hint="Lower-case letters, digits and dashes.">
          {(c) => <input {...c} value={v.code} onChange={(e) => setV({ ...v, code: e.target.value })} className={controlClasses(!!errors.code)} />}
        </Field>
        <Field label="Description" error={errors.description} className="md:col-span-2">
          {(c) => <input {...c} value={v.description} onChange={(e) => setV({ ...v, description: e.target.value })} className={controlClasses(!!errors.description)} />}
        </Field>
        <fieldset className="flex flex-col gap-2 md:col-span-2">
          <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">Prices</legend>
          {v.prices.map((p, i) => (
            <div key={i} className="flex flex-wrap items-end gap-2">
              {(['currency', 'monthly', 'yearly'] as const).map((k) => (
                <Field key={k} label={{ currency: 'Currency', monthly: 'Monthly', yearly: 'Yearly' }[k]}>
                  {(c) => (
                    <input
                      {...c}
                      value={p[k]}
                      onChange={(e) => setV({ ...v, prices: v.prices.map((q, j) => (j === i ? { ...q, [k]: e.target.value } : q)) })}
                      className={controlClasses(false, 'w-28')}
                    />
                  )}
                </Field>
              ))}
              <Button variant="ghost" aria-label={`Remove the ${p.currency || 'new'} price`} onClick={() => setV({ ...v, prices: v.prices.filter((_, j) => j !== i) })}>
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
          ))}
          {err('prices') && <p className="text-sm text-danger">{err('prices')}</p>}
          <div>
            <Button variant="outline" size="sm" onClick={() => setV({ ...v, prices: [...v.prices, { currency: '', monthly: '', yearly: '' }] })}>
              Add a currency
            </Button>
          </div>
        </fieldset>
        <Field label="Trial days" error={errors.trial_days}>
          {(c) => <input {...c} inputMode="numeric" value={v.trial_days} onChange={(e) => setV({ ...v, trial_days: e.target.value })} className={controlClasses(!!errors.trial_days)} />}
        </Field>
        <Field label="Credits included each month" error={errors.included_credits}>
          {(c) => <input {...c} inputMode="decimal" value={v.included_credits} onChange={(e) => setV({ ...v, included_credits: e.target.value })} className={controlClasses(!!errors.included_credits)} />}
        </Field>
        {LIMIT_KINDS.map((k) => (
          <Field key={k} label={`${LIMIT_LABELS[k]}${k === 'storage_mb' ? ' (MB)' : ''}`} hint="Empty: no limit." error={err(`limits.${k}`)}>
            {(c) => (
              <input {...c} inputMode="numeric" value={v.limits[k]} onChange={(e) => setV({ ...v, limits: { ...v.limits, [k]: e.target.value } })} className={controlClasses(!!err(`limits.${k}`))} />
            )}
          </Field>
        ))}
        <fieldset className="flex flex-wrap gap-4 md:col-span-2">
          <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">Areas included</legend>
          {PLAN_FEATURES.map((f) => (
            <label key={f} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={v.features.includes(f)}
                onChange={(e) => setV({ ...v, features: e.target.checked ? [...v.features, f] : v.features.filter((x) => x !== f) })}
                className="size-4 accent-primary"
              />
              {PLAN_FEATURE_LABELS[f]}
            </label>
          ))}
        </fieldset>
        <Field label="Position" error={errors.position}>
          {(c) => <input {...c} inputMode="numeric" value={v.position} onChange={(e) => setV({ ...v, position: e.target.value })} className={controlClasses(!!errors.position)} />}
        </Field>
        <label className="flex items-center gap-2 self-end text-sm">
          <input type="checkbox" checked={v.active} onChange={(e) => setV({ ...v, active: e.target.checked })} className="size-4 accent-primary" />
          Offered to new companies
        </label>
        <div className="flex gap-3 md:col-span-2">
          <Button type="submit" busy={isLoading} disabled={isLoading}>
            Save plan
          </Button>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Operator/Plans (docs/decisions/0046): the plans the platform offers — prices per currency, trial, limits, areas, credits. */
export default function OperatorPlans() {
  const { data, isLoading, isError, refetch } = useGetOperatorPlansQuery();
  const [editing, setEditing] = useState<OperatorPlanRow | 'new' | null>(null);
  const [remove] = useDeletePlanMutation();
  const del = async (p: OperatorPlanRow) => {
    try {
      toast.warning((await remove(p.id).unwrap()).message);
    } catch (err) {
      toast.error(errorMessage(err, 'The plan could not be deleted.'));
    }
  };
  return (
    <>
      <Head title="Plans" />
      <PageHeader title="Plans" description="What companies can subscribe to. Names and prices are yours to set.">
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          New plan
        </Button>
      </PageHeader>
      <div className="flex flex-col gap-6">
        {editing && <PlanForm key={editing === 'new' ? 'new' : editing.id} plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
        {isError && <ErrorAlert onRetry={refetch}>The plans could not be loaded.</ErrorAlert>}
        {isLoading ? (
          <p className="text-sm text-slate-500">Loading…</p>
        ) : !data?.length ? (
          <EmptyState title="No plans yet" description="Create the first plan companies can choose at onboarding." />
        ) : (
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {data.map((p) => (
              <Card
                key={p.id}
                title={p.name}
                actions={
                  <div className="flex gap-1">
                    <Button variant="ghost" size="sm" aria-label={`Edit ${p.name}`} onClick={() => setEditing(p)}>
                      <Pencil aria-hidden="true" className="size-4" />
                    </Button>
                    <Button variant="danger-ghost" size="sm" aria-label={`Delete ${p.name}`} onClick={() => del(p)}>
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </div>
                }
              >
                <div className="flex flex-col gap-2 text-sm text-slate-600 dark:text-slate-300">
                  <div className="flex flex-wrap gap-2">
                    <Badge tone={p.active ? 'success' : 'secondary'}>{p.active ? 'Offered' : 'Retired'}</Badge>
                    <Badge tone="info">{p.subscribers} companies</Badge>
                  </div>
                  <p>
                    {Object.entries(p.prices)
                      .map(([c, v]) => `${c} ${v.monthly}/month, ${v.yearly}/year`)
                      .join(' · ')}
                  </p>
                  <p>{p.trial_days > 0 ? `${p.trial_days}-day trial` : 'No trial'}</p>
                  <p>{LIMIT_KINDS.map((k) => limitText(k, p.limits[k])).join(' · ')}</p>
                  <p>{p.features.map((f) => PLAN_FEATURE_LABELS[f]).join(', ') || 'No areas'}</p>
                </div>
              </Card>
            ))}
          </div>
        )}
      </div>
    </>
  );
}

OperatorPlans.layout = AppLayout;
