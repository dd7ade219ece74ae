import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TaskDetail, TaskRow, TaskTemplateRow, WorkflowDashboard, WorkflowRow } from '../../../common/answers/workflows.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import type { OutgoingMail } from '../../mail/mailer.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { addMember } from '../users/test-helpers.js';
import { overdueSweep } from './jobs.js';

/**
 * Workflows, task templates and tasks over HTTP (issue 21): the endpoints of SPEC §7, tasks made
 * when a workflow reaches an event (attached, a template added, an event created in its group),
 * every legal and illegal move of the approval flow with the assignee's and the approver's rules,
 * the history, the notifications and mails, the daily overdue reminder, the group dashboard, the
 * calendar's task due dates, another company's ids and the permissions.
 */
let t: TestApp;
let owner: TestClient;
let assignee: TestClient;
let approver: TestClient;
let viewer: TestClient;
let accountant: TestClient;
let other: TestClient;
let tenantA: number;
let ownerId: number;
let assigneeId: number;
let approverId: number;
let groupId: number;
let eventId: number;
let mediaId: number;
const mails: OutgoingMail[] = [];

const inA = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(t.database, tenantA, fn);
const DAY = 86_400_000;

async function newEvent(name: string, o: { days?: number; group?: number | null } = {}) {
  const starts = new Date(Math.floor(Date.now() / 1000) * 1000 + (o.days ?? 20) * DAY);
  const [e] = await inA((tx) =>
    rows<{ id: number }>(
      tx,
      sql`insert into events (tenant_id, name, starts_at, ends_at, timezone, status, group_id, created_by)
          values (${tenantA}, ${name}, ${starts.toISOString()}, ${new Date(starts.getTime() + 3 * 3_600_000).toISOString()}, 'UTC', 'active', ${o.group ?? null}::bigint, ${ownerId})
          returning id`,
    ),
  );
  return Number(e.id);
}

const notificationsOf = (userId: number) =>
  inA((tx) => rows<{ type: string; title: string; url: string }>(tx, sql`select type, title, url from notifications where tenant_id = ${tenantA} and user_id = ${userId} order by id`));

