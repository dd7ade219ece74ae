import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TaskActivityRow, TaskDetail, TaskRow } from '../../../common/answers/workflows.js';
import { commentSchema, completeSchema, rejectSchema, TASK_MESSAGES, taskListSchema, taskSchema, type TaskAction, type TaskStatus } from '../../../common/schemas/workflows.js';
import { zonedToUtc } from '../../../common/calendar.js';
import { rows, type Tx } from '../../db/client.js';
import { fieldError, forbidden, HttpError, notFound, ValidationError } from '../../http/errors.js';
import { paginator } from '../../http/paginator.js';
import { validate } from '../../http/validate.js';
import { requireVisibleEvent } from '../campaigns/access.js';
import { fromTasks, param, visibleTasks } from './access.js';
import { sendMails, tasksUrl, tellMembers, type TaskNews } from './tell.js';

/** a task is overdue while it is still to be done (todo or in progress) after its due time */
const OVERDUE = sql`(k.due_at < now() and k.status in ('todo', 'in_progress'))`;

export const taskFields = sql`k.id, k.event_id, events.name as event_name, k.workflow_id, k.template_id, k.title, k.instructions, k.status,
  k.assigned_to, (select u.name from users u where u.id = k.assigned_to) as assignee_name,
  k.approver_id, (select u.name from users u where u.id = k.approver_id) as approver_name,
  k.requires_approval, k.completion, k.checklist, to_char(k.due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as due_at, ${OVERDUE} as overdue,
  case when k.result is null then null else k.result || jsonb_build_object('media_name',
    (select f.display_name from media_files f where f.tenant_id = k.tenant_id and f.id = (k.result->>'media_id')::bigint)) end as result,
  k.rejection_reason,
  coalesce((select jsonb_agg(d.title order by d.position, d.id) from task_templates t join tasks d on d.tenant_id = t.tenant_id and d.event_id = k.event_id
             and d.template_id = any(select jsonb_array_elements_text(t.depends_on)::bigint) and d.status not in ('approved', 'done')
            where t.tenant_id = k.tenant_id and t.id = k.template_id), '[]'::jsonb) as waiting_for,
  (select count(*)::int from task_activities a where a.tenant_id = k.tenant_id and a.task_id = k.id and a.action = 'commented') as comments_count,
  to_char(k.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at`;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
export const castTask = (r: TaskRow): TaskRow => ({
  ...r,
  id: Number(r.id),
  event_id: Number(r.event_id),
  workflow_id: num(r.workflow_id),
  template_id: num(r.template_id),
  assigned_to: num(r.assigned_to),
  approver_id: num(r.approver_id),
});

/** The task when the member sees it (access.ts visibleTasks); else 404. */
async function taskOf(tx: Tx, req: FastifyRequest, id: number): Promise<TaskRow> {
  const [k] = await rows<TaskRow>(tx, sql`select ${taskFields} ${fromTasks} where k.tenant_id = ${req.tenant!.id} and k.id = ${id} and ${visibleTasks(req)}`);
  if (!k) throw notFound('Task');
  return castTask(k);
}

async function activities(tx: Tx, tenantId: number, taskId: number): Promise<TaskActivityRow[]> {
  const list = await rows<TaskActivityRow>(
    tx,
    sql`select a.id, a.user_id, u.name as user_name, a.action, a.from_status, a.to_status, a.body,
               to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
          from task_activities a left join users u on u.id = a.user_id
         where a.tenant_id = ${tenantId} and a.task_id = ${taskId} order by a.id`,
  );
  return list.map((a) => ({ ...a, id: Number(a.id), user_id: num(a.user_id) }));
}

const record = (tx: Tx, tenantId: number, taskId: number, userId: number, action: TaskAction, from: TaskStatus | null, to: TaskStatus | null, body: string | null = null) =>
  tx.execute(sql`insert into task_activities (tenant_id, task_id, user_id, action, from_status, to_status, body)
                 values (${tenantId}, ${taskId}, ${userId}, ${action}, ${from}, ${to}, ${body})`);

const STATUS_WORDS: Record<TaskStatus, string> = { todo: 'to do', in_progress: 'in progress', submitted: 'waiting for approval', approved: 'approved', done: 'done' };
const illegal = (what: string, status: TaskStatus) => new ValidationError({ status: [`The task cannot be ${what}: it is ${STATUS_WORDS[status]}.`] });

