import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { COMPLETION_KINDS, type CompletionKind } from '@common/schemas/workflows';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { Button } from '@/components/form/Button';
import { Checkbox } from '@/components/form/Checkbox';
import { Field } from '@/components/form/Field';
import { TextInput } from '@/components/form/TextInput';
import { SelectInput } from '@/components/form/SelectInput';
import { controlClasses } from '@/components/form/styles';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { SHORT_TOAST } from '@/lib/toasts';
import { useCreateTaskMutation } from './api';
import { COMPLETION_LABELS, type Person } from './TemplateForm';

/** A task added by hand to one event: who, when (a day in the event's timezone), what completing it takes, and approval. */
export function TaskForm({ eventId, members, onDone }: { eventId: number; members: Person[]; onDone: () => void }) {
  const [title, setTitle] = useState('');
  const [assignee, setAssignee] = useState('');
  const [due, setDue] = useState('');
  const [completion, setCompletion] = useState<CompletionKind>('none');
  const [checklist, setChecklist] = useState('');
  const [approval, setApproval] = useState(false);
  const [approver, setApprover] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [create, state] = useCreateTaskMutation();

  async function save(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setFailure(null);
    try {
      const answer = await create({
        event_id: eventId,
        title,
        assigned_to: assignee ? Number(assignee) : null,
        due_at: due || null,
        completion,
        checklist: completion === 'checklist' ? checklist.split('\n').map((l) => l.trim()).filter(Boolean) : [],
        requires_approval: approval,
        approver_id: approval && approver ? Number(approver) : null,
      }).unwrap();
      toast.success(answer.message, SHORT_TOAST);
      onDone();
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setFailure(errorMessage(err, 'An error occurred'));
    }
  }

  const people = (label: string) => [{ value: '', label }, ...members.map((m) => ({ value: String(m.id), label: m.name }))];
  const select = (id: string, label: string, value: string, set: (v: string) => void, options: { value: string; label: string }[], error?: string) => (
    <SelectInput id={id} label={label} value={value} onChange={set} options={options} error={error} />
  );

  return (
    <form onSubmit={(e) => void save(e)} noValidate className="flex flex-col gap-4 px-5 pb-5" aria-label="New task">
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <TextInput id={`task-${eventId}-title`} label="Title" required value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} maxLength={200} />
      <div className="grid gap-4 sm:grid-cols-3">
        {select(`task-${eventId}-assignee`, 'Assign to', assignee, setAssignee, people('Nobody yet'), errors.assigned_to)}
        <TextInput id={`task-${eventId}-due`} label="Due on" type="date" value={due} onChange={(e) => setDue(e.target.value)} error={errors.due_at} dir="ltr" />
        {select(`task-${eventId}-completion`, 'Completing it requires', completion, (v) => setCompletion(v as CompletionKind), COMPLETION_KINDS.map((k) => ({ value: k, label: COMPLETION_LABELS[k] })), errors.completion)}
      </div>
      {completion === 'checklist' && (
        <Field id={`task-${eventId}-checklist`} label="Checklist (one item a line)" error={errors.checklist}>
          {(control) => <textarea rows={3} className={controlClasses(Boolean(errors.checklist), 'py-2')} value={checklist} onChange={(e) => setChecklist(e.target.value)} {...control} />}
        </Field>
      )}
      <Checkbox id={`task-${eventId}-approval`} label="Needs approval" checked={approval} onChange={(e) => setApproval(e.target.checked)} />
      {approval && select(`task-${eventId}-approver`, 'Approved by', approver, setApprover, people('Choose who approves'), errors.approver_id)}
      <div className="flex gap-2">
        <Button type="submit" busy={state.isLoading}>
          Add task
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
