import { isoToday } from '@common/format';
import { Link, router } from '@inertiajs/react';
import { toast } from 'react-toastify';
import { bankAccountSchema } from '@common/schemas/banking';
import { Card } from '@/components/display/Card';
import { buttonClasses } from '@/components/form/Button';
import { SelectField } from '@/components/form/SelectField';
import { SubmitButton } from '@/components/form/SubmitButton';
import { SwitchField } from '@/components/form/SwitchField';
import { DateField, TextareaField, TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import type { CurrencyOption } from '@/components/money';
import { errorMessage } from '@/lib/errors';
import { useCreateAccountMutation, useUpdateAccountMutation, type BankAccountRow } from '@/store/banking-api';

type Values = {
  name: string;
  number: string;
  currency_code: string;
  opening_balance: string;
  opening_date: string;
  bank_name: string;
  bank_phone: string;
  bank_address: string;
  enabled: boolean;
};

const today = () => isoToday();
// the server answers amounts at the stored scale ("100.0000"); the form shows what a person typed
const trimZeros = (v: string) => (v.includes('.') ? v.replace(/\.?0+$/, '') : v);

/** Create or edit a bank account; the currency's 422 (it has transactions) shows under the select. */
export function AccountForm({ account, currencies }: { account?: BankAccountRow; currencies: CurrencyOption[] }) {
  const fallback = currencies.find((c) => c.is_default)?.code ?? currencies[0]?.code ?? '';
  const form = useZodForm<Values>(bankAccountSchema, {
    name: account?.name ?? '',
    number: account?.number ?? '',
    currency_code: account?.currency_code ?? fallback,
    opening_balance: account ? trimZeros(account.opening_balance) : '0',
    opening_date: account?.opening_date ?? today(),
    bank_name: account?.bank_name ?? '',
    bank_phone: account?.bank_phone ?? '',
    bank_address: account?.bank_address ?? '',
    enabled: account?.enabled ?? true,
  });
  const [create] = useCreateAccountMutation();
  const [update] = useUpdateAccountMutation();
  const options = currencies
    .filter((c) => c.enabled || c.code === account?.currency_code)
    .map((c) => ({ value: c.code, label: `${c.code} — ${c.name}` }));

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const element = e.currentTarget;
    try {
      const answer = await form.submitWith((data) => (account ? update({ id: account.id, ...data }).unwrap() : create(data).unwrap()), element);
      if (!answer) return;
      toast.success(answer.message);
      router.visit(`/banking/accounts/${answer.data.id}`);
    } catch (err) {
      toast.error(errorMessage(err, 'The account could not be saved.'));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-6">
      <Card title="Account">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField form={form} name="name" label="Account name" required maxLength={255} />
          <TextField form={form} name="number" label="Account number" required maxLength={100} />
          <SelectField form={form} name="currency_code" label="Currency" required options={options} hint={account ? 'Cannot change once the account has transactions or transfers.' : undefined} />
          <TextField form={form} name="opening_balance" label="Opening balance" inputMode="decimal" required hint="In the account's currency; may be negative (an overdraft)." />
          <DateField form={form} name="opening_date" label="Opening date" />
          <SwitchField form={form} name="enabled" label="Enabled" />
        </div>
      </Card>
      <Card title="Bank">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField form={form} name="bank_name" label="Bank name" maxLength={255} />
          <TextField form={form} name="bank_phone" label="Bank phone" type="text" inputMode="tel" maxLength={50} />
          <TextareaField form={form} name="bank_address" label="Bank address" className="sm:col-span-2" />
        </div>
      </Card>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton form={form}>{account ? 'Save changes' : 'Create account'}</SubmitButton>
        <Link href={account ? `/banking/accounts/${account.id}` : '/banking/accounts'} className={buttonClasses('outline')}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
