import { Info } from 'lucide-react';
import { mailboxSettingsSchema, MAILBOX_DRIVERS, type AccountingSettings } from '@common/schemas/accounting-settings';
import { cx } from '@/components/cx';
import { Card } from '@/components/display/Card';
import { SubmitButton } from '@/components/form/SubmitButton';
import { TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';
import { useUpdateSectionMutation } from '@/store/accounting-settings-api';
import { AccountingSettingsPage, onSubmitWith, saveForm, SectionLoader } from './Index';

type MailboxValues = AccountingSettings['mailbox'];
type Driver = MailboxValues['driver'];

const CHOICES: Record<Driver, { title: string; description: string }> = {
  system: { title: 'The system mailer', description: 'Invoices, reminders and receipts go out from the application’s own address.' },
  custom: { title: 'The system mailer, as the company', description: 'The same mailer, with your company’s name and address as the sender.' },
};

function MailboxForm({ value }: { value: MailboxValues }) {
  const canUpdate = useCan('accounting_settings.update');
  const [update] = useUpdateSectionMutation();
  const form = useZodForm<MailboxValues>(mailboxSettingsSchema, value);

  async function save(element: HTMLFormElement) {
    const answer = await saveForm(form, (data) => update({ key: 'mailbox', value: data }).unwrap(), element);
    if (answer) form.setDefaults();
  }

  return (
    <Card>
      <form onSubmit={onSubmitWith(save)} noValidate className="flex max-w-2xl flex-col gap-5">
        <fieldset disabled={!canUpdate} className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Send accounting e-mail with</legend>
          {MAILBOX_DRIVERS.map((driver) => (
            <label
              key={driver}
              className={cx(
                'flex cursor-pointer items-start gap-3 rounded-md p-3 ring-1 transition-colors has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-primary',
                form.data.driver === driver ? 'bg-primary/5 ring-primary/40' : 'ring-slate-200 dark:ring-slate-700',
              )}
            >
              <input
                type="radio"
                name="driver"
                value={driver}
                checked={form.data.driver === driver}
                onChange={() => form.setData('driver', driver)}
                className="mt-1 size-4 accent-primary"
              />
              <span>
                <span className="block text-sm font-medium text-slate-900 dark:text-white">{CHOICES[driver].title}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">{CHOICES[driver].description}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {form.data.driver === 'custom' && (
          <fieldset disabled={!canUpdate} className="grid gap-5 sm:grid-cols-2">
            <legend className="sr-only">Sender</legend>
            <TextField form={form} name="from_name" label="From name" required autoComplete="organization" />
            <TextField form={form} name="from_address" type="email" label="From address" required autoComplete="email" />
          </fieldset>
        )}
        <p className="flex items-start gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Sending from a connected mailbox (Gmail, Outlook, IMAP) becomes a choice here once mailboxes are connected in the Mailbox area.
        </p>
        {canUpdate && <SubmitButton form={form} />}
      </form>
    </Card>
  );
}

export default function Mailbox() {
  return (
    <AccountingSettingsPage title="Accounting mailbox" description="Who invoices, reminders and receipts are sent as." current="mailbox">
      <SectionLoader section="mailbox">{(value) => <MailboxForm value={value} />}</SectionLoader>
    </AccountingSettingsPage>
  );
}

Mailbox.layout = AppLayout;
