import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TaskTemplateRow, WorkflowRow } from '../../../common/answers/workflows.js';
import { reorderSchema, TASK_MESSAGES, taskTemplateSchema, workflowListSchema, workflowSchema, workflowUpdateSchema } from '../../../common/schemas/workflows.js';
import { rows, type Tx } from '../../db/client.js';
import { fieldError, notFound, ValidationError } from '../../http/errors.js';
import { visibleEventsCondition } from '../campaigns/access.js';
import { paginator } from '../../http/paginator.js';
import { validate } from '../../http/validate.js';
import { param, requireContext, requireWorkflow } from './access.js';
import { generateTasks, type Generated } from './generate.js';
import { assignmentNews, sendMails, tellMembers } from './tell.js';

const workflowFields = sql`w.id, w.name, w.description, w.context_type, w.context_id,
  case when w.context_type = 'event' then (select e.name from events e where e.tenant_id = w.tenant_id and e.id = w.context_id)
       else (select g.name from event_groups g where g.tenant_id = w.tenant_id and g.id = w.context_id) end as context_name,
  w.is_active, (select count(*)::int from task_templates t where t.tenant_id = w.tenant_id and t.workflow_id = w.id) as templates_count,
  (select count(*)::int from tasks k where k.tenant_id = w.tenant_id and k.workflow_id = w.id) as tasks_count,
  to_char(w.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at`;

const castWorkflow = (r: WorkflowRow): WorkflowRow => ({ ...r, id: Number(r.id), context_id: Number(r.context_id) });

const templateFields = sql`t.id, t.workflow_id, t.position, t.title, t.instructions, t.assignee_user_id, t.assignee_role_id,
  coalesce((select u.name from users u where u.id = t.assignee_user_id), (select r.name from roles r where r.tenant_id = t.tenant_id and r.id = t.assignee_role_id)) as assignee_name,
  t.due_offset_days, t.requires_approval, t.approver_user_id, (select u.name from users u where u.id = t.approver_user_id) as approver_name,
  t.completion, t.checklist, t.depends_on`;

const castTemplate = (r: TaskTemplateRow): TaskTemplateRow => ({
  ...r,
  id: Number(r.id),
  workflow_id: Number(r.workflow_id),
  assignee_user_id: r.assignee_user_id === null ? null : Number(r.assignee_user_id),
  assignee_role_id: r.assignee_role_id === null ? null : Number(r.assignee_role_id),
  approver_user_id: r.approver_user_id === null ? null : Number(r.approver_user_id),
  depends_on: (r.depends_on ?? []).map(Number),
});

async function workflowById(tx: Tx, tenantId: number, id: number) {
  const [w] = await rows<WorkflowRow>(tx, sql`select ${workflowFields} from workflows w where w.tenant_id = ${tenantId} and w.id = ${id}`);
  return castWorkflow(w);
}

async function templateById(tx: Tx, tenantId: number, id: number) {
  const [t] = await rows<TaskTemplateRow>(tx, sql`select ${templateFields} from task_templates t where t.tenant_id = ${tenantId} and t.id = ${id}`);
  return t ? castTemplate(t) : null;
}

