import { Head, useForm } from '@inertiajs/react';
import { Braces, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { smsTemplateSchema, SMS_BODY_MAX, SMS_TEMPLATE_NAME_MAX } from '@common/schemas/sms-templates';
import { templateTextParts } from '@common/sms-parts';
import { formatCount } from '@common/format';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { useDebouncedValue } from '@/components/data-table/use-debounced-value';
import { Badge } from '@/components/display/Badge';
import { DateTimeText } from '@/components/display/DateText';
import { PageHeader } from '@/components/display/PageHeader';
import { Button } from '@/components/form/Button';
import { SelectField } from '@/components/form/SelectField';
import { TextareaField, TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { Modal } from '@/components/overlay/Modal';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useCan, useSharedProps } from '@/lib/page';
import { SHORT_TOAST } from '@/lib/toasts';
import { contactLookup } from '@/features/outreach/lookups';
import {
  useCreateSmsTemplateMutation,
  useDeleteSmsTemplateMutation,
  useGetSmsTemplatesQuery,
  usePreviewSmsTemplateQuery,
  useUpdateSmsTemplateMutation,
  type SmsTemplateRow,
} from '@/store/sms-templates-api';

/** The page's own props (server/modules/sms/templates.ts): the company's contact fields, for the variable buttons. */
type PageProps = { contact_fields: { key: string; label: string }[] };

/** The fields every contact has, as the variable buttons name them. */
const STANDARD_VARIABLES = [
  { variable: 'first_name', label: 'First name' },
  { variable: 'last_name', label: 'Last name' },
  { variable: 'name', label: 'Full name' },
  { variable: 'phone', label: 'Phone' },
  { variable: 'email', label: 'Email' },
];

const BODY_ID = 'sms-template-body';

function EncodingBadge({ encoding }: { encoding: 'GSM-7' | 'UCS-2' }) {
  return <Badge tone={encoding === 'UCS-2' ? 'warning' : 'secondary'}>{encoding}</Badge>;
}

const partsLabel = (parts: number) => `${formatCount(parts)} ${parts === 1 ? 'part' : 'parts'}`;

const col = columnHelper<SmsTemplateRow>();
const COLUMNS = col.columns([
  col.accessor('name', { header: 'Name', enableSorting: true, cell: ({ getValue }) => <span className="font-medium text-slate-900 dark:text-white">{getValue()}</span> }),
  col.accessor('body', {
    header: 'Message',
    cell: ({ row }) => (
      <div className="max-w-md min-w-0">
        <p dir="auto" className="line-clamp-2 text-slate-600 dark:text-slate-300">
          {row.original.body}
        </p>
        {row.original.variables.length > 0 && (
          <p className="mt-1 truncate text-xs text-slate-500 dark:text-slate-400">
            <span className="sr-only">Variables: </span>
            <Braces aria-hidden="true" className="me-1 inline size-3 align-[-1px]" />
            <span dir="ltr">{row.original.variables.join(', ')}</span>
          </p>
        )}
      </div>
    ),
  }),
  col.accessor('parts', {
    header: 'Parts',
    meta: { align: 'end', className: 'tabular-nums whitespace-nowrap' },
    // a personalised text: its fixed text's parts, each contact's values may add more
    cell: ({ row }) =>
      row.original.variables.length > 0 ? (
        <span title="At least: each contact's values add to the fixed text">
          <span className="sr-only">at least </span>
          {formatCount(row.original.parts)}+
        </span>
      ) : (
        formatCount(row.original.parts)
      ),
  }),
  col.accessor('encoding', { header: 'Encoding', cell: ({ getValue }) => <EncodingBadge encoding={getValue()} /> }),
  col.accessor('updated_at', { header: 'Updated', enableSorting: true, sortDescFirst: true, meta: { className: 'whitespace-nowrap' }, cell: ({ getValue }) => <DateTimeText value={getValue()} /> }),
]);

/**
 * The counter under the text: its encoding, parts and room left, counted as a send is charged
 * (common/sms-parts.ts), for the fixed text: each contact's values add to it (the preview shows one).
 */
function PartsCounter({ body, personalised }: { body: string; personalised: boolean }) {
  const p = templateTextParts(body);
  return (
    <div className="mt-2 space-y-1 text-xs text-slate-600 dark:text-slate-400">
      <p role="status" aria-live="polite" data-testid="parts-counter" className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <EncodingBadge encoding={p.encoding} />
        <span>{partsLabel(p.parts)}</span>
        <span aria-hidden="true">·</span>
        <span className="tabular-nums">
          {formatCount(p.remaining)} {p.remaining === 1 ? 'character' : 'characters'} left in this part
        </span>
      </p>
      {p.unicodeCharacters.length > 0 && (
        <p>
          <span dir="ltr">{p.unicodeCharacters.slice(0, 5).join(' ')}</span> {p.unicodeCharacters.length === 1 ? 'is' : 'are'} not in the GSM alphabet: the message goes as
          UCS-2, {p.parts > 1 ? 67 : 70} characters a part.
        </p>
      )}
      {personalised && <p>Counted without the variables: each contact’s values add to it, as the preview shows.</p>}
      {p.extensionCharacters.length > 0 && (
        <p>
          <span dir="ltr">{p.extensionCharacters.join(' ')}</span> {p.extensionCharacters.length === 1 ? 'counts' : 'count'} as two characters.
        </p>
      )}
    </div>
  );
}

/** The text as a contact (or the sample contact) gets it, asked of the server once typing pauses. */
function Preview({ body, contactId }: { body: string; contactId: number | null }) {
  const settled = useDebouncedValue(body, 400);
  const { data, error, isFetching } = usePreviewSmsTemplateQuery({ body: settled, contact_id: contactId }, { skip: settled.trim() === '' });
  if (settled.trim() === '') return <p className="text-sm text-slate-500 dark:text-slate-400">Type a message to see it as a contact gets it.</p>;
  return (
    <div aria-busy={isFetching} data-testid="template-preview">
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(error, 'The preview could not be shown.')}
        </p>
      ) : data ? (
        <>
          <p dir="auto" className="rounded-md bg-slate-100 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-900 dark:bg-slate-700/60 dark:text-slate-100" data-testid="preview-text">
            {data.rendered}
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
            <EncodingBadge encoding={data.encoding} />
            <span>{partsLabel(data.parts)}</span>
            <span aria-hidden="true">·</span>
            <span className="tabular-nums">{formatCount(data.length)} characters</span>
            {!data.personalised && <span>· the same for every contact</span>}
          </p>
        </>
      ) : (
        <p className="text-sm text-slate-500 dark:text-slate-400">Rendering…</p>
      )}
    </div>
  );
}

