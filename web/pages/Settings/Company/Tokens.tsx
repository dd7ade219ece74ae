import { Copy, KeyRound, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { ApiTokenRow } from '@common/api-tokens';
import { areaLabel, type Area } from '@common/permissions';
import { Badge } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { DateText } from '@/components/display/DateText';
import { EmptyState } from '@/components/display/EmptyState';
import { SkeletonText } from '@/components/display/Skeleton';
import { Button } from '@/components/form/Button';
import { FieldError } from '@/components/form/FieldError';
import { controlClasses, labelClasses } from '@/components/form/styles';
import { serverFieldErrors } from '@/components/form/zod-errors';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { Modal } from '@/components/overlay/Modal';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useCan } from '@/lib/page';
import { useCreateApiTokenMutation, useGetApiTokensQuery, useRevokeApiTokenMutation } from '@/store/company-settings-api';
import { CompanySettingsPage } from './Index';

type Props = { grantable: string[]; can_manage: boolean };
const STATUS_TONE = { active: 'success', expired: 'warning', revoked: 'secondary' } as const;

/** The permissions grouped by area, for the scope checkboxes. */
function byArea(perms: string[]) {
  const groups = new Map<string, string[]>();
  for (const p of perms) {
    const [area, action] = p.split('.');
    groups.set(area, [...(groups.get(area) ?? []), action]);
  }
  return [...groups];
}