/** the members named must be active members of the company; the role one of its roles; dependencies earlier templates of the workflow */
async function checkTemplate(tx: Tx, tenantId: number, workflowId: number, input: z.output<typeof taskTemplateSchema>, selfId: number | null) {
  const errors: Record<string, string[]> = {};
  const members = [input.assignee_user_id, input.approver_user_id].filter((v): v is number => !!v);
  if (members.length) {
    const found = await rows<{ user_id: number }>(
      tx,
      sql`select user_id from memberships where tenant_id = ${tenantId} and status = 'active' and user_id = any(${sql.param(members)}::bigint[])`,
    );
    const ok = new Set(found.map((f) => Number(f.user_id)));
    if (input.assignee_user_id && !ok.has(input.assignee_user_id)) errors.assignee_user_id = ['The selected assignee is not a member of the company.'];
    if (input.approver_user_id && !ok.has(input.approver_user_id)) errors.approver_user_id = ['The selected approver is not a member of the company.'];
  }
  if (input.assignee_role_id) {
    const [r] = await rows<{ id: number }>(tx, sql`select id from roles where tenant_id = ${tenantId} and id = ${input.assignee_role_id}`);
    if (!r) errors.assignee_role_id = ['The selected role is invalid.'];
  }
  const deps = [...new Set(input.depends_on)];
  if (deps.length) {
    if (selfId && deps.includes(selfId)) errors.depends_on = ['A task cannot wait for itself.'];
    else {
      const found = await rows<{ id: number }>(
        tx,
        sql`select id from task_templates where tenant_id = ${tenantId} and workflow_id = ${workflowId} and id = any(${sql.param(deps)}::bigint[])
              ${selfId ? sql`and position < (select position from task_templates where tenant_id = ${tenantId} and id = ${selfId})` : sql``}`,
      );
      if (found.length !== deps.length) errors.depends_on = ['A task may wait only for earlier tasks of the same workflow.'];
    }
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return deps;
}

/** the event names of generated tasks, for their news */
async function eventNames(tx: Tx, tenantId: number, made: Generated[]) {
  const ids = [...new Set(made.map((m) => m.event_id))];
  if (!ids.length) return new Map<number, string>();
  const found = await rows<{ id: number; name: string }>(tx, sql`select id, name from events where tenant_id = ${tenantId} and id = any(${sql.param(ids)}::bigint[])`);
  return new Map(found.map((f) => [Number(f.id), f.name]));
}

/** generates and tells the assignees; answers the mails for after the commit */
export async function generateAndTell(tx: Tx, req: FastifyRequest, by: Parameters<typeof generateTasks>[2]) {
  const tenantId = req.tenant!.id;
  const made = await generateTasks(tx, tenantId, by, req.user?.id ?? null);
  return { made, mails: await tellMembers(tx, tenantId, assignmentNews(made, await eventNames(tx, tenantId, made)), req.user?.id ?? null) };
}

/**
 * Workflows and their task templates (SPEC §7 "Workflows, tasks, calendar"; issue 21): the
 * resources' full set under /workflows and /task-templates, the templates' order, and a group's
 * progress dashboard. A workflow is seen through its context (access.ts).
 */
export function workflowRoutes(app: FastifyInstance) {
  app.get('/workflows/json', { config: { access: 'workflows.view' } }, async (req) => {
    const q = validate(workflowListSchema, req.query ?? {});
    const tenantId = req.tenant!.id;
    return req.tenantTx(async (tx) => {
      if (q.context_id) await requireContext(tx, req, q.context_type, q.context_id);
      const parts: SQL[] = [sql`w.tenant_id = ${tenantId}`, sql`w.context_type = ${q.context_type}`];
      if (q.context_id) parts.push(sql`w.context_id = ${q.context_id}`);
      else if (q.context_type === 'event') {
        // without a context: only the workflows of the events the member sees
        const seen = visibleEventsCondition(req);
        if (seen) parts.push(sql`exists (select 1 from events where events.tenant_id = w.tenant_id and events.id = w.context_id and ${seen})`);
      }
      if (q.is_active !== undefined) parts.push(sql`w.is_active = ${q.is_active}`);
      if (q.search) parts.push(sql`w.name ilike ${`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
      const where = sql.join(parts, sql` and `);
      if (q.paginate === false) {
        return (await rows<WorkflowRow>(tx, sql`select ${workflowFields} from workflows w where ${where} order by w.created_at desc, w.id desc limit 500`)).map(castWorkflow);
      }
      const data = await rows<WorkflowRow>(
        tx,
        sql`select ${workflowFields} from workflows w where ${where} order by w.created_at desc, w.id desc limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
      );
      const [{ n }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from workflows w where ${where}`);
      return paginator(data.map(castWorkflow), { total: Number(n), page: q.page, perPage: q.per_page, path: '/workflows/json', query: req.query as Record<string, unknown> });
    });
  });

  app.post('/workflows/store', { config: { access: 'workflows.create' } }, async (req, reply) => {
    const body = validate(workflowSchema, req.body ?? {});
    const tenantId = req.tenant!.id;
    const data = await req.tenantTx(async (tx) => {
      await requireContext(tx, req, body.context_type, body.context_id);
      const [w] = await rows<{ id: number }>(
        tx,
        sql`insert into workflows (tenant_id, name, description, context_type, context_id, is_active, created_by)
            values (${tenantId}, ${body.name}, ${body.description}, ${body.context_type}, ${body.context_id}, ${body.is_active}, ${req.user!.id}) returning id`,
      );
      return workflowById(tx, tenantId, Number(w.id));
    });
    return reply.code(201).send({ message: 'Workflow created successfully.', data });
  });

  app.get('/workflows/get-workflow/:id', { config: { access: 'workflows.view' } }, async (req) => {
    const id = param(req, 'id', 'Workflow');
    return req.tenantTx(async (tx) => {
      await requireWorkflow(tx, req, id);
      return { data: await workflowById(tx, req.tenant!.id, id) };
    });
  });

  app.put('/workflows/update/:id', { config: { access: 'workflows.update' } }, async (req) => {
    const id = param(req, 'id', 'Workflow');
    const body = validate(workflowUpdateSchema, req.body ?? {});
    const tenantId = req.tenant!.id;
    const out = await req.tenantTx(async (tx) => {
      const before = await requireWorkflow(tx, req, id);
      await tx.execute(sql`update workflows set name = coalesce(${body.name ?? null}, name),
          description = ${body.description === undefined ? sql`description` : body.description},
          is_active = coalesce(${body.is_active ?? null}::boolean, is_active), updated_at = now()
        where tenant_id = ${tenantId} and id = ${id}`);
      // switched on: the events it reaches get the tasks they are missing
      const { mails } = !before.is_active && body.is_active ? await generateAndTell(tx, req, { workflowId: id }) : { mails: [] };
      return { data: await workflowById(tx, tenantId, id), mails };
    });
    await sendMails(app, out.mails);
    return { message: 'Workflow updated successfully.', data: out.data };
  });

  app.delete('/workflows/delete/:id', { config: { access: 'workflows.delete' } }, async (req) => {
    const id = param(req, 'id', 'Workflow');
    const tenantId = req.tenant!.id;
    await req.tenantTx(async (tx) => {
      await requireWorkflow(tx, req, id);
      // the tasks made from it stay with their events, as tasks added by hand
      await tx.execute(sql`update tasks set workflow_id = null, template_id = null, updated_at = now() where tenant_id = ${tenantId} and workflow_id = ${id}`);
      await tx.execute(sql`delete from workflows where tenant_id = ${tenantId} and id = ${id}`);
    });
    return { message: 'Workflow deleted successfully.' };
  });

  // ------------------------------------------------------------ task templates

  const templateList = z.object({
    workflow_id: z.coerce.number({ error: 'Choose a workflow.' }).int().positive().max(Number.MAX_SAFE_INTEGER),
    paginate: z.union([z.boolean(), z.enum(['1', '0', 'true', 'false'])]).transform((v) => v === true || v === '1' || v === 'true').optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    per_page: z.coerce.number().int().min(1).max(500).default(15),
  });
  app.get('/task-templates/json', { config: { access: 'task_templates.view' } }, async (req) => {
    const q = validate(templateList, req.query ?? {});
    const tenantId = req.tenant!.id;
    return req.tenantTx(async (tx) => {
      await requireWorkflow(tx, req, q.workflow_id);
      const where = sql`t.tenant_id = ${tenantId} and t.workflow_id = ${q.workflow_id}`;
      // SPEC §9: the workflow's templates are fetched unpaged (paginate=false); a workflow has at most a few hundred
      if (q.paginate === false) return (await rows<TaskTemplateRow>(tx, sql`select ${templateFields} from task_templates t where ${where} order by t.position, t.id limit 500`)).map(castTemplate);
      const data = await rows<TaskTemplateRow>(tx, sql`select ${templateFields} from task_templates t where ${where} order by t.position, t.id limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`);
      const [{ n }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from task_templates t where ${where}`);
      return paginator(data.map(castTemplate), { total: Number(n), page: q.page, perPage: q.per_page, path: '/task-templates/json', query: req.query as Record<string, unknown> });
    });
  });

  app.post('/task-templates/store', { config: { access: 'task_templates.create' } }, async (req, reply) => {
    const body = validate(taskTemplateSchema, req.body ?? {});
    const tenantId = req.tenant!.id;
    const out = await req.tenantTx(async (tx) => {
      await requireWorkflow(tx, req, body.workflow_id);
      const deps = await checkTemplate(tx, tenantId, body.workflow_id, body, null);
      const [t] = await rows<{ id: number }>(
        tx,
        sql`insert into task_templates (tenant_id, workflow_id, position, title, instructions, assignee_user_id, assignee_role_id, due_offset_days,
                                        requires_approval, approver_user_id, completion, checklist, depends_on)
            values (${tenantId}, ${body.workflow_id},
                    (select coalesce(max(position), -1) + 1 from task_templates where tenant_id = ${tenantId} and workflow_id = ${body.workflow_id}),
                    ${body.title}, ${body.instructions}, ${body.assignee_user_id ?? null}, ${body.assignee_role_id ?? null}, ${body.due_offset_days},
                    ${body.requires_approval}, ${body.requires_approval ? (body.approver_user_id ?? null) : null}, ${body.completion},
                    ${JSON.stringify(body.completion === 'checklist' ? body.checklist : [])}::jsonb, ${JSON.stringify(deps)}::jsonb)
            returning id`,
      );
      const templateId = Number(t.id);
      // an active workflow's events get the new step's task at once
      const { made, mails } = await generateAndTell(tx, req, { templateId });
      return { data: { ...(await templateById(tx, tenantId, templateId))!, tasks_made: made.length }, mails };
    });
    await sendMails(app, out.mails);
    return reply.code(201).send({ message: TASK_MESSAGES.templateCreated, data: out.data });
  });

  const templateOf = async (tx: Tx, req: FastifyRequest, id: number) => {
    const t = await templateById(tx, req.tenant!.id, id);
    if (!t) throw notFoundTemplate();
    try {
      await requireWorkflow(tx, req, t.workflow_id);
    } catch {
      throw notFoundTemplate();
    }
    return t;
  };

  app.get('/task-templates/get-task-template/:id', { config: { access: 'task_templates.view' } }, async (req) => {
    const id = param(req, 'id', 'Task template');
    return req.tenantTx(async (tx) => ({ data: await templateOf(tx, req, id) }));
  });

  app.put('/task-templates/update/:id', { config: { access: 'task_templates.update' } }, async (req) => {
    const id = param(req, 'id', 'Task template');
    const tenantId = req.tenant!.id;
    const data = await req.tenantTx(async (tx) => {
      const current = await templateOf(tx, req, id);
      const body = validate(taskTemplateSchema, { ...current, ...(req.body as object), workflow_id: current.workflow_id });
      const deps = await checkTemplate(tx, tenantId, current.workflow_id, body, id);
      // the tasks already made keep what they were given; only new ones follow the change
      await tx.execute(sql`update task_templates set title = ${body.title}, instructions = ${body.instructions}, assignee_user_id = ${body.assignee_user_id ?? null},
          assignee_role_id = ${body.assignee_role_id ?? null}, due_offset_days = ${body.due_offset_days}, requires_approval = ${body.requires_approval},
          approver_user_id = ${body.requires_approval ? (body.approver_user_id ?? null) : null}, completion = ${body.completion},
          checklist = ${JSON.stringify(body.completion === 'checklist' ? body.checklist : [])}::jsonb, depends_on = ${JSON.stringify(deps)}::jsonb, updated_at = now()
        where tenant_id = ${tenantId} and id = ${id}`);
      return templateById(tx, tenantId, id);
    });
    return { message: 'Task template updated successfully.', data };
  });

  app.delete('/task-templates/delete/:id', { config: { access: 'task_templates.delete' } }, async (req) => {
    const id = param(req, 'id', 'Task template');
    const tenantId = req.tenant!.id;
    await req.tenantTx(async (tx) => {
      const t = await templateOf(tx, req, id);
      await tx.execute(sql`update tasks set template_id = null, updated_at = now() where tenant_id = ${tenantId} and template_id = ${id}`);
      await tx.execute(sql`update task_templates set depends_on = depends_on - ${String(id)} where tenant_id = ${tenantId} and workflow_id = ${t.workflow_id} and depends_on @> ${JSON.stringify([id])}::jsonb`);
      await tx.execute(sql`delete from task_templates where tenant_id = ${tenantId} and id = ${id}`);
    });
    return { message: 'Task template deleted successfully.' };
  });

  /** the templates' new order (drag and drop, or the keyboard): every template of the workflow, once */
  app.post('/task-templates/reorder', { config: { access: 'task_templates.update' } }, async (req) => {
    const body = validate(reorderSchema, req.body ?? {});
    const tenantId = req.tenant!.id;
    const data = await req.tenantTx(async (tx) => {
      await requireWorkflow(tx, req, body.workflow_id);
      const all = await rows<{ id: number }>(tx, sql`select id from task_templates where tenant_id = ${tenantId} and workflow_id = ${body.workflow_id}`);
      const known = new Set(all.map((a) => Number(a.id)));
      if (new Set(body.ids).size !== body.ids.length || body.ids.length !== known.size || body.ids.some((i) => !known.has(i))) {
        throw fieldError('ids', 'List every task template of the workflow once.');
      }
      await tx.execute(sql`update task_templates t set position = o.ord - 1, updated_at = now()
          from unnest(${sql.param(body.ids)}::bigint[]) with ordinality as o(id, ord)
         where t.tenant_id = ${tenantId} and t.workflow_id = ${body.workflow_id} and t.id = o.id`);
      // the tasks follow their templates' order
      await tx.execute(sql`update tasks k set position = t.position from task_templates t
         where k.tenant_id = ${tenantId} and t.tenant_id = k.tenant_id and t.id = k.template_id and t.workflow_id = ${body.workflow_id} and k.position <> t.position`);
      return (await rows<TaskTemplateRow>(tx, sql`select ${templateFields} from task_templates t where t.tenant_id = ${tenantId} and t.workflow_id = ${body.workflow_id} order by t.position, t.id`)).map(castTemplate);
    });
    return { message: 'Task templates reordered successfully.', data };
  });
}

const notFoundTemplate = () => notFound('Task template');
