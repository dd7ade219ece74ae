import { Head } from '@inertiajs/react';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Badge } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { PageHeader } from '@/components/display/PageHeader';
import { SkeletonText } from '@/components/display/Skeleton';
import { Button } from '@/components/form/Button';
import { SubmitButton } from '@/components/form/SubmitButton';
import { TextInput } from '@/components/form/TextInput';
import { useZodForm } from '@/components/form/useZodForm';
import type { FieldErrors } from '@/components/form/zod-errors';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { SHORT_TOAST } from '@/lib/toasts';
import {
  useGetCompanyRatesQuery,
  useGetOperatorCompaniesQuery,
  useGetOperatorRatesQuery,
  useRemoveCompanyRatesMutation,
  useUpdateCompanyRatesMutation,
  useUpdateOperatorRatesMutation,
  type CompanyRatesInput,
  type OperatorRates,
  type OperatorRatesInput,
} from '@/store/operator-api';

// The platform operator's rates (docs/decisions/0032): what one credit costs in each currency,
// what each service costs in credits, the packages and the bounds of a purchase — for every
// company, and one company's own override of any service rate or bound. The server checks every
// value (server/modules/wallet/rates.ts); its errors come back on the fields.

const SERVICES = [
  { key: 'sms', label: 'Credits per SMS part' },
  { key: 'email', label: 'Credits per e-mail' },
  { key: 'airtime', label: 'Credits per airtime unit' },
] as const;
type Service = (typeof SERVICES)[number]['key'];

type RatesValues = {
  prices: { currency: string; price: string }[];
  sms: string;
  email: string;
  airtime: string;
  packages: { credits: string; label: string }[];
  min_credits: string;
  max_credits: string;
};

// the server is the one check (its sentences come back on the fields); the browser only sends
const anything = z.record(z.string(), z.unknown());

/** Four-decimal amounts shown as people write them: "1.0000" → "1", "0.0090" → "0.009". */
const plain = (v: string | undefined | null) => (v ? String(Number(v)) : '');

function toValues(r: OperatorRates): RatesValues {
  return {
    prices: Object.entries(r.credit_price).map(([currency, price]) => ({ currency, price: plain(price) })),
    sms: plain(r.service.sms),
    email: plain(r.service.email),
    airtime: plain(r.service.airtime),
    packages: r.packages.map((p) => ({ credits: plain(p.credits), label: p.label })),
    min_credits: plain(r.min_credits),
    max_credits: plain(r.max_credits),
  };
}

function toBody(v: RatesValues): OperatorRatesInput {
  return {
    credit_price: Object.fromEntries(v.prices.filter((p) => p.currency.trim() || p.price.trim()).map((p) => [p.currency.trim().toUpperCase(), p.price])),
    service: { sms: v.sms, email: v.email, airtime: v.airtime },
    packages: v.packages,
    min_credits: v.min_credits,
    max_credits: v.max_credits,
  };
}

/** The server names fields by the body's paths (service.sms, credit_price.KES): put each on its input. */
function onFields(errors: FieldErrors, data: Record<string, unknown>): FieldErrors {
  const prices = (data.prices as RatesValues['prices'] | undefined) ?? [];
  const out: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const service = /^service\.(\w+)$/.exec(key);
    const price = /^credit_price\.(.+)$/.exec(key);
    if (service) out[service[1]] = message;
    else if (price) {
      const i = prices.findIndex((p) => p.currency.trim().toUpperCase() === price[1].toUpperCase());
      out[i >= 0 ? `prices.${i}.${/ISO/.test(message) ? 'currency' : 'price'}` : 'prices'] = message;
    } else out[key] = message;
  }
  return out;
}

const onSubmit = (save: (element: HTMLFormElement) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault();
  void save(event.currentTarget);
};

