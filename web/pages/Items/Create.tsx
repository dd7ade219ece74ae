import { Head, Link, router } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { toast } from 'react-toastify';
import { z } from 'zod';
import type { ItemRow } from '@common/answers/accounting';
import { fromUnits, toUnits, type CurrencyFormat } from '@common/money';
import { itemSchema, PRICE_REQUIRED } from '@common/schemas/accounting';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { buttonClasses } from '@/components/form/Button';
import { FieldError } from '@/components/form/FieldError';
import { MoneyField } from '@/components/form/MoneyField';
import { currencyDigits } from '@/components/form/money';
import { SelectField } from '@/components/form/SelectField';
import { SubmitButton } from '@/components/form/SubmitButton';
import { SwitchField } from '@/components/form/SwitchField';
import { TextareaField, TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { BackLink } from '@/components/record/BackLink';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useCreateItemMutation, useUpdateItemMutation } from '@/store/items-api';
import { categoryCreate } from '@/features/quick-create/kinds';

const ITEM_CATEGORY = categoryCreate('item');

export type ItemFormProps = {
  currency: CurrencyFormat;
  categories: { id: number; name: string; enabled: boolean }[];
  taxes: { id: number; name: string; rate: string; enabled: boolean }[];
  item?: ItemRow;
};

// The form holds prices as integer minor units (MoneyField); the API takes decimal strings.
const minorPrice = z.number().int().min(0).nullable();
const itemFormSchema = itemSchema.extend({ sale_price: minorPrice, purchase_price: minorPrice }).superRefine((v, ctx) => {
  if (v.sale_price !== null || v.purchase_price !== null) return;
  ctx.addIssue({ code: 'custom', path: ['sale_price'], message: PRICE_REQUIRED.sale_price });
  ctx.addIssue({ code: 'custom', path: ['purchase_price'], message: PRICE_REQUIRED.purchase_price });
});

/** The item form: name, prices in the default currency, category, default taxes; saves through /sales/items. */
export function ItemForm({ currency, categories, taxes, item }: ItemFormProps) {
  const digits = currencyDigits(currency.code);
  const toMinor = (price: string | null | undefined) => (price == null ? null : Number(toUnits(price, digits)));
  const toDecimal = (minor: number | null) => (minor == null ? null : fromUnits(BigInt(minor), digits));
  const form = useZodForm(itemFormSchema, {
    name: item?.name ?? '',
    description: item?.description ?? '',
    sale_price: toMinor(item?.sale_price),
    purchase_price: toMinor(item?.purchase_price),
    category_id: item?.category_id ?? null,
    tax_ids: item?.taxes.map((t) => t.id) ?? [],
    enabled: item?.enabled ?? true,
  });
  const [create] = useCreateItemMutation();
  const [update] = useUpdateItemMutation();

  // disabled categories and taxes are not offered, unless the item already has them
  const categoryOptions = categories.filter((c) => c.enabled || c.id === item?.category_id).map((c) => ({ value: c.id, label: c.name }));
  const chosen = new Set(form.data.tax_ids);
  const taxChoices = taxes.filter((t) => t.enabled || item?.taxes.some((x) => x.id === t.id));
  const taxError = Object.entries(form.errors as Record<string, string>).find(([k]) => k === 'tax_ids' || k.startsWith('tax_ids.'))?.[1];

  function toggleTax(id: number, on: boolean) {
    const next = on ? [...form.data.tax_ids, id] : form.data.tax_ids.filter((x) => x !== id);
    form.setData('tax_ids', next);
    // only the taxes' own error goes: the others stay until the next submit
    if (taxError) (form.clearErrors as unknown as (...fields: string[]) => void)(...Object.keys(form.errors).filter((k) => k.startsWith('tax_ids')));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const answer = await form.submitWith((data) => {
        const body = { ...data, sale_price: toDecimal(data.sale_price), purchase_price: toDecimal(data.purchase_price) };
        return item ? update({ id: item.id, ...body }).unwrap() : create(body).unwrap();
      }, event.currentTarget);
      if (!answer) return;
      toast.success(answer.message);
      router.visit('/sales/items');
    } catch (err) {
      toast.error(errorMessage(err, 'An error occurred'));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-6">
      <Card title="Item">
        <div className="grid gap-5 md:grid-cols-2">
          <TextField form={form} name="name" label="Name" required maxLength={255} className="md:col-span-2" />
          <TextareaField form={form} name="description" label="Description" rows={3} maxLength={2000} className="md:col-span-2" />
          <MoneyField form={form} name="sale_price" label="Sale price" currency={currency.code} hint={`What you sell it for, in ${currency.code}`} />
          <MoneyField form={form} name="purchase_price" label="Purchase price" currency={currency.code} hint={`What you buy it for, in ${currency.code}`} />
          <SelectField form={form} name="category_id" label="Category" options={categoryOptions} placeholder="No category" create={ITEM_CATEGORY} />
        </div>
      </Card>
      <Card title="Taxes">
        <fieldset aria-describedby={taxError ? 'tax_ids-error' : undefined}>
          <legend className="mb-3 text-sm text-slate-600 dark:text-slate-400">The taxes added to this item on new documents.</legend>
          {taxChoices.length === 0 ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">No taxes yet: add them under Settings, Accounting, Taxes.</p>
          ) : (
            <div className="flex flex-wrap gap-x-6 gap-y-3">
              {taxChoices.map((t) => (
                <label key={t.id} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                  <input
                    type="checkbox"
                    name="tax_ids"
                    value={t.id}
                    checked={chosen.has(t.id)}
                    onChange={(e) => toggleTax(t.id, e.target.checked)}
                    className="size-4 rounded border-slate-300 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                  />
                  {t.name} ({t.rate}%)
                </label>
              ))}
            </div>
          )}
          <FieldError id="tax_ids-error" message={taxError} />
        </fieldset>
      </Card>
      <Card>
        <SwitchField form={form} name="enabled" label="Enabled" hint="A disabled item is kept but not offered on new documents." />
      </Card>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton form={form}>{item ? 'Save changes' : 'Create item'}</SubmitButton>
        <Link href="/sales/items" className={buttonClasses('outline')}>
          Cancel
        </Link>
      </div>
    </form>
  );
}

export default function ItemsCreate(props: ItemFormProps) {
  return (
    <>
      <Head title="New item" />
      <PageHeader title="New item">
        <BackLink href="/sales/items">Back to items</BackLink>
      </PageHeader>
      <ItemForm {...props} />
    </>
  );
}

ItemsCreate.layout = AppLayout;
