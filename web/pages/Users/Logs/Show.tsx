import { Head, Link } from '@inertiajs/react';
import { ArrowLeft, ChevronLeft, ChevronRight, CircleX, RefreshCw, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '@/components/display/Avatar';
import { Badge } from '@/components/display/Badge';
import { EmptyState } from '@/components/display/EmptyState';
import { Button, buttonClasses } from '@/components/form/Button';
import { ActivityCharts } from '@/features/user-logs/ActivityCharts';
import { MetricCards, MetricCardsSkeleton } from '@/features/user-logs/MetricCards';
import { TimelinePanel } from '@/features/user-logs/TimelinePanel';
import { TopLists } from '@/features/user-logs/TopLists';
import { useUserTimeline } from '@/features/user-logs/use-user-logs';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan, useSharedProps } from '@/lib/page';
import { useAppDispatch, useAppSelector } from '@/store';
import { fetchUserMetrics, resetUserLogs } from '@/store/user-logs-slice';

type UserRef = { id: number; name: string };
type Props = {
  user: { id: number; name: string; email: string; avatar_url: string | null; role: string | null };
  previousUser: UserRef | null;
  nextUser: UserRef | null;
};

const timelineUrl = (id: number) => `/users/${id}/activity`;

/** Previous / next member (name order), for those who may read everyone's activity. */
function Neighbours({ previousUser, nextUser }: Pick<Props, 'previousUser' | 'nextUser'>) {
  if (!previousUser && !nextUser) return null;
  return (
    <nav aria-label="Other users" className="flex items-center gap-2">
      {previousUser && (
        <Link href={timelineUrl(previousUser.id)} className={buttonClasses('outline', 'sm')} aria-label={`Previous user: ${previousUser.name}`}>
          <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
          <span className="max-w-32 truncate max-sm:sr-only">{previousUser.name}</span>
        </Link>
      )}
      {nextUser && (
        <Link href={timelineUrl(nextUser.id)} className={buttonClasses('outline', 'sm')} aria-label={`Next user: ${nextUser.name}`}>
          <span className="max-w-32 truncate max-sm:sr-only">{nextUser.name}</span>
          <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
        </Link>
      )}
    </nav>
  );
}

/** Users Logs Show (SPEC §2): one member's activity timeline and the metrics derived from it. */
export default function UsersLogsShow({ user, previousUser, nextUser }: Props) {
  const { auth, tenant } = useSharedProps();
  const seesEveryone = useCan('user_logs.view');
  const dispatch = useAppDispatch();
  const [reload, setReload] = useState(0);
  useUserTimeline(user.id, { previous: previousUser?.id ?? null, next: nextUser?.id ?? null }, reload);
  const { detailedMetrics: metrics, metricsLoading, metricsError } = useAppSelector((s) => s.userLogs);
  const timeZone = tenant?.timezone || 'UTC';
  const own = auth?.user?.id === user.id;

  function reset() {
    dispatch(resetUserLogs());
    setReload((n) => n + 1);
  }

  return (
    <>
      <Head title={own ? 'My activity' : `Activity of ${user.name}`} />
      {seesEveryone && (
        <Link href="/users/activity" className="mb-4 inline-flex items-center gap-1.5 rounded-sm text-sm text-slate-600 hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:text-slate-400">
          <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
          All users
        </Link>
      )}
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-4">
          <Avatar src={user.avatar_url} name={user.name} size="lg" />
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-semibold text-slate-900 dark:text-white">{user.name}</h1>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
              <span className="truncate">{user.email}</span>
              {user.role && <Badge tone="primary">{user.role}</Badge>}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Neighbours previousUser={previousUser} nextUser={nextUser} />
          <Button variant="outline" size="sm" onClick={reset}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Reset
          </Button>
        </div>
      </div>

      <section aria-labelledby="figures-heading">
        <h2 id="figures-heading" className="sr-only">
          Activity figures of the last 30 days
        </h2>
        {metricsError && !metrics ? (
          <div role="alert" className="rounded-md bg-white shadow-sm ring-1 ring-slate-900/5 dark:bg-dark dark:ring-white/10">
            <EmptyState
              icon={<CircleX className="size-6 text-danger" />}
              title="The activity figures could not be loaded"
              description={metricsError}
              action={
                <Button variant="outline" size="sm" onClick={() => void dispatch(fetchUserMetrics({ userId: user.id, force: true }))}>
                  <RefreshCw aria-hidden="true" className="size-4" />
                  Try again
                </Button>
              }
            />
          </div>
        ) : (
          <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4" aria-busy={metricsLoading || undefined}>
            {metrics ? <MetricCards metrics={metrics} /> : <MetricCardsSkeleton />}
          </div>
        )}
      </section>

      <div className="mt-6">
        <TimelinePanel userId={user.id} timeZone={timeZone} filtersKey={reload} />
      </div>

      {metrics && (
        <section aria-labelledby="patterns-heading" className="mt-6 space-y-6">
          <h2 id="patterns-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Activity patterns <span className="text-sm font-normal text-slate-600 dark:text-slate-400">· last 30 days, {timeZone}</span>
          </h2>
          <ActivityCharts metrics={metrics} timeZone={timeZone} />
          <TopLists metrics={metrics} />
        </section>
      )}
    </>
  );
}

UsersLogsShow.layout = AppLayout;
