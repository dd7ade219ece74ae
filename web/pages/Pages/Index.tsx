import { Head, Link } from '@inertiajs/react';
import { ExternalLink, Plus } from 'lucide-react';
import { PAGE_STATUSES } from '@common/schemas/cms';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { StatusPill, statusLabel } from '@/components/display/Badge';
import { DateTimeText } from '@/components/display/DateText';
import { PageHeader } from '@/components/display/PageHeader';
import { buttonClasses } from '@/components/form/Button';
import { useConfirmDelete } from '@/components/record/confirmed-delete';
import { RecordActions } from '@/components/record/RecordPage';
import { useDeletePageMutation, useGetPagesQuery, type CmsPageRow } from '@/features/cms/api';
import { PreviewLink } from '@/features/cms/PageEditor';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';

const col = columnHelper<CmsPageRow>();
const COLUMNS = col.columns([
  col.accessor('title', {
    header: 'Title',
    enableSorting: true,
    cell: ({ row }) => (
      <div className="min-w-0">
        <Link href={`/cms/pages/${row.original.id}/edit`} dir="auto" className="font-medium text-slate-900 hover:text-primary hover:underline dark:text-white">
          {row.original.title}
        </Link>
        <p className="truncate text-xs text-slate-500 dark:text-slate-400" dir="ltr">
          {row.original.public_url}
        </p>
      </div>
    ),
  }),
  col.accessor('status', {
    header: 'Status',
    cell: ({ row }) => (
      <div className="flex flex-col items-start gap-1">
        <StatusPill status={row.original.status} />
        {row.original.status === 'scheduled' && (
          <span className="text-xs text-slate-500 dark:text-slate-400">
            <DateTimeText value={row.original.publish_at} />
          </span>
        )}
        {row.original.has_unpublished_changes && <span className="text-xs text-amber-700 dark:text-amber-300">Unpublished changes</span>}
      </div>
    ),
  }),
  col.accessor('author_name', { header: 'Author', cell: ({ getValue }) => getValue() ?? <span className="text-slate-400">—</span> }),
  col.accessor('updated_at', { header: 'Updated', enableSorting: true, sortDescFirst: true, meta: { className: 'whitespace-nowrap' }, cell: ({ getValue }) => <DateTimeText value={getValue()} /> }),
]);

/** Pages/Index (PAGES.md /cms/pages): the company's CMS pages, searched by title, filtered by status, sorted. */
export default function PagesIndex({ company_slug }: { company_slug: string }) {
  const canCreate = useCan('pages.create');
  const [remove] = useDeletePageMutation();
  const del = useConfirmDelete<CmsPageRow>(
    (p) => remove(p.id).unwrap(),
    (p) => <>The page “{p.title}” and its revisions will be deleted{p.status !== 'draft' ? ', and its public address stops working' : ''}.</>,
  );
  const newButton = (size: 'sm' | 'md') =>
    canCreate && (
      <Link href="/cms/pages/create" className={buttonClasses(size === 'sm' ? 'outline' : 'primary', size)}>
        <Plus aria-hidden="true" className="size-4" />
        New page
      </Link>
    );
  return (
    <>
      <Head title="Pages" />
      <PageHeader
        title="Pages"
        description={
          <>
            Public pages of your organisation, at <span dir="ltr">/p/{company_slug}/…</span>
          </>
        }
      >
        {newButton('md')}
      </PageHeader>
      <DataTable
        label="Pages"
        columns={COLUMNS}
        useQuery={useGetPagesQuery}
        getRowId={(p) => p.id}
        rowLabel={(p) => p.title}
        search={{ placeholder: 'Search titles…', label: 'Search pages' }}
        filters={[{ name: 'status', label: 'Status', options: [{ value: '', label: 'All statuses' }, ...PAGE_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))] }]}
        defaultSort={{ id: 'updated_at', desc: true }}
        urlState
        rowActions={(p) => (
          <>
            {p.status === 'published' && (
              <a href={p.public_url} target="_blank" rel="noopener noreferrer" className={buttonClasses('ghost', 'sm')} aria-label={`Open the public page of ${p.title}`} title="Public page">
                <ExternalLink aria-hidden="true" className="size-4" />
              </a>
            )}
            <PreviewLink id={p.id} title={p.title} />
            <RecordActions area="pages" href={`/cms/pages/${p.id}`} name={p.title} onDelete={() => del.ask(p)} />
          </>
        )}
        empty={{ title: 'No pages yet', description: 'Make an “About us” page, an event page or a campaign page, and publish it when it is ready.', action: newButton('sm') }}
        errorFallback="Failed to fetch pages"
      />
      {del.dialog}
    </>
  );
}

PagesIndex.layout = AppLayout;
