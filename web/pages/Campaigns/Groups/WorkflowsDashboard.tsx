import { Link } from '@inertiajs/react';
import { AlarmClock, CheckCircle2, ListTodo, ShieldCheck } from 'lucide-react';
import { formatCount, formatDate } from '@common/format';
import { TASK_STATUSES } from '@common/schemas/workflows';
import { Card } from '@/components/display/Card';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { StatCard, StatCardSkeletons } from '@/components/display/StatCard';
import { Chart } from '@/components/chart/Chart';
import type { GroupRow } from '@/features/campaigns/api';
import { GroupFrame } from '@/features/campaigns/GroupLayout';
import { useGetWorkflowDashboardQuery } from '@/features/workflows/api';
import { TASK_STATUS_LABELS } from '@/features/workflows/labels';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';

/** Campaigns/Groups/WorkflowsDashboard (PAGES.md /groups/{id}/workflows/dashboard): progress across the group's events. */
export default function GroupWorkflowsDashboard({ group }: { group: GroupRow }) {
  const q = useGetWorkflowDashboardQuery(group.id);
  const d = q.data;
  return (
    <GroupFrame group={group} here="/workflows/dashboard">
      {q.isError && <ErrorAlert>{errorMessage(q.error, 'Failed to load statistics')}</ErrorAlert>}
      {!d ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"><StatCardSkeletons count={4} /></div>
      ) : (
        <div className="flex flex-col gap-6">
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard label="Tasks" value={formatCount(d.total)} icon={<ListTodo aria-hidden="true" className="size-5" />} />
            <StatCard label="Finished" value={formatCount(d.by_status.approved + d.by_status.done)} tone="success" icon={<CheckCircle2 aria-hidden="true" className="size-5" />} />
            <StatCard label="Waiting for approval" value={formatCount(d.waiting_approval)} tone="warning" icon={<ShieldCheck aria-hidden="true" className="size-5" />} />
            <StatCard label="Overdue" value={formatCount(d.overdue)} tone="danger" icon={<AlarmClock aria-hidden="true" className="size-5" />} />
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <Card title="Tasks by status">
              <Chart type="doughnut" label="Tasks by status" labels={TASK_STATUSES.map((s) => TASK_STATUS_LABELS[s])} series={[{ label: 'Tasks', data: TASK_STATUSES.map((s) => d.by_status[s]) }]} legend format={formatCount} />
            </Card>
            <Card title="Per assignee">
              <Chart
                type="bar"
                stacked
                legend
                label="Tasks per assignee"
                labels={d.per_assignee.map((p) => p.name ?? 'Unassigned')}
                series={[
                  { label: 'Open', data: d.per_assignee.map((p) => p.open) },
                  { label: 'Waiting for approval', data: d.per_assignee.map((p) => p.submitted) },
                  { label: 'Finished', data: d.per_assignee.map((p) => p.finished) },
                ]}
                format={formatCount}
              />
            </Card>
          </div>
          <Card title="Events" flush>
            <table className="w-full text-sm">
              <thead className="text-xs uppercase text-slate-500 dark:text-slate-400">
                <tr>
                  <th scope="col" className="px-5 py-2 text-start">Event</th>
                  <th scope="col" className="px-5 py-2 text-start">Date</th>
                  <th scope="col" className="px-5 py-2 text-end">Finished</th>
                  <th scope="col" className="px-5 py-2 text-end">Overdue</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
                {d.per_event.map((e) => (
                  <tr key={e.event_id}>
                    <td className="px-5 py-2">
                      <Link href={`/events/${e.event_id}/tasks`} className="text-primary-strong hover:underline dark:text-primary-light"><bdi>{e.name}</bdi></Link>
                    </td>
                    <td className="px-5 py-2">{formatDate(e.starts_at)}</td>
                    <td className="px-5 py-2 text-end">{formatCount(e.finished)} / {formatCount(e.total)}</td>
                    <td className="px-5 py-2 text-end">{formatCount(e.overdue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {d.per_event.length === 0 && <p className="px-5 py-4 text-sm text-slate-500 dark:text-slate-400">No tasks yet: switch a workflow on for this group.</p>}
          </Card>
        </div>
      )}
    </GroupFrame>
  );
}

GroupWorkflowsDashboard.layout = AppLayout;