function GlobalRatesForm({ value }: { value: OperatorRates }) {
  const [update] = useUpdateOperatorRatesMutation();
  const form = useZodForm<RatesValues>(anything, toValues(value), { messages: onFields });
  const errors = form.errors as Record<string, string | undefined>;

  async function save(element: HTMLFormElement) {
    try {
      const answer = await form.submitWith((data) => update(toBody(data)).unwrap(), element);
      if (!answer) return;
      form.setDefaults(toValues(answer.data));
      form.setData(toValues(answer.data));
      toast.success(answer.message, SHORT_TOAST);
    } catch (err) {
      toast.error(errorMessage(err, 'The rates could not be saved.'));
    }
  }

  const setPrice = (i: number, part: 'currency' | 'price', v: string) =>
    form.setData(
      'prices',
      form.data.prices.map((p, j) => (j === i ? { ...p, [part]: v } : p)),
    );
  const setPackage = (i: number, part: 'credits' | 'label', v: string) =>
    form.setData(
      'packages',
      form.data.packages.map((p, j) => (j === i ? { ...p, [part]: v } : p)),
    );

  return (
    <Card title="Platform rates">
      <form onSubmit={onSubmit(save)} noValidate className="flex flex-col gap-6" aria-label="Platform rates">
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Price of one credit</legend>
          {form.data.prices.map((p, i) => (
            <div key={i} className="grid grid-cols-[7rem_1fr] items-start gap-3">
              <TextInput
                id={`rates-price-${i}-currency`}
                label={`Currency ${i + 1}`}
                value={p.currency}
                maxLength={3}
                onChange={(e) => setPrice(i, 'currency', e.target.value)}
                error={errors[`prices.${i}.currency`]}
              />
              <TextInput
                id={`rates-price-${i}`}
                label={`Price in ${p.currency || 'this currency'}`}
                inputMode="decimal"
                value={p.price}
                onChange={(e) => setPrice(i, 'price', e.target.value)}
                error={errors[`prices.${i}.price`]}
              />
            </div>
          ))}
          {errors.prices && <p className="text-sm text-red-700 dark:text-red-400">{errors.prices}</p>}
          <div>
            <Button type="button" size="sm" variant="outline" onClick={() => form.setData('prices', [...form.data.prices, { currency: '', price: '' }])}>
              <Plus aria-hidden="true" className="size-4" />
              Add a currency
            </Button>
          </div>
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">What each service costs</legend>
          {SERVICES.map((s) => (
            <TextInput
              key={s.key}
              id={`rates-${s.key}`}
              label={s.label}
              inputMode="decimal"
              required
              value={form.data[s.key]}
              onChange={(e) => form.setData(s.key, e.target.value)}
              error={errors[s.key]}
            />
          ))}
        </fieldset>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Packages</legend>
          {form.data.packages.map((p, i) => (
            <div key={i} className="grid grid-cols-[1fr_1fr_auto] items-end gap-3">
              <TextInput
                id={`rates-package-${i}-credits`}
                label={`Package ${i + 1} credits`}
                inputMode="decimal"
                value={p.credits}
                onChange={(e) => setPackage(i, 'credits', e.target.value)}
                error={errors[`packages.${i}.credits`]}
              />
              <TextInput
                id={`rates-package-${i}-label`}
                label={`Package ${i + 1} label`}
                value={p.label}
                maxLength={60}
                onChange={(e) => setPackage(i, 'label', e.target.value)}
                error={errors[`packages.${i}.label`]}
              />
              <Button
                type="button"
                size="sm"
                variant="danger-ghost"
                aria-label={`Remove package ${i + 1}`}
                onClick={() =>
                  form.setData(
                    'packages',
                    form.data.packages.filter((_, j) => j !== i),
                  )
                }
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
          ))}
          {errors.packages && <p className="text-sm text-red-700 dark:text-red-400">{errors.packages}</p>}
          <div>
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={form.data.packages.length >= 12}
              onClick={() => form.setData('packages', [...form.data.packages, { credits: '', label: '' }])}
            >
              <Plus aria-hidden="true" className="size-4" />
              Add a package
            </Button>
          </div>
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">One purchase</legend>
          <TextInput
            id="rates-min_credits"
            label="Fewest credits"
            inputMode="decimal"
            required
            value={form.data.min_credits}
            onChange={(e) => form.setData('min_credits', e.target.value)}
            error={errors.min_credits}
          />
          <TextInput
            id="rates-max_credits"
            label="Most credits"
            inputMode="decimal"
            required
            value={form.data.max_credits}
            onChange={(e) => form.setData('max_credits', e.target.value)}
            error={errors.max_credits}
          />
        </fieldset>

        <SubmitButton form={form}>Save rates</SubmitButton>
      </form>
    </Card>
  );
}

type OverrideValues = Record<Service | 'min_credits' | 'max_credits', string>;
const OVERRIDE_FIELDS: { key: keyof OverrideValues; label: string }[] = [...SERVICES, { key: 'min_credits', label: 'Fewest credits' }, { key: 'max_credits', label: 'Most credits' }];

function overrideValues(o: OperatorRatesInput | null): OverrideValues {
  return {
    sms: plain(o?.service?.sms),
    email: plain(o?.service?.email),
    airtime: plain(o?.service?.airtime),
    min_credits: plain(o?.min_credits),
    max_credits: plain(o?.max_credits),
  };
}

function effectiveOf(r: OperatorRates, key: keyof OverrideValues) {
  return key === 'min_credits' || key === 'max_credits' ? plain(r[key]) : plain(r.service[key]);
}

function CompanyOverride({ tenant }: { tenant: number }) {
  const rates = useGetCompanyRatesQuery(tenant);
  if (rates.isError) return <ErrorAlert onRetry={() => void rates.refetch()}>{errorMessage(rates.error, 'The company’s rates could not be loaded.')}</ErrorAlert>;
  if (!rates.data) return <SkeletonText lines={4} />;
  return <CompanyOverrideForm key={JSON.stringify(rates.data.override)} tenant={tenant} value={rates.data} />;
}

