import { sql, type SQL } from 'drizzle-orm';
import type { CalendarTaskItem } from '../../../common/answers/campaigns.js';
import { rows } from '../../db/client.js';
import { CALENDAR_LIMIT, registerCalendarSource } from '../campaigns/calendar.js';
import { fromTasks, visibleTasks } from './access.js';

/**
 * The task due dates on Calendar/Overview (GET /calendar/events?with_tasks=1; issue 21): the tasks
 * the member sees due in the range, on the (tenant_id, due_at, id) index, coloured by status on
 * the page (an overdue one stands out).
 */
registerCalendarSource(async (req, range) => {
  const parts: SQL[] = [sql`k.tenant_id = ${req.tenant!.id}`, sql`k.due_at >= ${range.from}`, sql`k.due_at < ${range.to}`, visibleTasks(req)];
  if (range.campaign_id) parts.push(sql`events.campaign_id = ${range.campaign_id}`);
  if (range.group_id) parts.push(sql`events.group_id = ${range.group_id}`);
  const found = await req.tenantRead((tx) =>
    rows<{ id: number; event_id: number; event_name: string; title: string; due_at: string; status: string; overdue: boolean; assigned_to: number | null }>(
      tx,
      sql`select k.id, k.event_id, events.name as event_name, k.title, to_char(k.due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as due_at, k.status,
                 (k.due_at < now() and k.status in ('todo', 'in_progress')) as overdue, k.assigned_to
            ${fromTasks} where ${sql.join(parts, sql` and `)} order by k.due_at, k.id limit ${CALENDAR_LIMIT}`,
    ),
  );
  return found.map(
    (k): CalendarTaskItem => ({
      kind: 'task',
      id: `task-${k.id}`,
      task_id: Number(k.id),
      event_id: Number(k.event_id),
      event_name: k.event_name,
      title: k.title,
      start_date: k.due_at,
      end_date: k.due_at,
      status: k.status,
      overdue: k.overdue,
      assigned_to: k.assigned_to === null ? null : Number(k.assigned_to),
      editable: false,
    }),
  );
});
