import { sql } from 'drizzle-orm';
import { bigint, boolean, date, foreignKey, index, integer, jsonb, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../db/tenant-table.js';
import { events } from '../campaigns/schema.js';
import type { CompletionKind, TaskAction, TaskStatus, WorkflowContext } from '../../../common/schemas/workflows.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/**
 * A workflow (SPEC §3: context_type default event, context_id, is_active): a named, ordered set of
 * task templates attached to one event or one event group. While it is active, every event of its
 * context gets one task per template (generate.ts).
 */
export const workflows = tenantTable(
  'workflows',
  {
    name: text('name').notNull(),
    description: text('description'),
    contextType: text('context_type').$type<WorkflowContext>().notNull().default('event'),
    /** the event's or the group's id, after context_type (checked by the API; a group's events reach it through events.group_id) */
    contextId: bigint('context_id', { mode: 'number' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: bigint('created_by', { mode: 'number' }),
  },
  (t) => [
    // GET /workflows/json's filters and default order (newest first)
    index('workflows_context_idx').on(t.tenantId, t.contextType, t.contextId, t.createdAt, t.id),
    index('workflows_created_idx').on(t.tenantId, t.createdAt, t.id),
  ],
);

/**
 * One step of a workflow: who does it (a member, or whoever of a role the task goes to), when
 * (days before or after the event's start), what completing it takes, and whether someone must
 * approve it. `depends_on` names earlier templates of the same workflow whose tasks must be
 * finished before this one may start.
 */
export const taskTemplates = tenantTable(
  'task_templates',
  {
    workflowId: bigint('workflow_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    instructions: text('instructions'),
    assigneeUserId: bigint('assignee_user_id', { mode: 'number' }),
    assigneeRoleId: bigint('assignee_role_id', { mode: 'number' }),
    /** days from the event's start: -7 is a week before */
    dueOffsetDays: integer('due_offset_days').notNull().default(0),
    requiresApproval: boolean('requires_approval').notNull().default(false),
    approverUserId: bigint('approver_user_id', { mode: 'number' }),
    completion: text('completion').$type<CompletionKind>().notNull().default('none'),
    checklist: jsonb('checklist').$type<string[]>().notNull().default([]),
    dependsOn: jsonb('depends_on').$type<number[]>().notNull().default([]),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.workflowId], foreignColumns: [workflows.tenantId, workflows.id] }).onDelete('cascade'),
    index('task_templates_workflow_idx').on(t.tenantId, t.workflowId, t.position, t.id),
  ],
);

/**
 * A task of an event (SPEC §3: id, comments, status, assigned_to): made from a template when its
 * workflow reaches the event, or by hand. Its status moves only through tasks.ts's transitions.
 */
export const tasks = tenantTable(
  'tasks',
  {
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    workflowId: bigint('workflow_id', { mode: 'number' }),
    templateId: bigint('template_id', { mode: 'number' }),
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    instructions: text('instructions'),
    assignedTo: bigint('assigned_to', { mode: 'number' }),
    approverId: bigint('approver_id', { mode: 'number' }),
    requiresApproval: boolean('requires_approval').notNull().default(false),
    completion: text('completion').$type<CompletionKind>().notNull().default('none'),
    checklist: jsonb('checklist').$type<string[]>().notNull().default([]),
    dueAt: at('due_at'),
    status: text('status').$type<TaskStatus>().notNull().default('todo'),
    /** what the assignee handed in: { note, number, media_id, checklist } */
    result: jsonb('result').$type<Record<string, unknown>>(),
    rejectionReason: text('rejection_reason'),
    startedAt: at('started_at'),
    submittedAt: at('submitted_at'),
    completedAt: at('completed_at'),
    approvedBy: bigint('approved_by', { mode: 'number' }),
    /** the day (UTC) the last overdue reminder went: one a day at most */
    remindedOn: date('reminded_on', { mode: 'string' }),
    createdBy: bigint('created_by', { mode: 'number' }),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.eventId], foreignColumns: [events.tenantId, events.id] }).onDelete('cascade'),
    // no cascade: deleting a workflow or a template first detaches its tasks (routes.ts), which stay with their events
    foreignKey({ columns: [t.tenantId, t.workflowId], foreignColumns: [workflows.tenantId, workflows.id] }),
    foreignKey({ columns: [t.tenantId, t.templateId], foreignColumns: [taskTemplates.tenantId, taskTemplates.id] }),
    // a template makes one task per event, however often generation runs
    uniqueIndex('tasks_event_template_unique').on(t.tenantId, t.eventId, t.templateId),
    // GET /tasks/event/{id}'s default order, and its status filter
    index('tasks_event_idx').on(t.tenantId, t.eventId, t.position, t.id),
    index('tasks_event_status_idx').on(t.tenantId, t.eventId, t.status, t.position, t.id),
    index('tasks_assignee_idx').on(t.tenantId, t.assignedTo, t.status),
    // the calendar's range and the overdue sweep
    index('tasks_due_idx').on(t.tenantId, t.dueAt, t.id),
    index('tasks_open_due_idx').on(t.dueAt).where(sql`status in ('todo', 'in_progress')`),
    index('tasks_workflow_idx').on(t.tenantId, t.workflowId),
    index('tasks_template_idx').on(t.tenantId, t.templateId),
  ],
);

/** A task's history and comments: every transition (with its reason) and every comment, in order. */
export const taskActivities = tenantTable(
  'task_activities',
  {
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    action: text('action').$type<TaskAction>().notNull(),
    fromStatus: text('from_status').$type<TaskStatus>(),
    toStatus: text('to_status').$type<TaskStatus>(),
    body: text('body'),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.taskId], foreignColumns: [tasks.tenantId, tasks.id] }).onDelete('cascade'),
    index('task_activities_task_idx').on(t.tenantId, t.taskId, t.id),
  ],
);
