import { Check } from 'lucide-react';
import { formatCount } from '@common/format';
import { LIMIT_LABELS, PLAN_FEATURE_LABELS, type BillingInterval, type LimitKind, type PlanRow, type UsageRow } from '@common/subscriptions';
import { Money } from '@/components/money/Money';
import { cx } from '@/components/cx';

/** The plan's price in the company's currency (else USD, else its first), as the server's priceOf picks it. */
export function priceOf(plan: PlanRow, currency: string, interval: BillingInterval): { amount: string; currency: string } {
  const code = plan.prices[currency] ? currency : plan.prices.USD ? 'USD' : Object.keys(plan.prices)[0];
  return { amount: plan.prices[code][interval], currency: code };
}

export const limitText = (kind: LimitKind, n: number | null) =>
  n === null ? `Unlimited ${LIMIT_LABELS[kind].toLowerCase()}` : kind === 'storage_mb' ? `${n >= 1024 ? `${n / 1024} GB` : `${n} MB`} storage` : `${formatCount(n)} ${kind === 'messages' ? 'messages a month' : kind}`;

/** The offered plans as radio cards: price, trial, limits, areas. */
export function PlanPicker({ plans, value, onChange, currency, interval, name = 'plan' }: { plans: PlanRow[]; value: number | null; onChange: (id: number) => void; currency: string; interval: BillingInterval; name?: string }) {
  return (
    <fieldset className="grid gap-4 md:grid-cols-3">
      <legend className="sr-only">Plan</legend>
      {plans.map((p) => {
        const price = priceOf(p, currency, interval);
        const chosen = value === p.id;
        return (
          <label
            key={p.id}
            className={cx(
              'flex cursor-pointer flex-col gap-3 rounded-md border bg-white p-4 focus-within:outline-2 focus-within:outline-primary dark:bg-dark',
              chosen ? 'border-primary ring-2 ring-primary' : 'border-slate-200 dark:border-slate-700',
            )}
          >
            <span className="flex items-center justify-between gap-2">
              <span className="text-base font-semibold text-slate-900 dark:text-white">{p.name}</span>
              <input type="radio" name={name} value={p.id} checked={chosen} onChange={() => onChange(p.id)} className="size-4 accent-primary" />
            </span>
            <span className="text-2xl font-semibold text-slate-900 dark:text-white">
              <Money amount={price.amount} code={price.currency} />
              <span className="text-sm font-normal text-slate-500 dark:text-slate-400"> / {interval === 'yearly' ? 'year' : 'month'}</span>
            </span>
            {p.description && <span className="text-sm text-slate-600 dark:text-slate-300">{p.description}</span>}
            <ul className="flex flex-col gap-1 text-sm text-slate-600 dark:text-slate-300">
              <li>{p.trial_days > 0 ? `${p.trial_days}-day free trial` : 'No free trial'}</li>
              {(Object.keys(p.limits) as LimitKind[]).map((k) => (
                <li key={k}>{limitText(k, p.limits[k])}</li>
              ))}
              {Number(p.included_credits) > 0 && <li>{formatCount(Number(p.included_credits))} credits included each month</li>}
              {p.features.map((f) => (
                <li key={f} className="flex items-center gap-1">
                  <Check aria-hidden="true" className="size-4 text-success" />
                  {PLAN_FEATURE_LABELS[f]}
                </li>
              ))}
            </ul>
          </label>
        );
      })}
    </fieldset>
  );
}

export function IntervalSwitch({ value, onChange }: { value: BillingInterval; onChange: (v: BillingInterval) => void }) {
  return (
    <div role="radiogroup" aria-label="Billing" className="inline-flex rounded-md border border-slate-200 p-1 dark:border-slate-700">
      {(['monthly', 'yearly'] as const).map((v) => (
        <button
          key={v}
          type="button"
          role="radio"
          aria-checked={value === v}
          onClick={() => onChange(v)}
          className={cx('rounded px-3 py-1 text-sm', value === v ? 'bg-primary text-white' : 'text-slate-600 dark:text-slate-300')}
        >
          {v === 'monthly' ? 'Monthly' : 'Yearly'}
        </button>
      ))}
    </div>
  );
}

/** Usage against each limit, as labelled bars (a limit of null shows the count only). */
export function UsageBars({ usage }: { usage: UsageRow[] }) {
  return (
    <ul className="flex flex-col gap-4">
      {usage.map((u) => {
        const pct = u.limit ? Math.min(100, Math.round((u.used / u.limit) * 100)) : 0;
        const unit = u.kind === 'storage_mb' ? ' MB' : '';
        return (
          <li key={u.kind}>
            <div className="mb-1 flex justify-between text-sm">
              <span className="text-slate-700 dark:text-slate-200">{u.label}</span>
              <span className="text-slate-500 dark:text-slate-400">
                {formatCount(u.used)}
                {unit}
                {u.limit !== null ? ` of ${formatCount(u.limit)}${unit}` : ' (no limit)'}
              </span>
            </div>
            {u.limit !== null && (
              <div
                role="progressbar"
                aria-label={u.label}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={pct}
                className="h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-700"
              >
                <div className={cx('h-full rounded-full', pct >= 100 ? 'bg-danger' : pct >= 80 ? 'bg-warning' : 'bg-primary')} style={{ width: `${pct}%` }} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export const STATUS_LABEL: Record<string, string> = {
  onboarding: 'Setting up',
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment due',
  lapsed: 'Lapsed (read-only)',
  complimentary: 'Complimentary',
};
