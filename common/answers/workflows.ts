import type { CompletionKind, TaskAction, TaskStatus, WorkflowContext } from '../schemas/workflows.js';

/** GET /workflows/json's rows (SPEC §3 workflow: context_type, context_id, is_active) */
export interface WorkflowRow {
  id: number;
  name: string;
  description: string | null;
  context_type: WorkflowContext;
  context_id: number;
  context_name: string | null;
  is_active: boolean;
  templates_count: number;
  tasks_count: number;
  created_at: string;
}

/** GET /task-templates/json?workflow_id=…&paginate=false (SPEC §9: unpaged) */
export interface TaskTemplateRow {
  id: number;
  workflow_id: number;
  position: number;
  title: string;
  instructions: string | null;
  assignee_user_id: number | null;
  assignee_role_id: number | null;
  assignee_name: string | null;
  due_offset_days: number;
  requires_approval: boolean;
  approver_user_id: number | null;
  approver_name: string | null;
  completion: CompletionKind;
  checklist: string[];
  depends_on: number[];
}

/** SPEC §3 task: id, comments, status, assigned_to — and what the pages show with them */
export interface TaskRow {
  id: number;
  event_id: number;
  event_name: string;
  workflow_id: number | null;
  template_id: number | null;
  title: string;
  instructions: string | null;
  status: TaskStatus;
  assigned_to: number | null;
  assignee_name: string | null;
  approver_id: number | null;
  approver_name: string | null;
  requires_approval: boolean;
  completion: CompletionKind;
  checklist: string[];
  due_at: string | null;
  overdue: boolean;
  result: { note?: string | null; number?: string | null; media_id?: number | null; media_name?: string | null; checklist?: boolean[] | null } | null;
  rejection_reason: string | null;
  /** the titles of the earlier tasks this one waits for, while they are unfinished */
  waiting_for: string[];
  comments_count: number;
  created_at: string;
}

export interface TaskActivityRow {
  id: number;
  user_id: number | null;
  user_name: string | null;
  action: TaskAction;
  from_status: TaskStatus | null;
  to_status: TaskStatus | null;
  body: string | null;
  created_at: string;
}

/** GET /tasks/{id}: the task, its comments and its whole history */
export interface TaskDetail extends TaskRow {
  comments: TaskActivityRow[];
  history: TaskActivityRow[];
}

/** GET /workflows/dashboard/{groupId}: progress across the group's events */
export interface WorkflowDashboard {
  by_status: Record<TaskStatus, number>;
  total: number;
  overdue: number;
  waiting_approval: number;
  per_assignee: { user_id: number | null; name: string | null; open: number; submitted: number; finished: number; overdue: number }[];
  per_event: { event_id: number; name: string; starts_at: string; total: number; finished: number; overdue: number }[];
}