beforeAll(async () => {
  t = await createTestApp();
  vi.spyOn(t.app.ctx.mailer, 'send').mockImplementation(async (m: OutgoingMail) => {
    mails.push(m);
    return 'job';
  });
  const a = await seedTenant(t.database, 'Flow A');
  const b = await seedTenant(t.database, 'Flow B');
  tenantA = a.tenantId;
  ownerId = a.userId;
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  const as = await addMember(t.database, tenantA, 'organiser', 'assignee@flow-a.test', 'Asha Assignee');
  assigneeId = as.userId;
  assignee = new TestClient(t.app);
  await assignee.login(as.email, as.password);
  const ap = await addMember(t.database, tenantA, 'campaign-manager', 'approver@flow-a.test', 'Abel Approver');
  approverId = ap.userId;
  approver = new TestClient(t.app);
  await approver.login(ap.email, ap.password);
  const vw = await addMember(t.database, tenantA, 'viewer', 'viewer@flow-a.test');
  viewer = new TestClient(t.app);
  await viewer.login(vw.email, vw.password);
  const ac = await addMember(t.database, tenantA, 'accountant', 'accountant@flow-a.test');
  accountant = new TestClient(t.app);
  await accountant.login(ac.email, ac.password);
  const [g] = await inA((tx) => rows<{ id: number }>(tx, sql`insert into event_groups (tenant_id, name, created_by) values (${tenantA}, 'Openings', ${ownerId}) returning id`));
  groupId = Number(g.id);
  eventId = await newEvent('Gala');
  const [f] = await inA((tx) =>
    rows<{ id: number }>(
      tx,
      sql`insert into media_files (tenant_id, display_name, original_name, mime, kind, size, storage_key, stored_bytes)
          values (${tenantA}, 'report.pdf', 'report.pdf', 'application/pdf', 'document', 10, 'k/report.pdf', 10) returning id`,
    ),
  );
  mediaId = Number(f.id);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('workflows and task templates', () => {
  let workflowId: number;
  let first: TaskTemplateRow;
  let second: TaskTemplateRow;

  it('creates a workflow on an event (context_type defaults to event) and lists it by context and activity', async () => {
    const res = await owner.json('POST', '/workflows/store', { name: 'Gala prep', context_id: eventId });
    expect(res.statusCode, res.body).toBe(201);
    const w = res.json().data as WorkflowRow;
    expect(w).toMatchObject({ name: 'Gala prep', context_type: 'event', context_id: eventId, context_name: 'Gala', is_active: true, templates_count: 0 });
    workflowId = w.id;
    const list = (await owner.get(`/workflows/json?context_id=${eventId}`, { json: true })).json();
    expect(list.total).toBe(1);
    expect(list.data[0].id).toBe(workflowId);
    expect((await owner.get(`/workflows/json?context_id=${eventId}&is_active=false`, { json: true })).json().total).toBe(0);
    expect((await owner.get(`/workflows/json?context_type=group`, { json: true })).json().total).toBe(0);
    expect((await owner.get(`/workflows/json?context_id=${eventId}&paginate=false`, { json: true })).json()).toHaveLength(1);
    expect((await owner.get(`/workflows/get-workflow/${workflowId}`, { json: true })).json().data.name).toBe('Gala prep');
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    const bad = await owner.json('POST', '/workflows/store', { name: '', context_type: 'planet', context_id: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['name', 'context_type', 'context_id']));
    expect((await owner.json('POST', '/workflows/store', { name: 'X', context_type: 'event', context_id: 999999 })).statusCode).toBe(404);
    expect((await owner.json('POST', '/task-templates/store', { workflow_id: workflowId, title: 'T', requires_approval: true })).json().errors.approver_user_id).toBeTruthy();
    expect((await owner.json('POST', '/task-templates/store', { workflow_id: workflowId, title: 'T', completion: 'checklist' })).json().errors.checklist).toBeTruthy();
    expect((await owner.json('POST', '/task-templates/store', { workflow_id: workflowId, title: 'T', assignee_user_id: 999999 })).json().errors.assignee_user_id).toBeTruthy();
    expect((await owner.json('POST', '/task-templates/store', { workflow_id: workflowId, title: 'T', due_offset_days: 'soon' })).statusCode).toBe(422);
    expect((await owner.get(`/task-templates/json?workflow_id=${workflowId}&paginate=false`, { json: true })).json()).toEqual([]);
  });

  it('adds templates (Task template created successfully) and makes their tasks on the event at once, due relative to its date', async () => {
    const a = await owner.json('POST', '/task-templates/store', {
      workflow_id: workflowId,
      title: 'Book the venue',
      assignee_user_id: assigneeId,
      due_offset_days: -7,
      completion: 'file',
      requires_approval: true,
      approver_user_id: approverId,
    });
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json().message).toBe('Task template created successfully');
    expect(a.json().data.tasks_made).toBe(1);
    first = a.json().data;
    const b = await owner.json('POST', '/task-templates/store', { workflow_id: workflowId, title: 'Set up', assignee_user_id: assigneeId, completion: 'checklist', checklist: ['Tent', 'Sound'], depends_on: [first.id] });
    expect(b.statusCode, b.body).toBe(201);
    second = b.json().data;
    expect(second.depends_on).toEqual([first.id]);
    // SPEC §9: unpaged
    const list = (await owner.get(`/task-templates/json?workflow_id=${workflowId}&paginate=false`, { json: true })).json() as TaskTemplateRow[];
    expect(list.map((x) => x.title)).toEqual(['Book the venue', 'Set up']);
    expect(list[0]).toMatchObject({ assignee_name: 'Asha Assignee', approver_name: 'Abel Approver', due_offset_days: -7 });
    const tasks = (await owner.get(`/tasks/event/${eventId}`, { json: true })).json();
    expect(tasks.total).toBe(2);
    const [event] = await inA((tx) => rows<{ starts_at: string }>(tx, sql`select starts_at from events where id = ${eventId}`));
    expect(new Date(tasks.data[0].due_at).getTime()).toBe(new Date(event.starts_at).getTime() - 7 * DAY);
    expect(tasks.data[0]).toMatchObject({ status: 'todo', assigned_to: assigneeId, requires_approval: true, approver_id: approverId });
    expect(tasks.data[1].waiting_for).toEqual(['Book the venue']);
    // the assignee is told in the app and by mail
    expect((await notificationsOf(assigneeId)).filter((n) => n.type === 'task.assigned').length).toBe(2);
    expect(mails.some((m) => m.to === 'assignee@flow-a.test' && m.subject.includes('Book the venue'))).toBe(true);
  });

  it('a dependency must be an earlier template of the same workflow', async () => {
    const res = await owner.json('PUT', `/task-templates/update/${first.id}`, { depends_on: [second.id] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.depends_on).toBeTruthy();
  });

  it('reorders the templates (and their tasks) with every id once', async () => {
    expect((await owner.json('POST', '/task-templates/reorder', { workflow_id: workflowId, ids: [second.id] })).statusCode).toBe(422);
    const res = await owner.json('POST', '/task-templates/reorder', { workflow_id: workflowId, ids: [second.id, first.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((x: TaskTemplateRow) => x.id)).toEqual([second.id, first.id]);
    expect((await owner.get(`/tasks/event/${eventId}`, { json: true })).json().data.map((k: TaskRow) => k.title)).toEqual(['Set up', 'Book the venue']);
    await owner.json('POST', '/task-templates/reorder', { workflow_id: workflowId, ids: [first.id, second.id] });
  });

  it('switching a workflow off and on again makes no duplicate tasks', async () => {
    expect((await owner.json('PUT', `/workflows/update/${workflowId}`, { is_active: false })).json().data.is_active).toBe(false);
    expect((await owner.json('PUT', `/workflows/update/${workflowId}`, { is_active: true })).json().data.is_active).toBe(true);
    expect((await owner.get(`/tasks/event/${eventId}`, { json: true })).json().total).toBe(2);
  });
});

describe('the approval flow', () => {
  let task: TaskRow;
  let checklistTask: TaskRow;
  const go = (who: TestClient, action: string, body: unknown = {}) => who.json('POST', `/tasks/${task.id}/${action}`, body);

  beforeAll(async () => {
    const list = (await owner.get(`/tasks/event/${eventId}`, { json: true })).json().data as TaskRow[];
    task = list.find((k) => k.title === 'Book the venue')!;
    checklistTask = list.find((k) => k.title === 'Set up')!;
  });

  it('the assignee sees the task though not the event, with assigned_to=me', async () => {
    const mine = (await assignee.get(`/tasks/event/${eventId}?assigned_to=me&paginate=false`, { json: true })).json() as TaskRow[];
    expect(mine.map((k) => k.id).sort()).toEqual([task.id, checklistTask.id].sort());
    expect((await assignee.get(`/tasks/${task.id}`, { json: true })).statusCode).toBe(200);
  });

  it('illegal moves from todo are 422s; only the assignee starts; a task waits for its dependencies', async () => {
    for (const action of ['complete', 'approve']) expect((await go(action === 'approve' ? approver : assignee, action)).statusCode, action).toBe(422);
    expect((await go(approver, 'reject', { reason: 'No' })).statusCode).toBe(422);
    expect((await go(approver, 'start')).statusCode).toBe(403);
    const waiting = await assignee.json('POST', `/tasks/${checklistTask.id}/start`, {});
    expect(waiting.statusCode).toBe(422);
    expect(waiting.json().message).toContain('Book the venue');
  });

  it('start: Task started successfully; starting twice is a 422', async () => {
    const res = await go(assignee, 'start');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Task started successfully', data: { status: 'in_progress' } });
    expect((await go(assignee, 'start')).statusCode).toBe(422);
    expect((await go(approver, 'approve')).statusCode).toBe(422);
  });

  it('complete asks for what the template asks (a file of the company) and only from the assignee; then it waits for approval', async () => {
    expect((await go(approver, 'complete', { media_id: mediaId })).statusCode).toBe(403);
    expect((await go(assignee, 'complete', {})).json().errors.media_id).toBeTruthy();
    expect((await go(assignee, 'complete', { media_id: 999999 })).json().errors.media_id).toBeTruthy();
    const res = await go(assignee, 'complete', { media_id: mediaId, note: 'Deposit paid' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Task completed successfully', data: { status: 'submitted', result: { media_id: mediaId, media_name: 'report.pdf', note: 'Deposit paid' } } });
    expect((await notificationsOf(approverId)).some((n) => n.type === 'task.submitted')).toBe(true);
    expect((await go(assignee, 'complete', { media_id: mediaId })).statusCode).toBe(422);
    expect((await go(assignee, 'start')).statusCode).toBe(422);
  });

  it('reject: only the approver, with a reason; the task goes back in progress with it', async () => {
    expect((await go(assignee, 'reject', { reason: 'x' })).statusCode).toBe(403);
    expect((await go(owner, 'reject', { reason: 'x' })).statusCode).toBe(403);
    const noReason = await go(approver, 'reject', { reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toBeTruthy();
    const res = await go(approver, 'reject', { reason: 'The receipt is missing' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Task rejected', data: { status: 'in_progress', rejection_reason: 'The receipt is missing' } });
    expect((await notificationsOf(assigneeId)).some((n) => n.type === 'task.rejected')).toBe(true);
    expect((await go(approver, 'approve')).statusCode).toBe(422);
  });

  it('complete again and approve: Task approved successfully; a finished task moves no more', async () => {
    expect((await go(assignee, 'complete', { media_id: mediaId })).json().data.status).toBe('submitted');
    expect((await go(assignee, 'approve')).statusCode).toBe(403);
    const res = await go(approver, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Task approved successfully', data: { status: 'approved' } });
    expect((await notificationsOf(assigneeId)).some((n) => n.type === 'task.approved')).toBe(true);
    for (const action of ['start', 'complete']) expect((await go(assignee, action, { media_id: mediaId })).statusCode, action).toBe(422);
    expect((await go(approver, 'approve')).statusCode).toBe(422);
    expect((await go(approver, 'reject', { reason: 'late' })).statusCode).toBe(422);
  });

  it('a task without approval goes straight to done once its checklist is ticked; its dependency is finished now', async () => {
    const go2 = (action: string, body: unknown = {}) => assignee.json('POST', `/tasks/${checklistTask.id}/${action}`, body);
    expect((await go2('start')).statusCode).toBe(200);
    expect((await go2('complete', { checklist: [true, false] })).json().errors.checklist).toBeTruthy();
    const res = await go2('complete', { checklist: [true, true] });
    expect(res.json()).toMatchObject({ message: 'Task completed successfully', data: { status: 'done' } });
    expect((await approver.json('POST', `/tasks/${checklistTask.id}/approve`, {})).statusCode).toBe(403);
  });

  it('comments: Comment added successfully, the comment required, the others told; GET /tasks/{id} has comments and the whole history', async () => {
    expect((await go(assignee, 'comments', { comment: '' })).statusCode).toBe(422);
    const res = await go(assignee, 'comments', { comment: 'Receipt attached now' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Comment added successfully');
    expect((await notificationsOf(approverId)).some((n) => n.type === 'task.commented')).toBe(true);
    const detail = (await owner.get(`/tasks/${task.id}`, { json: true })).json().data as TaskDetail;
    expect(detail.comments.map((c) => c.body)).toEqual(['Receipt attached now']);
    expect(detail.history.map((h) => `${h.action}:${h.to_status ?? ''}`)).toEqual([
      'created:todo',
      'started:in_progress',
      'submitted:submitted',
      'rejected:in_progress',
      'submitted:submitted',
      'approved:approved',
      'commented:',
    ]);
    expect(detail.history.find((h) => h.action === 'rejected')!.body).toBe('The receipt is missing');
  });
});

describe('tasks made by events, by hand, and reminded', () => {
  it('a workflow on a group reaches its coming events, and an event created in the group gets its tasks', async () => {
    const past = await newEvent('Old opening', { days: -30, group: groupId });
    const coming = await newEvent('Next opening', { days: 10, group: groupId });
    const w = (await owner.json('POST', '/workflows/store', { name: 'Opening', context_type: 'group', context_id: groupId })).json().data;
    await owner.json('POST', '/task-templates/store', { workflow_id: w.id, title: 'Ribbon', assignee_user_id: assigneeId, due_offset_days: -1 });
    expect((await owner.get(`/tasks/event/${coming}`, { json: true })).json().total).toBe(1);
    expect((await owner.get(`/tasks/event/${past}`, { json: true })).json().total).toBe(0);
    const starts = new Date(Math.floor(Date.now() / 1000) * 1000 + 40 * DAY);
    const created = await owner.json('POST', '/events/store', { name: 'Later opening', group_id: groupId, starts_at: starts.toISOString(), ends_at: new Date(starts.getTime() + 3_600_000).toISOString() });
    expect(created.statusCode, created.body).toBe(201);
    const later = created.json().data.id;
    const tasks = (await owner.get(`/tasks/event/${later}`, { json: true })).json();
    expect(tasks.data.map((k: TaskRow) => k.title)).toEqual(['Ribbon']);
    // moving the event moves its tasks' due dates
    const moved = new Date(starts.getTime() + 5 * DAY);
    await owner.json('PUT', `/events/update/${later}`, { starts_at: moved.toISOString(), ends_at: new Date(moved.getTime() + 3_600_000).toISOString() });
    const due = (await owner.get(`/tasks/event/${later}`, { json: true })).json().data[0].due_at;
    expect(new Date(due).getTime()).toBe(moved.getTime() - DAY);
    // the group's list and dashboard
    expect((await owner.get(`/workflows/json?context_type=group&context_id=${groupId}`, { json: true })).json().data[0]).toMatchObject({ name: 'Opening', context_name: 'Openings' });
    const dash = (await owner.get(`/workflows/dashboard/${groupId}`, { json: true })).json().data as WorkflowDashboard;
    expect(dash.total).toBe(2);
    expect(dash.by_status.todo).toBe(2);
    expect(dash.per_assignee[0]).toMatchObject({ user_id: assigneeId, name: 'Asha Assignee', open: 2 });
    expect(dash.per_event.map((e) => e.name)).toEqual(['Next opening', 'Later opening']);
  });

  it('adds a task by hand, with its assignee told', async () => {
    const bad = await owner.json('POST', '/tasks/store', { event_id: eventId, title: '', requires_approval: true });
    expect(bad.statusCode).toBe(422);
    const res = await owner.json('POST', '/tasks/store', { event_id: eventId, title: 'Print badges', assigned_to: assigneeId, due_at: '2020-01-01' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ title: 'Print badges', status: 'todo', overdue: true });
    expect((await notificationsOf(assigneeId)).some((n) => n.title === 'New task: Print badges')).toBe(true);
  });

  it('overdue tasks remind their assignee once a day, however often the sweep runs', async () => {
    const before = (await notificationsOf(assigneeId)).filter((n) => n.type === 'task.overdue').length;
    const first = await overdueSweep(t.app);
    expect(first.reminded).toBeGreaterThanOrEqual(1);
    expect((await overdueSweep(t.app)).reminded).toBe(0);
    const after = (await notificationsOf(assigneeId)).filter((n) => n.type === 'task.overdue');
    expect(after.length).toBe(before + 1);
    expect(after[after.length - 1].title).toBe('Overdue: Print badges');
    expect(mails.some((m) => m.to === 'assignee@flow-a.test' && m.subject.includes('Overdue: Print badges'))).toBe(true);
  });

  it('the calendar gives the task due dates beside the events when asked', async () => {
    const start = new Date(Date.now() - 60 * DAY).toISOString().slice(0, 10);
    const end = new Date(Date.now() + 60 * DAY).toISOString().slice(0, 10);
    const plain = (await owner.get(`/calendar/events?start=${start}&end=${end}`, { json: true })).json().data;
    expect(plain.every((i: { kind: string }) => i.kind === 'event')).toBe(true);
    const all = (await owner.get(`/calendar/events?start=${start}&end=${end}&with_tasks=1`, { json: true })).json().data as { kind: string; title: string; status: string; event_id: number }[];
    const tasks = all.filter((i) => i.kind === 'task');
    expect(tasks.find((i) => i.title === 'Book the venue')).toMatchObject({ status: 'approved', event_id: eventId });
    expect(all.some((i) => i.kind === 'event' && i.title === 'Gala')).toBe(true);
    // the assignee's calendar has their tasks though they do not see the events
    const theirs = (await assignee.get(`/calendar/events?start=${start}&end=${end}&with_tasks=1`, { json: true })).json().data as { kind: string }[];
    expect(theirs.filter((i) => i.kind === 'task').length).toBeGreaterThan(0);
    expect(theirs.filter((i) => i.kind === 'event').length).toBe(0);
  });
});

describe('another company and permissions', () => {
  it('another company sees none of it: 404 for every id', async () => {
    const [k] = await inA((tx) => rows<{ id: number; workflow_id: number }>(tx, sql`select id, workflow_id from tasks where tenant_id = ${tenantA} and workflow_id is not null limit 1`));
    const [tpl] = await inA((tx) => rows<{ id: number }>(tx, sql`select id from task_templates where tenant_id = ${tenantA} limit 1`));
    const checks: [string, string, unknown?][] = [
      ['GET', `/tasks/${k.id}`],
      ['GET', `/tasks/event/${eventId}`],
      ['POST', `/tasks/${k.id}/start`, {}],
      ['POST', `/tasks/${k.id}/complete`, {}],
      ['POST', `/tasks/${k.id}/approve`, {}],
      ['POST', `/tasks/${k.id}/reject`, { reason: 'x' }],
      ['POST', `/tasks/${k.id}/comments`, { comment: 'x' }],
      ['GET', `/workflows/get-workflow/${k.workflow_id}`],
      ['PUT', `/workflows/update/${k.workflow_id}`, { is_active: false }],
      ['DELETE', `/workflows/delete/${k.workflow_id}`],
      ['GET', `/task-templates/json?workflow_id=${k.workflow_id}&paginate=false`],
      ['POST', '/task-templates/store', { workflow_id: k.workflow_id, title: 'Mine' }],
      ['GET', `/task-templates/get-task-template/${tpl.id}`],
      ['PUT', `/task-templates/update/${tpl.id}`, { title: 'Mine' }],
      ['DELETE', `/task-templates/delete/${tpl.id}`],
      ['GET', `/workflows/dashboard/${groupId}`],
      ['GET', `/workflows/json?context_id=${eventId}`],
      ['POST', '/workflows/store', { name: 'Mine', context_id: eventId }],
      ['POST', '/tasks/store', { event_id: eventId, title: 'Mine' }],
      ['GET', `/events/${eventId}/tasks`],
      ['GET', `/groups/${groupId}/workflows`],
    ];
    for (const [method, url, body] of checks) {
      const res = method === 'GET' ? await other.get(url, { json: true }) : await other.json(method as 'POST', url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const cal = (await other.get(`/calendar/events?start=2000-01-01&end=2000-12-01&with_tasks=1`, { json: true })).json().data;
    expect(cal).toEqual([]);
    // nothing changed
    const [still] = await inA((tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from workflows where tenant_id = ${tenantA}`));
    expect(still.n).toBe(2);
  });

  it('every route asks its permission: a viewer reads but does not act, an accountant does not see tasks at all', async () => {
    const [k] = await inA((tx) => rows<{ id: number }>(tx, sql`select id from tasks where tenant_id = ${tenantA} order by id limit 1`));
    // the viewer reads workflows; a task of an event it does not see (no events.view_all) is as absent as another company's
    expect((await viewer.get(`/workflows/json`, { json: true })).statusCode).toBe(200);
    expect((await viewer.get(`/tasks/${k.id}`, { json: true })).statusCode).toBe(404);
    for (const [url, body] of [
      [`/tasks/${k.id}/start`, {}],
      [`/tasks/${k.id}/approve`, {}],
      [`/tasks/${k.id}/reject`, { reason: 'x' }],
      [`/tasks/${k.id}/comments`, { comment: 'x' }],
      ['/workflows/store', { name: 'x', context_id: eventId }],
      ['/task-templates/store', { workflow_id: 1, title: 'x' }],
      ['/tasks/store', { event_id: eventId, title: 'x' }],
    ] as const) {
      expect((await viewer.json('POST', url, body)).statusCode, url).toBe(403);
    }
    for (const url of [`/tasks/${k.id}`, `/tasks/event/${eventId}`, `/workflows/json`, `/workflows/dashboard/${groupId}`, `/events/${eventId}/tasks`]) {
      expect((await accountant.get(url, { json: true })).statusCode, url).toBe(403);
    }
    // the assignee's role (organiser) may not approve even were they named: tasks.approve is the campaign manager's and above
    expect((await assignee.json('POST', `/tasks/${k.id}/approve`, {})).statusCode).toBe(403);
  });

  it('the pages open on their records', async () => {
    expect((await owner.get(`/events/${eventId}/tasks`, { inertia: true })).statusCode).toBe(200);
    expect((await owner.get(`/groups/${groupId}/workflows`, { inertia: true })).statusCode).toBe(200);
    expect((await owner.get(`/groups/${groupId}/workflows/dashboard`, { inertia: true })).statusCode).toBe(200);
    expect((await owner.get(`/groups/abc/workflows`, { inertia: true })).statusCode).toBe(404);
  });
});
