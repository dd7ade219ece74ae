import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, GripVertical, Trash2 } from 'lucide-react';
import { CONDITION_LABELS, CONDITION_OPS, OPTION_TYPES, QUESTION_LABELS, QUESTION_TYPES, type ConditionOp, type QuestionType, type SurveyCondition, type SurveyQuestion } from '@common/surveys';
import { Button } from '@/components/form/Button';
import { Field } from '@/components/form/Field';
import { controlBase, controlClasses, controlState, selectClasses } from '@/components/form/styles';

export type Errors = Record<string, string>;

/** A list of texts, one per line (options, matrix rows and columns). */
function LinesField({ label, value, onChange, error, hint }: { label: string; value: string[]; onChange: (v: string[]) => void; error?: string; hint?: string }) {
  return (
    <Field label={label} hint={hint ?? 'One per line.'} error={error ?? null}>
      {(control) => (
        <textarea
          {...control}
          dir="auto"
          rows={Math.max(2, value.length + 1)}
          value={value.join('\n')}
          onChange={(e) => onChange(e.target.value.split('\n').map((l) => l.replace(/^\s+/, '')))}
          onBlur={() => onChange(value.map((l) => l.trim()).filter(Boolean))}
          className={`${controlBase} ${controlState(Boolean(error))} px-3 py-2`}
        />
      )}
    </Field>
  );
}

