import { Head, Link } from '@inertiajs/react';
import { BadgeCheck, Building, MonitorSmartphone, Pencil } from 'lucide-react';
import { Avatar } from '@/components/display/Avatar';
import { Badge } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { EmptyState } from '@/components/display/EmptyState';
import { PageHeader } from '@/components/display/PageHeader';
import { buttonClasses } from '@/components/form/Button';
import { AppLayout } from '@/layouts/AppLayout';
import { useFormats } from '@/lib/format';
import { useSharedProps } from '@/lib/page';

export type ProfileUser = {
  id: number;
  name: string;
  email: string;
  avatar_url: string | null;
  email_verified_at: string | null;
  created_at: string | null;
};

type Props = {
  user: ProfileUser;
  memberships: Array<{ tenant_id: number; tenant_name: string; role: string | null }>;
};

export default function ProfileIndex({ user, memberships = [] }: Props) {
  const { tenant } = useSharedProps();
  const formats = useFormats();
  const verified = Boolean(user.email_verified_at);

  return (
    <>
      <Head title="Profile" />
      <PageHeader title="Profile">
        <Link href="/profile/edit" className={buttonClasses('primary')}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit profile
        </Link>
        <Link href="/profile/account" className={buttonClasses('outline')}>
          <MonitorSmartphone aria-hidden="true" className="size-4" />
          Account and sessions
        </Link>
      </PageHeader>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-1">
          <div className="flex flex-col items-center text-center">
            <Avatar src={user.avatar_url} name={user.name} size="xl" />
            <h2 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{user.name}</h2>
            <p className="mt-1 text-sm break-all text-slate-600 dark:text-slate-400">{user.email}</p>
            <div className="mt-3">
              {verified ? (
                <Badge tone="success">
                  <BadgeCheck aria-hidden="true" className="size-3.5" />
                  Email verified
                </Badge>
              ) : (
                <Badge tone="warning">Email not verified</Badge>
              )}
            </div>
            {!verified && (
              <Link href="/verify-email" className="mt-2 text-sm font-medium text-primary underline-offset-2 hover:underline">
                Verify your email address
              </Link>
            )}
          </div>
          <dl className="mt-6 divide-y divide-slate-100 border-t border-slate-100 text-sm dark:divide-slate-700 dark:border-slate-700">
            <div className="flex justify-between gap-4 py-3">
              <dt className="text-slate-600 dark:text-slate-400">Member since</dt>
              <dd className="font-medium text-slate-900 dark:text-white">
                {user.created_at ? <time dateTime={user.created_at}>{formats.date(user.created_at)}</time> : '—'}
              </dd>
            </div>
            <div className="flex justify-between gap-4 py-3">
              <dt className="text-slate-600 dark:text-slate-400">Companies</dt>
              <dd className="font-medium text-slate-900 tabular-nums dark:text-white">{memberships.length}</dd>
            </div>
          </dl>
        </Card>

        <Card title="Companies and roles" flush className="lg:col-span-2">
          {memberships.length === 0 ? (
            <EmptyState title="No companies" description="You are not a member of any company yet." />
          ) : (
            <ul className="divide-y divide-slate-100 dark:divide-slate-700">
              {memberships.map((m) => (
                <li key={m.tenant_id} className="flex flex-wrap items-center gap-3 px-5 py-4">
                  <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/10 text-primary dark:bg-primary/20">
                    <Building className="size-5" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-slate-900 dark:text-white">{m.tenant_name}</span>
                    <span className="block text-sm text-slate-600 dark:text-slate-400">{m.role ? `Role: ${m.role}` : 'No role'}</span>
                  </span>
                  {tenant?.id === m.tenant_id && <Badge tone="primary">Current company</Badge>}
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}

ProfileIndex.layout = AppLayout;
