import { Head, Link } from '@inertiajs/react';
import { Pencil, Plus, Trash } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import type { RoleData } from '@common/schemas/roles';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { Badge } from '@/components/display/Badge';
import { PageHeader } from '@/components/display/PageHeader';
import { Button, buttonClasses } from '@/components/form/Button';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { SHORT_TOAST } from '@/lib/toasts';
import { useCan } from '@/lib/page';
import { useDeleteRoleMutation, useGetRolesQuery } from '@/store/roles-api';

const isOwner = (role: Pick<RoleData, 'built_in' | 'slug'>) => role.built_in && role.slug === 'owner';

const col = columnHelper<RoleData>();
const COLUMNS = col.columns([
  col.accessor('name', {
    header: 'Role',
    enableSorting: true,
    cell: ({ row }) => (
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900 dark:text-white">{row.original.name}</span>
        {row.original.built_in && <Badge tone="info">Built-in</Badge>}
      </span>
    ),
  }),
  col.accessor('permissions', {
    header: 'Permissions',
    cell: ({ getValue }) => <span className="tabular-nums">{getValue().length}</span>,
  }),
  col.accessor('users_count', {
    header: 'Users',
    enableSorting: true,
    meta: { align: 'end', className: 'tabular-nums' },
    cell: ({ getValue }) => getValue(),
  }),
]);

export default function RolesIndex() {
  const canCreate = useCan('roles.create');
  const canUpdate = useCan('roles.update');
  const canDelete = useCan('roles.delete');
  const [remove, { isLoading: deleting }] = useDeleteRoleMutation();
  const [toDelete, setToDelete] = useState<RoleData | null>(null);

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      const answer = await remove(toDelete.id).unwrap();
      toast.warning(answer.message, SHORT_TOAST);
      setToDelete(null);
    } catch (err) {
      toast.error(errorMessage(err, 'An error occurred'));
      setToDelete(null);
    }
  }

  return (
    <>
      <Head title="Roles" />
      <PageHeader title="Roles" description="What each role may see and do. Give a role to a user on the Users page.">
        {canCreate && (
          <Link href="/roles/create" className={buttonClasses('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            New role
          </Link>
        )}
      </PageHeader>

      <DataTable
        label="Roles"
        columns={COLUMNS}
        useQuery={useGetRolesQuery}
        getRowId={(r) => r.id}
        rowLabel={(r) => r.name}
        search={{ placeholder: 'Search roles…', label: 'Search roles' }}
        rowActions={
          canUpdate || canDelete
            ? (r) =>
                isOwner(r) ? (
                  canUpdate && (
                    <Link href={`/roles/${r.id}/edit`} className={buttonClasses('ghost', 'sm')} aria-label={`View ${r.name}`}>
                      View
                    </Link>
                  )
                ) : (
                  <>
                    {canUpdate && (
                      <Link href={`/roles/${r.id}/edit`} className={buttonClasses('ghost', 'sm')} aria-label={`Edit ${r.name}`}>
                        <Pencil aria-hidden="true" className="size-4" />
                      </Link>
                    )}
                    {canDelete && (
                      <Button size="sm" variant="danger-ghost" onClick={() => setToDelete(r)} aria-label={`Delete ${r.name}`}>
                        <Trash aria-hidden="true" className="size-4" />
                      </Button>
                    )}
                  </>
                )
            : undefined
        }
        empty={{ title: 'No roles' }}
        errorFallback="Failed to fetch roles"
      />

      <ConfirmDialog open={toDelete !== null} onClose={() => setToDelete(null)} onConfirm={() => void confirmDelete()} busy={deleting} title="Delete this role?">
        {toDelete && (
          <p>
            The role <strong className="font-medium text-slate-900 dark:text-white">{toDelete.name}</strong> will be deleted. This cannot be undone.
            {toDelete.users_count > 0 && ` It is still given to ${toDelete.users_count} user${toDelete.users_count === 1 ? '' : 's'}.`}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

RolesIndex.layout = AppLayout;
