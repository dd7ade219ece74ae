import { Head, Link } from '@inertiajs/react';
import { ChartNoAxesColumn } from 'lucide-react';
import type { UserLogsRow } from '@common/schemas/users';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { Badge } from '@/components/display/Badge';
import { PageHeader } from '@/components/display/PageHeader';
import { LastActivity, PersonCell } from '@/components/display/PersonCell';
import { buttonClasses } from '@/components/form/Button';
import { useUserLogsSource } from '@/features/user-logs/use-user-logs';
import { AppLayout } from '@/layouts/AppLayout';
import { USERS_FAILURE, USERS_PER_PAGE } from '@/store/user-logs-query';
import { formatCount } from '@common/format';

const timelineUrl = (id: number) => `/users/${id}/activity`;

const Count = ({ value }: { value: number }) => <span className="tabular-nums">{formatCount(value)}</span>;

const col = columnHelper<UserLogsRow>();
const COLUMNS = col.columns([
  col.accessor('name', {
    header: 'User',
    enableSorting: true,
    cell: ({ row }) => <PersonCell name={row.original.name} email={row.original.email} avatarUrl={row.original.avatar_url} href={timelineUrl(row.original.id)} />,
  }),
  col.display({
    id: 'role',
    header: 'Role',
    cell: ({ row }) => (row.original.role ? <Badge tone="primary">{row.original.role.name}</Badge> : <span className="text-slate-500 dark:text-slate-400">—</span>),
  }),
  col.accessor('page_visits', { header: 'Page visits', meta: { align: 'end' }, cell: ({ getValue }) => <Count value={getValue()} /> }),
  col.accessor('actions', { header: 'Actions', meta: { align: 'end' }, cell: ({ getValue }) => <Count value={getValue()} /> }),
  col.accessor('activity_count', {
    header: 'Total activity',
    enableSorting: true,
    sortDescFirst: true,
    meta: { align: 'end' },
    cell: ({ getValue }) => <span className="font-semibold text-slate-900 tabular-nums dark:text-white">{formatCount(getValue())}</span>,
  }),
  col.accessor('last_activity', {
    header: 'Last activity',
    enableSorting: true,
    sortDescFirst: true,
    meta: { className: 'whitespace-nowrap' },
    cell: ({ getValue }) => <LastActivity at={getValue()} />,
  }),
]);

/** Users Logs Index (SPEC §2): every member with their activity counts, each leading to their timeline. */
export default function UsersLogsIndex() {
  return (
    <>
      <Head title="User activity" />
      <PageHeader title="User activity" description="Who did what, and when: page visits and actions of every member of the company." />
      <DataTable
        label="Users and their activity"
        columns={COLUMNS}
        useQuery={useUserLogsSource}
        getRowId={(u) => u.id}
        rowLabel={(u) => u.name}
        search={{ placeholder: 'Search by name or email…', label: 'Search users' }}
        defaultSort={{ id: 'name', desc: false }}
        defaultPerPage={USERS_PER_PAGE}
        rowActions={(u) => (
          <Link href={timelineUrl(u.id)} className={buttonClasses('ghost', 'sm')} aria-label={`View the timeline of ${u.name}`} title="View timeline">
            <ChartNoAxesColumn aria-hidden="true" className="size-4" />
          </Link>
        )}
        empty={{ title: 'No users yet', description: 'Members of the company and their activity will show here.' }}
        errorFallback={USERS_FAILURE}
      />
    </>
  );
}

UsersLogsIndex.layout = AppLayout;
