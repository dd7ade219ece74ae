import { Head, Link } from '@inertiajs/react';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { Skeleton } from '@/components/display/Skeleton';
import { TextInput } from '@/components/form/TextInput';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useCan } from '@/lib/page';
import { useGetPermissionCatalogueQuery } from '@/store/roles-api';
import { ErrorAlert } from '@/components/display/ErrorAlert';

export default function Permissions() {
  const { data, isLoading, isError, error } = useGetPermissionCatalogueQuery();
  const canEditRoles = useCan('roles.update');
  const [query, setQuery] = useState('');

  const sections = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!data) return [];
    if (!q) return data.data;
    return data.data
      .map((s) => ({
        ...s,
        areas: s.areas
          .map((a) => (a.label.toLowerCase().includes(q) || a.area.includes(q) ? a : { ...a, permissions: a.permissions.filter((p) => p.name.includes(q)) }))
          .filter((a) => a.permissions.length > 0),
      }))
      .filter((s) => s.areas.length > 0);
  }, [data, query]);

  return (
    <>
      <Head title="Permissions" />
      <PageHeader
        title="Permissions"
        description={data ? `${data.total} permissions across ${data.roles.length} roles. Permissions are fixed; change what a role holds on the Roles page.` : undefined}
      >
        <Link href="/roles" className="text-sm font-medium text-primary underline-offset-2 hover:underline">
          Manage roles
        </Link>
      </PageHeader>

      {isLoading ? (
        <div className="flex flex-col gap-3">
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : isError ? (
        <ErrorAlert>{errorMessage(error, 'Failed to fetch permissions')}</ErrorAlert>
      ) : (
        <>
          <TextInput
            id="permission-search"
            type="search"
            label="Search permissions"
            placeholder="invoices, send…"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            wrapperClassName="mb-6 max-w-sm"
          />
          {sections.length === 0 && <p className="text-sm text-slate-500">No permission matches “{query}”.</p>}
          <div className="flex flex-col gap-6">
            {sections.map((section) => (
              <Card key={section.section} title={section.section} flush>
                <div className="overflow-x-auto">
                  <table className="w-full text-sm">
                    <caption className="sr-only">{section.section} permissions and the roles holding them</caption>
                    <thead className="bg-slate-50 text-start text-xs text-slate-500 uppercase dark:bg-white/5 dark:text-slate-400">
                      <tr>
                        <th scope="col" className="px-5 py-2 text-start font-medium">
                          Area
                        </th>
                        <th scope="col" className="px-5 py-2 text-start font-medium">
                          Permission
                        </th>
                        <th scope="col" className="px-5 py-2 text-start font-medium">
                          Roles
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100 dark:divide-white/10">
                      {section.areas.flatMap((area) =>
                        area.permissions.map((p, i) => (
                          <tr key={p.name}>
                            {i === 0 && (
                              <th scope="rowgroup" rowSpan={area.permissions.length} className="px-5 py-2 text-start align-top font-medium text-slate-900 dark:text-white">
                                {area.label}
                              </th>
                            )}
                            <td className="px-5 py-2">
                              <code className="text-xs text-slate-700 dark:text-slate-300">{p.name}</code>
                            </td>
                            <td className="px-5 py-2">
                              <div className="flex flex-wrap gap-1.5">
                                {p.roles.length === 0 && <span className="text-slate-400">No role</span>}
                                {p.roles.map((r) =>
                                  canEditRoles ? (
                                    <Link key={r.id} href={`/roles/${r.id}/edit`} className="rounded-full focus-visible:outline-2 focus-visible:outline-primary">
                                      <Badge tone="primary">{r.name}</Badge>
                                    </Link>
                                  ) : (
                                    <Badge key={r.id} tone="primary">
                                      {r.name}
                                    </Badge>
                                  ),
                                )}
                              </div>
                            </td>
                          </tr>
                        )),
                      )}
                    </tbody>
                  </table>
                </div>
              </Card>
            ))}
          </div>
        </>
      )}
    </>
  );
}

Permissions.layout = AppLayout;
