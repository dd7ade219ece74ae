import { invoiceNumber, invoiceSettingsSchema, type AccountingSettings } from '@common/schemas/accounting-settings';
import { Card } from '@/components/display/Card';
import { SubmitButton } from '@/components/form/SubmitButton';
import { NumberField, TextareaField, TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';
import { useUpdateSectionMutation } from '@/store/accounting-settings-api';
import { AccountingSettingsPage, onSubmitWith, saveForm, SectionLoader } from './Index';

type InvoiceValues = AccountingSettings['invoices'];

function InvoicesForm({ value }: { value: InvoiceValues }) {
  const canUpdate = useCan('accounting_settings.update');
  const [update] = useUpdateSectionMutation();
  const form = useZodForm<InvoiceValues>(invoiceSettingsSchema, value);
  const { number_prefix, number_next, number_digits } = form.data;
  const next = number_next && number_digits && number_digits <= 10 ? invoiceNumber({ number_prefix: number_prefix ?? '', number_digits }, number_next) : '—';

  async function save(element: HTMLFormElement) {
    const answer = await saveForm(form, (data) => update({ key: 'invoices', value: data }).unwrap(), element);
    if (answer) form.setDefaults();
  }

  return (
    <form onSubmit={onSubmitWith(save)} noValidate className="flex flex-col gap-6">
      <fieldset disabled={!canUpdate} className="contents">
        <Card title="Numbering">
          <div className="grid gap-5 sm:grid-cols-3">
            <TextField form={form} name="number_prefix" label="Number prefix" maxLength={20} />
            <NumberField form={form} name="number_next" label="Next number" min={1} required />
            <NumberField form={form} name="number_digits" label="Digits" min={1} max={10} required hint="Zeros fill the number up to this length." />
          </div>
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            The next invoice will be <strong className="font-semibold text-slate-900 tabular-nums dark:text-white">{next}</strong>.
          </p>
        </Card>
        <Card title="Terms and texts">
          <div className="grid gap-5">
            <NumberField form={form} name="payment_terms" label="Payment terms (days)" min={0} max={365} required hint="Days from the invoice date to its due date; 0 means due on receipt." className="sm:max-w-xs" />
            <TextareaField form={form} name="notes" label="Notes" rows={3} maxLength={2000} hint="Printed under the items of every new invoice." />
            <TextareaField form={form} name="footer" label="Footer" rows={2} maxLength={2000} />
          </div>
        </Card>
        <Card title="Column names">
          <div className="grid gap-5 sm:grid-cols-3">
            <TextField form={form} name="item_name" label="Items column" maxLength={50} required />
            <TextField form={form} name="price_name" label="Price column" maxLength={50} required />
            <TextField form={form} name="quantity_name" label="Quantity column" maxLength={50} required />
          </div>
        </Card>
      </fieldset>
      {canUpdate && <SubmitButton form={form} />}
    </form>
  );
}

export default function Invoices() {
  return (
    <AccountingSettingsPage title="Invoice settings" description="How new invoices are numbered, when they are due and what they say." current="invoices">
      <SectionLoader section="invoices">{(value) => <InvoicesForm value={value} />}</SectionLoader>
    </AccountingSettingsPage>
  );
}

Invoices.layout = AppLayout;
