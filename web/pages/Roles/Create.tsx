import { Head, Link, router } from '@inertiajs/react';
import { Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { areaLabel, PERMISSION_SECTIONS, PERMISSIONS, type Area, type Permission } from '@common/permissions';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { cx } from '@/components/cx';
import { Button, buttonClasses } from '@/components/form/Button';
import { FieldError } from '@/components/form/FieldError';
import { TextInput } from '@/components/form/TextInput';
import { BackLink } from '@/components/record/BackLink';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useCreateRoleMutation, useUpdateRoleMutation } from '@/store/roles-api';

/** A role as the Edit page receives it from the server. */
export type EditableRole = { id: number; name: string; slug: string; built_in: boolean; permissions: Permission[] };

const areaPermissions = (area: Area) => PERMISSIONS.filter((p) => p.startsWith(`${area}.`));
const actionOf = (area: Area, p: Permission) => p.slice(area.length + 1).replace(/_/g, ' ');

/** The first message of each field of a 422 answer. */
function fieldErrors(err: unknown): Record<string, string> {
  const data = (err as { data?: { errors?: Record<string, string[] | string> } } | null)?.data;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(data?.errors ?? {})) out[key] = Array.isArray(value) ? value[0] : value;
  return out;
}

/** Name + the permission matrix, grouped by section and area; saves through the roles JSON endpoints. */
export function RoleForm({ role }: { role?: EditableRole }) {
  const readOnly = Boolean(role?.built_in && role.slug === 'owner');
  const [name, setName] = useState(role?.name ?? '');
  const [chosen, setChosen] = useState<Set<Permission>>(() => new Set(role?.permissions ?? []));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, { isLoading: creating }] = useCreateRoleMutation();
  const [update, { isLoading: updating }] = useUpdateRoleMutation();
  const busy = creating || updating;

  function toggle(list: readonly Permission[], on: boolean) {
    setChosen((prev) => {
      const next = new Set(prev);
      for (const p of list) {
        if (on) next.add(p);
        else next.delete(p);
      }
      return next;
    });
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (readOnly) return;
    setErrors({});
    const permissions = PERMISSIONS.filter((p) => chosen.has(p));
    try {
      const answer = role ? await update({ id: role.id, name, permissions }).unwrap() : await create({ name, permissions }).unwrap();
      toast.success(answer.message);
      router.visit('/roles');
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      if (Object.keys(fields).length === 0) toast.error(errorMessage(err, 'The role could not be saved.'));
    }
  }

  const permissionsError = Object.entries(errors).find(([key]) => key === 'permissions' || key.startsWith('permissions.'))?.[1];

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-6">
      {readOnly && (
        <p className="flex items-center gap-2 rounded-md bg-info/10 px-4 py-3 text-sm text-cyan-900 dark:text-cyan-200">
          <Lock aria-hidden="true" className="size-4 shrink-0" />
          The Owner role holds every permission and cannot be changed.
        </p>
      )}
      <Card title="Role">
        <TextInput
          id="name"
          name="name"
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          readOnly={readOnly}
          disabled={readOnly}
          maxLength={100}
          required
          wrapperClassName="max-w-md"
        />
      </Card>

      <Card title="Permissions" actions={<span className="text-sm text-slate-500 tabular-nums dark:text-slate-400">{chosen.size} of {PERMISSIONS.length} selected</span>}>
        <FieldError id="permissions-error" message={permissionsError} />
        <div className="flex flex-col gap-8">
          {PERMISSION_SECTIONS.map((section) => (
            <section key={section.label} aria-labelledby={`section-${section.label}`}>
              <h3 id={`section-${section.label}`} className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
                {section.label}
              </h3>
              <div className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200 dark:divide-white/10 dark:ring-white/10">
                {section.areas.map((area) => {
                  const list = areaPermissions(area);
                  const held = list.filter((p) => chosen.has(p)).length;
                  const all = held === list.length;
                  return (
                    <fieldset key={area} className="grid gap-3 px-4 py-3 sm:grid-cols-[14rem_1fr] sm:items-center">
                      <legend className="sr-only">{areaLabel(area)}</legend>
                      <label className="flex items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
                        <input
                          type="checkbox"
                          className="size-4 rounded border-slate-300 accent-primary"
                          checked={all}
                          ref={(el) => {
                            if (el) el.indeterminate = held > 0 && !all;
                          }}
                          onChange={(e) => toggle(list, e.target.checked)}
                          disabled={readOnly}
                          aria-label={`All ${areaLabel(area)} permissions`}
                        />
                        {areaLabel(area)}
                      </label>
                      <div className="flex flex-wrap gap-x-5 gap-y-2">
                        {list.map((p) => (
                          <label key={p} className={cx('flex items-center gap-2 text-sm capitalize', readOnly ? 'text-slate-500' : 'text-slate-700 dark:text-slate-300')}>
                            <input
                              type="checkbox"
                              className="size-4 rounded border-slate-300 accent-primary"
                              checked={chosen.has(p)}
                              onChange={(e) => toggle([p], e.target.checked)}
                              disabled={readOnly}
                              aria-label={`${areaLabel(area)}: ${actionOf(area, p)}`}
                            />
                            {actionOf(area, p)}
                          </label>
                        ))}
                      </div>
                    </fieldset>
                  );
                })}
              </div>
            </section>
          ))}
        </div>
      </Card>

      <div className="flex flex-wrap items-center gap-3">
        {!readOnly && (
          <Button type="submit" disabled={busy} busy={busy}>
            {role ? 'Save changes' : 'Create role'}
          </Button>
        )}
        <Link href="/roles" className={buttonClasses('outline')}>
          {readOnly ? 'Back to roles' : 'Cancel'}
        </Link>
      </div>
    </form>
  );
}

export default function RolesCreate() {
  return (
    <>
      <Head title="New role" />
      <PageHeader title="New role" description="Choose a name and what the role may do.">
        <BackLink href="/roles">Back to roles</BackLink>
      </PageHeader>
      <RoleForm />
    </>
  );
}

RolesCreate.layout = AppLayout;
