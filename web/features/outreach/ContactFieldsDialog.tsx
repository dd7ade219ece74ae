import { ArrowLeft, Pencil, Plus, SlidersHorizontal, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { CUSTOM_FIELD_TYPES, type CustomFieldType } from '@common/outreach';
import { contactFieldSchema } from '@common/schemas/outreach';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { Badge } from '@/components/display/Badge';
import { Button } from '@/components/form/Button';
import { SelectField } from '@/components/form/SelectField';
import { TagsField } from '@/components/form/TagsField';
import { TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { Modal } from '@/components/overlay/Modal';
import { useConfirmedDelete } from '@/components/record/confirmed-delete';
import { errorMessage } from '@/lib/errors';
import { useCan } from '@/lib/page';
import { useCreateContactFieldMutation, useDeleteContactFieldMutation, useGetContactFieldsQuery, useUpdateContactFieldMutation, type ContactFieldRow } from '@/store/outreach-api';
import { keyFromLabel } from './custom-fields';

// The company's own contact fields (decision 0029): a dialog opened from Contacts/Index, listing
// the fields and adding, relabelling, re-choosing and deleting them. PAGES.md has no page for them.

export const FIELD_TYPE_LABEL: Record<CustomFieldType, string> = { text: 'Text', number: 'Number', date: 'Date', choice: 'Choice' };
const TYPE_OPTIONS = CUSTOM_FIELD_TYPES.map((t) => ({ value: t, label: t === 'choice' ? 'Choice (a pick list)' : FIELD_TYPE_LABEL[t] }));

type FieldValues = { key: string; label: string; type: CustomFieldType; choices: string[] };

/** Adds a field, or changes one's label and choices (its key and type stay: stored values and rules name them). */
function FieldForm({ field, onDone }: { field: ContactFieldRow | 'new'; onDone: () => void }) {
  const editing = field !== 'new';
  const form = useZodForm<FieldValues>(
    contactFieldSchema,
    editing ? { key: field.key, label: field.label, type: field.type, choices: field.choices } : { key: '', label: '', type: 'text', choices: [] },
  );
  // a new field's key follows its label until typed over
  const [keyTyped, setKeyTyped] = useState(editing);
  const [create] = useCreateContactFieldMutation();
  const [update] = useUpdateContactFieldMutation();

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const answer = await form.submitWith((d) => {
        const choices = d.type === 'choice' ? d.choices : [];
        return (editing ? update({ id: field.id, label: d.label, choices }) : create({ ...d, choices })).unwrap();
      }, event.currentTarget);
      if (!answer) return;
      toast.success(answer.message);
      onDone();
    } catch (err) {
      toast.error(errorMessage(err, 'An error occurred'));
    }
  }

  return (
    <form onSubmit={(e) => void save(e)} noValidate className="flex flex-col gap-4" aria-label={editing ? `Edit ${field.label}` : 'New field'}>
      <TextField
        form={form}
        name="label"
        label="Label"
        required
        maxLength={100}
        autoFocus
        hint="What the contact form and the profile call it."
        onInput={(e) => {
          if (!keyTyped) form.setData('key', keyFromLabel(e.currentTarget.value));
        }}
      />
      <TextField
        form={form}
        name="key"
        label="Key"
        required
        disabled={editing}
        maxLength={64}
        inputClassName="font-mono"
        onInput={() => setKeyTyped(true)}
        hint={editing ? "The key stays: contacts' values, imports and segment rules name the field by it." : 'Letters, digits and underscores; imports and segment rules name the field by it.'}
      />
      <SelectField form={form} name="type" label="Type" options={TYPE_OPTIONS} required disabled={editing} hint={editing ? 'The type stays once contacts may hold values of it.' : undefined} />
      {form.data.type === 'choice' && (
        <TagsField form={form} name="choices" label="Choices" required placeholder="Type a choice, then Enter" maxLength={100} hint="The values the field may take, in the order offered." />
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={form.processing} busy={form.processing}>
          {editing ? 'Save field' : 'Add field'}
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

const col = columnHelper<ContactFieldRow>();
const COLUMNS = col.columns([
  col.accessor('label', { header: 'Label', enableSorting: true, cell: ({ getValue }) => <span className="font-medium text-slate-900 dark:text-white">{getValue()}</span> }),
  col.accessor('key', { header: 'Key', enableSorting: true, cell: ({ getValue }) => <code className="text-xs">{getValue()}</code> }),
  col.accessor('type', { header: 'Type', cell: ({ getValue }) => <Badge>{FIELD_TYPE_LABEL[getValue()]}</Badge> }),
  col.accessor('choices', { header: 'Choices', cell: ({ getValue }) => getValue().join(', ') || <span className="text-slate-400">—</span> }),
]);

/** The dialog: the list of fields, or the form of the one being added or edited. */
export function ContactFieldsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [editing, setEditing] = useState<ContactFieldRow | 'new' | null>(null);
  const [remove] = useDeleteContactFieldMutation();
  const deletion = useConfirmedDelete<ContactFieldRow & { name: string }>((id) => remove(id).unwrap(), { plural: 'fields' });
  const [first] = deletion.pending;
  const close = () => {
    setEditing(null);
    onClose();
  };

  return (
    <>
      <Modal
        open={open}
        onClose={close}
        size="xl"
        title={editing === null ? 'Custom fields' : editing === 'new' ? 'New field' : `Edit ${editing.label}`}
        description={editing === null ? 'Your own details on every contact (a member number, a tier, a join date), offered on the contact form and in segment rules.' : undefined}
        footer={
          editing === null ? (
            <Button variant="outline" onClick={close}>
              Done
            </Button>
          ) : (
            <Button variant="ghost" onClick={() => setEditing(null)}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to the fields
            </Button>
          )
        }
      >
        {editing !== null ? (
          <FieldForm key={editing === 'new' ? 'new' : editing.id} field={editing} onDone={() => setEditing(null)} />
        ) : (
          <div className="flex flex-col gap-3">
            <div>
              <Button size="sm" onClick={() => setEditing('new')}>
                <Plus aria-hidden="true" className="size-4" />
                Add field
              </Button>
            </div>
            <DataTable
              label="Custom fields"
              columns={COLUMNS}
              useQuery={useGetContactFieldsQuery}
              getRowId={(f) => f.id}
              rowLabel={(f) => f.label}
              defaultSort={{ id: 'label', desc: false }}
              defaultPerPage={100}
              rowActions={(f) => (
                <>
                  <Button size="sm" variant="ghost" onClick={() => setEditing(f)} aria-label={`Edit ${f.label}`} title="Edit">
                    <Pencil aria-hidden="true" className="size-4" />
                  </Button>
                  <Button size="sm" variant="danger-ghost" onClick={() => void deletion.ask([{ ...f, name: f.label }])} aria-label={`Delete ${f.label}`} title="Delete">
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </>
              )}
              empty={{ title: 'No custom fields yet', description: 'Add a field for what your contacts have and the standard details lack.' }}
              errorFallback="Failed to fetch contact fields"
            />
          </div>
        )}
      </Modal>
      <ConfirmDialog {...deletion.dialog} title="Delete this field?">
        {first && (
          <p>
            <strong className="font-medium text-slate-900 dark:text-white">{first.label}</strong> will no longer be offered on contacts or in segment rules. The values contacts already hold stay on them, shown under the key{' '}
            <code>{first.key}</code>.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

/** The "Custom fields" button of Contacts/Index's header, for users who may change contacts (what the fields resource asks). */
export function ContactFieldsButton() {
  const canManage = useCan('contacts.update');
  const [open, setOpen] = useState(false);
  if (!canManage) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        Custom fields
      </Button>
      <ContactFieldsDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
