import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import type { TaxRow, TaxType } from '@common/answers/accounting';
import { taxSchema, TAX_TYPES } from '@common/schemas/accounting';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { Badge, StatusPill } from '@/components/display/Badge';
import { Button } from '@/components/form/Button';
import { SelectField } from '@/components/form/SelectField';
import { SwitchField } from '@/components/form/SwitchField';
import { TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { Modal } from '@/components/overlay/Modal';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { SHORT_TOAST } from '@/lib/toasts';
import { useCan } from '@/lib/page';
import { useCreateTaxMutation, useDeleteTaxMutation, useGetTaxesQuery, useUpdateTaxMutation } from '@/store/accounting-settings-api';
import { AccountingSettingsPage, onSubmitWith, saveForm } from './Index';

// The list pages of the accounting settings (taxes, currencies, categories, payment methods)
// share the row actions, the delete confirmation and the add/edit modal defined here.


/** Delete with a confirmation: a warning toast with the server's message, or an error toast. */
export function useDeleteFlow<Row extends { id: number }>(remove: (id: number) => { unwrap: () => Promise<{ message: string }> }) {
  const [target, setTarget] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    if (!target) return;
    setBusy(true);
    try {
      const answer = await remove(target.id).unwrap();
      toast.warning(answer.message, SHORT_TOAST);
      setTarget(null);
    } catch (err) {
      toast.error(errorMessage(err, 'An error occurred'));
    } finally {
      setBusy(false);
    }
  }
  return { target, ask: setTarget, cancel: () => setTarget(null), confirm, busy };
}

export function DeleteDialog({ flow, what }: { flow: { target: unknown; cancel: () => void; confirm: () => Promise<void>; busy: boolean }; what: ReactNode }) {
  return (
    <ConfirmDialog open={flow.target !== null} onClose={flow.cancel} onConfirm={() => void flow.confirm()} busy={flow.busy} title="Delete this record?">
      <p>{what} will be deleted. This cannot be undone.</p>
    </ConfirmDialog>
  );
}

/** Edit and delete buttons at the end of a row, named after the row for screen readers. */
export function RowActions({ name, onEdit, onDelete, children }: { name: string; onEdit?: () => void; onDelete?: () => void; children?: ReactNode }) {
  return (
    <>
      {children}
      {onEdit && (
        <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Edit ${name}`} title="Edit">
          <Pencil aria-hidden="true" className="size-4" />
        </Button>
      )}
      {onDelete && (
        <Button size="sm" variant="danger-ghost" onClick={onDelete} aria-label={`Delete ${name}`} title="Delete">
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      )}
    </>
  );
}

export const EnabledPill = ({ enabled }: { enabled: boolean }) => <StatusPill status={enabled ? 'active' : 'inactive'} label={enabled ? 'Enabled' : 'Disabled'} />;

/** An add/edit form in a modal: Cancel and the submit button in the footer. */
export function FormModal({ open, onClose, title, formId, busy, submitLabel, onSubmit, children }: {
  open: boolean;
  onClose: () => void;
  title: string;
  formId: string;
  busy: boolean;
  submitLabel: string;
  onSubmit: (element: HTMLFormElement) => unknown;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy} busy={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmitWith(onSubmit)} noValidate className="flex flex-col gap-4">
        {children}
      </form>
    </Modal>
  );
}

const TYPE_LABELS: Record<TaxType, string> = { normal: 'Normal', inclusive: 'Inclusive', compound: 'Compound', fixed: 'Fixed amount', withholding: 'Withholding' };
const TYPE_OPTIONS = TAX_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }));

type TaxValues = { name: string; rate: string; type: TaxType; enabled: boolean };

function TaxModal({ tax, onClose }: { tax: TaxRow | 'new'; onClose: () => void }) {
  const editing = tax !== 'new';
  const [create] = useCreateTaxMutation();
  const [update] = useUpdateTaxMutation();
  const form = useZodForm<TaxValues>(
    taxSchema,
    editing ? { name: tax.name, rate: String(tax.rate), type: tax.type, enabled: tax.enabled } : { name: '', rate: '', type: 'normal', enabled: true },
  );
  async function save(element: HTMLFormElement) {
    const answer = await saveForm(form, (data) => (editing ? update({ id: tax.id, ...data }) : create(data)).unwrap(), element, 'An error occurred');
    if (answer) onClose();
  }
  return (
    <FormModal open onClose={onClose} title={editing ? `Edit ${tax.name}` : 'Add tax'} formId="tax-form" busy={form.processing} submitLabel={editing ? 'Save' : 'Add tax'} onSubmit={save}>
      <TextField form={form} name="name" label="Name" required autoFocus />
      <TextField form={form} name="rate" label="Rate" inputMode="decimal" required hint={form.data.type === 'fixed' ? 'An amount per item.' : 'A percentage, e.g. 16 or 7.5.'} />
      <SelectField form={form} name="type" label="Type" options={TYPE_OPTIONS} required />
      <SwitchField form={form} name="enabled" label="Enabled" hint="Disabled taxes are not offered on new documents." />
    </FormModal>
  );
}

const col = columnHelper<TaxRow>();
const COLUMNS = col.columns([
  col.accessor('name', { header: 'Name', enableSorting: true, cell: ({ getValue }) => <span className="font-medium text-slate-900 dark:text-white">{getValue()}</span> }),
  col.accessor('rate', {
    header: 'Rate',
    enableSorting: true,
    meta: { align: 'end', className: 'tabular-nums' },
    cell: ({ row }) => (row.original.type === 'fixed' ? row.original.rate : `${row.original.rate}%`),
  }),
  col.accessor('type', { header: 'Type', cell: ({ getValue }) => <Badge tone={getValue() === 'withholding' ? 'warning' : 'secondary'}>{TYPE_LABELS[getValue()]}</Badge> }),
  col.accessor('enabled', { header: 'Status', cell: ({ getValue }) => <EnabledPill enabled={getValue()} /> }),
]);

export default function Taxes() {
  const canCreate = useCan('taxes.create');
  const canUpdate = useCan('taxes.update');
  const canDelete = useCan('taxes.delete');
  const [editing, setEditing] = useState<TaxRow | 'new' | null>(null);
  const [remove] = useDeleteTaxMutation();
  const deletion = useDeleteFlow<TaxRow>(remove);
  return (
    <AccountingSettingsPage
      title="Taxes"
      description="The tax rates your documents can apply."
      current="taxes"
      actions={
        canCreate && (
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            Add tax
          </Button>
        )
      }
    >
      <DataTable
        label="Taxes"
        columns={COLUMNS}
        useQuery={useGetTaxesQuery}
        getRowId={(x) => x.id}
        search={{ placeholder: 'Search taxes…', label: 'Search taxes' }}
        defaultSort={{ id: 'name', desc: false }}
        defaultPerPage={7}
        rowActions={
          canUpdate || canDelete
            ? (x) => <RowActions name={x.name} onEdit={canUpdate ? () => setEditing(x) : undefined} onDelete={canDelete ? () => deletion.ask(x) : undefined} />
            : undefined
        }
        empty={{ title: 'No taxes yet', description: 'Add the tax rates your invoices and bills use.' }}
        errorFallback="Failed to fetch taxes"
      />
      {editing && <TaxModal key={editing === 'new' ? 'new' : editing.id} tax={editing} onClose={() => setEditing(null)} />}
      <DeleteDialog flow={deletion} what={<strong className="font-medium">{deletion.target?.name}</strong>} />
    </AccountingSettingsPage>
  );
}

Taxes.layout = AppLayout;