/**
 * Moves a task from one of `from` to `to` with `set`, in one guarded UPDATE: two members acting at
 * once cannot both move it (the second finds it no longer in `from` and gets the 422).
 */
async function move(tx: Tx, req: FastifyRequest, task: TaskRow, from: TaskStatus[], to: TaskStatus, what: string, set: SQL = sql``) {
  const [moved] = await rows<{ id: number }>(
    tx,
    sql`update tasks set status = ${to}, updated_at = now() ${set}
         where tenant_id = ${req.tenant!.id} and id = ${task.id} and status = any(${sql.param(from)}::text[]) returning id`,
  );
  if (!moved) throw illegal(what, task.status);
}

/** the data a task's completion kind asks for, checked and kept as its result */
async function completionData(tx: Tx, tenantId: number, task: TaskRow, body: unknown) {
  const input = validate(completeSchema, body ?? {});
  const result: Record<string, unknown> = {};
  if (input.note) result.note = input.note;
  switch (task.completion) {
    case 'note':
      if (!input.note) throw fieldError('note', 'The note field is required.');
      break;
    case 'number':
      if (input.number === null || input.number === undefined || input.number === '') throw fieldError('number', 'The number field is required.');
      result.number = String(input.number);
      break;
    case 'file': {
      if (!input.media_id) throw fieldError('media_id', 'Choose a file from the media library.');
      const [f] = await rows<{ id: number }>(tx, sql`select id from media_files where tenant_id = ${tenantId} and id = ${input.media_id}`);
      if (!f) throw fieldError('media_id', 'The selected file is invalid.');
      result.media_id = input.media_id;
      break;
    }
    case 'checklist': {
      const ticks = input.checklist ?? [];
      if (ticks.length !== task.checklist.length || ticks.some((t) => !t)) throw fieldError('checklist', 'Tick every item of the checklist.');
      result.checklist = ticks;
      break;
    }
    default:
      break;
  }
  return result;
}

/**
 * Tasks (SPEC §7: GET /tasks/event/{eventId}, GET /tasks/{id}, POST /tasks/{id}/start, /complete,
 * /approve, /reject, /comments; issue 21). Only the assignee starts and completes (an unassigned
 * task is taken by whoever starts it), only the approver approves and rejects; a move the status
 * does not allow is a 422; every move and comment is written to the task's history.
 */