/** A skip-logic condition on an earlier question: its question, how it compares, its value. */
export function ConditionFields({ condition, earlier, onChange, label, error }: { condition: SurveyCondition; earlier: SurveyQuestion[]; onChange: (c: SurveyCondition) => void; label: string; error?: string }) {
  const target = earlier.find((q) => q.id === condition.question);
  const choices = target ? (target.type === 'yes_no' ? ['yes', 'no'] : OPTION_TYPES.includes(target.type) ? target.options : null) : null;
  const needsValue = !['answered', 'not_answered'].includes(condition.op);
  return (
    <fieldset className="grid gap-2 sm:grid-cols-3">
      <legend className="sr-only">{label}</legend>
      <select aria-label={`${label}: question`} value={condition.question} onChange={(e) => onChange({ ...condition, question: e.target.value })} className={selectClasses}>
        <option value="">Choose a question…</option>
        {earlier.map((q) => (
          <option key={q.id} value={q.id}>
            {q.label || q.id}
          </option>
        ))}
      </select>
      <select aria-label={`${label}: comparison`} value={condition.op} onChange={(e) => onChange({ ...condition, op: e.target.value as ConditionOp })} className={selectClasses}>
        {CONDITION_OPS.map((op) => (
          <option key={op} value={op}>
            {CONDITION_LABELS[op]}
          </option>
        ))}
      </select>
      {needsValue &&
        (choices ? (
          <select aria-label={`${label}: value`} value={String(condition.value ?? '')} onChange={(e) => onChange({ ...condition, value: e.target.value })} className={selectClasses}>
            <option value="">Choose…</option>
            {choices.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        ) : (
          <input
            aria-label={`${label}: value`}
            dir="auto"
            value={String(condition.value ?? '')}
            onChange={(e) => onChange({ ...condition, value: e.target.value !== '' && !Number.isNaN(Number(e.target.value)) ? Number(e.target.value) : e.target.value })}
            className={controlClasses(Boolean(error))}
          />
        ))}
      {error && <p className="text-xs text-danger sm:col-span-3">{error}</p>}
    </fieldset>
  );
}

type Props = {
  question: SurveyQuestion;
  index: number;
  earlier: SurveyQuestion[];
  onChange: (q: SurveyQuestion) => void;
  onRemove: () => void;
  /** moves the question one place up (-1) or down (1) in its section; absent at that end */
  onMove: (by: -1 | 1) => void;
  first: boolean;
  last: boolean;
  errors: Errors;
  /** the question's path in the server's errors ("definition.sections.0.questions.2") */
  path: string;
};

/** One question of the builder: moved by its handle (drag, or keyboard: space then arrows), its type, label, rules and skip logic. */
export function QuestionEditor({ question: q, index, earlier, onChange, onRemove, onMove, first, last, errors, path }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: q.id });
  const err = (f: string) => errors[`${path}.${f}`];
  const num = (v: string) => (v === '' ? null : Number(v));
  const hasRange = ['number', 'short_text', 'long_text', 'multiple_choice', 'rating'].includes(q.type);
  const title = q.label || `Question ${index + 1}`;
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }} className={`rounded-md border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-800 ${isDragging ? 'relative z-10 shadow-lg' : ''}`}>
      <div className="mb-3 flex items-center gap-2">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Move “${title}”`}
          className="cursor-grab rounded p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary dark:text-slate-300 dark:hover:bg-slate-700"
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
        <span className="text-sm font-semibold text-slate-700 dark:text-slate-200">{index + 1}.</span>
        <span className="flex-1 truncate text-sm text-slate-600 dark:text-slate-300">{QUESTION_LABELS[q.type]}</span>
        <Button size="sm" variant="ghost" disabled={first} onClick={() => onMove(-1)} aria-label={`Move “${title}” up`}>
          <ArrowUp aria-hidden="true" className="size-4" />
        </Button>
        <Button size="sm" variant="ghost" disabled={last} onClick={() => onMove(1)} aria-label={`Move “${title}” down`}>
          <ArrowDown aria-hidden="true" className="size-4" />
        </Button>
        <Button size="sm" variant="danger-ghost" onClick={onRemove} aria-label={`Remove “${title}”`}>
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
        <Field label="Question" required error={err('label') ?? null}>
          {(control) => <input {...control} dir="auto" value={q.label} maxLength={500} onChange={(e) => onChange({ ...q, label: e.target.value })} className={controlClasses(Boolean(err('label')))} />}
        </Field>
        <Field label="Type" error={err('type') ?? null}>
          {(control) => (
            <select {...control} value={q.type} onChange={(e) => onChange({ ...q, type: e.target.value as QuestionType })} className={selectClasses}>
              {QUESTION_TYPES.map((t) => (
                <option key={t} value={t}>
                  {QUESTION_LABELS[t]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Help text" error={err('help') ?? null} className="sm:col-span-2">
          {(control) => <input {...control} dir="auto" value={q.help ?? ''} maxLength={1000} onChange={(e) => onChange({ ...q, help: e.target.value || null })} className={controlClasses(false)} />}
        </Field>
        {OPTION_TYPES.includes(q.type) && (
          <div className="sm:col-span-2">
            <LinesField label="Options" value={q.options} onChange={(options) => onChange({ ...q, options })} error={err('options')} />
            <label className="mt-2 flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
              <input type="checkbox" checked={q.allow_other} onChange={(e) => onChange({ ...q, allow_other: e.target.checked })} />
              Offer “Other” with the respondent’s own words
            </label>
          </div>
        )}
        {q.type === 'matrix' && (
          <>
            <LinesField label="Rows" value={q.rows} onChange={(rows) => onChange({ ...q, rows })} error={err('rows')} />
            <LinesField label="Columns" value={q.columns} onChange={(columns) => onChange({ ...q, columns })} error={err('columns')} />
          </>
        )}
        {hasRange && (
          <div className="grid grid-cols-2 gap-3 sm:col-span-2 sm:grid-cols-3">
            <Field label={q.type === 'rating' ? 'Stars' : q.type === 'number' ? 'Minimum' : q.type === 'multiple_choice' ? 'At least (choices)' : 'Shortest (characters)'} error={err(q.type === 'rating' ? 'max' : 'min') ?? null}>
              {(control) =>
                q.type === 'rating' ? (
                  <input {...control} type="number" dir="ltr" min={3} max={10} value={q.max ?? 5} onChange={(e) => onChange({ ...q, max: num(e.target.value) })} className={controlClasses(false)} />
                ) : (
                  <input {...control} type="number" dir="ltr" value={q.min ?? ''} onChange={(e) => onChange({ ...q, min: num(e.target.value) })} className={controlClasses(false)} />
                )
              }
            </Field>
            {q.type !== 'rating' && (
              <Field label={q.type === 'number' ? 'Maximum' : q.type === 'multiple_choice' ? 'At most (choices)' : 'Longest (characters)'} error={err('max') ?? null}>
                {(control) => <input {...control} type="number" dir="ltr" value={q.max ?? ''} onChange={(e) => onChange({ ...q, max: num(e.target.value) })} className={controlClasses(Boolean(err('max')))} />}
              </Field>
            )}
            {(q.type === 'short_text' || q.type === 'long_text') && (
              <Field label="Pattern" hint="A regular expression the answer must match." error={err('pattern') ?? null}>
                {(control) => <input {...control} dir="ltr" value={q.pattern ?? ''} onChange={(e) => onChange({ ...q, pattern: e.target.value || null })} className={controlClasses(Boolean(err('pattern')))} />}
              </Field>
            )}
          </div>
        )}
        <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <input type="checkbox" checked={q.required} onChange={(e) => onChange({ ...q, required: e.target.checked })} />
          Required
        </label>
        <div className="sm:col-span-2">
          <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <input type="checkbox" disabled={!earlier.length} checked={Boolean(q.show_if)} onChange={(e) => onChange({ ...q, show_if: e.target.checked ? { question: earlier[earlier.length - 1]?.id ?? '', op: 'equals', value: '' } : null })} />
            Ask only when an earlier answer…
          </label>
          {q.show_if && (
            <div className="mt-2">
              <ConditionFields label={`Condition of “${title}”`} condition={q.show_if} earlier={earlier} onChange={(show_if) => onChange({ ...q, show_if })} error={err('show_if')} />
            </div>
          )}
        </div>
      </div>
    </li>
  );
}
