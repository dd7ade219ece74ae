import { Head, Link } from '@inertiajs/react';
import { Banknote, BellRing, Building2, ChevronDown, Coins, FileText, Inbox, Mail, Percent, SlidersHorizontal, Tags, Trash, Undo2, type LucideIcon } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { generalSettingsSchema, type AccountingSettings } from '@common/schemas/accounting-settings';
import { DATE_FORMAT_LABELS, DATE_FORMATS } from '@common/format';
import { cx } from '@/components/cx';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { SkeletonText } from '@/components/display/Skeleton';
import { Button } from '@/components/form/Button';
import { Field } from '@/components/form/Field';
import { FieldError } from '@/components/form/FieldError';
import { labelClasses, selectClasses } from '@/components/form/styles';
import { SelectField } from '@/components/form/SelectField';
import { SubmitButton } from '@/components/form/SubmitButton';
import { PhoneField, TextField } from '@/components/form/TextFields';
import { useZodForm, type ZodForm } from '@/components/form/useZodForm';
import { serverFieldErrors } from '@/components/form/zod-errors';
import { FileUpload } from '@/components/upload/FileUpload';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useCan } from '@/lib/page';
import { useAppDispatch } from '@/store';
import {
  accountingSettingsApi,
  uploadLogo,
  useGetGeneralSettingsQuery,
  useGetSectionQuery,
  useUpdateGeneralSettingsMutation,
  type EditableSection,
  type GeneralSettings,
} from '@/store/accounting-settings-api';

type Section = { key: string; label: string; href: string; permission: string; icon: LucideIcon; description: string };

/** Every part of the accounting settings, in the order the overview and the tabs show them. */
export const ACCOUNTING_SECTIONS: readonly Section[] = [
  { key: 'general', label: 'General', href: '/settings/accounting', permission: 'accounting_settings.view', icon: Building2, description: 'Company name, address, tax number, financial year and logo.' },
  { key: 'defaults', label: 'Defaults', href: '/settings/accounting/defaults', permission: 'accounting_settings.view', icon: SlidersHorizontal, description: 'Account, currency, payment method, tax and categories new records start with.' },
  { key: 'invoices', label: 'Invoices', href: '/settings/accounting/invoices', permission: 'accounting_settings.view', icon: FileText, description: 'Numbering, payment terms, notes, footer and column names.' },
  { key: 'email-templates', label: 'Email templates', href: '/settings/accounting/email-templates', permission: 'accounting_settings.view', icon: Mail, description: 'The words of invoice, reminder, receipt and bill e-mails.' },
  { key: 'scheduling', label: 'Scheduling', href: '/settings/accounting/scheduling', permission: 'accounting_settings.view', icon: BellRing, description: 'When invoice and bill reminders go out.' },
  { key: 'mailbox', label: 'Mailbox', href: '/settings/accounting/mailbox', permission: 'accounting_settings.view', icon: Inbox, description: 'Who accounting e-mails are sent as.' },
  { key: 'offline-payments', label: 'Offline payments', href: '/settings/accounting/offline-payments', permission: 'accounting_settings.view', icon: Banknote, description: 'Cash, bank transfer, cheque… and their instructions.' },
  { key: 'currencies', label: 'Currencies', href: '/settings/accounting/currencies', permission: 'currencies.view', icon: Coins, description: 'The default currency and exchange rates against it.' },
  { key: 'categories', label: 'Categories', href: '/settings/accounting/categories', permission: 'categories.view', icon: Tags, description: 'Income, expense, item and other categories, one level deep.' },
  { key: 'taxes', label: 'Taxes', href: '/settings/accounting/taxes', permission: 'taxes.view', icon: Percent, description: 'Tax rates and how they apply.' },
];

/** Sections the user may open. */
function useVisibleSections() {
  const can = { accounting_settings: useCan('accounting_settings.view'), currencies: useCan('currencies.view'), categories: useCan('categories.view'), taxes: useCan('taxes.view') };
  return ACCOUNTING_SECTIONS.filter((s) => can[s.permission.split('.')[0] as keyof typeof can]);
}

