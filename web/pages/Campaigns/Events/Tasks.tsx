import { Head, Link, usePage } from '@inertiajs/react';
import { useState } from 'react';
import { formatDateTime } from '@common/format';
import { TASK_FAILURES, TASK_STATUSES, type TaskStatus } from '@common/schemas/workflows';
import { StatusPill } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { PageHeader } from '@/components/display/PageHeader';
import { Button, buttonClasses } from '@/components/form/Button';
import { selectClasses } from '@/components/form/styles';
import { BackLink } from '@/components/record/BackLink';
import { useGetEventTasksQuery } from '@/features/workflows/api';
import { TASK_STATUS_LABELS, TASK_STATUS_TONES } from '@/features/workflows/labels';
import { TaskForm } from '@/features/workflows/TaskForm';
import { TaskPanel } from '@/features/workflows/TaskPanel';
import type { Person } from '@/features/workflows/TemplateForm';
import { WorkflowEditor } from '@/features/workflows/WorkflowEditor';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';

type Props = {
  event: { id: number; name: string; starts_at: string; timezone: string; group_id: number | null; group_name: string | null };
  members: Person[];
  roles: Person[];
  can_manage_workflows: boolean;
  can_add_tasks: boolean;
  me: number;
};

/** ?task={id}: the task a link (a notification, the calendar) opens; read from the visit's own address, which the browser's may not show yet */
const opened = (url: string) => Number(new URLSearchParams(url.split('?')[1] ?? '').get('task')) || null;

/** Campaigns/Events/Tasks (PAGES.md /events/{id}/tasks): the event's tasks with their approval flow, and the workflows attached to it. */
export default function EventTasks({ event, members, roles, can_manage_workflows, can_add_tasks, me }: Props) {
  const [adding, setAdding] = useState(false);
  const [status, setStatus] = useState<TaskStatus | ''>('');
  const [who, setWho] = useState('');
  const { url } = usePage();
  const [taskId, setTaskId] = useState<number | null>(() => opened(url));
  const tasks = useGetEventTasksQuery({ eventId: event.id, ...(status ? { status } : {}), ...(who ? { assigned_to: who === 'me' ? 'me' : Number(who) } : {}) });
  return (
    <>
      <Head title={`Tasks · ${event.name}`} />
      <PageHeader title={<>Tasks · <bdi>{event.name}</bdi></>} description={`Starts ${formatDateTime(event.starts_at, undefined, event.timezone)}`}>
        <BackLink href={`/events/${event.id}`}>Back to the event</BackLink>
        {event.group_id && (
          <Link href={`/groups/${event.group_id}/workflows`} className={buttonClasses('outline', 'md')}>
            Workflows of <bdi>{event.group_name}</bdi>
          </Link>
        )}
      </PageHeader>
      <div className="grid gap-6 xl:grid-cols-5">
        <Card
          title="Tasks"
          className="xl:col-span-3"
          flush
          actions={
            can_add_tasks && !adding && (
              <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
                Add a task
              </Button>
            )
          }
        >
          {adding && (
            <div className="border-b border-slate-100 pt-4 dark:border-slate-700">
              <TaskForm eventId={event.id} members={members} onDone={() => setAdding(false)} />
            </div>
          )}
          <div className="flex flex-wrap items-end gap-3 px-5 pt-4" role="group" aria-label="Task filters">
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-300">
              Status
              <select className={selectClasses} value={status} onChange={(e) => setStatus(e.target.value as TaskStatus | '')}>
                <option value="">All</option>
                {TASK_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {TASK_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-300">
              Assigned to
              <select className={selectClasses} value={who} onChange={(e) => setWho(e.target.value)}>
                <option value="">Anyone</option>
                <option value="me">Me</option>
                {members.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </select>
            </label>
            {tasks.isFetching && <span className="pb-2 text-sm text-slate-500 dark:text-slate-400">Loading…</span>}
          </div>
          {tasks.isError && (
            <div className="p-5">
              <ErrorAlert>{errorMessage(tasks.error, TASK_FAILURES.fetchTasks)}</ErrorAlert>
            </div>
          )}
          <div className="overflow-x-auto p-5">
            <table className="w-full text-start text-sm">
              <thead className="text-xs uppercase text-slate-500 dark:text-slate-400">
                <tr>
                  <th scope="col" className="py-2 pe-3 text-start">Task</th>
                  <th scope="col" className="py-2 pe-3 text-start">Assigned to</th>
                  <th scope="col" className="py-2 pe-3 text-start">Due</th>
                  <th scope="col" className="py-2 text-start">Status</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
                {tasks.data?.data.map((k) => (
                  <tr key={k.id}>
                    <td className="py-2 pe-3">
                      <Button variant="ghost" size="sm" className="-ms-3 text-start" onClick={() => setTaskId(k.id)}>
                        <bdi>{k.title}</bdi>
                      </Button>
                    </td>
                    <td className="py-2 pe-3 text-slate-700 dark:text-slate-200"><bdi>{k.assignee_name ?? '—'}</bdi></td>
                    <td className="py-2 pe-3 text-slate-700 dark:text-slate-200">{k.due_at ? formatDateTime(k.due_at, undefined, event.timezone) : '—'}</td>
                    <td className="py-2">
                      <span className="flex flex-wrap gap-1">
                        <StatusPill status={k.status} label={TASK_STATUS_LABELS[k.status]} tone={TASK_STATUS_TONES[k.status]} />
                        {k.overdue && <StatusPill status="overdue" label="Overdue" tone="danger" />}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {tasks.data?.data.length === 0 && <p className="py-4 text-sm text-slate-500 dark:text-slate-400">No tasks yet: attach a workflow or add its steps.</p>}
          </div>
        </Card>
        <section className="xl:col-span-2" aria-label="Workflows of this event">
          <h2 className="mb-3 text-lg font-semibold text-slate-800 dark:text-slate-100">Workflows</h2>
          <WorkflowEditor contextType="event" contextId={event.id} members={members} roles={roles} canManage={can_manage_workflows} />
        </section>
      </div>
      <TaskPanel taskId={taskId} me={me} onClose={() => setTaskId(null)} />
    </>
  );
}

EventTasks.layout = AppLayout;