function CompanyOverrideForm({ tenant, value }: { tenant: number; value: NonNullable<ReturnType<typeof useGetCompanyRatesQuery>['data']> }) {
  const [update] = useUpdateCompanyRatesMutation();
  const [remove, removing] = useRemoveCompanyRatesMutation();
  const form = useZodForm<OverrideValues>(anything, overrideValues(value.override), { messages: onFields });
  const errors = form.errors as Record<string, string | undefined>;
  const has = value.override !== null && Object.keys(value.override).length > 0;

  async function save(element: HTMLFormElement) {
    // a filled field sets that part, a field emptied clears it (null), one left empty stays the platform's
    const had = overrideValues(value.override);
    const part = (key: keyof OverrideValues) => (form.data[key].trim() ? form.data[key] : had[key] ? null : undefined);
    const service = Object.fromEntries(SERVICES.map((s) => [s.key, part(s.key)]).filter(([, v]) => v !== undefined));
    const body: CompanyRatesInput = {
      ...(Object.keys(service).length ? { service } : {}),
      ...(part('min_credits') !== undefined ? { min_credits: part('min_credits') } : {}),
      ...(part('max_credits') !== undefined ? { max_credits: part('max_credits') } : {}),
    };
    try {
      const answer = await form.submitWith(() => update({ tenant, body }).unwrap(), element);
      if (answer) toast.success(answer.message, SHORT_TOAST);
    } catch (err) {
      toast.error(errorMessage(err, 'The override could not be saved.'));
    }
  }

  async function removeOverride() {
    try {
      const answer = await remove(tenant).unwrap();
      toast.success(answer.message, SHORT_TOAST);
    } catch (err) {
      toast.error(errorMessage(err, 'The override could not be removed.'));
    }
  }

  return (
    <form onSubmit={onSubmit(save)} noValidate className="flex flex-col gap-4" aria-label={`Rates of ${value.company.name}`}>
      <div className="flex items-center gap-2">
        <h3 className="text-base font-semibold text-slate-900 dark:text-white">{value.company.name}</h3>
        {has ? <Badge tone="warning">own rates</Badge> : <Badge tone="secondary">platform rates</Badge>}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        A blank field is the platform’s rate; remove the override to give the company all of the platform’s rates again.
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        {OVERRIDE_FIELDS.map((f) => (
          <TextInput
            key={f.key}
            id={`override-${f.key}`}
            label={`${f.label} (override)`}
            inputMode="decimal"
            value={form.data[f.key]}
            onChange={(e) => form.setData(f.key, e.target.value)}
            error={errors[f.key]}
            hint={`Pays now: ${effectiveOf(value.effective, f.key)}`}
          />
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton form={form}>Save override</SubmitButton>
        {has && (
          <Button type="button" variant="danger-ghost" onClick={() => void removeOverride()} busy={removing.isLoading} disabled={removing.isLoading}>
            Remove override
          </Button>
        )}
      </div>
    </form>
  );
}

function CompanyRates() {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<number | null>(null);
  const companies = useGetOperatorCompaniesQuery({ search: search.trim() || undefined, per_page: 8 });

  return (
    <Card title="One company’s rates">
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <div className="flex flex-col gap-3">
          <TextInput id="company-search" type="search" label="Find a company" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Company name…" />
          {companies.isError && <ErrorAlert onRetry={() => void companies.refetch()}>{errorMessage(companies.error, 'The companies could not be loaded.')}</ErrorAlert>}
          <ul className="flex flex-col gap-1" aria-label="Companies">
            {companies.data?.data.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  aria-pressed={picked === c.id}
                  onClick={() => setPicked(c.id)}
                  className="w-full rounded-md px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 aria-pressed:bg-primary/10 aria-pressed:font-medium dark:text-slate-200 dark:hover:bg-slate-800"
                >
                  {c.name}
                </button>
              </li>
            ))}
            {companies.data && companies.data.data.length === 0 && <li className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">No company by that name.</li>}
          </ul>
          {companies.data && companies.data.total > companies.data.data.length && (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {companies.data.data.length} of {companies.data.total}: type more of the name to find the others.
            </p>
          )}
        </div>
        <div>{picked === null ? <p className="text-sm text-slate-600 dark:text-slate-400">Pick a company to see what it pays and give it its own rates.</p> : <CompanyOverride tenant={picked} />}</div>
      </div>
    </Card>
  );
}

export default function OperatorRatesPage() {
  const rates = useGetOperatorRatesQuery();
  return (
    <>
      <Head title="Operator rates" />
      <PageHeader title="Rates" description="What credits cost and what each service takes, for every company — and any one company’s own rates." />
      <div className="flex flex-col gap-6">
        {rates.isError ? (
          <ErrorAlert onRetry={() => void rates.refetch()}>{errorMessage(rates.error, 'The rates could not be loaded.')}</ErrorAlert>
        ) : rates.data ? (
          <GlobalRatesForm value={rates.data} />
        ) : (
          <Card>
            <SkeletonText lines={6} />
          </Card>
        )}
        <CompanyRates />
      </div>
    </>
  );
}

OperatorRatesPage.layout = AppLayout;
