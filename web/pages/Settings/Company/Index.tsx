import { Head, Link, router } from '@inertiajs/react';
import { Building2, KeyRound, Palette, Search, ScrollText, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { companyGeneralSchema } from '@common/company';
import { cx } from '@/components/cx';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { SelectField } from '@/components/form/SelectField';
import { SubmitButton } from '@/components/form/SubmitButton';
import { PhoneField, TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { ImageField } from '@/features/cms/ImageField';
import { AppLayout } from '@/layouts/AppLayout';
import { setCompanyName } from '@/lib/company';
import { useCan } from '@/lib/page';
import { useUpdateCompanyMutation } from '@/store/company-settings-api';
import { onSubmitWith, saveForm } from '../Accounting/Index';

type Section = { key: string; label: string; href: string; permission: string; icon: LucideIcon; description: string };

/** The company settings pages, in the order the hub and the tabs show them (Subscriptions is its own area's). */
export const COMPANY_SECTIONS: readonly Section[] = [
  { key: 'general', label: 'Company', href: '/settings/company', permission: 'company_settings.view', icon: Building2, description: 'Name, address, time zone, currency, public address and logos.' },
  { key: 'seo', label: 'SEO meta', href: '/settings/company/seo', permission: 'company_settings.view', icon: Search, description: 'How the public pages appear in search results and when shared.' },
  { key: 'terms', label: 'Terms', href: '/settings/company/terms', permission: 'company_settings.view', icon: ScrollText, description: 'Your own terms, on your public pages and documents.' },
  { key: 'theme', label: 'Theme', href: '/settings/company/theme', permission: 'company_settings.view', icon: Palette, description: 'The brand colour of the app, public pages, PDFs and e-mails.' },
  { key: 'tokens', label: 'API tokens', href: '/settings/company/tokens', permission: 'api_tokens.view', icon: KeyRound, description: 'Tokens for scripts and other systems to call the API.' },
];

export function CompanySettingsNav({ current }: { current: string }) {
  const canSettings = useCan('company_settings.view');
  const canTokens = useCan('api_tokens.view');
  const sections = COMPANY_SECTIONS.filter((s) => (s.permission === 'api_tokens.view' ? canTokens : canSettings));
  return (
    <nav aria-label="Company settings" className="mb-6 overflow-x-auto lg:sticky lg:top-20 lg:mb-0 lg:self-start lg:overflow-visible">
      <ul className="flex min-w-max gap-1 border-b border-slate-200 lg:min-w-0 lg:flex-col lg:gap-0.5 lg:border-s lg:border-b-0 dark:border-slate-700">
        {sections.map((s) => (
          <li key={s.key}>
            <Link
              href={s.href}
              aria-current={s.key === current ? 'page' : undefined}
              className={cx(
                '-mb-px flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors',
                'lg:-ms-px lg:mb-0 lg:rounded-e-md lg:border-s-2 lg:border-b-0 lg:py-2',
                'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary',
                s.key === current
                  ? 'border-primary text-primary-strong lg:bg-primary/5 dark:text-primary-light dark:lg:bg-primary/10'
                  : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
              )}
            >
              <s.icon aria-hidden="true" className="size-4 shrink-0" />
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function CompanySettingsPage({ title, description, current, children }: { title: string; description: string; current: string; children: ReactNode }) {
  return (
    <>
      <Head title={title} />
      <PageHeader title={title} description={description} />
      <div className="lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-6">
        <CompanySettingsNav current={current} />
        <div className="min-w-0">{children}</div>
      </div>
    </>
  );
}

type General = {
  name: string;
  legal_name: string | null;
  slug: string;
  timezone: string;
  country: string;
  currency: string;
  email: string | null;
  phone: string | null;
  street: string | null;
  city: string | null;
  province: string | null;
  postal_code: string | null;
  logo_light_id: number | null;
  logo_dark_id: number | null;
};
type Props = {
  company: General & { logo_light: string | null; logo_dark: string | null };
  currencies: { code: string; name: string }[];
  countries: { code: string; name: string }[];
  timezones: string[];
  app_url: string;
};

export default function CompanyIndex({ company, currencies, countries, timezones, app_url }: Props) {
  const canUpdate = useCan('company_settings.update');
  const [update] = useUpdateCompanyMutation();
  const initial: General = {
    name: company.name,
    legal_name: company.legal_name,
    slug: company.slug,
    timezone: company.timezone,
    country: company.country,
    currency: company.currency,
    email: company.email,
    phone: company.phone,
    street: company.street,
    city: company.city,
    province: company.province,
    postal_code: company.postal_code,
    logo_light_id: company.logo_light_id,
    logo_dark_id: company.logo_dark_id,
  };
  const form = useZodForm<General>(companyGeneralSchema, initial);

  async function save(element: HTMLFormElement) {
    const answer = await saveForm(form, (data) => update(data).unwrap(), element);
    if (!answer) return;
    form.setDefaults();
    // the title and the shell's name and logos follow at once (shared props read afresh, no full reload)
    setCompanyName(answer.data.name);
    router.reload({ only: ['tenant', 'tenants'] });
  }

  return (
    <CompanySettingsPage title="Company settings" description="Who the company is, where it is, and how it shows to others." current="general">
      <form onSubmit={onSubmitWith(save)} noValidate className="flex flex-col gap-6">
        <Card title="Company">
          <fieldset disabled={!canUpdate} className="grid gap-5 sm:grid-cols-2">
            <legend className="sr-only">Company</legend>
            <TextField form={form} name="name" label="Display name" autoComplete="organization" required hint="Shown in page titles, the menu and on public pages." />
            <TextField form={form} name="legal_name" label="Legal name" hint="As registered, for documents." />
            <TextField form={form} name="email" type="email" label="Email" autoComplete="email" />
            <PhoneField form={form} name="phone" label="Phone" />
            <TextField
              form={form}
              name="slug"
              label="Public address"
              required
              hint={`Your public pages live at ${app_url}/p/${form.data.slug || '…'}/…; changing it breaks links already shared.`}
            />
          </fieldset>
        </Card>
        <Card title="Region">
          <fieldset disabled={!canUpdate} className="grid gap-5 sm:grid-cols-3">
            <legend className="sr-only">Region</legend>
            <SelectField form={form} name="timezone" label="Time zone" required options={timezones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }))} />
            <SelectField form={form} name="country" label="Country" required options={countries.map((c) => ({ value: c.code, label: c.name }))} />
            <SelectField
              form={form}
              name="currency"
              label="Default currency"
              required
              options={currencies.map((c) => ({ value: c.code, label: `${c.code} — ${c.name}` }))}
              hint="The books' default: other currencies' rates are converted against it."
            />
          </fieldset>
        </Card>
        <Card title="Address">
          <fieldset disabled={!canUpdate} className="grid gap-5 sm:grid-cols-2">
            <legend className="sr-only">Address</legend>
            <TextField form={form} name="street" label="Street" autoComplete="street-address" className="sm:col-span-2" />
            <TextField form={form} name="city" label="City" autoComplete="address-level2" />
            <TextField form={form} name="province" label="Province or state" autoComplete="address-level1" />
            <TextField form={form} name="postal_code" label="Postal code" autoComplete="postal-code" />
          </fieldset>
        </Card>
        <Card title="Logos">
          <fieldset disabled={!canUpdate} className="grid gap-5 sm:grid-cols-2">
            <legend className="sr-only">Logos</legend>
            <ImageField label="Logo for light backgrounds" value={form.data.logo_light_id} onChange={(id) => form.setData('logo_light_id', id)} error={form.errors.logo_light_id} />
            <ImageField label="Logo for dark backgrounds" value={form.data.logo_dark_id} onChange={(id) => form.setData('logo_dark_id', id)} error={form.errors.logo_dark_id} />
          </fieldset>
        </Card>
        {canUpdate && (
          <div>
            <SubmitButton form={form} />
          </div>
        )}
      </form>
    </CompanySettingsPage>
  );
}

CompanyIndex.layout = AppLayout;
