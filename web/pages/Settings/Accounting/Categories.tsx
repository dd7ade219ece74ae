import { ChevronDown, CornerDownRight, Plus } from 'lucide-react';
import { useState } from 'react';
import type { CategoryRow } from '@common/answers/accounting';
import { categorySchema, CATEGORY_TYPES, type CategoryType } from '@common/schemas/accounting-settings';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { Badge, type Tone } from '@/components/display/Badge';
import { Button } from '@/components/form/Button';
import { Field } from '@/components/form/Field';
import { SelectField } from '@/components/form/SelectField';
import { controlClasses } from '@/components/form/styles';
import { SwitchField } from '@/components/form/SwitchField';
import { TextField } from '@/components/form/TextFields';
import { useZodForm, type ZodForm } from '@/components/form/useZodForm';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';
import {
  useCreateCategoryMutation,
  useDeleteCategoryMutation,
  useGetCategoriesQuery,
  useGetCategoryChoicesQuery,
  useUpdateCategoryMutation,
} from '@/store/accounting-settings-api';
import { AccountingSettingsPage, saveForm } from './Index';
import { DeleteDialog, EnabledPill, FormModal, RowActions, useDeleteFlow } from './Taxes';

type CategoryValues = { name: string; type: CategoryType; color: string; parent_id: number | null; enabled: boolean };

const TYPE_LABELS: Record<CategoryType, string> = { income: 'Income', expense: 'Expense', item: 'Item', other: 'Other' };
const TYPE_TONES: Record<CategoryType, Tone> = { income: 'success', expense: 'danger', item: 'primary', other: 'secondary' };
const TYPE_OPTIONS = CATEGORY_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }));

