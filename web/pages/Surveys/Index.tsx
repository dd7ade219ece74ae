import { Head, Link } from '@inertiajs/react';
import { Plus } from 'lucide-react';
import { formatCount } from '@common/format';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { DateText } from '@/components/display/DateText';
import { PageHeader } from '@/components/display/PageHeader';
import { Button, buttonClasses } from '@/components/form/Button';
import { useConfirmDelete } from '@/components/record/confirmed-delete';
import { useDeleteSurveyMutation, useGetSurveysQuery, type SurveyRow } from '@/features/surveys/api';
import { CloseButton, SurveyStatus } from '@/features/surveys/StatusActions';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';

const col = columnHelper<SurveyRow>();
const COLUMNS = col.columns([
  col.accessor('name', {
    header: 'Survey',
    enableSorting: true,
    cell: ({ row }) => (
      <div>
        <Link href={`/surveys/${row.original.id}`} className="font-medium text-slate-900 hover:underline dark:text-white">
          {row.original.name}
        </Link>
        <p className="text-xs text-slate-500 dark:text-slate-400">{[row.original.event_name, row.original.group_name, row.original.campaign_name].filter(Boolean).join(' · ')}</p>
      </div>
    ),
  }),
  col.accessor('status', { header: 'Status', cell: ({ row }) => <SurveyStatus survey={row.original} /> }),
  col.accessor('questions_count', { header: 'Questions', meta: { align: 'end' }, cell: ({ getValue }) => formatCount(getValue()) }),
  col.accessor('responses_count', { header: 'Responses', enableSorting: true, meta: { align: 'end' }, cell: ({ getValue }) => formatCount(getValue()) }),
  col.accessor('created_at', { header: 'Created', enableSorting: true, cell: ({ getValue }) => <DateText value={getValue()} /> }),
]);

type Option = { id: number; name: string };

/** Surveys/Index (PAGES.md /surveys): the company's surveys, their status and responses. */
export default function SurveysIndex({ campaigns, events, groups, can_close, can_delete }: { campaigns: Option[]; events: Option[]; groups: Option[]; can_close: boolean; can_delete: boolean }) {
  const canCreate = useCan('surveys.create');
  const [remove] = useDeleteSurveyMutation();
  const del = useConfirmDelete<SurveyRow>((s) => remove(s.id).unwrap(), (s) => <>“{s.name}” and its {formatCount(s.responses_count)} responses will be deleted.</>);
  const options = (list: Option[], all: string) => [{ value: '', label: all }, ...list.map((o) => ({ value: String(o.id), label: o.name }))];
  return (
    <>
      <Head title="Surveys" />
      <PageHeader title="Surveys" description="Build surveys, share them by link, in your pages or by SMS and email, and read the results.">
        {canCreate && (
          <Link href="/surveys/create" className={buttonClasses('primary', 'md')}>
            <Plus aria-hidden="true" className="size-4" />
            New survey
          </Link>
        )}
      </PageHeader>
      <DataTable
        label="Surveys"
        columns={COLUMNS}
        useQuery={useGetSurveysQuery}
        getRowId={(s) => s.id}
        rowLabel={(s) => s.name}
        search={{ placeholder: 'Search surveys…', label: 'Search surveys' }}
        filters={[
          { name: 'campaign_id', label: 'Campaign', options: options(campaigns, 'All campaigns') },
          { name: 'event_id', label: 'Event', options: options(events, 'All events') },
          { name: 'group_id', label: 'Group', options: options(groups, 'All groups') },
        ]}
        defaultSort={{ id: 'created_at', desc: true }}
        urlState
        rowActions={(s) => (
          <div className="flex items-center justify-end gap-2">
            <Link href={`/surveys/${s.id}/results`} className={buttonClasses('ghost', 'sm')} aria-label={`Results of ${s.name}`}>
              Results
            </Link>
            {can_close && <CloseButton survey={s} />}
            {can_delete && (
              <Button size="sm" variant="danger-ghost" onClick={() => del.ask(s)} aria-label={`Delete ${s.name}`}>
                Delete
              </Button>
            )}
          </div>
        )}
        empty={{ title: 'No surveys yet', description: 'Build one: sections, questions and skip logic, then share its link.' }}
        errorFallback="An error occurred"
      />
      {del.dialog}
    </>
  );
}

SurveysIndex.layout = AppLayout;
