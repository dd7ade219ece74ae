import type { Answer, One } from '@common/answers/http';
import type { TaskDetail, TaskRow, TaskTemplateRow, WorkflowDashboard, WorkflowRow } from '@common/answers/workflows';
import type { Paginator } from '@common/schemas/list-query';
import type { CompleteInput, TaskInput, TaskStatus, TaskTemplateInput, WorkflowInput } from '@common/schemas/workflows';
import { TASK_FAILURES } from '@common/schemas/workflows';
import { api } from '@/store/api';
import { logFailure } from '@/store/resource-api';

export type { TaskDetail, TaskRow, TaskTemplateRow, WorkflowDashboard, WorkflowRow } from '@common/answers/workflows';

// Workflows, task templates and tasks (issue 21; decision 0049). SPEC §4: creating a workflow or a
// task template re-fetches its list (the writes invalidate the list's tag); SPEC §9: a workflow's
// templates are fetched unpaged; SPEC §8: the lists' and the task's failures are logged as
// 'Failed to fetch task templates' / 'Failed to fetch tasks' / 'Failed to fetch task'.

export type WorkflowQuery = { context_type: 'event' | 'group'; context_id: number; is_active?: boolean };
export type TaskQuery = { eventId: number; status?: TaskStatus; assigned_to?: number | 'me' };
type Move = { id: number; action: 'start' | 'approve' } | { id: number; action: 'complete'; data: CompleteInput } | { id: number; action: 'reject'; reason: string } | { id: number; action: 'comments'; comment: string };

/** SPEC §8: logged as 'Failed to fetch task templates' and so on */
const dropFailureLog = (failure: string) => logFailure(failure.replace(/^Failed to fetch /, ''));

export const workflowsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWorkflows: build.query<WorkflowRow[], WorkflowQuery>({
      query: (params) => ({ url: '/workflows/json', params: { ...params, paginate: false } }),
      providesTags: [{ type: 'Workflow', id: 'LIST' }],
    }),
    createWorkflow: build.mutation<Answer<WorkflowRow>, WorkflowInput>({
      query: (body) => ({ url: '/workflows/store', method: 'POST', body }),
      // a refused one changed nothing: nothing to re-fetch
      invalidatesTags: (r) => (r ? [{ type: 'Workflow', id: 'LIST' }] : []),
    }),
    updateWorkflow: build.mutation<Answer<WorkflowRow>, { id: number; name?: string; is_active?: boolean }>({
      query: ({ id, ...body }) => ({ url: `/workflows/update/${id}`, method: 'PUT', body }),
      // switched on: tasks may have been made
      invalidatesTags: [{ type: 'Workflow', id: 'LIST' }, { type: 'Task', id: 'LIST' }],
    }),
    deleteWorkflow: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/workflows/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Workflow', id: 'LIST' }, { type: 'TaskTemplate', id: 'LIST' }, { type: 'Task', id: 'LIST' }],
    }),
    getTaskTemplates: build.query<TaskTemplateRow[], number>({
      query: (workflowId) => ({ url: '/task-templates/json', params: { workflow_id: workflowId, paginate: false } }),
      providesTags: (_r, _e, workflowId) => [{ type: 'TaskTemplate', id: 'LIST' }, { type: 'TaskTemplate', id: `workflow-${workflowId}` }],
      onQueryStarted: dropFailureLog(TASK_FAILURES.fetchTemplates),
    }),
    createTaskTemplate: build.mutation<Answer<TaskTemplateRow & { tasks_made: number }>, TaskTemplateInput>({
      query: (body) => ({ url: '/task-templates/store', method: 'POST', body }),
      // the template list, the workflows' counts and the tasks it made
      invalidatesTags: (r) => (r ? [{ type: 'TaskTemplate', id: 'LIST' }, { type: 'Workflow', id: 'LIST' }, { type: 'Task', id: 'LIST' }] : []),
    }),
    deleteTaskTemplate: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/task-templates/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'TaskTemplate', id: 'LIST' }, { type: 'Workflow', id: 'LIST' }],
    }),
    reorderTaskTemplates: build.mutation<Answer<TaskTemplateRow[]>, { workflow_id: number; ids: number[] }>({
      query: (body) => ({ url: '/task-templates/reorder', method: 'POST', body }),
      // the new order shows at once; the server's answer confirms it
      async onQueryStarted({ workflow_id, ids }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          workflowsApi.util.updateQueryData('getTaskTemplates', workflow_id, (list) => {
            list.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: [{ type: 'Task', id: 'LIST' }],
    }),
    getEventTasks: build.query<Paginator<TaskRow>, TaskQuery>({
      query: ({ eventId, ...params }) => ({ url: `/tasks/event/${eventId}`, params: { ...params, per_page: 200 } }),
      providesTags: [{ type: 'Task', id: 'LIST' }],
      onQueryStarted: dropFailureLog(TASK_FAILURES.fetchTasks),
    }),
    getTask: build.query<TaskDetail, number>({
      query: (id) => `/tasks/${id}`,
      transformResponse: (a: One<TaskDetail>) => a.data,
      providesTags: (_r, _e, id) => [{ type: 'Task', id }],
      onQueryStarted: dropFailureLog(TASK_FAILURES.fetchTask),
    }),
    createTask: build.mutation<Answer<TaskRow>, TaskInput>({
      query: (body) => ({ url: '/tasks/store', method: 'POST', body }),
      invalidatesTags: (r) => (r ? [{ type: 'Task', id: 'LIST' }] : []),
    }),
    /** start, complete, approve, reject, comment: the task, its list, the dashboards and the calendar follow */
    moveTask: build.mutation<Answer<TaskRow>, Move>({
      query: (m) => ({
        url: `/tasks/${m.id}/${m.action}`,
        method: 'POST',
        body: m.action === 'complete' ? m.data : m.action === 'reject' ? { reason: m.reason } : m.action === 'comments' ? { comment: m.comment } : {},
      }),
      invalidatesTags: (r, _e, m) => (r ? [{ type: 'Task', id: m.id }, { type: 'Task', id: 'LIST' }] : []),
    }),
    getWorkflowDashboard: build.query<WorkflowDashboard, number>({
      query: (groupId) => `/workflows/dashboard/${groupId}`,
      transformResponse: (a: One<WorkflowDashboard>) => a.data,
      providesTags: [{ type: 'Task', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetWorkflowsQuery,
  useCreateWorkflowMutation,
  useUpdateWorkflowMutation,
  useDeleteWorkflowMutation,
  useGetTaskTemplatesQuery,
  useCreateTaskTemplateMutation,
  useDeleteTaskTemplateMutation,
  useReorderTaskTemplatesMutation,
  useGetEventTasksQuery,
  useGetTaskQuery,
  useCreateTaskMutation,
  useMoveTaskMutation,
  useGetWorkflowDashboardQuery,
} = workflowsApi;
