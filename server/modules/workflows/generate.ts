import { sql, type SQL } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';

export interface Generated {
  id: number;
  event_id: number;
  assigned_to: number | null;
  title: string;
}

/**
 * Makes the tasks a workflow's templates owe to the events of its context, in one statement
 * (docs/decisions/0049-workflows.md): each active workflow's templates × the events it reaches
 * (its event, or its group's events that have not ended), one task per (event, template) however
 * often it runs (`on conflict do nothing` on tasks_event_template_unique). A template assigned to a
 * role goes to the role's active member with the lowest id, so the same input gives the same task.
 * Narrowed to one workflow, one template or one event; answers the tasks it made.
 */
export async function generateTasks(tx: Tx, tenantId: number, by: { workflowId?: number; templateId?: number; eventId?: number }, userId: number | null): Promise<Generated[]> {
  const narrow: SQL[] = [];
  if (by.workflowId) narrow.push(sql`w.id = ${by.workflowId}`);
  if (by.templateId) narrow.push(sql`t.id = ${by.templateId}`);
  if (by.eventId) narrow.push(sql`e.id = ${by.eventId}`);
  const made = await rows<Generated>(
    tx,
    sql`insert into tasks (tenant_id, event_id, workflow_id, template_id, position, title, instructions, assigned_to, approver_id,
                           requires_approval, completion, checklist, due_at, created_by)
        select w.tenant_id, e.id, w.id, t.id, t.position, t.title, t.instructions,
               coalesce(t.assignee_user_id, (select m.user_id from memberships m
                                               where m.tenant_id = w.tenant_id and m.role_id = t.assignee_role_id and m.status = 'active'
                                               order by m.user_id limit 1)),
               t.approver_user_id, t.requires_approval, t.completion, t.checklist,
               e.starts_at + make_interval(days => t.due_offset_days), ${userId}
          from workflows w
          join task_templates t on t.tenant_id = w.tenant_id and t.workflow_id = w.id
          join events e on e.tenant_id = w.tenant_id
               and ((w.context_type = 'event' and e.id = w.context_id) or (w.context_type = 'group' and e.group_id = w.context_id and e.ends_at >= now()))
         where w.tenant_id = ${tenantId} and w.is_active ${narrow.length ? sql`and ${sql.join(narrow, sql` and `)}` : sql``}
        on conflict (tenant_id, event_id, template_id) do nothing
        returning id, event_id, assigned_to, title`,
  );
  if (made.length) {
    await tx.execute(sql`insert into task_activities (tenant_id, task_id, user_id, action, to_status)
      select ${tenantId}, id, ${userId}, 'created', 'todo' from unnest(${sql.param(made.map((m) => Number(m.id)))}::bigint[]) as id`);
  }
  return made.map((m) => ({ id: Number(m.id), event_id: Number(m.event_id), assigned_to: m.assigned_to === null ? null : Number(m.assigned_to), title: m.title }));
}

/**
 * An event moved: its unfinished generated tasks follow it (due = the new start + the template's
 * offset), in one statement.
 */
export async function followEventDate(tx: Tx, tenantId: number, eventId: number) {
  await tx.execute(sql`update tasks k set due_at = e.starts_at + make_interval(days => t.due_offset_days), updated_at = now()
      from events e, task_templates t
     where k.tenant_id = ${tenantId} and k.event_id = ${eventId} and e.tenant_id = k.tenant_id and e.id = k.event_id
       and t.tenant_id = k.tenant_id and t.id = k.template_id and k.status not in ('approved', 'done')
       and k.due_at is distinct from e.starts_at + make_interval(days => t.due_offset_days)`);
}
