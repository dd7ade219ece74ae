import { ExternalLink } from 'lucide-react';
import { companyTermsSchema, TERMS_MAX } from '@common/company';
import { Card } from '@/components/display/Card';
import { DateText } from '@/components/display/DateText';
import { SubmitButton } from '@/components/form/SubmitButton';
import { SwitchField } from '@/components/form/SwitchField';
import { TextareaField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';
import { useUpdateTermsMutation } from '@/store/company-settings-api';
import { onSubmitWith, saveForm } from '../Accounting/Index';
import { CompanySettingsPage } from './Index';

type Terms = { terms: string | null; show_on_documents: boolean; show_on_public_pages: boolean };

/** Settings/Company/Terms: the company's own terms, on its public pages and printed on its documents. */
export default function CompanyTerms({ terms, public_url }: { terms: Terms & { terms_updated_at: string | null }; public_url: string | null }) {
  const canUpdate = useCan('company_settings.update');
  const [update] = useUpdateTermsMutation();
  const form = useZodForm<Terms>(companyTermsSchema, { terms: terms.terms, show_on_documents: terms.show_on_documents, show_on_public_pages: terms.show_on_public_pages });
  async function save(element: HTMLFormElement) {
    if (await saveForm(form, (data) => update(data).unwrap(), element)) form.setDefaults();
  }
  return (
    <CompanySettingsPage title="Terms" description="Your company's own terms and conditions for customers (not Kazi's)." current="terms">
      <Card>
        <form onSubmit={onSubmitWith(save)} noValidate className="flex max-w-3xl flex-col gap-5">
          <fieldset disabled={!canUpdate} className="flex flex-col gap-5">
            <legend className="sr-only">Terms</legend>
            <TextareaField form={form} name="terms" label="Terms and conditions" rows={14} maxLength={TERMS_MAX} hint="Plain text; a blank line or a numbered line starts a new paragraph." />
            <SwitchField form={form} name="show_on_public_pages" label="Show on public pages" hint="A Terms link in the footer of your pages and on the quote request form." />
            <SwitchField form={form} name="show_on_documents" label="Print on invoices, estimates and other documents" />
          </fieldset>
          <div className="flex flex-wrap items-center gap-4 text-sm text-slate-500 dark:text-slate-400">
            {canUpdate && <SubmitButton form={form} />}
            {terms.terms_updated_at && (
              <span>
                Last changed <DateText value={terms.terms_updated_at} />
              </span>
            )}
            {public_url && terms.terms && terms.show_on_public_pages && (
              <a href={public_url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 font-medium text-primary-strong hover:underline dark:text-primary-light">
                View the public page <ExternalLink aria-hidden="true" className="size-3.5" />
              </a>
            )}
          </div>
        </form>
      </Card>
    </CompanySettingsPage>
  );
}

CompanyTerms.layout = AppLayout;
