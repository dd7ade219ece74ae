import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { PaymentMethodRow } from '@common/answers/accounting';
import { paymentMethodSchema } from '@common/schemas/accounting-settings';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { Button } from '@/components/form/Button';
import { SwitchField } from '@/components/form/SwitchField';
import { NumberField, TextareaField, TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';
import {
  useCreatePaymentMethodMutation,
  useDeletePaymentMethodMutation,
  useGetPaymentMethodsQuery,
  useUpdatePaymentMethodMutation,
} from '@/store/accounting-settings-api';
import { AccountingSettingsPage, saveForm } from './Index';
import { DeleteDialog, EnabledPill, FormModal, RowActions, useDeleteFlow } from './Taxes';

type MethodValues = { name: string; code: string; instructions: string; position: number | null; enabled: boolean };

function PaymentMethodModal({ method, onClose }: { method: PaymentMethodRow | 'new'; onClose: () => void }) {
  const editing = method !== 'new';
  const [create] = useCreatePaymentMethodMutation();
  const [update] = useUpdatePaymentMethodMutation();
  const form = useZodForm<MethodValues>(
    paymentMethodSchema,
    editing
      ? { name: method.name, code: method.code, instructions: method.instructions ?? '', position: method.position, enabled: method.enabled }
      : { name: '', code: '', instructions: '', position: null, enabled: true },
  );
  async function save(element: HTMLFormElement) {
    // an empty position means "after the others" (the server works it out) or "unchanged"
    const answer = await saveForm(form, (data) => (editing ? update({ id: method.id, ...data }) : create(data)).unwrap(), element, 'An error occurred');
    if (answer) onClose();
  }
  return (
    <FormModal
      open
      onClose={onClose}
      title={editing ? `Edit ${method.name}` : 'Add payment method'}
      formId="payment-method-form"
      busy={form.processing}
      submitLabel={editing ? 'Save' : 'Add payment method'}
      onSubmit={save}
    >
      <TextField form={form} name="name" label="Name" required autoFocus />
      <TextField form={form} name="code" label="Code" hint={editing ? 'Kept on the payments made with it.' : 'Made from the name when left empty.'} />
      <TextareaField form={form} name="instructions" label="Instructions" rows={3} maxLength={2000} hint="Shown to customers on invoices: where and how to pay." />
      <NumberField form={form} name="position" label="Position" min={0} max={9999} hint="Lower comes first in lists." />
      <SwitchField form={form} name="enabled" label="Enabled" />
    </FormModal>
  );
}

const col = columnHelper<PaymentMethodRow>();
const COLUMNS = col.columns([
  col.accessor('name', { header: 'Name', enableSorting: true, cell: ({ getValue }) => <span className="font-medium text-slate-900 dark:text-white">{getValue()}</span> }),
  col.accessor('code', { header: 'Code', enableSorting: true, cell: ({ getValue }) => <code className="text-xs text-slate-600 dark:text-slate-400">{getValue()}</code> }),
  col.accessor('instructions', {
    header: 'Instructions',
    cell: ({ getValue }) => <span className="line-clamp-2 max-w-md text-slate-600 dark:text-slate-400">{getValue() ?? '—'}</span>,
  }),
  col.accessor('position', { header: 'Position', enableSorting: true, meta: { align: 'end', className: 'tabular-nums' } }),
  col.accessor('enabled', { header: 'Status', cell: ({ getValue }) => <EnabledPill enabled={getValue()} /> }),
]);

export default function OfflinePayments() {
  const canCreate = useCan('accounting_settings.create');
  const canUpdate = useCan('accounting_settings.update');
  const canDelete = useCan('accounting_settings.delete');
  const [editing, setEditing] = useState<PaymentMethodRow | 'new' | null>(null);
  const [remove] = useDeletePaymentMethodMutation();
  const deletion = useDeleteFlow<PaymentMethodRow>(remove);
  return (
    <AccountingSettingsPage
      title="Offline payments"
      description="The ways customers pay you outside the app, with the instructions printed on invoices."
      current="offline-payments"
      actions={
        canCreate && (
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            Add payment method
          </Button>
        )
      }
    >
      <DataTable
        label="Payment methods"
        columns={COLUMNS}
        useQuery={useGetPaymentMethodsQuery}
        getRowId={(m) => m.id}
        search={{ placeholder: 'Search by name or code…', label: 'Search payment methods' }}
        defaultSort={{ id: 'position', desc: false }}
        rowActions={
          canUpdate || canDelete
            ? (m) => <RowActions name={m.name} onEdit={canUpdate ? () => setEditing(m) : undefined} onDelete={canDelete ? () => deletion.ask(m) : undefined} />
            : undefined
        }
        empty={{ title: 'No payment methods', description: 'Add cash, bank transfer or any other way you get paid.' }}
        errorFallback="Failed to fetch payment methods"
      />
      {editing && <PaymentMethodModal key={editing === 'new' ? 'new' : editing.id} method={editing} onClose={() => setEditing(null)} />}
      <DeleteDialog flow={deletion} what={<strong className="font-medium">{deletion.target?.name}</strong>} />
    </AccountingSettingsPage>
  );
}

OfflinePayments.layout = AppLayout;
