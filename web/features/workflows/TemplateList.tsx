import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, ShieldCheck, Trash2 } from 'lucide-react';
import { toast } from 'react-toastify';
import { formatCount } from '@common/format';
import { Badge } from '@/components/display/Badge';
import { Button } from '@/components/form/Button';
import { errorMessage } from '@/lib/errors';
import { SHORT_TOAST } from '@/lib/toasts';
import { useDeleteTaskTemplateMutation, useReorderTaskTemplatesMutation, type TaskTemplateRow } from './api';
import { COMPLETION_LABELS } from './TemplateForm';

/** "7 days before the event", "on the day", "2 days after" */
export function offsetLabel(days: number) {
  if (days === 0) return 'On the event’s day';
  const n = Math.abs(days);
  return `${formatCount(n)} ${n === 1 ? 'day' : 'days'} ${days < 0 ? 'before' : 'after'} the event`;
}

function Row({ template, index, editable, onDelete }: { template: TaskTemplateRow; index: number; editable: boolean; onDelete: () => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: template.id, disabled: !editable });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-start gap-3 rounded-md border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-800 ${isDragging ? 'shadow-lg' : ''}`}
    >
      {editable && (
        <button type="button" className="mt-0.5 cursor-grab rounded p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary dark:text-slate-300 dark:hover:bg-slate-700" aria-label={`Move ${template.title}`} {...attributes} {...listeners}>
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
      )}
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-800 dark:text-slate-100">
          <span className="me-2 text-slate-500 dark:text-slate-400">{formatCount(index + 1)}.</span>
          <bdi>{template.title}</bdi>
        </p>
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
          <span>{offsetLabel(template.due_offset_days)}</span>
          <span>{template.assignee_name ? <bdi>{template.assignee_name}</bdi> : 'Unassigned'}</span>
          <span>{COMPLETION_LABELS[template.completion]}</span>
          {template.requires_approval && (
            <Badge tone="warning">
              <ShieldCheck aria-hidden="true" className="me-1 inline size-3" />
              Approval: <bdi>{template.approver_name}</bdi>
            </Badge>
          )}
        </p>
      </div>
      {editable && (
        <Button variant="danger-ghost" size="sm" onClick={onDelete} aria-label={`Delete ${template.title}`}>
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      )}
    </li>
  );
}

/**
 * A workflow's templates in order; dragged with the mouse or moved with the keyboard (focus the
 * handle, Space to lift, arrows to move, Space to drop), the new order saved at once.
 */
export function TemplateList({ workflowId, templates, editable }: { workflowId: number; templates: TaskTemplateRow[]; editable: boolean }) {
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const [reorder] = useReorderTaskTemplatesMutation();
  const [remove] = useDeleteTaskTemplateMutation();
  const ids = templates.map((t) => t.id);

  async function dropped(e: DragEndEvent) {
    if (!e.over || e.active.id === e.over.id) return;
    const next = arrayMove(ids, ids.indexOf(Number(e.active.id)), ids.indexOf(Number(e.over.id)));
    try {
      await reorder({ workflow_id: workflowId, ids: next }).unwrap();
    } catch (err) {
      toast.error(errorMessage(err, 'The new order could not be saved.'));
    }
  }

  if (!templates.length) return <p className="text-sm text-slate-600 dark:text-slate-300">No task templates yet.</p>;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={(e) => void dropped(e)}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => `Picked up ${templates.find((t) => t.id === active.id)?.title ?? 'task'}.`,
          onDragOver: ({ over }) => (over ? `Over position ${ids.indexOf(Number(over.id)) + 1}.` : 'Not over a position.'),
          onDragEnd: ({ over }) => (over ? `Dropped at position ${ids.indexOf(Number(over.id)) + 1}.` : 'Dropped.'),
          onDragCancel: () => 'Moving cancelled.',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="flex flex-col gap-2" aria-label="Task templates">
          {templates.map((t, i) => (
            <Row
              key={t.id}
              template={t}
              index={i}
              editable={editable}
              onDelete={() =>
                void remove(t.id)
                  .unwrap()
                  .then((a) => toast.success(a.message, SHORT_TOAST))
                  .catch((err: unknown) => toast.error(errorMessage(err, 'An error occurred')))
              }
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
