import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rows } from '../../db/client.js';
import { requireVisibleEvent } from '../campaigns/access.js';
import { groupResource } from '../campaigns/groups.js';
import { events } from '../campaigns/schema.js';
import { param } from './access.js';

/** who tasks go to and who approves: the company's active members and its roles (names only; at most 500) */
async function people(req: FastifyRequest) {
  const tenantId = req.tenant!.id;
  return req.tenantTx(async (tx) => ({
    members: (
      await rows<{ id: number; name: string }>(
        tx,
        sql`select u.id, u.name from memberships m join users u on u.id = m.user_id where m.tenant_id = ${tenantId} and m.status = 'active' order by u.name, u.id limit 500`,
      )
    ).map((m) => ({ id: Number(m.id), name: m.name })),
    roles: (await rows<{ id: number; name: string }>(tx, sql`select id, name from roles where tenant_id = ${tenantId} order by name, id limit 500`)).map((r) => ({ id: Number(r.id), name: r.name })),
  }));
}

const can = (req: FastifyRequest) => ({
  can_manage_workflows: req.permissions.has('workflows.create') && req.permissions.has('task_templates.create'),
  can_add_tasks: req.permissions.has('tasks.create'),
  me: req.user!.id,
});

/** PAGES.md Campaigns/Events/Tasks, Campaigns/Groups/WorkflowsIndex and WorkflowsDashboard. */
export function workflowPages(app: FastifyInstance) {
  app.get('/events/:id/tasks', { config: { access: 'tasks.view' } }, async (req, reply) => {
    const id = param(req, 'id', 'Event');
    const event = await req.tenantTx(async (tx) => {
      // the event a member sees, or one where a task is theirs to do or to approve
      const mine = await rows<{ id: number }>(
        tx,
        sql`select 1 as id from tasks where tenant_id = ${req.tenant!.id} and event_id = ${id} and (assigned_to = ${req.user!.id} or approver_id = ${req.user!.id}) limit 1`,
      );
      const e = mine.length ? (await tx.select().from(events).where(and(eq(events.tenantId, req.tenant!.id), eq(events.id, id))))[0] : await requireVisibleEvent(tx, req, id);
      const [g] = e.groupId ? await rows<{ name: string }>(tx, sql`select name from event_groups where tenant_id = ${req.tenant!.id} and id = ${e.groupId}`) : [];
      return { id: e.id, name: e.name, starts_at: new Date(e.startsAt).toISOString(), timezone: e.timezone, group_id: e.groupId, group_name: g?.name ?? null };
    });
    return reply.inertia('Campaigns/Events/Tasks', { event, ...(await people(req)), ...can(req) });
  });

  const groupPage = (component: string) => async (req: FastifyRequest, reply: FastifyReply) => {
    param(req, 'id', 'Group');
    const { data } = await groupResource.get(req);
    return reply.inertia(component, { group: data, ...(await people(req)), ...can(req) });
  };
  app.get('/groups/:id/workflows', { config: { access: 'workflows.view' } }, groupPage('Campaigns/Groups/WorkflowsIndex'));
  app.get('/groups/:id/workflows/dashboard', { config: { access: 'workflows.view' } }, groupPage('Campaigns/Groups/WorkflowsDashboard'));
}
