import { Plus, Star } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import type { CurrencyRow } from '@common/answers/accounting';
import { formatMoney } from '@common/format';
import { currencyFormSchema } from '@common/schemas/accounting-settings';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { Badge } from '@/components/display/Badge';
import { Button } from '@/components/form/Button';
import { Field } from '@/components/form/Field';
import { SelectField } from '@/components/form/SelectField';
import { selectClasses } from '@/components/form/styles';
import { SwitchField } from '@/components/form/SwitchField';
import { TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useCan } from '@/lib/page';
import {
  useCreateCurrencyMutation,
  useDeleteCurrencyMutation,
  useGetCurrenciesQuery,
  useGetCurrencyCatalogueQuery,
  useUpdateCurrencyMutation,
} from '@/store/accounting-settings-api';
import { AccountingSettingsPage, saveForm } from './Index';
import { DeleteDialog, EnabledPill, FormModal, RowActions, useDeleteFlow } from './Taxes';

type CurrencyValues = Omit<CurrencyRow, 'id' | 'created_at' | 'updated_at'>;

const SAMPLE = '1234567.891';
const PRECISIONS = [0, 1, 2, 3, 4].map((p) => ({ value: p, label: `${p} decimal${p === 1 ? '' : 's'}` }));
const BLANK: CurrencyValues = {
  code: '',
  name: '',
  rate: '',
  precision: 2,
  symbol: '',
  symbol_first: true,
  decimal_mark: '.',
  thousands_separator: ',',
  is_default: false,
  enabled: true,
};