type TemplateValues = { name: string; body: string };

function TemplateDialog({ template, fields, onClose }: { template: SmsTemplateRow | 'new'; fields: PageProps['contact_fields']; onClose: () => void }) {
  const editing = template !== 'new';
  const [create] = useCreateSmsTemplateMutation();
  const [update] = useUpdateSmsTemplateMutation();
  const canSeeContacts = useCan('contacts.view');
  const form = useZodForm<TemplateValues>(smsTemplateSchema, editing ? { name: template.name, body: template.body } : { name: '', body: '' });
  // the preview's contact: not saved with the template
  const picker = useForm<{ contact_id: number | null }>({ contact_id: null });
  const [failure, setFailure] = useState<string | null>(null);

  const variables = [...STANDARD_VARIABLES, ...fields.map((f) => ({ variable: `custom.${f.key}`, label: f.label }))];

  /** puts {{ variable }} where the caret is (or over the selection), and the caret after it */
  function insert(variable: string) {
    const box = document.getElementById(BODY_ID) as HTMLTextAreaElement | null;
    const text = form.data.body;
    const start = box?.selectionStart ?? text.length;
    const end = box?.selectionEnd ?? text.length;
    const tag = `{{ ${variable} }}`;
    const next = text.slice(0, start) + tag + text.slice(end);
    if (next.length > SMS_BODY_MAX) {
      toast.error(`The message would be longer than ${formatCount(SMS_BODY_MAX)} characters.`);
      return;
    }
    form.setData('body', next);
    if (form.errors.body) form.clearErrors('body');
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(start + tag.length, start + tag.length);
    });
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    try {
      const answer = await form.submitWith((data) => (editing ? update({ id: template.id, ...data }) : create(data)).unwrap(), event.currentTarget);
      if (answer) {
        toast.success(answer.message, SHORT_TOAST);
        onClose();
      }
    } catch (err) {
      setFailure(errorMessage(err, 'The template could not be saved.'));
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      size="xl"
      title={editing ? `Edit ${template.name}` : 'New SMS template'}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="sms-template-form" disabled={form.processing} busy={form.processing}>
            {editing ? 'Save' : 'Create template'}
          </Button>
        </>
      }
    >
      <form id="sms-template-form" onSubmit={(e) => void save(e)} noValidate className="flex flex-col gap-4">
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200">
            {failure}
          </p>
        )}
        <TextField form={form} name="name" label="Name" required maxLength={SMS_TEMPLATE_NAME_MAX} autoFocus />
        <div>
          <TextareaField form={form} name="body" id={BODY_ID} label="Message" required rows={5} maxLength={SMS_BODY_MAX} dir="auto" hint="Variables such as {{ first_name }} are filled in for each contact." />
          <PartsCounter body={form.data.body} personalised={/\{\{|\{%/.test(form.data.body)} />
        </div>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">Insert a variable</legend>
          <div className="flex flex-wrap gap-2">
            {variables.map((v) => (
              <Button key={v.variable} size="sm" variant="outline" onClick={() => insert(v.variable)} title={`{{ ${v.variable} }}`} aria-label={`Insert ${v.label}`}>
                <Braces aria-hidden="true" className="size-3.5" />
                {v.label}
              </Button>
            ))}
          </div>
        </fieldset>
        <section aria-labelledby="sms-template-preview" className="rounded-md border border-slate-200 p-4 dark:border-slate-700">
          <h3 id="sms-template-preview" className="mb-3 text-sm font-semibold text-slate-900 dark:text-white">
            Preview
          </h3>
          {canSeeContacts ? (
            <SelectField
              form={picker}
              name="contact_id"
              label="As received by"
              placeholder="A sample contact"
              hint="Search your contacts by name, phone or email."
              load={CONTACTS}
              className="mb-3"
            />
          ) : (
            <p className="mb-3 text-xs text-slate-500 dark:text-slate-400">As a sample contact would receive it.</p>
          )}
          <Preview body={form.data.body} contactId={picker.data.contact_id} />
        </section>
      </form>
    </Modal>
  );
}

/** contacts to preview as, by name with their phone */
const CONTACTS = contactLookup('phone');

/** Sms/Templates (PAGES.md): the company's reusable SMS texts, made and changed in a dialog with a live counter and preview. */
export default function SmsTemplates() {
  const { contact_fields: fields = [] } = useSharedProps<PageProps>();
  const canCreate = useCan('sms.create');
  const canUpdate = useCan('sms.update');
  const canDelete = useCan('sms.delete');
  const [editing, setEditing] = useState<SmsTemplateRow | 'new' | null>(null);
  const [target, setTarget] = useState<SmsTemplateRow | null>(null);
  const [remove, removal] = useDeleteSmsTemplateMutation();

  async function confirmDelete() {
    if (!target) return;
    try {
      const answer = await remove(target.id).unwrap();
      toast.warning(answer.message, SHORT_TOAST);
      setTarget(null);
    } catch (err) {
      toast.error(errorMessage(err, 'The template could not be deleted.'));
    }
  }

  const newButton = (size: 'sm' | 'md') =>
    canCreate && (
      <Button size={size} variant={size === 'sm' ? 'outline' : 'primary'} onClick={() => setEditing('new')}>
        <Plus aria-hidden="true" className="size-4" />
        New template
      </Button>
    );

  return (
    <>
      <Head title="SMS templates" />
      <PageHeader title="SMS templates" description="Texts you send often, with variables filled in for each contact.">
        {newButton('md')}
      </PageHeader>
      <DataTable
        label="SMS templates"
        columns={COLUMNS}
        useQuery={useGetSmsTemplatesQuery}
        getRowId={(x) => x.id}
        rowLabel={(x) => x.name}
        search={{ placeholder: 'Search name or message…', label: 'Search SMS templates' }}
        defaultSort={{ id: 'updated_at', desc: true }}
        rowActions={
          canUpdate || canDelete
            ? (x) => (
                <>
                  {canUpdate && (
                    <Button size="sm" variant="ghost" onClick={() => setEditing(x)} aria-label={`Edit ${x.name}`} title="Edit">
                      <Pencil aria-hidden="true" className="size-4" />
                    </Button>
                  )}
                  {canDelete && (
                    <Button size="sm" variant="danger-ghost" onClick={() => setTarget(x)} aria-label={`Delete ${x.name}`} title="Delete">
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  )}
                </>
              )
            : undefined
        }
        empty={{
          title: 'No SMS templates yet',
          description: 'Save the texts you send often: reminders, greetings, offers. Variables such as {{ first_name }} make each one personal.',
          action: newButton('sm'),
        }}
        errorFallback="Failed to fetch SMS templates"
      />
      {editing && <TemplateDialog key={editing === 'new' ? 'new' : editing.id} template={editing} fields={fields} onClose={() => setEditing(null)} />}
      <ConfirmDialog open={target !== null} onClose={() => setTarget(null)} onConfirm={() => void confirmDelete()} busy={removal.isLoading} title="Delete this template?">
        {target && (
          <p>
            <strong className="font-medium text-slate-900 dark:text-white">{target.name}</strong> will be deleted. Messages already sent with it are kept.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

SmsTemplates.layout = AppLayout;
