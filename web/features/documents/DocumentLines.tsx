import { useMemo, useState } from 'react';
import { Card } from '@/components/display/Card';
import { SelectField } from '@/components/form/SelectField';
import { TextField } from '@/components/form/TextFields';
import { fallbackFormat, type CurrencyOption } from '@/components/money';
import type { DocumentFormState } from './DocumentForm';
import type { FormProps, Kind } from './kinds';
import { LineItemsEditor } from './LineItemsEditor';
import type { TaxOption } from './lines';
import { TotalsPanel } from './TotalsPanel';

/**
 * The lines of the form (the shared LineItemsEditor), the document discount and the live totals
 * (the shared TotalsPanel), computed by common/documents/totals.ts as the server will.
 */
export function DocumentLines({ form, kind, props, currency }: { form: DocumentFormState; kind: Kind; props: FormProps; currency: CurrencyOption | undefined }) {
  const format = currency ?? fallbackFormat(form.data.currency_code);
  const clearErrors = form.clearErrors as unknown as (...fields: string[]) => void;
  // taxes made from a line's "+ New tax" count in the totals at once
  const [newTaxes, setNewTaxes] = useState<TaxOption[]>([]);
  const taxes = useMemo(() => [...props.taxes, ...newTaxes.filter((t) => !props.taxes.some((p) => p.id === t.id))], [props.taxes, newTaxes]);
  return (
    <Card title={`${props.settings.item_name}`}>
      <LineItemsEditor
        value={form.data.items}
        onChange={(lines) => form.setData('items', lines)}
        items={props.items}
        taxes={taxes}
        onTaxCreated={(tax) => setNewTaxes((t) => [...t, tax])}
        priceOf={kind.type === 'bill' ? 'purchase' : 'sale'}
        currency={format}
        errors={form.errors as Record<string, string | undefined>}
        onClearErrors={(...keys) => clearErrors(...keys)}
        disabled={form.processing}
      />
      <div className="mt-6 flex flex-wrap items-start justify-between gap-6">
        <div className="grid w-full max-w-md gap-4 sm:grid-cols-2">
          <SelectField
            form={form}
            name="discount_type"
            label="Discount"
            placeholder="No discount"
            options={[
              { value: 'percent', label: 'Percent' },
              { value: 'amount', label: 'Amount' },
            ]}
          />
          {form.data.discount_type && (
            <TextField form={form} name="discount_rate" label={form.data.discount_type === 'percent' ? 'Discount (%)' : 'Discount amount'} inputMode="decimal" />
          )}
        </div>
        <div data-testid="totals-panel" aria-live="polite" className="ms-auto w-full max-w-sm">
          <TotalsPanel
            lines={form.data.items}
            taxes={taxes}
            discount_type={form.data.discount_type}
            discount_rate={form.data.discount_rate}
            currency={format}
          />
        </div>
      </div>
    </Card>
  );
}