/** The colour as a swatch picker beside its hex text (either can be used; both are labelled). */
function ColorField({ form }: { form: ZodForm<CategoryValues> }) {
  const set = (value: string) => {
    form.setData('color', value);
    form.clearErrors('color');
  };
  return (
    <Field label="Colour" error={form.errors.color} required hint="Hex, e.g. #4669FA">
      {(control) => (
        <div className="flex items-center gap-2">
          <input
            type="color"
            aria-label="Pick a colour"
            value={/^#[0-9a-f]{6}$/i.test(form.data.color) ? form.data.color : '#4669fa'}
            onChange={(e) => set(e.target.value.toUpperCase())}
            className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white p-1 dark:border-slate-600 dark:bg-slate-800"
          />
          <input {...control} type="text" value={form.data.color} onChange={(e) => set(e.target.value)} maxLength={7} className={controlClasses(Boolean(form.errors.color))} />
        </div>
      )}
    </Field>
  );
}

function CategoryModal({ category, onClose }: { category: CategoryRow | 'new'; onClose: () => void }) {
  const editing = category !== 'new';
  const [create] = useCreateCategoryMutation();
  const [update] = useUpdateCategoryMutation();
  const form = useZodForm<CategoryValues>(
    categorySchema,
    editing
      ? { name: category.name, type: category.type, color: category.color, parent_id: category.parent_id, enabled: category.enabled }
      : { name: '', type: 'income', color: '#4669FA', parent_id: null, enabled: true },
  );
  // a parent is a top-level category of the same type (and never the category itself)
  const { data: choices = [], isFetching } = useGetCategoryChoicesQuery(form.data.type);
  const parents = choices.filter((c) => c.parent_id === null && (!editing || c.id !== category.id)).map((c) => ({ value: c.id, label: c.name }));

  async function save(element: HTMLFormElement) {
    const answer = await saveForm(form, (data) => (editing ? update({ id: category.id, ...data }) : create(data)).unwrap(), element, 'An error occurred');
    if (answer) onClose();
  }

  return (
    <FormModal open onClose={onClose} title={editing ? `Edit ${category.name}` : 'Add category'} formId="category-form" busy={form.processing} submitLabel={editing ? 'Save' : 'Add category'} onSubmit={save}>
      <TextField form={form} name="name" label="Name" required autoFocus />
      <Field label="Type" error={form.errors.type} required>
        {(control) => (
          <div className="relative">
            <select
              {...control}
              value={form.data.type}
              onChange={(e) => {
                // the parent must share the type, so a new type starts without one
                form.setData({ ...form.data, type: e.target.value as CategoryType, parent_id: null });
                form.clearErrors('type', 'parent_id');
              }}
              className={controlClasses(Boolean(form.errors.type), 'appearance-none pe-9')}
            >
              {TYPE_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            <ChevronDown aria-hidden="true" className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
          </div>
        )}
      </Field>
      <SelectField
        form={form}
        name="parent_id"
        label="Parent category"
        options={parents}
        placeholder={isFetching ? 'Loading…' : 'None (top level)'}
        hint="Categories nest one level: a parent is a top-level category of the same type."
      />
      <ColorField form={form} />
      <SwitchField form={form} name="enabled" label="Enabled" />
    </FormModal>
  );
}

const col = columnHelper<CategoryRow>();
const COLUMNS = col.columns([
  col.accessor('name', {
    header: 'Name',
    enableSorting: true,
    cell: ({ row }) => (
      <span className="flex items-center gap-2">
        {row.original.parent_id !== null && <CornerDownRight aria-hidden="true" className="size-4 text-slate-400" />}
        <span aria-hidden="true" className="size-3 shrink-0 rounded-full ring-1 ring-slate-900/10" style={{ backgroundColor: row.original.color }} />
        <span className="font-medium text-slate-900 dark:text-white">{row.original.name}</span>
      </span>
    ),
  }),
  col.accessor('type', { header: 'Type', enableSorting: true, cell: ({ getValue }) => <Badge tone={TYPE_TONES[getValue()]}>{TYPE_LABELS[getValue()]}</Badge> }),
  col.accessor('parent_name', { header: 'Parent', cell: ({ getValue }) => getValue() ?? <span className="text-slate-400">—</span> }),
  col.accessor('enabled', { header: 'Status', cell: ({ getValue }) => <EnabledPill enabled={getValue()} /> }),
]);

export default function Categories() {
  const canCreate = useCan('categories.create');
  const canUpdate = useCan('categories.update');
  const canDelete = useCan('categories.delete');
  const [editing, setEditing] = useState<CategoryRow | 'new' | null>(null);
  const [remove] = useDeleteCategoryMutation();
  const deletion = useDeleteFlow<CategoryRow>(remove);
  return (
    <AccountingSettingsPage
      title="Categories"
      description="Group income, expenses and items; a category may have subcategories one level deep."
      current="categories"
      actions={
        canCreate && (
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            Add category
          </Button>
        )
      }
    >
      <DataTable
        label="Categories"
        columns={COLUMNS}
        useQuery={useGetCategoriesQuery}
        getRowId={(c) => c.id}
        search={{ placeholder: 'Search categories…', label: 'Search categories' }}
        filters={[{ name: 'type', label: 'Type', options: [{ value: '', label: 'All types' }, ...TYPE_OPTIONS] }]}
        defaultSort={{ id: 'name', desc: false }}
        rowActions={
          canUpdate || canDelete
            ? (c) => <RowActions name={c.name} onEdit={canUpdate ? () => setEditing(c) : undefined} onDelete={canDelete ? () => deletion.ask(c) : undefined} />
            : undefined
        }
        empty={{ title: 'No categories', description: 'Add categories to sort your income, expenses and items.' }}
        errorFallback="Failed to fetch categories"
      />
      {editing && <CategoryModal key={editing === 'new' ? 'new' : editing.id} category={editing} onClose={() => setEditing(null)} />}
      <DeleteDialog flow={deletion} what={<strong className="font-medium">{deletion.target?.name}</strong>} />
    </AccountingSettingsPage>
  );
}

Categories.layout = AppLayout;
