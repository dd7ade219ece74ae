import { defaultsSettingsSchema, type AccountingSettings } from '@common/schemas/accounting-settings';
import { Card } from '@/components/display/Card';
import { SelectField } from '@/components/form/SelectField';
import { SubmitButton } from '@/components/form/SubmitButton';
import { useZodForm } from '@/components/form/useZodForm';
import { accountCreate, categoryCreate, TAX } from '@/features/quick-create/kinds';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';
import { useUpdateSectionMutation } from '@/store/accounting-settings-api';
import { AccountingSettingsPage, onSubmitWith, saveForm, SectionLoader } from './Index';

type DefaultsValues = AccountingSettings['defaults'];
type Choice<V> = { name: string; enabled: boolean } & V;

/** The company's records each default may name, sent by the page route (no other permission needed). */
type Options = {
  accounts: Choice<{ id: number; currency_code: string }>[];
  currencies: Choice<{ code: string }>[];
  payment_methods: Choice<{ code: string }>[];
  taxes: Choice<{ id: number; rate: string }>[];
  income_categories: Choice<{ id: number }>[];
  expense_categories: Choice<{ id: number }>[];
};

const INCOME = categoryCreate('income');
const EXPENSE = categoryCreate('expense');

const label = (c: { name: string; enabled: boolean }, extra?: string) => `${c.name}${extra ? ` (${extra})` : ''}${c.enabled ? '' : ' — disabled'}`;

function DefaultsForm({ value, options }: { value: DefaultsValues; options: Options }) {
  const canUpdate = useCan('accounting_settings.update');
  const [update] = useUpdateSectionMutation();
  const form = useZodForm<DefaultsValues>(defaultsSettingsSchema, value);
  const locked = !canUpdate;

  async function save(element: HTMLFormElement) {
    const answer = await saveForm(form, (data) => update({ key: 'defaults', value: data }).unwrap(), element);
    if (answer) form.setDefaults();
  }

  return (
    <Card>
      <form onSubmit={onSubmitWith(save)} noValidate className="flex max-w-3xl flex-col gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            form={form}
            name="account_id"
            label="Bank account"
            placeholder="None"
            disabled={locked}
            create={accountCreate(value.currency)}
            options={options.accounts.map((a) => ({ value: a.id, label: label(a, a.currency_code) }))}
            hint={options.accounts.length ? undefined : 'No bank accounts yet.'}
          />
          <SelectField
            form={form}
            name="currency"
            label="Currency"
            required
            disabled={locked}
            options={options.currencies.map((c) => ({ value: c.code, label: label(c, c.code) }))}
            hint="Choosing another currency makes it the default: its rate becomes 1 and the other rates are converted against it."
          />
          <SelectField form={form} name="payment_method" label="Payment method" placeholder="None" disabled={locked} options={options.payment_methods.map((m) => ({ value: m.code, label: label(m) }))} />
          <SelectField form={form} name="tax_id" label="Tax" placeholder="None" disabled={locked} create={TAX} options={options.taxes.map((x) => ({ value: x.id, label: label(x, `${x.rate}%`) }))} />
          <SelectField form={form} name="income_category_id" label="Income category" placeholder="None" disabled={locked} create={INCOME} options={options.income_categories.map((c) => ({ value: c.id, label: label(c) }))} />
          <SelectField form={form} name="expense_category_id" label="Expense category" placeholder="None" disabled={locked} create={EXPENSE} options={options.expense_categories.map((c) => ({ value: c.id, label: label(c) }))} />
        </div>
        {canUpdate && <SubmitButton form={form} />}
      </form>
    </Card>
  );
}

export default function Defaults({ options }: { options: Options }) {
  return (
    <AccountingSettingsPage title="Defaults" description="What new invoices, bills and transactions start with." current="defaults">
      <SectionLoader section="defaults">{(value) => <DefaultsForm value={value} options={options} />}</SectionLoader>
    </AccountingSettingsPage>
  );
}

Defaults.layout = AppLayout;
