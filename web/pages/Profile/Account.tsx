import { Head, useForm } from '@inertiajs/react';
import { LogOut, Monitor, Smartphone, Tablet } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { EmptyState } from '@/components/display/EmptyState';
import { PageHeader } from '@/components/display/PageHeader';
import { formatDateTime, timeAgo } from '@/components/display/time';
import { describeUserAgent } from '@/components/display/user-agent';
import { Button } from '@/components/form/Button';
import { TextField } from '@/components/form/TextFields';
import { Modal } from '@/components/overlay/Modal';
import { BackLink } from '@/components/record/BackLink';
import { AppLayout } from '@/layouts/AppLayout';
import { useSharedProps } from '@/lib/page';

type Session = { id: string; ip_address: string | null; user_agent: string | null; last_activity: string | null; current: boolean };

const KIND_ICONS = { desktop: Monitor, mobile: Smartphone, tablet: Tablet } as const;

function SessionRow({ session, timeZone }: { session: Session; timeZone?: string | null }) {
  const device = describeUserAgent(session.user_agent);
  const Icon = KIND_ICONS[device.kind];
  return (
    <li className="flex items-start gap-4 px-5 py-4">
      <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-700 dark:text-slate-300">
        <Icon className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900 dark:text-white">
          {device.label}
          <span className="sr-only"> ({device.kind})</span>
        </p>
        <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
          <span dir="ltr">{session.ip_address ?? 'Unknown address'}</span>
          <span aria-hidden="true"> · </span>
          {session.current ? (
            <span className="sr-only">Active now</span>
          ) : session.last_activity ? (
            <>
              Last active <time dateTime={session.last_activity} title={formatDateTime(session.last_activity, timeZone)}>{timeAgo(session.last_activity)}</time>
            </>
          ) : (
            'Last activity unknown'
          )}
        </p>
      </div>
      {session.current && <Badge tone="success">This device</Badge>}
    </li>
  );
}

export default function ProfileAccount({ sessions = [] }: { sessions: Session[] }) {
  const { tenant } = useSharedProps();
  const [asking, setAsking] = useState(false);
  const form = useForm({ password: '' });
  const others = sessions.filter((s) => !s.current).length;

  function close() {
    setAsking(false);
    form.reset();
    form.clearErrors();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!form.data.password) {
      form.setError('password', 'The password field is required.');
      return;
    }
    form.post('/profile/sessions/logout-others', {
      preserveScroll: true,
      onSuccess: close,
      onError: () => form.reset('password'),
    });
  }

  return (
    <>
      <Head title="Account" />
      <PageHeader title="Account">
        <BackLink href="/profile">Back to profile</BackLink>
      </PageHeader>

      <Card title="Browser sessions" flush>
        <p className="border-b border-slate-100 px-5 py-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          These are the browsers signed in to your account. If you do not recognise one, sign it out and change your password.
        </p>
        {sessions.length === 0 ? (
          <EmptyState title="No active sessions" />
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-700">
            {sessions.map((s) => (
              <SessionRow key={s.id} session={s} timeZone={tenant?.timezone} />
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 px-5 py-4 dark:border-slate-700">
          <Button variant="secondary" onClick={() => setAsking(true)} disabled={others === 0}>
            <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            Log out other browser sessions
          </Button>
          {others === 0 && <span className="text-sm text-slate-600 dark:text-slate-400">No other browser is signed in.</span>}
        </div>
      </Card>

      <Modal
        open={asking}
        onClose={close}
        title="Log out other browser sessions"
        description="Enter your password to confirm that you want to sign out of your other browser sessions on all your devices."
        footer={
          <>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" form="logout-others" disabled={form.processing} busy={form.processing}>
              Log out other sessions
            </Button>
          </>
        }
      >
        <form id="logout-others" onSubmit={submit} noValidate>
          <TextField form={form} name="password" type="password" label="Password" autoComplete="current-password" autoFocus required />
        </form>
      </Modal>
    </>
  );
}

ProfileAccount.layout = AppLayout;
