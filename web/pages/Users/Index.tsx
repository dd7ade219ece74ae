import { Head } from '@inertiajs/react';
import { ChevronDown, MailPlus, Trash, UserCheck, UserX, X } from 'lucide-react';
import { createContext, useContext, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { LastActivity, PersonCell } from '@/components/display/PersonCell';
import { Badge, StatusPill } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { formatDateTime } from '@/components/display/time';
import { cx } from '@/components/cx';
import { Button } from '@/components/form/Button';
import { Field } from '@/components/form/Field';
import { selectClasses } from '@/components/form/styles';
import { TextInput } from '@/components/form/TextInput';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { Modal } from '@/components/overlay/Modal';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { SHORT_TOAST } from '@/lib/toasts';
import { useCan, useSharedProps } from '@/lib/page';
import { useOnlineUserIds } from '@/lib/realtime';
import {
  useCancelInvitationMutation,
  useGetInvitationsQuery,
  useGetMembersQuery,
  useInviteUserMutation,
  useRemoveMemberMutation,
  useSetMemberStatusMutation,
  useUpdateMemberRoleMutation,
  type InvitationRow,
  type MemberRow,
  type RoleRef,
} from '@/store/users-api';

type Props = { roles: RoleRef[] };


/** The first message of each field of a 422 answer. */
function fieldErrors(err: unknown): Record<string, string> {
  const data = (err as { data?: { errors?: Record<string, string[] | string> } } | null)?.data;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(data?.errors ?? {})) out[key] = Array.isArray(value) ? value[0] : value;
  return out;
}

function Chevron() {
  return <ChevronDown aria-hidden="true" className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />;
}

/** What the cells may do: change a member's role (when allowed). */
const RowContext = createContext<{ roles: RoleRef[]; canUpdate: boolean; busyId: number | null; onRole: (row: MemberRow, roleId: number) => void }>({
  roles: [],
  canUpdate: false,
  busyId: null,
  onRole: () => {},
});

