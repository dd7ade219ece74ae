import { isoToday } from '@common/format';
import { Link, router } from '@inertiajs/react';
import { useEffect, useRef } from 'react';
import { toast } from 'react-toastify';
import { transactionSchema } from '@common/schemas/banking';
import { Card } from '@/components/display/Card';
import { buttonClasses } from '@/components/form/Button';
import { SelectField } from '@/components/form/SelectField';
import { SubmitButton } from '@/components/form/SubmitButton';
import { DateField, TextareaField, TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { findCurrency, type CurrencyOption } from '@/components/money';
import { accountCreate, categoryCreate, CUSTOMER, VENDOR } from '@/features/quick-create/kinds';
import { errorMessage } from '@/lib/errors';
import { useCreateTransactionMutation, useUpdateTransactionMutation, type TransactionRow } from '@/store/banking-api';

export type AccountOption = { id: number; name: string; currency_code: string; enabled: boolean };
export type CategoryOption = { id: number; name: string; type: string; color: string | null; enabled: boolean };
export type MethodOption = { code: string; name: string };
export type BankingOptions = { currencies: CurrencyOption[]; accounts: AccountOption[]; categories?: CategoryOption[]; paymentMethods: MethodOption[] };

type Values = {
  type: 'income' | 'expense';
  bank_account_id: number | null;
  paid_at: string;
  amount: string;
  currency_rate: string;
  contact_id: number | null;
  category_id: number | null;
  payment_method: string | null;
  reference: string;
  description: string;
};

const today = () => isoToday();
export const trimZeros = (v: string) => (v.includes('.') ? v.replace(/\.?0+$/, '') : v);

/**
 * Income or expense in one account. The currency follows the account; the rate starts at that
 * currency's rate and may be changed (shown only when it is not the default currency).
 */
export function TransactionForm({ transaction, options }: { transaction?: TransactionRow; options: BankingOptions }) {
  const { currencies, accounts, categories = [], paymentMethods } = options;
  const rateOf = (accountId: number | null) => findCurrency(currencies, accounts.find((a) => a.id === accountId)?.currency_code)?.rate ?? '1';
  const firstAccount = accounts.find((a) => a.enabled)?.id ?? null;
  const form = useZodForm<Values>(transactionSchema, {
    type: transaction?.type ?? 'income',
    bank_account_id: transaction?.bank_account_id ?? firstAccount,
    paid_at: transaction?.paid_at ?? today(),
    amount: transaction ? trimZeros(transaction.amount) : '',
    currency_rate: trimZeros(transaction?.currency_rate ?? rateOf(firstAccount)),
    contact_id: transaction?.contact_id ?? null,
    category_id: transaction?.category_id ?? null,
    payment_method: transaction?.payment_method ?? null,
    reference: transaction?.reference ?? '',
    description: transaction?.description ?? '',
  });
  const [create] = useCreateTransactionMutation();
  const [update] = useUpdateTransactionMutation();

  // a change of account or type resets what depends on it, once, at the change (not on load:
  // an edited transaction keeps the rate it was saved with)
  const seen = useRef({ account: form.data.bank_account_id, type: form.data.type });
  const { bank_account_id: accountId, type } = form.data;
  useEffect(() => {
    if (seen.current.account === accountId) return;
    seen.current.account = accountId;
    form.setData('currency_rate', trimZeros(rateOf(accountId)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on a change of account only
  }, [accountId]);
  useEffect(() => {
    if (seen.current.type === type) return;
    seen.current.type = type;
    form.setData((d) => ({ ...d, contact_id: null, category_id: null }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on a change of type only
  }, [type]);

  const account = accounts.find((a) => a.id === form.data.bank_account_id);
  const currency = findCurrency(currencies, account?.currency_code);
  const income = form.data.type === 'income';

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const element = e.currentTarget;
    try {
      const answer = await form.submitWith(
        (data) => (transaction ? update({ id: transaction.id, ...data, bank_account_id: data.bank_account_id! }).unwrap() : create({ ...data, bank_account_id: data.bank_account_id! }).unwrap()),
        element,
      );
      if (!answer) return;
      toast.success(answer.message);
      router.visit(`/banking/transactions/${answer.data.id}`);
    } catch (err) {
      toast.error(errorMessage(err, 'The transaction could not be saved.'));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-6">
      <Card title="Transaction">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField form={form} name="type" label="Type" required options={[{ value: 'income', label: 'Income' }, { value: 'expense', label: 'Expense' }]} />
          <SelectField
            form={form}
            name="bank_account_id"
            label="Account"
            required
            placeholder="Choose an account…"
            create={accountCreate(currencies.find((c) => c.is_default)?.code ?? 'USD')}
            options={accounts.filter((a) => a.enabled || a.id === transaction?.bank_account_id).map((a) => ({ value: a.id, label: `${a.name} (${a.currency_code})` }))}
          />
          <DateField form={form} name="paid_at" label="Date" required />
          <TextField form={form} name="amount" label={`Amount${currency ? ` in ${currency.code}` : ''}`} inputMode="decimal" required />
          {currency && !currency.is_default && (
            <TextField form={form} name="currency_rate" label={`Rate (${currency.code} per 1 ${currencies.find((c) => c.is_default)?.code ?? ''})`} inputMode="decimal" required hint="Starts at the currency's rate in settings." />
          )}
          <SelectField
            key={form.data.type}
            form={form}
            name="contact_id"
            label={income ? 'Customer' : 'Vendor'}
            placeholder="None"
            load={{ url: '/accounting/contacts/json', params: { type: income ? 'customer' : 'vendor' } }}
            create={income ? CUSTOMER : VENDOR}
            initialOption={transaction?.contact_id && transaction.type === form.data.type ? { value: transaction.contact_id, label: transaction.contact_name ?? String(transaction.contact_id) } : null}
          />
          <SelectField
            form={form}
            name="category_id"
            label="Category"
            placeholder="None"
            create={categoryCreate(income ? 'income' : 'expense')}
            options={categories.filter((c) => c.type === form.data.type && (c.enabled || c.id === transaction?.category_id)).map((c) => ({ value: c.id, label: c.name }))}
          />
          <SelectField form={form} name="payment_method" label="Payment method" placeholder="None" options={paymentMethods.map((m) => ({ value: m.code, label: m.name }))} />
          <TextField form={form} name="reference" label="Reference" maxLength={255} />
          <TextareaField form={form} name="description" label="Description" className="sm:col-span-2" />
        </div>
      </Card>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton form={form}>{transaction ? 'Save changes' : 'Create transaction'}</SubmitButton>
        <Link href={transaction ? `/banking/transactions/${transaction.id}` : '/banking/transactions'} className={buttonClasses('outline')}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
