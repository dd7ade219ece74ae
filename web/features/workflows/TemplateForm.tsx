import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { COMPLETION_KINDS, TASK_FAILURES, type CompletionKind } from '@common/schemas/workflows';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { Button } from '@/components/form/Button';
import { Checkbox } from '@/components/form/Checkbox';
import { Field } from '@/components/form/Field';
import { TextInput } from '@/components/form/TextInput';
import { SelectInput } from '@/components/form/SelectInput';
import { controlClasses } from '@/components/form/styles';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { SHORT_TOAST } from '@/lib/toasts';
import { useCreateTaskTemplateMutation, type TaskTemplateRow } from './api';

export type Person = { id: number; name: string };

export const COMPLETION_LABELS: Record<CompletionKind, string> = {
  none: 'Nothing: just mark it done',
  note: 'A note',
  number: 'A number',
  file: 'A file from the media library',
  checklist: 'A checklist, every item ticked',
};

/** A new step of a workflow: who, when (days before or after the event), what completing it takes, approval and what it waits for. */
export function TemplateForm({ workflowId, members, roles, earlier, onDone }: { workflowId: number; members: Person[]; roles: Person[]; earlier: TaskTemplateRow[]; onDone: () => void }) {
  const [title, setTitle] = useState('');
  const [instructions, setInstructions] = useState('');
  const [assignee, setAssignee] = useState('');
  const [days, setDays] = useState('7');
  const [when, setWhen] = useState<'before' | 'after'>('before');
  const [approval, setApproval] = useState(false);
  const [approver, setApprover] = useState('');
  const [completion, setCompletion] = useState<CompletionKind>('none');
  const [checklist, setChecklist] = useState('');
  const [dependsOn, setDependsOn] = useState<number[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [create, state] = useCreateTaskTemplateMutation();
  const id = (name: string) => `tpl-${workflowId}-${name}`;

  async function save(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setFailure(null);
    const [kind, who] = assignee.split(':');
    const offset = Number(days) * (when === 'before' ? -1 : 1);
    try {
      const answer = await create({
        workflow_id: workflowId,
        title,
        instructions: instructions || null,
        assignee_user_id: kind === 'user' ? Number(who) : null,
        assignee_role_id: kind === 'role' ? Number(who) : null,
        due_offset_days: Number.isFinite(offset) ? offset : (days as never),
        requires_approval: approval,
        approver_user_id: approval && approver ? Number(approver) : null,
        completion,
        checklist: completion === 'checklist' ? checklist.split('\n').map((l) => l.trim()).filter(Boolean) : [],
        depends_on: dependsOn,
      }).unwrap();
      toast.success(answer.message, SHORT_TOAST);
      onDone();
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setFailure(errorMessage(err, TASK_FAILURES.createTemplate));
    }
  }

  const select = (name: string, label: string, value: string, set: (v: string) => void, options: { value: string; label: string }[], error?: string) => (
    <SelectInput id={id(name)} label={label} value={value} onChange={set} options={options} error={error} />
  );

  return (
    <form onSubmit={(e) => void save(e)} noValidate className="flex flex-col gap-4" aria-label="New task template">
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <TextInput id={id('title')} label="Task" required value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} maxLength={200} />
      <Field id={id('instructions')} label="Instructions" error={errors.instructions}>
        {(control) => <textarea rows={2} className={controlClasses(Boolean(errors.instructions), 'py-2')} value={instructions} onChange={(e) => setInstructions(e.target.value)} {...control} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        {select(
          'assignee',
          'Assign to',
          assignee,
          setAssignee,
          [
            { value: '', label: 'Nobody yet (whoever starts it)' },
            ...members.map((m) => ({ value: `user:${m.id}`, label: m.name })),
            ...roles.map((r) => ({ value: `role:${r.id}`, label: `Role: ${r.name}` })),
          ],
          errors.assignee_user_id ?? errors.assignee_role_id,
        )}
        <TextInput id={id('days')} label="Due (days)" type="number" min={0} max={3650} value={days} onChange={(e) => setDays(e.target.value)} error={errors.due_offset_days} dir="ltr" />
        {select('when', 'Relative to the event', when, (v) => setWhen(v as 'before' | 'after'), [
          { value: 'before', label: 'before its start' },
          { value: 'after', label: 'after its start' },
        ])}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {select('completion', 'Completing it requires', completion, (v) => setCompletion(v as CompletionKind), COMPLETION_KINDS.map((k) => ({ value: k, label: COMPLETION_LABELS[k] })), errors.completion)}
        {completion === 'checklist' && (
          <Field id={id('checklist')} label="Checklist (one item a line)" error={errors.checklist}>
            {(control) => <textarea rows={3} className={controlClasses(Boolean(errors.checklist), 'py-2')} value={checklist} onChange={(e) => setChecklist(e.target.value)} {...control} />}
          </Field>
        )}
      </div>
      <Checkbox id={id('approval')} label="Needs approval" checked={approval} onChange={(e) => setApproval(e.target.checked)} />
      {approval &&
        select('approver', 'Approved by', approver, setApprover, [{ value: '', label: 'Choose who approves' }, ...members.map((m) => ({ value: String(m.id), label: m.name }))], errors.approver_user_id)}
      {earlier.length > 0 && (
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">Waits for</legend>
          <div className="flex flex-wrap gap-4">
            {earlier.map((t) => (
              <Checkbox
                key={t.id}
                id={id(`dep-${t.id}`)}
                label={t.title}
                checked={dependsOn.includes(t.id)}
                onChange={(e) => setDependsOn((list) => (e.target.checked ? [...list, t.id] : list.filter((x) => x !== t.id)))}
              />
            ))}
          </div>
          {errors.depends_on && <p className="mt-1 text-sm text-red-700 dark:text-red-300">{errors.depends_on}</p>}
        </fieldset>
      )}
      <div className="flex gap-2">
        <Button type="submit" busy={state.isLoading}>
          Add task template
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
