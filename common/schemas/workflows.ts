import { z } from 'zod';

/**
 * Workflows, task templates and tasks (SPEC §2 Events/Tasks, Groups/Workflows*, §3, §4, §7, §8;
 * issue 21; docs/decisions/0049-workflows.md): the inputs and the task's status flow, shared by
 * the pages and the server.
 */
export const WORKFLOW_CONTEXTS = ['event', 'group'] as const;
export type WorkflowContext = (typeof WORKFLOW_CONTEXTS)[number];

/** what completing a task asks for */
export const COMPLETION_KINDS = ['none', 'note', 'number', 'file', 'checklist'] as const;
export type CompletionKind = (typeof COMPLETION_KINDS)[number];

/**
 * todo → in_progress → (complete) done, or submitted when approval is needed → approved, or back to
 * in_progress with the approver's reason (rejected). approved and done are the finished states.
 */
export const TASK_STATUSES = ['todo', 'in_progress', 'submitted', 'approved', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const FINISHED_STATUSES: readonly TaskStatus[] = ['approved', 'done'];
export const OPEN_STATUSES: readonly TaskStatus[] = ['todo', 'in_progress'];

export const TASK_ACTIONS = ['created', 'started', 'completed', 'submitted', 'approved', 'rejected', 'commented', 'reminded'] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

/** SPEC §8: the toasts of the task's actions */
export const TASK_MESSAGES = {
  templateCreated: 'Task template created successfully',
  started: 'Task started successfully',
  completed: 'Task completed successfully',
  rejected: 'Task rejected',
  approved: 'Task approved successfully',
  commented: 'Comment added successfully',
} as const;

/** SPEC §8: the fallback messages of failed calls */
export const TASK_FAILURES = {
  createTemplate: 'Failed to create task template',
  fetchTemplates: 'Failed to fetch task templates',
  fetchTasks: 'Failed to fetch tasks',
  fetchTask: 'Failed to fetch task',
} as const;

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
const flag = z.union([z.boolean(), z.enum(['1', '0', 'true', 'false'])]).transform((v) => v === true || v === '1' || v === 'true');

export const workflowSchema = z.object({
  name: z.string().trim().min(1, 'The name field is required.').max(200),
  description: optionalText(2000),
  context_type: z.enum(WORKFLOW_CONTEXTS, { error: 'Attach the workflow to an event or a group.' }).default('event'),
  context_id: id.refine(Boolean, 'Choose the event or group.'),
  is_active: flag.default(true),
});
export type WorkflowInput = z.input<typeof workflowSchema>;
export const workflowUpdateSchema = workflowSchema.pick({ name: true, description: true, is_active: true }).partial();

export const workflowListSchema = z.object({
  context_type: z.enum(WORKFLOW_CONTEXTS).default('event'),
  context_id: id.optional(),
  is_active: flag.optional(),
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(15),
  paginate: flag.optional(),
});

export const taskTemplateSchema = z
  .object({
    workflow_id: id,
    title: z.string().trim().min(1, 'The title field is required.').max(200),
    instructions: optionalText(5000),
    assignee_user_id: id.nullish(),
    assignee_role_id: id.nullish(),
    /** days from the event's start: negative before, positive after */
    due_offset_days: z.coerce.number({ error: 'The due offset must be a number of days.' }).int('The due offset must be whole days.').min(-3650).max(3650).default(0),
    requires_approval: flag.default(false),
    approver_user_id: id.nullish(),
    completion: z.enum(COMPLETION_KINDS).default('none'),
    checklist: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
    depends_on: z.array(id).max(50).default([]),
  })
  .refine((d) => !(d.assignee_user_id && d.assignee_role_id), { path: ['assignee_user_id'], message: 'Assign a person or a role, not both.' })
  .refine((d) => !d.requires_approval || d.approver_user_id, { path: ['approver_user_id'], message: 'Choose who approves the task.' })
  .refine((d) => d.completion !== 'checklist' || d.checklist.length > 0, { path: ['checklist'], message: 'Add at least one checklist item.' });
export type TaskTemplateInput = z.input<typeof taskTemplateSchema>;

export const reorderSchema = z.object({ workflow_id: id, ids: z.array(id).min(1).max(500) });

export const taskListSchema = z.object({
  status: z.enum(TASK_STATUSES).optional(),
  assigned_to: z.union([id, z.literal('me')]).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
  paginate: flag.optional(),
});

export const taskSchema = z
  .object({
    event_id: id,
    title: z.string().trim().min(1, 'The title field is required.').max(200),
    instructions: optionalText(5000),
    assigned_to: id.nullish(),
    due_at: z.string().trim().max(40).nullish(),
    requires_approval: flag.default(false),
    approver_id: id.nullish(),
    completion: z.enum(COMPLETION_KINDS).default('none'),
    checklist: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
  })
  .refine((d) => !d.requires_approval || d.approver_id, { path: ['approver_id'], message: 'Choose who approves the task.' })
  .refine((d) => d.completion !== 'checklist' || d.checklist.length > 0, { path: ['checklist'], message: 'Add at least one checklist item.' });
export type TaskInput = z.input<typeof taskSchema>;

/** POST /tasks/{id}/complete: the data the task asks for (checked against its completion kind on the server) */
export const completeSchema = z.object({
  note: z.string().trim().max(5000).nullish(),
  number: z.union([z.number(), z.string().trim().regex(/^-?\d{1,12}(\.\d{1,4})?$/, 'The number must be a number.')]).nullish(),
  media_id: id.nullish(),
  checklist: z.array(z.boolean()).max(50).nullish(),
});
export type CompleteInput = z.input<typeof completeSchema>;

export const rejectSchema = z.object({ reason: z.string({ error: 'The reason field is required.' }).trim().min(1, 'The reason field is required.').max(2000) });
export const commentSchema = z.object({ comment: z.string({ error: 'The comment field is required.' }).trim().min(1, 'The comment field is required.').max(5000) });
