import { Head, Link } from '@inertiajs/react';
import { Braces, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { DateTimeText } from '@/components/display/DateText';
import { PageHeader } from '@/components/display/PageHeader';
import { Button } from '@/components/form/Button';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useCan } from '@/lib/page';
import { SHORT_TOAST } from '@/lib/toasts';
import { useDeleteEmailTemplateMutation, useGetEmailTemplatesQuery, type EmailTemplateRow } from '@/store/email-templates-api';

const col = columnHelper<EmailTemplateRow>();
const COLUMNS = col.columns([
  col.accessor('name', { header: 'Name', enableSorting: true, cell: ({ getValue }) => <span className="font-medium text-slate-900 dark:text-white">{getValue()}</span> }),
  col.accessor('subject', {
    header: 'Subject',
    cell: ({ row }) => (
      <div className="max-w-md min-w-0">
        <p dir="auto" className="truncate text-slate-700 dark:text-slate-200">
          {row.original.subject}
        </p>
        {row.original.preheader && (
          <p dir="auto" className="truncate text-xs text-slate-500 dark:text-slate-400">
            {row.original.preheader}
          </p>
        )}
      </div>
    ),
  }),
  col.accessor('variables', {
    header: 'Variables',
    cell: ({ getValue }) =>
      getValue().length > 0 ? (
        <span className="inline-flex max-w-xs items-center truncate text-xs text-slate-600 dark:text-slate-300">
          <Braces aria-hidden="true" className="me-1 size-3 shrink-0" />
          <span dir="ltr" className="truncate">
            {getValue().join(', ')}
          </span>
        </span>
      ) : (
        <span className="text-xs text-slate-500 dark:text-slate-400">None</span>
      ),
  }),
  col.accessor('updated_at', { header: 'Updated', enableSorting: true, sortDescFirst: true, meta: { className: 'whitespace-nowrap' }, cell: ({ getValue }) => <DateTimeText value={getValue()} /> }),
]);

/** Email/Templates/Index (PAGES.md): the company's e-mail templates, made and changed in the visual editor. */
export default function EmailTemplatesIndex() {
  const canCreate = useCan('email_templates.create');
  const canUpdate = useCan('email_templates.update');
  const canDelete = useCan('email_templates.delete');
  const [target, setTarget] = useState<EmailTemplateRow | null>(null);
  const [remove, removal] = useDeleteEmailTemplateMutation();

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

  const newLink = (primary: boolean) =>
    canCreate && (
      <Link
        href="/email/templates/create"
        className={
          primary
            ? 'inline-flex items-center gap-2 rounded-md bg-indigo-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'
            : 'inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-700'
        }
      >
        <Plus aria-hidden="true" className="size-4" />
        New template
      </Link>
    );

  return (
    <>
      <Head title="Email templates" />
      <PageHeader title="Email templates" description="Designed once in the visual editor, personalised for each contact when sent.">
        {newLink(true)}
      </PageHeader>
      <DataTable
        label="Email templates"
        columns={COLUMNS}
        useQuery={useGetEmailTemplatesQuery}
        getRowId={(x) => x.id}
        rowLabel={(x) => x.name}
        search={{ placeholder: 'Search name or subject…', label: 'Search email templates' }}
        defaultSort={{ id: 'updated_at', desc: true }}
        rowActions={
          canUpdate || canDelete
            ? (x) => (
                <>
                  {canUpdate && (
                    <Link href={`/email/templates/${x.id}/edit`} aria-label={`Edit ${x.name}`} title="Edit" className="inline-flex items-center rounded-md p-1.5 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700">
                      <Pencil aria-hidden="true" className="size-4" />
                    </Link>
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
          title: 'No email templates yet',
          description: 'Design newsletters and invitations by dragging blocks; variables such as {{ first_name }} make each one personal.',
          action: newLink(false),
        }}
        errorFallback="Failed to fetch email templates"
      />
      <ConfirmDialog open={target !== null} onClose={() => setTarget(null)} onConfirm={() => void confirmDelete()} busy={removal.isLoading} title="Delete this template?">
        {target && (
          <p>
            <strong className="font-medium text-slate-900 dark:text-white">{target.name}</strong> will be deleted. E-mails already sent with it are kept.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

EmailTemplatesIndex.layout = AppLayout;
