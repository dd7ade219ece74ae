import { isoToday } from '@common/format';
import { Link, router } from '@inertiajs/react';
import { useEffect, useRef } from 'react';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { convert, isDecimal, toUnits } from '@common/money';
import { transferSchema } from '@common/schemas/banking';
import { Card } from '@/components/display/Card';
import { buttonClasses } from '@/components/form/Button';
import { SelectField } from '@/components/form/SelectField';
import { SubmitButton } from '@/components/form/SubmitButton';
import { DateField, TextareaField, TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { findCurrency, Money } from '@/components/money';
import { accountCreate } from '@/features/quick-create/kinds';
import { errorMessage } from '@/lib/errors';
import { useCreateTransferMutation, useUpdateTransferMutation, type TransferRow } from '@/store/banking-api';
import { trimZeros, type BankingOptions } from './TransactionForm';

type Values = {
  from_account_id: number | null;
  to_account_id: number | null;
  transferred_at: string;
  amount: string;
  from_rate: string;
  to_rate: string;
  to_amount: string;
  payment_method: string | null;
  reference: string;
  description: string;
};

// empty optional amounts are left to the server (it fills in rates and the converted amount)
const blankless = (v: Values) => Object.fromEntries(Object.entries(v).filter(([, x]) => x !== '' || false)) as Partial<Values>;
const schema = z.preprocess((v) => blankless(v as Values), transferSchema);
const today = () => isoToday();

/**
 * A transfer between two accounts. Across currencies both rates show (each starting at its
 * currency's rate) with the received amount they give — common/money.ts convert, exact — and
 * the received amount may be typed over (what the bank actually paid in).
 */
export function TransferForm({ transfer, options }: { transfer?: TransferRow; options: BankingOptions }) {
  const { currencies, accounts, paymentMethods } = options;
  const codeOf = (id: number | null) => accounts.find((a) => a.id === id)?.currency_code;
  const rateOf = (id: number | null) => trimZeros(findCurrency(currencies, codeOf(id))?.rate ?? '1');
  const cross = transfer ? transfer.from_currency !== transfer.to_currency : false;
  const form = useZodForm<Values>(schema, {
    from_account_id: transfer?.from_account_id ?? null,
    to_account_id: transfer?.to_account_id ?? null,
    transferred_at: transfer?.transferred_at ?? today(),
    amount: transfer ? trimZeros(transfer.amount) : '',
    from_rate: transfer ? trimZeros(transfer.from_rate) : '',
    to_rate: transfer ? trimZeros(transfer.to_rate) : '',
    to_amount: transfer && cross ? trimZeros(transfer.to_amount) : '',
    payment_method: transfer?.payment_method ?? null,
    reference: transfer?.reference ?? '',
    description: transfer?.description ?? '',
  });
  const [create] = useCreateTransferMutation();
  const [update] = useUpdateTransferMutation();
  const { from_account_id: fromId, to_account_id: toId } = form.data;

  // new accounts bring their currencies' rates; an edit keeps its own until an account changes
  const seen = useRef({ fromId, toId });
  useEffect(() => {
    if (seen.current.fromId === fromId && seen.current.toId === toId) return;
    seen.current = { fromId, toId };
    form.setData((d) => ({ ...d, from_rate: rateOf(fromId), to_rate: rateOf(toId), to_amount: '' }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a change of account only
  }, [fromId, toId]);

  const from = findCurrency(currencies, codeOf(fromId));
  const to = findCurrency(currencies, codeOf(toId));
  const differs = Boolean(from && to && from.code !== to.code);
  const ok = (v: string) => isDecimal(v) && toUnits(v, 8) > 0n;
  const preview =
    differs && to && ok(form.data.amount) && ok(form.data.from_rate) && ok(form.data.to_rate)
      ? convert(form.data.amount, form.data.from_rate, form.data.to_rate, to.precision)
      : null;

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const element = e.currentTarget;
    try {
      const answer = await form.submitWith((data) => {
        const body = blankless(data);
        // the same currency needs no rates: the server uses 1 and the same amount
        if (!differs) {
          delete body.from_rate;
          delete body.to_rate;
          delete body.to_amount;
        }
        const sent = { ...body, from_account_id: data.from_account_id!, to_account_id: data.to_account_id!, transferred_at: data.transferred_at, amount: data.amount };
        return transfer ? update({ id: transfer.id, ...sent }).unwrap() : create(sent).unwrap();
      }, element);
      if (!answer) return;
      toast.success(answer.message);
      router.visit(`/banking/transfers/${answer.data.id}`);
    } catch (err) {
      toast.error(errorMessage(err, 'The transfer could not be saved.'));
    }
  }

  const newAccount = accountCreate(currencies.find((c) => c.is_default)?.code ?? 'USD');
  const accountOptions = accounts
    .filter((a) => a.enabled || a.id === transfer?.from_account_id || a.id === transfer?.to_account_id)
    .map((a) => ({ value: a.id, label: `${a.name} (${a.currency_code})` }));

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-6">
      <Card title="Transfer">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField form={form} name="from_account_id" label="From account" required placeholder="Choose an account…" options={accountOptions} create={newAccount} />
          <SelectField form={form} name="to_account_id" label="To account" required placeholder="Choose an account…" options={accountOptions} create={newAccount} />
          <DateField form={form} name="transferred_at" label="Date" required />
          <TextField form={form} name="amount" label={`Amount${from ? ` in ${from.code}` : ''}`} inputMode="decimal" required />
          {differs && from && to && (
            <>
              <TextField form={form} name="from_rate" label={`${from.code} rate`} inputMode="decimal" required hint={`${from.code} per 1 of the default currency`} />
              <TextField form={form} name="to_rate" label={`${to.code} rate`} inputMode="decimal" required hint={`${to.code} per 1 of the default currency`} />
              <TextField
                form={form}
                name="to_amount"
                label={`Amount received in ${to.code}`}
                inputMode="decimal"
                placeholder={preview ?? ''}
                hint="Leave empty to use the amount the rates give, or type what the bank paid in."
              />
              <p className="self-center text-sm text-slate-600 dark:text-slate-400" aria-live="polite" data-testid="transfer-preview">
                At these rates: {preview ? <Money amount={preview} currency={to} className="font-semibold text-slate-900 dark:text-white" /> : '—'}
              </p>
            </>
          )}
          <SelectField form={form} name="payment_method" label="Payment method" placeholder="None" options={paymentMethods.map((m) => ({ value: m.code, label: m.name }))} />
          <TextField form={form} name="reference" label="Reference" maxLength={255} />
          <TextareaField form={form} name="description" label="Description" className="sm:col-span-2" />
        </div>
      </Card>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton form={form}>{transfer ? 'Save changes' : 'Create transfer'}</SubmitButton>
        <Link href={transfer ? `/banking/transfers/${transfer.id}` : '/banking/transfers'} className={buttonClasses('outline')}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