function NewTokenDialog({ open, onClose, grantable, canManage, onMade }: { open: boolean; onClose: () => void; grantable: string[]; canManage: boolean; onMade: (token: string) => void }) {
  const id = useId();
  const [create, { isLoading }] = useCreateApiTokenMutation();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'personal' | 'company'>('personal');
  const [scopes, setScopes] = useState<string[]>([]);
  const [expires, setExpires] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toggle = (p: string) => setScopes((s) => (s.includes(p) ? s.filter((x) => x !== p) : [...s, p]));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    try {
      const answer = await create({ name, kind, scopes, expires_at: expires || null }).unwrap();
      toast.success(answer.message);
      onMade(answer.data.plain_text_token);
      setName('');
      setScopes([]);
      setExpires('');
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.split('.')[0], Array.isArray(v) ? v[0] : String(v)])));
      else toast.error(errorMessage(err, 'An error occurred'));
    }
  }

  return (
    <Modal open={open} onClose={onClose} title="New API token" size="lg">
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <div>
          <label htmlFor={`${id}-name`} className={labelClasses}>
            Name
          </label>
          <input id={`${id}-name`} name="name" value={name} onChange={(e) => setName(e.target.value)} className={controlClasses(Boolean(errors.name))} aria-invalid={errors.name ? true : undefined} />
          <FieldError id={`${id}-name-error`} message={errors.name} />
        </div>
        {canManage && (
          <fieldset>
            <legend className={labelClasses}>Owner</legend>
            <div className="flex gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input type="radio" name="kind" checked={kind === 'personal'} onChange={() => setKind('personal')} /> Personal (acts as you, with your role)
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="kind" checked={kind === 'company'} onChange={() => setKind('company')} /> Company (for an integration)
              </label>
            </div>
            <FieldError id="fe-2-error" message={errors.kind} />
          </fieldset>
        )}
        <div>
          <label htmlFor={`${id}-expires`} className={labelClasses}>
            Expires on
          </label>
          <input id={`${id}-expires`} type="date" name="expires_at" value={expires} onChange={(e) => setExpires(e.target.value)} className={controlClasses(Boolean(errors.expires_at), 'w-48')} />
          <p className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">Empty for no expiry (at most two years ahead).</p>
          <FieldError id="fe-3-error" message={errors.expires_at} />
        </div>
        <fieldset>
          <legend className={labelClasses}>Permissions</legend>
          <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">A token can hold only permissions you hold yourself.</p>
          <div className="max-h-64 overflow-y-auto rounded-md border border-slate-200 p-3 dark:border-slate-700">
            {byArea(grantable).map(([area, actions]) => (
              <div key={area} className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                <span className="w-40 font-medium text-slate-700 dark:text-slate-200">{areaLabel(area as Area)}</span>
                {actions.map((a) => (
                  <label key={a} className="flex items-center gap-1.5">
                    <input type="checkbox" name="scopes" value={`${area}.${a}`} checked={scopes.includes(`${area}.${a}`)} onChange={() => toggle(`${area}.${a}`)} />
                    {a}
                  </label>
                ))}
              </div>
            ))}
          </div>
          <FieldError id="fe-4-error" message={errors.scopes} />
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isLoading}>
            {isLoading ? 'Creating…' : 'Create token'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Settings/Company/Tokens: personal and company API tokens, shown once, revocable, with when each was last used. */
export default function CompanyTokens({ grantable, can_manage }: Props) {
  const [page, setPage] = useState(1);
  const { data, isLoading, error, refetch } = useGetApiTokensQuery({ page });
  const [revoke, { isLoading: revoking }] = useRevokeApiTokenMutation();
  const canCreate = useCan('api_tokens.create');
  const canDelete = useCan('api_tokens.delete');
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const [toRevoke, setToRevoke] = useState<ApiTokenRow | null>(null);

  async function confirmRevoke() {
    if (!toRevoke) return;
    try {
      const answer = await revoke(toRevoke.id).unwrap();
      toast.warning(answer.message);
    } catch (err) {
      toast.error(errorMessage(err, 'An error occurred'));
    }
    setToRevoke(null);
  }

  return (
    <CompanySettingsPage title="API tokens" description="Let scripts and other systems call Kazi's JSON API with Authorization: Bearer <token>." current="tokens">
      {shown && (
        <Card className="mb-6 border-s-4 border-success">
          <div className="p-1">
            <p className="mb-2 text-sm font-medium text-slate-900 dark:text-white">Copy your new token now. It will not be shown again.</p>
            <div className="flex flex-wrap items-center gap-2">
              <code data-testid="new-token" className="rounded-sm bg-slate-100 px-2 py-1 font-mono text-sm break-all dark:bg-slate-900">
                {shown}
              </code>
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  void navigator.clipboard?.writeText(shown).then(() => toast.success('Copied'));
                }}
              >
                <Copy aria-hidden="true" className="size-4" /> Copy
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setShown(null)}>
                Done
              </Button>
            </div>
          </div>
        </Card>
      )}
      <Card
        title="Tokens"
        actions={
          canCreate && (
            <Button size="sm" onClick={() => setOpen(true)}>
              <Plus aria-hidden="true" className="size-4" /> New token
            </Button>
          )
        }
        flush
      >
        {isLoading ? (
          <div className="p-5">
            <SkeletonText lines={4} />
          </div>
        ) : error || !data ? (
          <div className="p-5">
            <p role="alert" className="mb-3 text-sm text-red-600 dark:text-red-400">
              {errorMessage(error, 'An error occurred')}
            </p>
            <Button variant="outline" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : data.data.length === 0 ? (
          <EmptyState title="No API tokens yet" description="Make one to call the API from a script or another system." icon={<KeyRound className="size-6" />} />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-start text-sm">
              <thead className="bg-slate-50 text-xs text-slate-500 uppercase dark:bg-slate-800 dark:text-slate-400">
                <tr>
                  <th scope="col" className="px-4 py-2 text-start">Name</th>
                  <th scope="col" className="px-4 py-2 text-start">Permissions</th>
                  <th scope="col" className="px-4 py-2 text-start">Expires</th>
                  <th scope="col" className="px-4 py-2 text-start">Last used</th>
                  <th scope="col" className="px-4 py-2 text-start">Status</th>
                  <th scope="col" className="px-4 py-2"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
                {data.data.map((k) => (
                  <tr key={k.id}>
                    <td className="px-4 py-3">
                      <p className="font-medium text-slate-900 dark:text-white">{k.name}</p>
                      <p className="text-xs text-slate-500 dark:text-slate-400">
                        {k.kind === 'company' ? 'Company' : 'Personal'} · …{k.hint}
                        {can_manage && k.user_name ? ` · by ${k.user_name}` : ''}
                      </p>
                    </td>
                    <td className="max-w-xs px-4 py-3 text-xs text-slate-600 dark:text-slate-300">{k.scopes.join(', ')}</td>
                    <td className="px-4 py-3"><DateText value={k.expires_at} fallback="Never" /></td>
                    <td className="px-4 py-3"><DateText value={k.last_used_at} fallback="Never" /></td>
                    <td className="px-4 py-3"><Badge tone={STATUS_TONE[k.status]}>{k.status}</Badge></td>
                    <td className="px-4 py-3 text-end">
                      {canDelete && k.status !== 'revoked' && (
                        <Button size="sm" variant="ghost" onClick={() => setToRevoke(k)} aria-label={`Revoke ${k.name}`}>
                          Revoke
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {data.last_page > 1 && (
              <div className="flex justify-end gap-2 p-3">
                <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</Button>
                <Button size="sm" variant="outline" disabled={page >= data.last_page} onClick={() => setPage(page + 1)}>Next</Button>
              </div>
            )}
          </div>
        )}
      </Card>
      <NewTokenDialog
        open={open}
        onClose={() => setOpen(false)}
        grantable={grantable}
        canManage={can_manage}
        onMade={(token) => {
          setOpen(false);
          setShown(token);
        }}
      />
      <ConfirmDialog open={toRevoke !== null} onClose={() => setToRevoke(null)} onConfirm={() => void confirmRevoke()} title="Revoke this token?" confirmLabel="Revoke" busy={revoking}>
        Anything using “{toRevoke?.name}” stops working at once.
      </ConfirmDialog>
    </CompanySettingsPage>
  );
}

CompanyTokens.layout = AppLayout;
