import { EMAIL_TEMPLATE_LABELS } from '@common/schemas/accounting-email-templates';
import { EMAIL_TEMPLATE_KEYS, EMAIL_TEMPLATE_VARIABLES, emailTemplatesSettingsSchema, type AccountingSettings, type EmailTemplateKey } from '@common/schemas/accounting-settings';
import { Card } from '@/components/display/Card';
import { SubmitButton } from '@/components/form/SubmitButton';
import { TextareaField, TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { Tabs } from '@/components/overlay/Tabs';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';
import { useUpdateSectionMutation } from '@/store/accounting-settings-api';
import { AccountingSettingsPage, onSubmitWith, saveForm, SectionLoader } from './Index';

type Templates = AccountingSettings['email_templates'];
type TemplateValues = Templates[EmailTemplateKey];

/** The server names a template's fields "invoice_new.subject"; this form's fields are "subject" and "body". */
function withinTemplate(err: unknown, key: EmailTemplateKey): unknown {
  const data = (err as { data?: { errors?: Record<string, string[]> } } | null)?.data;
  if (!data?.errors) return err;
  const errors = Object.fromEntries(Object.entries(data.errors).map(([field, messages]) => [field.startsWith(`${key}.`) ? field.slice(key.length + 1) : field, messages]));
  return { ...(err as object), data: { ...data, errors } };
}

function TemplateForm({ templateKey, all }: { templateKey: EmailTemplateKey; all: Templates }) {
  const canUpdate = useCan('accounting_settings.update');
  const [update] = useUpdateSectionMutation();
  const form = useZodForm<TemplateValues>(emailTemplatesSettingsSchema.shape[templateKey], all[templateKey]);
  const { title, description } = EMAIL_TEMPLATE_LABELS[templateKey];

  async function save(element: HTMLFormElement) {
    // only this template changes; the others are sent as they are stored
    const send = (data: TemplateValues) =>
      update({ key: 'email_templates', value: { ...all, [templateKey]: data } })
        .unwrap()
        .catch((err: unknown) => Promise.reject(withinTemplate(err, templateKey)));
    const answer = await saveForm(form, send, element);
    if (answer) {
      // what was stored: the body as the sanitiser left it
      const stored = (answer.data as Templates)[templateKey];
      form.setData(stored);
      form.setDefaults(stored);
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card title={title} className="lg:col-span-2">
        <p className="-mt-1 mb-5 text-sm text-slate-600 dark:text-slate-400">{description}</p>
        <form onSubmit={onSubmitWith(save)} noValidate className="flex flex-col gap-5">
          <fieldset disabled={!canUpdate} className="flex flex-col gap-5">
            <TextField form={form} name="subject" label="Subject" maxLength={255} required />
            <TextareaField form={form} name="body" label="Body (HTML)" rows={12} required className="font-mono text-sm" hint="Scripts, frames and event handlers are removed when you save." />
          </fieldset>
          {canUpdate && <SubmitButton form={form} />}
        </form>
      </Card>
      <div className="flex flex-col gap-6">
        <Card title="Variables">
          <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">Replaced by their values when the e-mail is sent.</p>
          <ul className="flex flex-wrap gap-2">
            {EMAIL_TEMPLATE_VARIABLES[templateKey].map((v) => (
              <li key={v}>
                <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">{v}</code>
              </li>
            ))}
          </ul>
        </Card>
        <Card title="Preview" flush>
          {/* sandboxed without scripts: even unsaved, unsanitised text cannot run here */}
          <iframe title={`Preview of the ${title} e-mail`} sandbox="" srcDoc={form.data.body} className="h-72 w-full rounded-b-md bg-white" />
        </Card>
      </div>
    </div>
  );
}

export default function EmailTemplates() {
  return (
    <AccountingSettingsPage title="Accounting email templates" description="The words of the e-mails sent with invoices, reminders, receipts and bills." current="email-templates">
      <SectionLoader section="email_templates">
        {(all) => (
          <Tabs
            label="Email templates"
            tabs={EMAIL_TEMPLATE_KEYS.map((key) => ({ key, label: EMAIL_TEMPLATE_LABELS[key].title, content: <TemplateForm templateKey={key} all={all} /> }))}
          />
        )}
      </SectionLoader>
    </AccountingSettingsPage>
  );
}

EmailTemplates.layout = AppLayout;
