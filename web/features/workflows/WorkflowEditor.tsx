import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { Badge } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { Button } from '@/components/form/Button';
import { TextInput } from '@/components/form/TextInput';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { SHORT_TOAST } from '@/lib/toasts';
import { useCreateWorkflowMutation, useGetTaskTemplatesQuery, useGetWorkflowsQuery, useUpdateWorkflowMutation, type WorkflowRow } from './api';
import { TemplateForm, type Person } from './TemplateForm';
import { TemplateList } from './TemplateList';
import { formatCount } from '@common/format';

function WorkflowCard({ workflow, members, roles, canManage }: { workflow: WorkflowRow; members: Person[]; roles: Person[]; canManage: boolean }) {
  const templates = useGetTaskTemplatesQuery(workflow.id);
  const [update, updating] = useUpdateWorkflowMutation();
  const [adding, setAdding] = useState(false);
  return (
    <Card
      title={
        <span className="flex flex-wrap items-center gap-2">
          <bdi>{workflow.name}</bdi>
          <Badge tone={workflow.is_active ? 'success' : 'secondary'} dot>
            {workflow.is_active ? 'On' : 'Off'}
          </Badge>
        </span>
      }
      actions={
        canManage && (
          <Button
            size="sm"
            variant="outline"
            busy={updating.isLoading}
            onClick={() =>
              void update({ id: workflow.id, is_active: !workflow.is_active })
                .unwrap()
                .then((a) => toast.success(a.message, SHORT_TOAST))
                .catch((err: unknown) => toast.error(errorMessage(err, 'An error occurred')))
            }
          >
            {workflow.is_active ? 'Switch off' : 'Switch on'}
          </Button>
        )
      }
    >
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        {formatCount(workflow.templates_count)} {workflow.templates_count === 1 ? 'step' : 'steps'} · {formatCount(workflow.tasks_count)} {workflow.tasks_count === 1 ? 'task' : 'tasks'} made
      </p>
      {templates.isError ? (
        <ErrorAlert>{errorMessage(templates.error, 'Failed to fetch task templates')}</ErrorAlert>
      ) : (
        <TemplateList workflowId={workflow.id} templates={templates.data ?? []} editable={canManage} />
      )}
      {canManage &&
        (adding ? (
          <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700">
            <TemplateForm workflowId={workflow.id} members={members} roles={roles} earlier={templates.data ?? []} onDone={() => setAdding(false)} />
          </div>
        ) : (
          <Button className="mt-4" variant="outline" size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Add task template
          </Button>
        ))}
    </Card>
  );
}

/** The workflows attached to an event or a group: a new one by name, each with its ordered steps and its switch. */
export function WorkflowEditor({ contextType, contextId, members, roles, canManage }: { contextType: 'event' | 'group'; contextId: number; members: Person[]; roles: Person[]; canManage: boolean }) {
  const list = useGetWorkflowsQuery({ context_type: contextType, context_id: contextId });
  const [create, creating] = useCreateWorkflowMutation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function add(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      const answer = await create({ name, context_type: contextType, context_id: contextId }).unwrap();
      toast.success(answer.message, SHORT_TOAST);
      setName('');
    } catch (err) {
      setError(fieldErrorsOf(err).name ?? errorMessage(err, 'An error occurred'));
    }
  }

  return (
    <div className="flex flex-col gap-4">
      {canManage && (
        <form onSubmit={(e) => void add(e)} noValidate className="flex flex-wrap items-end gap-2" aria-label="New workflow">
          <TextInput id={`new-workflow-${contextType}-${contextId}`} label="New workflow" placeholder="Opening day" value={name} onChange={(e) => setName(e.target.value)} error={error} maxLength={200} wrapperClassName="min-w-64 flex-1" />
          <Button type="submit" busy={creating.isLoading} className="mb-0.5">
            Attach workflow
          </Button>
        </form>
      )}
      {list.isError && <ErrorAlert>{errorMessage(list.error, 'An error occurred')}</ErrorAlert>}
      {list.data?.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-300">No workflow is attached yet.</p>}
      {list.data?.map((w) => <WorkflowCard key={w.id} workflow={w} members={members} roles={roles} canManage={canManage} />)}
    </div>
  );
}
