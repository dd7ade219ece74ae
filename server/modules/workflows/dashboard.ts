import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { WorkflowDashboard } from '../../../common/answers/workflows.js';
import { TASK_STATUSES, type TaskStatus } from '../../../common/schemas/workflows.js';
import { rows } from '../../db/client.js';
import { param, requireContext, visibleTasks } from './access.js';

const OVERDUE = sql`(k.due_at < now() and k.status in ('todo', 'in_progress'))`;

/**
 * Groups/WorkflowsDashboard's figures (issue 21): the tasks of the group's events the member sees,
 * by status, overdue, waiting for approval, per assignee and per event — three grouped reads over
 * the group's events (tasks_event_status_idx).
 */
export function dashboardRoutes(app: FastifyInstance) {
  app.get('/workflows/dashboard/:groupId', { config: { access: 'workflows.view' } }, async (req) => {
    const groupId = param(req, 'groupId', 'Group');
    const tenantId = req.tenant!.id;
    return req.tenantTx(async (tx) => {
      await requireContext(tx, req, 'group', groupId);
      const from = sql`from tasks k join events on events.tenant_id = k.tenant_id and events.id = k.event_id
        where k.tenant_id = ${tenantId} and events.group_id = ${groupId} and ${visibleTasks(req)}`;
      const statuses = await rows<{ status: TaskStatus; n: number; overdue: number }>(tx, sql`select k.status, count(*)::int as n, count(*) filter (where ${OVERDUE})::int as overdue ${from} group by k.status`);
      const people = await rows<WorkflowDashboard['per_assignee'][number]>(
        tx,
        sql`select k.assigned_to as user_id, (select u.name from users u where u.id = k.assigned_to) as name,
                   count(*) filter (where k.status in ('todo', 'in_progress'))::int as open, count(*) filter (where k.status = 'submitted')::int as submitted,
                   count(*) filter (where k.status in ('approved', 'done'))::int as finished, count(*) filter (where ${OVERDUE})::int as overdue
              ${from} group by k.assigned_to order by 2 nulls last, 1 limit 200`,
      );
      const perEvent = await rows<WorkflowDashboard['per_event'][number]>(
        tx,
        sql`select k.event_id, events.name, to_char(events.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as starts_at, count(*)::int as total,
                   count(*) filter (where k.status in ('approved', 'done'))::int as finished, count(*) filter (where ${OVERDUE})::int as overdue
              ${from} group by k.event_id, events.name, events.starts_at order by events.starts_at, k.event_id limit 200`,
      );
      const by = Object.fromEntries(TASK_STATUSES.map((s) => [s, 0])) as Record<TaskStatus, number>;
      for (const s of statuses) by[s.status] = s.n;
      const data: WorkflowDashboard = {
        by_status: by,
        total: statuses.reduce((a, s) => a + s.n, 0),
        overdue: statuses.reduce((a, s) => a + s.overdue, 0),
        waiting_approval: by.submitted,
        per_assignee: people.map((p) => ({ ...p, user_id: p.user_id === null ? null : Number(p.user_id) })),
        per_event: perEvent.map((e) => ({ ...e, event_id: Number(e.event_id) })),
      };
      return { data };
    });
  });
}
