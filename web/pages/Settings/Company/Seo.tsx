import { companySeoSchema } from '@common/company';
import { Card } from '@/components/display/Card';
import { SubmitButton } from '@/components/form/SubmitButton';
import { SwitchField } from '@/components/form/SwitchField';
import { TextareaField, TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { ImageField } from '@/features/cms/ImageField';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';
import { useUpdateSeoMutation } from '@/store/company-settings-api';
import { onSubmitWith, saveForm } from '../Accounting/Index';
import { CompanySettingsPage } from './Index';

type Seo = { meta_title: string | null; meta_description: string | null; meta_keywords: string | null; social_image_id: number | null; allow_indexing: boolean };

/** Settings/Company/Seo: the default meta of the company's public pages (a page's own SEO fields win). */
export default function CompanySeo({ seo }: { seo: Seo }) {
  const canUpdate = useCan('company_settings.update');
  const [update] = useUpdateSeoMutation();
  const form = useZodForm<Seo>(companySeoSchema, seo);
  async function save(element: HTMLFormElement) {
    if (await saveForm(form, (data) => update(data).unwrap(), element)) form.setDefaults();
  }
  return (
    <CompanySettingsPage title="SEO meta" description="What search engines and shared links show for your public pages when a page says nothing of its own." current="seo">
      <Card>
        <form onSubmit={onSubmitWith(save)} noValidate className="flex max-w-3xl flex-col gap-5">
          <fieldset disabled={!canUpdate} className="flex flex-col gap-5">
            <legend className="sr-only">SEO meta</legend>
            <TextField form={form} name="meta_title" label="Site title" maxLength={70} hint="After each page's title in the browser tab and search results; up to 70 characters." />
            <TextareaField form={form} name="meta_description" label="Description" maxLength={160} rows={3} hint="Up to 160 characters; search engines show about that much." />
            <TextField form={form} name="meta_keywords" label="Keywords" hint="Separated by commas." />
            <ImageField label="Social image" value={form.data.social_image_id} onChange={(id) => form.setData('social_image_id', id)} error={form.errors.social_image_id} />
            <SwitchField form={form} name="allow_indexing" label="Let search engines index the public pages" hint="Off adds noindex to every public page." />
          </fieldset>
          {canUpdate && <SubmitButton form={form} />}
        </form>
      </Card>
    </CompanySettingsPage>
  );
}

CompanySeo.layout = AppLayout;