/** New currencies start from the ISO list, which fills the display settings; every field stays editable. */
function CataloguePicker({ onPick }: { onPick: (values: Partial<CurrencyValues>) => void }) {
  const { data = [] } = useGetCurrencyCatalogueQuery();
  return (
    <Field label="Currency from the ISO list" hint="Fills in the fields below; you can still change them.">
      {(control) => (
        <select
          {...control}
          className={selectClasses}
          defaultValue=""
          onChange={(e) => {
            const c = data.find((x) => x.code === e.target.value);
            if (c) onPick({ code: c.code, name: c.name, symbol: c.symbol, precision: c.precision, symbol_first: c.symbol_first, decimal_mark: c.decimal_mark, thousands_separator: c.thousands_separator });
          }}
        >
          <option value="">Choose a currency…</option>
          {data.map((c) => (
            <option key={c.code} value={c.code} disabled={c.added}>
              {c.code} — {c.name}
              {c.added ? ' (added)' : ''}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function CurrencyModal({ currency, onClose }: { currency: CurrencyRow | 'new'; onClose: () => void }) {
  const editing = currency !== 'new';
  const [create] = useCreateCurrencyMutation();
  const [update] = useUpdateCurrencyMutation();
  const form = useZodForm<CurrencyValues>(currencyFormSchema, editing ? pick(currency) : BLANK);
  const isDefault = editing && currency.is_default;
  const preview = formatMoney(SAMPLE, { ...form.data, code: form.data.code || '¤', precision: form.data.precision ?? 2 });

  async function save(element: HTMLFormElement) {
    const answer = await saveForm(form, (data) => (editing ? update({ id: currency.id, ...data }) : create(data)).unwrap(), element, 'An error occurred');
    if (answer) onClose();
  }

  return (
    <FormModal open onClose={onClose} title={editing ? `Edit ${currency.code}` : 'Add currency'} formId="currency-form" busy={form.processing} submitLabel={editing ? 'Save' : 'Add currency'} onSubmit={save}>
      {!editing && <CataloguePicker onPick={(values) => form.setData({ ...form.data, ...values })} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="code" label="Code" required maxLength={3} autoCapitalize="characters" hint="ISO 4217, e.g. KES" />
        <TextField form={form} name="name" label="Name" required />
        <TextField
          form={form}
          name="rate"
          label="Exchange rate"
          inputMode="decimal"
          required
          disabled={isDefault}
          hint={isDefault ? 'The default currency’s rate is always 1.' : 'How much of this currency one unit of the default currency buys.'}
        />
        <SelectField form={form} name="precision" label="Decimals" options={PRECISIONS} required />
        <TextField form={form} name="symbol" label="Symbol" maxLength={10} />
        <TextField form={form} name="decimal_mark" label="Decimal mark" maxLength={1} required />
        <TextField form={form} name="thousands_separator" label="Thousands separator" maxLength={1} hint="A space is allowed; leave empty for none." />
      </div>
      <SwitchField form={form} name="symbol_first" label="Symbol before the amount" />
      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        Example: <span className="font-medium text-slate-900 tabular-nums dark:text-white">{preview}</span>
      </p>
      {!editing && <SwitchField form={form} name="is_default" label="Make it the default currency" hint="Its rate becomes 1 and the other rates are converted to rates against it." />}
      <SwitchField form={form} name="enabled" label="Enabled" disabled={isDefault} hint={isDefault ? 'The default currency is always enabled.' : undefined} />
    </FormModal>
  );
}

const pick = (c: CurrencyRow): CurrencyValues => ({
  code: c.code,
  name: c.name,
  rate: c.rate,
  precision: c.precision,
  symbol: c.symbol,
  symbol_first: c.symbol_first,
  decimal_mark: c.decimal_mark,
  thousands_separator: c.thousands_separator,
  is_default: c.is_default,
  enabled: c.enabled,
});

const col = columnHelper<CurrencyRow>();
const COLUMNS = col.columns([
  col.accessor('code', {
    header: 'Currency',
    enableSorting: true,
    cell: ({ row }) => (
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900 dark:text-white">{row.original.code}</span>
        <span className="text-slate-600 dark:text-slate-400">{row.original.name}</span>
        {row.original.is_default && <Badge tone="primary">Default</Badge>}
      </div>
    ),
  }),
  col.accessor('rate', { header: 'Rate', enableSorting: true, meta: { align: 'end', className: 'tabular-nums' } }),
  col.display({ id: 'format', header: 'Format', cell: ({ row }) => <span className="tabular-nums">{formatMoney(SAMPLE, row.original)}</span> }),
  col.accessor('enabled', { header: 'Status', cell: ({ getValue }) => <EnabledPill enabled={getValue()} /> }),
]);

export default function Currencies() {
  const canCreate = useCan('currencies.create');
  const canUpdate = useCan('currencies.update');
  const canDelete = useCan('currencies.delete');
  const [editing, setEditing] = useState<CurrencyRow | 'new' | null>(null);
  const [promoting, setPromoting] = useState<CurrencyRow | null>(null);
  const [update, { isLoading: promotingBusy }] = useUpdateCurrencyMutation();
  const [remove] = useDeleteCurrencyMutation();
  const deletion = useDeleteFlow<CurrencyRow>(remove);

  async function makeDefault() {
    if (!promoting) return;
    try {
      const answer = await update({ id: promoting.id, is_default: true }).unwrap();
      toast.success(`${answer.data.code} is now the default currency.`);
      setPromoting(null);
    } catch (err) {
      toast.error(errorMessage(err, 'An error occurred'));
    }
  }

  return (
    <AccountingSettingsPage
      title="Currencies"
      description="Your default currency and the exchange rates of the others against it."
      current="currencies"
      actions={
        canCreate && (
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            Add currency
          </Button>
        )
      }
    >
      <DataTable
        label="Currencies"
        columns={COLUMNS}
        useQuery={useGetCurrenciesQuery}
        getRowId={(c) => c.id}
        search={{ placeholder: 'Search by code or name…', label: 'Search currencies' }}
        defaultSort={{ id: 'code', desc: false }}
        rowActions={
          canUpdate || canDelete
            ? (c) => (
                <RowActions
                  name={`${c.code} ${c.name}`}
                  onEdit={canUpdate ? () => setEditing(c) : undefined}
                  onDelete={canDelete && !c.is_default ? () => deletion.ask(c) : undefined}
                >
                  {canUpdate && !c.is_default && (
                    <Button size="sm" variant="ghost" onClick={() => setPromoting(c)} aria-label={`Make ${c.code} the default currency`} title="Make default">
                      <Star aria-hidden="true" className="size-4" />
                    </Button>
                  )}
                </RowActions>
              )
            : undefined
        }
        empty={{ title: 'No currencies', description: 'Add the currencies you invoice and pay in.' }}
        errorFallback="Failed to fetch currencies"
      />
      {editing && <CurrencyModal key={editing === 'new' ? 'new' : editing.id} currency={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={promoting !== null}
        onClose={() => setPromoting(null)}
        onConfirm={() => void makeDefault()}
        busy={promotingBusy}
        tone="primary"
        title={`Make ${promoting?.code ?? ''} the default currency?`}
        confirmLabel="Make default"
      >
        <p>
          Its rate becomes 1 and the rates of the other currencies are converted to rates against {promoting?.code} (to 8 decimals). Once amounts are
          posted in the books, the default currency can no longer change.
        </p>
      </ConfirmDialog>
      <DeleteDialog flow={deletion} what={<strong className="font-medium">{deletion.target?.code}</strong>} />
    </AccountingSettingsPage>
  );
}

Currencies.layout = AppLayout;
