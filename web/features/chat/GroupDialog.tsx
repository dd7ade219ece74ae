import { router } from '@inertiajs/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { ChatThreadData } from '@common/answers/chat';
import { CHAT_GROUP_NAME_MAX } from '@common/schemas/chat';
import { Button } from '@/components/form/Button';
import { Checkbox } from '@/components/form/Checkbox';
import { FieldError } from '@/components/form/FieldError';
import { TextInput } from '@/components/form/TextInput';
import { Modal } from '@/components/overlay/Modal';
import { useSharedProps } from '@/lib/page';
import { useAppDispatch, useAppSelector } from '@/store';
import { createGroup, fetchContacts, updateGroup, type ChatFailure } from '@/store/chat-slice';

/**
 * A group thread's name, members and admins: a new group (its creator is its first admin), or an
 * admin changing one. Members are chosen among the company's members (GET /chat/get-contacts).
 */
export function GroupDialog({ open, onClose, group }: { open: boolean; onClose: () => void; group?: ChatThreadData }) {
  return (
    <Modal open={open} onClose={onClose} title={group ? 'Group settings' : 'New group'}>
      {open && <GroupForm onClose={onClose} group={group} />}
    </Modal>
  );
}

/** The dialog's form, mounted each time the dialog opens (so it starts from the group as it is now). */
function GroupForm({ onClose, group }: { onClose: () => void; group?: ChatThreadData }) {
  const dispatch = useAppDispatch();
  const me = useSharedProps().auth.user!.id;
  const contacts = useAppSelector((s) => s.chat.contacts);
  const [name, setName] = useState(group?.name ?? '');
  const [members, setMembers] = useState<Set<number>>(() => new Set(group?.participants.map((p) => p.id).filter((id) => id !== me) ?? []));
  const [admins, setAdmins] = useState<Set<number>>(() => new Set(group?.participants.filter((p) => p.is_admin && p.id !== me).map((p) => p.id) ?? []));
  const [filter, setFilter] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void dispatch(fetchContacts(''));
  }, [dispatch]);

  // members already in the group stay listed even if they are no longer among the contacts
  const people = useMemo(() => {
    const list = contacts.map((c) => ({ id: c.id, name: c.name, email: c.email }));
    for (const p of group?.participants ?? []) if (p.id !== me && !list.some((c) => c.id === p.id)) list.push({ id: p.id, name: p.name, email: p.email });
    const f = filter.trim().toLowerCase();
    return f ? list.filter((c) => c.name.toLowerCase().includes(f) || c.email.toLowerCase().includes(f)) : list;
  }, [contacts, group, me, filter]);

  const toggle = (set: Set<number>, id: number, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const member_ids = [...members];
    const result = group
      ? await dispatch(updateGroup({ id: group.id, name, member_ids, admin_ids: [...admins].filter((a) => members.has(a)) }))
      : await dispatch(createGroup({ name, member_ids }));
    setBusy(false);
    if (result.meta.requestStatus === 'rejected') {
      const failure = result.payload as ChatFailure | undefined;
      setErrors(failure?.errors ?? {});
      if (!failure?.errors) toast.error(failure?.message ?? 'Failed to save the group');
      return;
    }
    const saved = result.payload as ChatThreadData;
    toast.success(group ? 'Group updated' : 'Group created');
    onClose();
    if (group) router.reload({ only: ['thread'] });
    else router.visit(`/chat/threads/${saved.id}`);
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <TextInput label="Group name" value={name} onChange={(e) => setName(e.target.value)} maxLength={CHAT_GROUP_NAME_MAX} required autoFocus error={errors.name?.[0]} />
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">Members</legend>
        <TextInput label="Find a member" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Name or e-mail" wrapperClassName="mb-2" />
        <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
          {people.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-3 px-3 py-2">
              <Checkbox
                label={p.name}
                checked={members.has(p.id)}
                onChange={(e) => {
                  setMembers(toggle(members, p.id, e.target.checked));
                  if (!e.target.checked) setAdmins(toggle(admins, p.id, false));
                }}
              />
              {group && members.has(p.id) && <Checkbox label="Admin" id={`admin-${p.id}`} checked={admins.has(p.id)} onChange={(e) => setAdmins(toggle(admins, p.id, e.target.checked))} />}
            </li>
          ))}
          {people.length === 0 && <li className="px-3 py-4 text-center text-sm text-slate-500 dark:text-slate-400">No members match.</li>}
        </ul>
        <FieldError id="chat-group-members-error" message={errors.member_ids?.[0] ?? errors.admin_ids?.[0]} />
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose} type="button">
          Cancel
        </Button>
        <Button type="submit" busy={busy} disabled={busy}>
          {group ? 'Save' : 'Create group'}
        </Button>
      </div>
    </form>
  );
}
