import { useState } from 'react';
import { schedulingSettingsSchema, type AccountingSettings } from '@common/schemas/accounting-settings';
import { Card } from '@/components/display/Card';
import { Field } from '@/components/form/Field';
import { controlClasses } from '@/components/form/styles';
import { SubmitButton } from '@/components/form/SubmitButton';
import { SwitchField } from '@/components/form/SwitchField';
import { useZodForm, type ZodForm } from '@/components/form/useZodForm';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';
import { useUpdateSectionMutation } from '@/store/accounting-settings-api';
import { AccountingSettingsPage, onSubmitWith, saveForm, SectionLoader } from './Index';

type SchedulingValues = AccountingSettings['scheduling'];
type DayListName = 'invoice_days_before' | 'invoice_days_after' | 'bill_days_before';

/**
 * Day counts typed as "1, 7, 14". The form holds the numbers (what the schema checks); a word
 * becomes NaN so that the schema reports it, and the errors of single days show on the field.
 */
function DayListField({ form, name, label, hint, disabled, className }: { form: ZodForm<SchedulingValues>; name: DayListName; label: string; hint: string; disabled: boolean; className?: string }) {
  const [draft, setDraft] = useState(form.data[name].join(', '));
  const errors = form.errors as Record<string, string | undefined>;
  const error = errors[name] ?? Object.entries(errors).find(([k]) => k.startsWith(`${name}.`))?.[1] ?? null;
  function change(text: string) {
    setDraft(text);
    const days = text
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map((t) => (/^\d+$/.test(t) ? Number(t) : Number.NaN));
    form.setData(name, days);
    const stale = Object.keys(errors).filter((k) => k === name || k.startsWith(`${name}.`));
    if (stale.length) (form.clearErrors as unknown as (...f: string[]) => void)(...stale);
  }
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <input
          {...control}
          type="text"
          inputMode="numeric"
          disabled={disabled}
          value={draft}
          onChange={(e) => change(e.target.value)}
          className={controlClasses(Boolean(error), 'tabular-nums')}
        />
      )}
    </Field>
  );
}

function SchedulingForm({ value }: { value: SchedulingValues }) {
  const canUpdate = useCan('accounting_settings.update');
  const [update] = useUpdateSectionMutation();
  const form = useZodForm<SchedulingValues>(schedulingSettingsSchema, value);
  const locked = !canUpdate;
  // bumped after a save, so the day boxes show the lists as the server keeps them
  const [version, setVersion] = useState(0);

  async function save(element: HTMLFormElement) {
    const answer = await saveForm(form, (data) => update({ key: 'scheduling', value: data }).unwrap(), element);
    if (answer) {
      // the server keeps each list unique and in order
      form.setData(answer.data as SchedulingValues);
      form.setDefaults(answer.data as SchedulingValues);
      setVersion((v) => v + 1);
    }
  }

  return (
    <form onSubmit={onSubmitWith(save)} noValidate className="flex flex-col gap-6">
      <Card title="Invoice reminders to customers">
        <div className="flex max-w-2xl flex-col gap-5">
          <SwitchField form={form} name="send_invoice_reminder" label="Send invoice reminders" hint="With the Invoice reminder e-mail template." disabled={locked} />
          <div className="grid gap-5 sm:grid-cols-2">
            <DayListField key={`before-${version}`} form={form} name="invoice_days_before" label="Days before the due date" hint="e.g. 7, 3, 1" disabled={locked} />
            <DayListField key={`after-${version}`} form={form} name="invoice_days_after" label="Days after the due date" hint="e.g. 1, 7, 14" disabled={locked} />
          </div>
        </div>
      </Card>
      <Card title="Bill reminders to the company">
        <div className="flex max-w-2xl flex-col gap-5">
          <SwitchField form={form} name="send_bill_reminder" label="Send bill reminders" hint="With the Bill reminder e-mail template." disabled={locked} />
          <DayListField key={`bill-${version}`} form={form} name="bill_days_before" label="Days before the due date" hint="e.g. 3" disabled={locked} className="sm:max-w-sm" />
        </div>
      </Card>
      {canUpdate && <SubmitButton form={form} />}
    </form>
  );
}

export default function Scheduling() {
  return (
    <AccountingSettingsPage title="Scheduling" description="When reminders of invoices and bills are sent, counted from their due dates." current="scheduling">
      <SectionLoader section="scheduling">{(value) => <SchedulingForm value={value} />}</SectionLoader>
    </AccountingSettingsPage>
  );
}

Scheduling.layout = AppLayout;
