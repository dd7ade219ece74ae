import { CheckCircle2, Play, ShieldCheck, Undo2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { formatDateTime } from '@common/format';
import { TASK_FAILURES } from '@common/schemas/workflows';
import { StatusPill } from '@/components/display/Badge';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { Button } from '@/components/form/Button';
import { Checkbox } from '@/components/form/Checkbox';
import { Field } from '@/components/form/Field';
import { TextInput } from '@/components/form/TextInput';
import { controlClasses } from '@/components/form/styles';
import { Drawer } from '@/components/overlay/Drawer';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { SHORT_TOAST } from '@/lib/toasts';
import { useCan } from '@/lib/page';
import { MediaLibrary, type PickedMedia } from '../media/MediaLibrary';
import { useGetTaskQuery, useMoveTaskMutation, type TaskDetail } from './api';
import { TASK_STATUS_LABELS, TASK_STATUS_TONES } from './labels';

const ACTION_WORDS: Record<string, string> = {
  created: 'created the task',
  started: 'started it',
  completed: 'completed it',
  submitted: 'handed it in for approval',
  approved: 'approved it',
  rejected: 'sent it back',
  commented: 'commented',
  reminded: 'Reminded: the task is overdue',
};

function CompleteForm({ task, onDone }: { task: TaskDetail; onDone: () => void }) {
  const [move, state] = useMoveTaskMutation();
  const [note, setNote] = useState('');
  const [number, setNumber] = useState('');
  const [file, setFile] = useState<PickedMedia | null>(null);
  const [picking, setPicking] = useState(false);
  const canMedia = { upload: useCan('media.upload'), create: useCan('media.create'), update: false, delete: false };
  const [ticks, setTicks] = useState<boolean[]>(task.checklist.map(() => false));
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    try {
      const answer = await move({ id: task.id, action: 'complete', data: { note: note || null, number: number || null, media_id: file?.id ?? null, checklist: task.completion === 'checklist' ? ticks : null } }).unwrap();
      toast.success(answer.message, SHORT_TOAST);
      onDone();
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(Object.keys(fields).length ? fields : { form: errorMessage(err, 'An error occurred') });
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3" aria-label="Complete the task">
      {errors.form && <ErrorAlert>{errors.form}</ErrorAlert>}
      {task.completion === 'number' && <TextInput id={`t${task.id}-number`} label="Number" required value={number} onChange={(e) => setNumber(e.target.value)} error={errors.number} inputMode="decimal" dir="ltr" />}
      {task.completion === 'file' && (
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">File</legend>
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" size="sm" onClick={() => setPicking((v) => !v)} aria-expanded={picking} aria-describedby={errors.media_id ? `t${task.id}-file-error` : undefined}>
              Choose from the media library
            </Button>
            {file && <span className="text-sm text-slate-700 dark:text-slate-200"><bdi>{file.file.display_name}</bdi></span>}
          </div>
          {picking && (
            // the library inline (this panel is a dialog already): a click on a file chooses it
            <div className="max-h-96 overflow-y-auto rounded-md border border-slate-200 p-2 dark:border-slate-700">
              <MediaLibrary mode="pick" initialFilter="all" can={canMedia} onPick={(p) => { setFile(p); setPicking(false); }} />
            </div>
          )}
          {errors.media_id && <p id={`t${task.id}-file-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">{errors.media_id}</p>}
        </fieldset>
      )}
      {task.completion === 'checklist' && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">Checklist</legend>
          {task.checklist.map((item, i) => (
            <Checkbox key={item} id={`t${task.id}-check-${i}`} label={item} checked={ticks[i]} onChange={(e) => setTicks((t) => t.map((v, j) => (j === i ? e.target.checked : v)))} />
          ))}
          {errors.checklist && <p role="alert" className="text-sm text-red-700 dark:text-red-300">{errors.checklist}</p>}
        </fieldset>
      )}
      <Field id={`t${task.id}-note`} label="Note" required={task.completion === 'note'} error={errors.note}>
        {(control) => <textarea rows={2} className={controlClasses(Boolean(errors.note), 'py-2')} value={note} onChange={(e) => setNote(e.target.value)} {...control} />}
      </Field>
      <Button type="submit" busy={state.isLoading}>
        <CheckCircle2 aria-hidden="true" className="size-4" />
        {task.requires_approval ? 'Complete and hand in for approval' : 'Complete'}
      </Button>
    </form>
  );
}

/** One task: what it asks, its actions for the member (start, complete, approve, reject, comment), its comments and history. */
export function TaskPanel({ taskId, me, onClose }: { taskId: number | null; me: number; onClose: () => void }) {
  const query = useGetTaskQuery(taskId ?? 0, { skip: !taskId });
  const [move, state] = useMoveTaskMutation();
  const [reason, setReason] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const task = query.data;

  async function run(m: Parameters<typeof move>[0], after?: () => void) {
    setErrors({});
    try {
      const answer = await move(m).unwrap();
      toast.success(answer.message, SHORT_TOAST);
      after?.();
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(Object.keys(fields).length ? fields : { form: errorMessage(err, 'An error occurred') });
    }
  }

  const mine = task && (task.assigned_to === me || task.assigned_to === null);
  const approving = task && task.approver_id === me && task.status === 'submitted';
  return (
    <Drawer open={taskId !== null} onClose={onClose} title={task ? <bdi>{task.title}</bdi> : 'Task'}>
      {query.isError && <ErrorAlert>{errorMessage(query.error, TASK_FAILURES.fetchTask)}</ErrorAlert>}
      {task && (
        <div className="flex flex-col gap-5 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <StatusPill status={task.status} label={TASK_STATUS_LABELS[task.status]} tone={TASK_STATUS_TONES[task.status]} />
            {task.overdue && <StatusPill status="overdue" label="Overdue" tone="danger" />}
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-slate-500 dark:text-slate-400">Due</dt>
            <dd>{task.due_at ? formatDateTime(task.due_at) : '—'}</dd>
            <dt className="text-slate-500 dark:text-slate-400">Assigned to</dt>
            <dd><bdi>{task.assignee_name ?? 'Nobody yet'}</bdi></dd>
            {task.requires_approval && (
              <>
                <dt className="text-slate-500 dark:text-slate-400">Approved by</dt>
                <dd><bdi>{task.approver_name}</bdi></dd>
              </>
            )}
          </dl>
          {task.instructions && <p dir="auto" className="whitespace-pre-wrap text-slate-700 dark:text-slate-200">{task.instructions}</p>}
          {task.rejection_reason && task.status === 'in_progress' && (
            <div role="note" className="rounded-md bg-red-50 p-3 text-red-800 dark:bg-red-950/40 dark:text-red-200">
              Sent back: <bdi>{task.rejection_reason}</bdi>
            </div>
          )}
          {task.result && (task.result.note || task.result.number || task.result.media_id) && (
            <div className="rounded-md bg-slate-50 p-3 dark:bg-slate-800">
              {task.result.media_id && (
                <p>
                  File: <a className="text-primary-strong hover:underline dark:text-primary-light" href={`/media/files/${task.result.media_id}/original`}><bdi>{task.result.media_name ?? 'file'}</bdi></a>
                </p>
              )}
              {task.result.number && <p>Number: <span dir="ltr">{task.result.number}</span></p>}
              {task.result.note && <p dir="auto">Note: {task.result.note}</p>}
            </div>
          )}
          {task.waiting_for.length > 0 && task.status === 'todo' && <p className="text-amber-700 dark:text-amber-300">Waits for: {task.waiting_for.join(', ')}</p>}
          {errors.form && <ErrorAlert>{errors.form}</ErrorAlert>}
          <div className="flex flex-wrap gap-2">
            {mine && task.status === 'todo' && (
              <Button busy={state.isLoading} onClick={() => void run({ id: task.id, action: 'start' })} disabled={task.waiting_for.length > 0}>
                <Play aria-hidden="true" className="size-4" />
                Start
              </Button>
            )}
            {approving && (
              <>
                <Button busy={state.isLoading} onClick={() => void run({ id: task.id, action: 'approve' })}>
                  <ShieldCheck aria-hidden="true" className="size-4" />
                  Approve
                </Button>
                <Button variant="outline" onClick={() => setRejecting(true)}>
                  <Undo2 aria-hidden="true" className="size-4" />
                  Reject
                </Button>
              </>
            )}
          </div>
          {mine && task.status === 'in_progress' && <CompleteForm key={`${task.id}-${task.history.length}`} task={task} onDone={() => undefined} />}
          {approving && rejecting && (
            <form
              noValidate
              aria-label="Reject the task"
              className="flex flex-col gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                void run({ id: task.id, action: 'reject', reason }, () => {
                  setRejecting(false);
                  setReason('');
                });
              }}
            >
              <TextInput id={`t${task.id}-reason`} label="Reason" required value={reason} onChange={(e) => setReason(e.target.value)} error={errors.reason} />
              <Button type="submit" variant="danger" busy={state.isLoading}>
                Send back
              </Button>
            </form>
          )}
          <section aria-label="Comments" className="flex flex-col gap-2">
            <h3 className="font-semibold text-slate-800 dark:text-slate-100">Comments</h3>
            {task.comments.length === 0 && <p className="text-slate-500 dark:text-slate-400">No comments yet.</p>}
            <ul className="flex flex-col gap-2">
              {task.comments.map((c) => (
                <li key={c.id} className="rounded-md bg-slate-50 p-2 dark:bg-slate-800">
                  <p className="text-xs text-slate-500 dark:text-slate-400"><bdi>{c.user_name}</bdi> · {formatDateTime(c.created_at)}</p>
                  <p dir="auto" className="whitespace-pre-wrap">{c.body}</p>
                </li>
              ))}
            </ul>
            <form
              noValidate
              aria-label="Add a comment"
              className="flex flex-col gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                void run({ id: task.id, action: 'comments', comment }, () => setComment(''));
              }}
            >
              <TextInput id={`t${task.id}-comment`} label="Comment" value={comment} onChange={(e) => setComment(e.target.value)} error={errors.comment} />
              <Button type="submit" variant="outline" size="sm" busy={state.isLoading}>
                Add comment
              </Button>
            </form>
          </section>
          <section aria-label="History">
            <h3 className="mb-2 font-semibold text-slate-800 dark:text-slate-100">History</h3>
            <ol className="flex flex-col gap-1 text-slate-600 dark:text-slate-300">
              {task.history.filter((h) => h.action !== 'commented').map((h) => (
                <li key={h.id}>
                  <span className="text-xs text-slate-500 dark:text-slate-400">{formatDateTime(h.created_at)}</span> · {h.user_name ? <bdi>{h.user_name}</bdi> : null} {ACTION_WORDS[h.action]}
                  {h.body && h.action === 'rejected' ? <>: <bdi>{h.body}</bdi></> : null}
                </li>
              ))}
            </ol>
          </section>
        </div>
      )}
    </Drawer>
  );
}