function RoleCell({ row }: { row: MemberRow }) {
  const { roles, canUpdate, busyId, onRole } = useContext(RowContext);
  if (!canUpdate) return row.role ? <Badge tone="primary">{row.role.name}</Badge> : <span className="text-slate-400">—</span>;
  return (
    <div className="relative w-fit">
      <select
        aria-label={`Role of ${row.name}`}
        className={cx(selectClasses, 'h-9 min-w-36 py-1 text-sm')}
        value={row.role?.id ?? ''}
        disabled={busyId === row.id}
        onChange={(e) => onRole(row, Number(e.target.value))}
      >
        {!row.role && <option value="">No role</option>}
        {roles.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </select>
      <Chevron />
    </div>
  );
}

const col = columnHelper<MemberRow>();
/** The member with an online dot while they have a page open (the online-users presence channel). */
function MemberCell({ row }: { row: MemberRow }) {
  const online = useOnlineUserIds();
  return <PersonCell name={row.name} email={row.email} avatarUrl={row.avatar_url} online={online.has(row.id)} />;
}

const COLUMNS = col.columns([
  col.accessor('name', {
    header: 'User',
    enableSorting: true,
    cell: ({ row }) => <MemberCell row={row.original} />,
  }),
  col.display({ id: 'role', header: 'Role', cell: ({ row }) => <RoleCell row={row.original} /> }),
  col.accessor('status', { header: 'Status', enableSorting: true, cell: ({ getValue }) => <StatusPill status={getValue()} /> }),
  col.accessor('last_activity_at', {
    header: 'Last activity',
    enableSorting: true,
    sortDescFirst: true,
    meta: { className: 'whitespace-nowrap' },
    cell: ({ getValue }) => <LastActivity at={getValue()} />,
  }),
]);

function InviteModal({ open, onClose, roles }: { open: boolean; onClose: () => void; roles: RoleRef[] }) {
  const [invite, { isLoading }] = useInviteUserMutation();
  const [email, setEmail] = useState('');
  const [roleId, setRoleId] = useState<string>('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function close() {
    setEmail('');
    setRoleId('');
    setErrors({});
    onClose();
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setErrors({});
    try {
      const answer = await invite({ email, role_id: Number(roleId) }).unwrap();
      toast.success(answer.message);
      close();
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      if (!fields.email && !fields.role_id) toast.error(errorMessage(err, 'The invitation could not be sent.'));
    }
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title="Invite user"
      description="We will email them a link to join the company. The link works for 7 days."
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="invite-form" disabled={isLoading} busy={isLoading}>
            Send invitation
          </Button>
        </>
      }
    >
      <form id="invite-form" onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <TextInput
          id="invite-email"
          name="email"
          type="email"
          label="Email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          autoComplete="off"
          required
        />
        <Field id="invite-role" label="Role" error={errors.role_id} required>
          {(control) => (
            <div className="relative">
              <select className={selectClasses} value={roleId} onChange={(e) => setRoleId(e.target.value)} {...control}>
                <option value="">Choose a role…</option>
                {roles.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </select>
              <Chevron />
            </div>
          )}
        </Field>
      </form>
    </Modal>
  );
}

function Invitations({ canInvite }: { canInvite: boolean }) {
  const { tenant } = useSharedProps();
  const { data, isLoading, isError, error } = useGetInvitationsQuery();
  const [cancel, { isLoading: cancelling }] = useCancelInvitationMutation();
  const [toCancel, setToCancel] = useState<InvitationRow | null>(null);

  async function confirmCancel() {
    if (!toCancel) return;
    try {
      const answer = await cancel(toCancel.id).unwrap();
      toast.warning(answer.message, SHORT_TOAST);
      setToCancel(null);
    } catch (err) {
      toast.error(errorMessage(err, 'An error occurred'));
    }
  }

  return (
    <Card title="Pending invitations" className="mt-6" flush>
      {isLoading ? (
        <p className="p-5 text-sm text-slate-500">Loading invitations…</p>
      ) : isError ? (
        <p role="alert" className="p-5 text-sm text-red-600 dark:text-red-400">
          {errorMessage(error, 'Failed to fetch invitations')}
        </p>
      ) : !data?.length ? (
        <p className="p-5 text-sm text-slate-500 dark:text-slate-400">No pending invitations.</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-white/10">
          {data.map((inv) => (
            <li key={inv.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3">
              <div className="min-w-0">
                <div className="truncate font-medium text-slate-900 dark:text-white">{inv.email}</div>
                <div className="text-xs text-slate-500 dark:text-slate-400">
                  {inv.role?.name ?? 'No role'}
                  {inv.invited_by && <> · invited by {inv.invited_by.name}</>} ·{' '}
                  {inv.expired ? (
                    'expired'
                  ) : (
                    <>
                      expires <time dateTime={inv.expires_at}>{formatDateTime(inv.expires_at, tenant?.timezone)}</time>
                    </>
                  )}
                </div>
              </div>
              <div className="flex items-center gap-2">
                <StatusPill status={inv.expired ? 'expired' : 'pending'} />
                {canInvite && (
                  <Button size="sm" variant="danger-ghost" onClick={() => setToCancel(inv)} aria-label={`Cancel the invitation of ${inv.email}`}>
                    <X aria-hidden="true" className="size-4" />
                    Cancel
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toCancel !== null}
        onClose={() => setToCancel(null)}
        onConfirm={() => void confirmCancel()}
        busy={cancelling}
        title="Cancel this invitation?"
        confirmLabel="Cancel invitation"
        cancelLabel="Keep it"
      >
        {toCancel && <p>The link sent to {toCancel.email} will stop working.</p>}
      </ConfirmDialog>
    </Card>
  );
}

export default function UsersIndex({ roles }: Props) {
  const { auth } = useSharedProps();
  const canInvite = useCan('users.invite');
  const canUpdate = useCan('users.update');
  const canDelete = useCan('users.delete');
  const [updateRole] = useUpdateMemberRoleMutation();
  const [setStatus] = useSetMemberStatusMutation();
  const [remove, { isLoading: removing }] = useRemoveMemberMutation();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [inviting, setInviting] = useState(false);
  const [toRemove, setToRemove] = useState<MemberRow | null>(null);
  const me = auth?.user?.id;

  async function run(id: number, call: () => Promise<{ message: string }>) {
    setBusyId(id);
    try {
      const answer = await call();
      toast.success(answer.message, SHORT_TOAST);
    } catch (err) {
      toast.error(errorMessage(err, 'An error occurred'));
    } finally {
      setBusyId(null);
    }
  }

  async function confirmRemove() {
    if (!toRemove) return;
    try {
      const answer = await remove(toRemove.id).unwrap();
      toast.warning(answer.message, SHORT_TOAST);
      setToRemove(null);
    } catch (err) {
      toast.error(errorMessage(err, 'An error occurred'));
    }
  }

  const onRole = (row: MemberRow, roleId: number) => {
    if (!roleId || roleId === row.role?.id) return;
    void run(row.id, () => updateRole({ id: row.id, role_id: roleId }).unwrap());
  };

  return (
    <>
      <Head title="Users" />
      <PageHeader title="Users" description="The people of your company, their roles and their access." />

      <RowContext.Provider value={{ roles, canUpdate, busyId, onRole }}>
        <DataTable
          label="Users"
          columns={COLUMNS}
          useQuery={useGetMembersQuery}
          getRowId={(u) => u.id}
          rowLabel={(u) => u.name}
          search={{ placeholder: 'Search by name or email…', label: 'Search users' }}
          defaultSort={{ id: 'name', desc: false }}
          defaultPerPage={15}
          toolbar={
            canInvite && (
              <Button onClick={() => setInviting(true)}>
                <MailPlus aria-hidden="true" className="size-4" />
                Invite user
              </Button>
            )
          }
          rowActions={
            canUpdate || canDelete
              ? (u) =>
                  u.id === me ? null : (
                    <>
                      {canUpdate &&
                        (u.status === 'active' ? (
                          <Button
                            size="sm"
                            variant="ghost"
                            disabled={busyId === u.id}
                            onClick={() => void run(u.id, () => setStatus({ id: u.id, active: false }).unwrap())}
                            aria-label={`Deactivate ${u.name}`}
                            title="Deactivate"
                          >
                            <UserX aria-hidden="true" className="size-4" />
                          </Button>
                        ) : (
                          <Button
                            size="sm"
                            variant="ghost"
                            disabled={busyId === u.id}
                            onClick={() => void run(u.id, () => setStatus({ id: u.id, active: true }).unwrap())}
                            aria-label={`Reactivate ${u.name}`}
                            title="Reactivate"
                          >
                            <UserCheck aria-hidden="true" className="size-4" />
                          </Button>
                        ))}
                      {canDelete && (
                        <Button
                          size="sm"
                          variant="danger-ghost"
                          onClick={() => setToRemove(u)}
                          aria-label={`Remove ${u.name}`}
                          title="Remove from the company"
                        >
                          <Trash aria-hidden="true" className="size-4" />
                        </Button>
                      )}
                    </>
                  )
              : undefined
          }
          empty={{ title: 'No users', description: 'Invite your colleagues to work with you.' }}
          errorFallback="Failed to fetch users"
        />
      </RowContext.Provider>

      <Invitations canInvite={canInvite} />

      {canInvite && <InviteModal open={inviting} onClose={() => setInviting(false)} roles={roles} />}

      <ConfirmDialog
        open={toRemove !== null}
        onClose={() => setToRemove(null)}
        onConfirm={() => void confirmRemove()}
        busy={removing}
        title="Remove this user?"
        confirmLabel="Remove"
      >
        {toRemove && (
          <p>
            <strong className="font-medium text-slate-900 dark:text-white">{toRemove.name}</strong> will lose access to this company. Their account and
            their other companies are kept.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

UsersIndex.layout = AppLayout;