export function taskRoutes(app: FastifyInstance) {
  app.get('/tasks/event/:eventId', { config: { access: 'tasks.view' } }, async (req) => {
    const eventId = param(req, 'eventId', 'Event');
    const q = validate(taskListSchema, req.query ?? {});
    const tenantId = req.tenant!.id;
    return req.tenantTx(async (tx) => {
      const [event] = await rows<{ id: number }>(tx, sql`select id from events where tenant_id = ${tenantId} and id = ${eventId}`);
      if (!event) throw notFound('Event');
      const parts: SQL[] = [sql`k.tenant_id = ${tenantId} and k.event_id = ${eventId}`, visibleTasks(req)];
      if (q.status) parts.push(sql`k.status = ${q.status}`);
      if (q.assigned_to) parts.push(sql`k.assigned_to = ${q.assigned_to === 'me' ? req.user!.id : q.assigned_to}`);
      const where = sql.join(parts, sql` and `);
      if (q.paginate === false) return (await rows<TaskRow>(tx, sql`select ${taskFields} ${fromTasks} where ${where} order by k.position, k.id limit 1000`)).map(castTask);
      const data = await rows<TaskRow>(tx, sql`select ${taskFields} ${fromTasks} where ${where} order by k.position, k.id limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`);
      const [{ n }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n ${fromTasks} where ${where}`);
      if (!Number(n)) {
        // an event the member does not see, with no task of theirs: as another company's
        const seen = await rows<{ id: number }>(tx, sql`select 1 as id ${fromTasks} where k.tenant_id = ${tenantId} and k.event_id = ${eventId} and ${visibleTasks(req)} limit 1`);
        if (!seen.length) await requireVisibleEvent(tx, req, eventId);
      }
      return paginator(data.map(castTask), { total: Number(n), page: q.page, perPage: q.per_page, path: req.url.split('?')[0], query: req.query as Record<string, unknown> });
    });
  });

  app.post('/tasks/store', { config: { access: 'tasks.create' } }, async (req, reply) => {
    const body = validate(taskSchema, req.body ?? {});
    const tenantId = req.tenant!.id;
    const out = await req.tenantTx(async (tx) => {
      const event = await requireVisibleEvent(tx, req, body.event_id);
      const people = [body.assigned_to, body.approver_id].filter((v): v is number => !!v);
      if (people.length) {
        const ok = new Set(
          (await rows<{ user_id: number }>(tx, sql`select user_id from memberships where tenant_id = ${tenantId} and status = 'active' and user_id = any(${sql.param(people)}::bigint[])`)).map((r) =>
            Number(r.user_id),
          ),
        );
        if (body.assigned_to && !ok.has(body.assigned_to)) throw fieldError('assigned_to', 'The selected assignee is not a member of the company.');
        if (body.approver_id && !ok.has(body.approver_id)) throw fieldError('approver_id', 'The selected approver is not a member of the company.');
      }
      let due: string | null = null;
      if (body.due_at) {
        due = zonedToUtc(body.due_at.length === 10 ? `${body.due_at}T23:59` : body.due_at, event.timezone || 'UTC');
        if (!due) throw fieldError('due_at', 'The due date must be a date.');
      }
      const [k] = await rows<{ id: number }>(
        tx,
        sql`insert into tasks (tenant_id, event_id, position, title, instructions, assigned_to, approver_id, requires_approval, completion, checklist, due_at, created_by)
            values (${tenantId}, ${event.id}, (select coalesce(max(position), -1) + 1 from tasks where tenant_id = ${tenantId} and event_id = ${event.id}),
                    ${body.title}, ${body.instructions}, ${body.assigned_to ?? null}, ${body.requires_approval ? (body.approver_id ?? null) : null}, ${body.requires_approval},
                    ${body.completion}, ${JSON.stringify(body.completion === 'checklist' ? body.checklist : [])}::jsonb, ${due}, ${req.user!.id})
            returning id`,
      );
      const id = Number(k.id);
      await record(tx, tenantId, id, req.user!.id, 'created', null, 'todo');
      const mails = body.assigned_to
        ? await tellMembers(tx, tenantId, [{ userId: body.assigned_to, type: 'task.assigned', title: `New task: ${body.title}`, body: `A task was assigned to you for ${event.name}: ${body.title}.`, url: tasksUrl(event.id, id) }], req.user!.id)
        : [];
      return { data: await taskOf(tx, req, id), mails };
    });
    await sendMails(app, out.mails);
    return reply.code(201).send({ message: 'Task created successfully.', data: out.data });
  });

  app.get('/tasks/:id', { config: { access: 'tasks.view' } }, async (req) => {
    const id = param(req, 'id', 'Task');
    const tenantId = req.tenant!.id;
    return req.tenantTx(async (tx) => {
      const task = await taskOf(tx, req, id);
      const history = await activities(tx, tenantId, id);
      const data: TaskDetail = { ...task, comments: history.filter((h) => h.action === 'commented'), history };
      return { data };
    });
  });

  /** one action: the task seen, the actor checked, the move made and written, the news told; answers the task as it is now */
  const act =
    (message: string, run: (tx: Tx, req: FastifyRequest, task: TaskRow) => Promise<TaskNews[]>) =>
    async (req: FastifyRequest) => {
      const id = param(req, 'id', 'Task');
      const tenantId = req.tenant!.id;
      const out = await req.tenantTx(async (tx) => {
        const task = await taskOf(tx, req, id);
        const news = await run(tx, req, task);
        const mails = await tellMembers(tx, tenantId, news, req.user!.id);
        return { task: await taskOf(tx, req, id), mails };
      });
      await sendMails(app, out.mails);
      return { message, data: out.task };
    };

  const assigneeOnly = (req: FastifyRequest, task: TaskRow, what: string) => {
    if (task.assigned_to !== null && task.assigned_to !== req.user!.id) throw forbidden(`Only the task’s assignee may ${what} it.`);
  };
  const approverOnly = (req: FastifyRequest, task: TaskRow, what: string) => {
    if (task.approver_id !== req.user!.id) throw forbidden(`Only the task’s approver may ${what} it.`);
  };
  const link = (task: TaskRow) => tasksUrl(task.event_id, task.id);

  app.post(
    '/tasks/:id/start',
    { config: { access: 'tasks.update' } },
    act(TASK_MESSAGES.started, async (tx, req, task) => {
      assigneeOnly(req, task, 'start');
      if (task.status !== 'todo') throw illegal('started', task.status);
      if (task.waiting_for.length) throw new HttpError(422, `The task waits for: ${task.waiting_for.join(', ')}.`);
      // an unassigned task is taken by whoever starts it
      await move(tx, req, task, ['todo'], 'in_progress', 'started', sql`, started_at = now(), assigned_to = coalesce(assigned_to, ${req.user!.id})`);
      await record(tx, req.tenant!.id, task.id, req.user!.id, 'started', task.status, 'in_progress');
      return [];
    }),
  );

  app.post(
    '/tasks/:id/complete',
    { config: { access: 'tasks.update' } },
    act(TASK_MESSAGES.completed, async (tx, req, task) => {
      assigneeOnly(req, task, 'complete');
      if (task.status !== 'in_progress') throw illegal('completed', task.status);
      const result = await completionData(tx, req.tenant!.id, task, req.body);
      const to: TaskStatus = task.requires_approval ? 'submitted' : 'done';
      await move(
        tx,
        req,
        task,
        ['in_progress'],
        to,
        'completed',
        sql`, result = ${JSON.stringify(result)}::jsonb, ${to === 'submitted' ? sql`submitted_at = now()` : sql`completed_at = now()`}`,
      );
      await record(tx, req.tenant!.id, task.id, req.user!.id, to === 'submitted' ? 'submitted' : 'completed', task.status, to, (result.note as string | undefined) ?? null);
      if (to === 'submitted' && task.approver_id) {
        return [{ userId: task.approver_id, type: 'task.submitted', title: `Waiting for your approval: ${task.title}`, body: `${req.user!.name} completed “${task.title}” for ${task.event_name}; approve it or send it back with a reason.`, url: link(task) }];
      }
      return [];
    }),
  );

  app.post(
    '/tasks/:id/approve',
    { config: { access: 'tasks.approve' } },
    act(TASK_MESSAGES.approved, async (tx, req, task) => {
      approverOnly(req, task, 'approve');
      if (task.status !== 'submitted') throw illegal('approved', task.status);
      await move(tx, req, task, ['submitted'], 'approved', 'approved', sql`, completed_at = now(), approved_by = ${req.user!.id}, rejection_reason = null`);
      await record(tx, req.tenant!.id, task.id, req.user!.id, 'approved', task.status, 'approved');
      return task.assigned_to ? [{ userId: task.assigned_to, type: 'task.approved', title: `Approved: ${task.title}`, body: `${req.user!.name} approved “${task.title}” for ${task.event_name}.`, url: link(task) }] : [];
    }),
  );

  app.post(
    '/tasks/:id/reject',
    { config: { access: 'tasks.approve' } },
    act(TASK_MESSAGES.rejected, async (tx, req, task) => {
      approverOnly(req, task, 'reject');
      const { reason } = validate(rejectSchema, req.body ?? {});
      if (task.status !== 'submitted') throw illegal('rejected', task.status);
      // back to the assignee, with the reason
      await move(tx, req, task, ['submitted'], 'in_progress', 'rejected', sql`, rejection_reason = ${reason}, submitted_at = null`);
      await record(tx, req.tenant!.id, task.id, req.user!.id, 'rejected', task.status, 'in_progress', reason);
      return task.assigned_to
        ? [{ userId: task.assigned_to, type: 'task.rejected', title: `Sent back: ${task.title}`, body: `${req.user!.name} sent “${task.title}” back: ${reason}`, url: link(task) }]
        : [];
    }),
  );

  app.post(
    '/tasks/:id/comments',
    { config: { access: 'tasks.update' } },
    act(TASK_MESSAGES.commented, async (tx, req, task) => {
      const { comment } = validate(commentSchema, req.body ?? {});
      await record(tx, req.tenant!.id, task.id, req.user!.id, 'commented', null, null, comment);
      const to = [...new Set([task.assigned_to, task.approver_id].filter((v): v is number => v !== null))];
      return to.map((userId) => ({ userId, type: 'task.commented' as const, title: `New comment on ${task.title}`, body: `${req.user!.name}: ${comment.slice(0, 300)}`, url: link(task) }));
    }),
  );
}