/** The links between the accounting settings pages: a row of tabs, a column beside the page on wide screens. */
export function AccountingSettingsNav({ current }: { current: string }) {
  const sections = useVisibleSections();
  return (
    <nav aria-label="Accounting settings" className="mb-6 overflow-x-auto lg:sticky lg:top-20 lg:mb-0 lg:self-start lg:overflow-visible">
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
                  ? 'border-primary text-blue-700 lg:bg-primary/5 dark:text-blue-300 dark:lg:bg-primary/10'
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

/** Title, description and the section links of one accounting settings page. */
export function AccountingSettingsPage({ title, description, current, actions, children }: { title: string; description: string; current: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <>
      <Head title={title} />
      <PageHeader title={title} description={description}>
        {actions}
      </PageHeader>
      <div className="lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-6">
        <AccountingSettingsNav current={current} />
        <div className="min-w-0">{children}</div>
      </div>
    </>
  );
}

/** A settings section from its JSON endpoint: loading, then the form (once, with the stored value), or the failure. */
export function SectionLoader<K extends EditableSection>({ section, children }: { section: K; children: (value: AccountingSettings[K]) => ReactNode }) {
  const { data, isLoading, error, refetch } = useGetSectionQuery(section);
  if (isLoading) return <LoadingCard />;
  if (!data) return <LoadFailure error={error} retry={refetch} />;
  return children(data as AccountingSettings[K]);
}

export function LoadingCard() {
  return (
    <Card aria-busy="true" aria-label="Loading settings">
      <SkeletonText lines={6} />
    </Card>
  );
}

export function LoadFailure({ error, retry }: { error: unknown; retry: () => unknown }) {
  return (
    <Card>
      <p role="alert" className="mb-4 text-sm text-red-600 dark:text-red-400">
        {errorMessage(error, 'The settings could not be loaded.')}
      </p>
      <Button variant="outline" onClick={() => void retry()}>
        Try again
      </Button>
    </Card>
  );
}

/**
 * Validates with the form's schema and sends; a 422 lands on the fields, success shows the
 * server's message, any other failure an error toast (SPEC §8 fallback "Failed to update settings").
 */
export async function saveForm<T extends Record<string, unknown>, R extends { message: string }>(
  form: ZodForm<T>,
  send: (data: T) => Promise<R>,
  element?: HTMLFormElement | null,
  fallback = 'Failed to update settings',
): Promise<R | undefined> {
  try {
    const answer = await form.submitWith(send, element);
    if (answer) toast.success(answer.message);
    return answer;
  } catch (err) {
    toast.error(errorMessage(err, fallback));
    return undefined;
  }
}

/** A form's onSubmit that calls `save` with the form element (for focusing the first error). */
export const onSubmitWith = (save: (element: HTMLFormElement) => unknown) => (e: FormEvent<HTMLFormElement>) => {
  e.preventDefault();
  void save(e.currentTarget);
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const LOGO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const LOGO_MAX_BYTES = 2 * 1024 * 1024;
const pad = (n: number) => String(n).padStart(2, '0');
const DATE_FORMAT_OPTIONS = DATE_FORMATS.map((f) => ({ value: f, label: DATE_FORMAT_LABELS[f] }));

type GeneralValues = AccountingSettings['general'];

const Chevron = () => <ChevronDown aria-hidden="true" className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />;

/** "DD-MM" as a day and a month picker; the day list follows the month. */
function FinancialYearStart({ form, disabled }: { form: ZodForm<GeneralValues>; disabled: boolean }) {
  const [day = '01', month = '01'] = (form.data.financial_year_start || '01-01').split('-');
  const error = form.errors.financial_year_start;
  const set = (d: number, m: number) => {
    form.setData('financial_year_start', `${pad(Math.min(d, DAYS_IN_MONTH[m - 1]))}-${pad(m)}`);
    form.clearErrors('financial_year_start');
  };
  return (
    <fieldset aria-describedby={error ? 'fy-start-error' : undefined} disabled={disabled}>
      <legend className={labelClasses}>Financial year starts on</legend>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Day" hideLabel id="fy-start-day">
          {(control) => (
            <div className="relative">
              <select {...control} className={selectClasses} value={Number(day)} onChange={(e) => set(Number(e.target.value), Number(month))}>
                {Array.from({ length: DAYS_IN_MONTH[Number(month) - 1] ?? 31 }, (_, i) => (
                  <option key={i + 1} value={i + 1}>
                    {i + 1}
                  </option>
                ))}
              </select>
              <Chevron />
            </div>
          )}
        </Field>
        <Field label="Month" hideLabel id="fy-start-month">
          {(control) => (
            <div className="relative">
              <select {...control} className={selectClasses} value={Number(month)} onChange={(e) => set(Number(day), Number(e.target.value))}>
                {MONTHS.map((name, i) => (
                  <option key={name} value={i + 1}>
                    {name}
                  </option>
                ))}
              </select>
              <Chevron />
            </div>
          )}
        </Field>
      </div>
      <FieldError id="fy-start-error" message={error} />
    </fieldset>
  );
}

/** Settings/Accounting General: the company as documents show it, and its logo (uploaded after the fields are saved). */
function GeneralForm({ settings }: { settings: GeneralSettings }) {
  const canUpdate = useCan('accounting_settings.update');
  const dispatch = useAppDispatch();
  const [update] = useUpdateGeneralSettingsMutation();
  const form = useZodForm<GeneralValues>(generalSettingsSchema, settings.value);
  const [logo, setLogo] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);

  async function save(element: HTMLFormElement) {
    const answer = await saveForm(form, (data) => update({ ...data, remove_logo: removeLogo && !logo }).unwrap(), element);
    if (!answer) return;
    form.setDefaults();
    setRemoveLogo(false);
    if (!logo) return;
    setProgress(0);
    setLogoError(null);
    try {
      const uploaded = await uploadLogo(logo, setProgress);
      toast.success(uploaded.message);
      setLogo(null);
      dispatch(accountingSettingsApi.util.invalidateTags([{ type: 'AccountingSettings', id: 'general' }]));
    } catch (err) {
      const fields = serverFieldErrors(err);
      setLogoError(fields?.logo ?? null);
      if (!fields?.logo) toast.error(errorMessage(err, 'Upload failed'));
    } finally {
      setProgress(null);
    }
  }

  return (
    <Card title="General">
      <form onSubmit={onSubmitWith(save)} noValidate className="flex flex-col gap-5">
        <fieldset disabled={!canUpdate} className="grid gap-5 sm:grid-cols-2">
          <legend className="sr-only">Company</legend>
          <TextField form={form} name="name" label="Company name" autoComplete="organization" required />
          <TextField form={form} name="email" type="email" label="Email" autoComplete="email" />
          <PhoneField form={form} name="phone" label="Phone" />
          <TextField form={form} name="tax_number" label="Tax number" />
          <FinancialYearStart form={form} disabled={!canUpdate} />
          <SelectField form={form} name="date_format" label="Date format" options={DATE_FORMAT_OPTIONS} hint="How dates show on every page, document, export and e-mail." required />
        </fieldset>
        <fieldset disabled={!canUpdate} className="grid gap-5 sm:grid-cols-2">
          <legend className="mb-3 text-sm font-semibold text-slate-900 dark:text-white">Address</legend>
          <TextField form={form} name="street" label="Street" autoComplete="street-address" className="sm:col-span-2" />
          <TextField form={form} name="city" label="City" autoComplete="address-level2" />
          <TextField form={form} name="province" label="Province or state" autoComplete="address-level1" />
          <TextField form={form} name="postal_code" label="Postal code" autoComplete="postal-code" />
          <TextField form={form} name="country" label="Country" autoComplete="country-name" />
        </fieldset>
        <div>
          <FileUpload
            label="Logo"
            value={logo}
            onChange={(file) => {
              setLogo(file);
              setLogoError(null);
            }}
            accept={LOGO_TYPES}
            maxBytes={LOGO_MAX_BYTES}
            preview
            currentUrl={removeLogo ? null : settings.logo}
            progress={progress}
            error={logoError}
            disabled={!canUpdate}
            hint={removeLogo ? 'The current logo will be removed when you save.' : 'JPG, PNG or WEBP, up to 2 MB. Shown on invoices and other documents.'}
          />
          {canUpdate && settings.logo && !logo && (
            <Button size="sm" variant="ghost" className="mt-2" onClick={() => setRemoveLogo(!removeLogo)}>
              {removeLogo ? <Undo2 aria-hidden="true" className="size-4" /> : <Trash aria-hidden="true" className="size-4" />}
              {removeLogo ? 'Keep the current logo' : 'Remove the current logo'}
            </Button>
          )}
        </div>
        {canUpdate && <SubmitButton form={{ processing: form.processing || progress !== null, recentlySuccessful: form.recentlySuccessful }} />}
      </form>
    </Card>
  );
}

function Overview() {
  const sections = useVisibleSections().filter((s) => s.key !== 'general');
  return (
    <section aria-labelledby="sections-title" className="mb-6">
      <h2 id="sections-title" className="sr-only">
        Sections
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {sections.map((s) => (
          <li key={s.key}>
            <Link
              href={s.href}
              className="flex h-full items-start gap-3 rounded-md bg-white p-4 shadow-sm ring-1 ring-slate-900/5 transition hover:ring-primary/40 focus-visible:outline-2 focus-visible:outline-primary dark:bg-dark dark:ring-white/10"
            >
              <span className="grid size-10 shrink-0 place-items-center rounded-md bg-primary/10 text-primary dark:bg-primary/20 dark:text-blue-300">
                <s.icon aria-hidden="true" className="size-5" />
              </span>
              <span className="min-w-0">
                <span className="block font-medium text-slate-900 dark:text-white">{s.label}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">{s.description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function AccountingSettingsIndex() {
  const { data, isLoading, error, refetch } = useGetGeneralSettingsQuery();
  return (
    <>
      <Head title="Accounting settings" />
      <PageHeader title="Accounting settings" description="How your company appears on documents, and how the books are kept." />
      <Overview />
      {isLoading ? <LoadingCard /> : data ? <GeneralForm settings={data} /> : <LoadFailure error={error} retry={refetch} />}
    </>
  );
}

AccountingSettingsIndex.layout = AppLayout;
