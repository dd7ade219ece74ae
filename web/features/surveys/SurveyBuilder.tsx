import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { router } from '@inertiajs/react';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { isoLocalDateTime } from '@common/format';
import { QUESTION_LABELS, QUESTION_TYPES, type QuestionType, type SurveyDefinition, type SurveyInput, type SurveyQuestion, type SurveyRow, type SurveySection } from '@common/surveys';
import { Card } from '@/components/display/Card';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { Button } from '@/components/form/Button';
import { Field } from '@/components/form/Field';
import { controlBase, controlClasses, controlState, selectClasses } from '@/components/form/styles';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { SHORT_TOAST } from '@/lib/toasts';
import { useCreateSurveyMutation, useUpdateSurveyMutation } from './api';
import { ConditionFields, QuestionEditor, type Errors } from './QuestionEditor';

export type SurveyFormOptions = { campaigns: { id: number; name: string }[]; events: { id: number; name: string }[] };

const newId = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;
export const newQuestion = (type: QuestionType): SurveyQuestion => ({
  id: newId('q'),
  type,
  label: '',
  help: null,
  required: false,
  options: ['single_choice', 'multiple_choice', 'dropdown'].includes(type) ? ['Option 1', 'Option 2'] : [],
  allow_other: false,
  rows: type === 'matrix' ? ['Row 1'] : [],
  columns: type === 'matrix' ? ['Good', 'Bad'] : [],
  min: null,
  max: null,
  pattern: null,
  show_if: null,
});
const newSection = (): SurveySection => ({ id: newId('s'), title: '', description: null, questions: [], jumps: [] });

type Settings = {
  name: string;
  description: string | null;
  thank_you: string | null;
  anonymous: boolean;
  one_per_contact: boolean;
  closes_at: string | null;
  max_responses: number | null;
  campaign_id: number | null;
  event_id: number | null;
};

/** Surveys/Create and Edit: the survey's settings, its sections and questions (reordered by drag or keyboard), skip logic and thank-you message. */
export function SurveyBuilder({ survey, options }: { survey?: SurveyRow; options: SurveyFormOptions }) {
  const [settings, setSettings] = useState<Settings>({
    name: survey?.name ?? '',
    description: survey?.description ?? null,
    thank_you: survey?.thank_you ?? null,
    anonymous: survey?.anonymous ?? false,
    one_per_contact: survey?.one_per_contact ?? true,
    closes_at: survey?.closes_at ? isoLocalDateTime(survey.closes_at, 'UTC') : null,
    max_responses: survey?.max_responses ?? null,
    campaign_id: survey?.campaign_id ?? null,
    event_id: survey?.event_id ?? null,
  });
  const [definition, setDefinition] = useState<SurveyDefinition>(survey?.definition ?? { sections: [{ ...newSection(), id: 's1', questions: [{ ...newQuestion('short_text'), id: 'q1' }] }] });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [create] = useCreateSurveyMutation();
  const [update] = useUpdateSurveyMutation();
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const set = <K extends keyof Settings>(k: K, v: Settings[K]) => setSettings((s) => ({ ...s, [k]: v }));
  const setSection = (i: number, next: SurveySection) => setDefinition((d) => ({ sections: d.sections.map((s, j) => (j === i ? next : s)) }));
  const all = definition.sections.flatMap((s) => s.questions);
  const before = (sectionIndex: number, questionIndex: number) => [...definition.sections.slice(0, sectionIndex).flatMap((s) => s.questions), ...definition.sections[sectionIndex].questions.slice(0, questionIndex)];

  const onDragEnd = (i: number) => (e: DragEndEvent) => {
    const s = definition.sections[i];
    const from = s.questions.findIndex((q) => q.id === e.active.id);
    const to = s.questions.findIndex((q) => q.id === e.over?.id);
    if (from >= 0 && to >= 0 && from !== to) setSection(i, { ...s, questions: arrayMove(s.questions, from, to) });
  };

  async function save(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    setErrors({});
    setBusy(true);
    const body = { ...settings, closes_at: settings.closes_at ? new Date(`${settings.closes_at}:00Z`).toISOString() : null, definition } as SurveyInput;
    try {
      const answer = await (survey ? update({ id: survey.id, ...body }) : create(body)).unwrap();
      toast.success(answer.message, SHORT_TOAST);
      router.visit(`/surveys/${answer.data.id}`);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(fields);
      setFailure(Object.keys(fields).length ? `The survey could not be saved: ${Object.values(fields)[0]}` : errorMessage(err, 'The survey could not be saved.'));
    } finally {
      setBusy(false);
    }
  }

  const questionPath = (si: number, qi: number) => `definition.sections.${si}.questions.${qi}`;
  return (
    <form onSubmit={(e) => void save(e)} noValidate className="flex flex-col gap-6">
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <Card title="Survey">
        <div className="grid gap-4 md:grid-cols-2">
          <Field label="Name" required error={errors.name ?? null}>
            {(control) => <input {...control} dir="auto" value={settings.name} maxLength={200} onChange={(e) => set('name', e.target.value)} className={controlClasses(Boolean(errors.name))} />}
          </Field>
          <Field label="Event" error={errors.event_id ?? null} hint="Its responses count for the event.">
            {(control) => (
              <select {...control} value={settings.event_id ?? ''} onChange={(e) => set('event_id', e.target.value ? Number(e.target.value) : null)} className={selectClasses}>
                <option value="">No event</option>
                {options.events.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Description" error={errors.description ?? null} className="md:col-span-2">
            {(control) => <textarea {...control} dir="auto" rows={2} value={settings.description ?? ''} onChange={(e) => set('description', e.target.value || null)} className={`${controlBase} ${controlState(false)} px-3 py-2`} />}
          </Field>
          <Field label="Thank-you message" error={errors.thank_you ?? null} className="md:col-span-2" hint="Shown after the answers are sent.">
            {(control) => <textarea {...control} dir="auto" rows={2} value={settings.thank_you ?? ''} onChange={(e) => set('thank_you', e.target.value || null)} className={`${controlBase} ${controlState(false)} px-3 py-2`} />}
          </Field>
          <Field label="Campaign" error={errors.campaign_id ?? null}>
            {(control) => (
              <select {...control} value={settings.campaign_id ?? ''} onChange={(e) => set('campaign_id', e.target.value ? Number(e.target.value) : null)} className={selectClasses}>
                <option value="">{settings.event_id ? 'The event’s campaign' : 'No campaign'}</option>
                {options.campaigns.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="grid grid-cols-2 gap-4">
            <Field label="Closes at (UTC)" error={errors.closes_at ?? null}>
              {(control) => <input {...control} type="datetime-local" dir="ltr" value={settings.closes_at ?? ''} onChange={(e) => set('closes_at', e.target.value || null)} className={controlClasses(Boolean(errors.closes_at))} />}
            </Field>
            <Field label="Closes after (responses)" error={errors.max_responses ?? null}>
              {(control) => <input {...control} type="number" dir="ltr" min={1} value={settings.max_responses ?? ''} onChange={(e) => set('max_responses', e.target.value ? Number(e.target.value) : null)} className={controlClasses(Boolean(errors.max_responses))} />}
            </Field>
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <input type="checkbox" checked={settings.anonymous} onChange={(e) => set('anonymous', e.target.checked)} />
            Anonymous: answers are not linked to contacts
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <input type="checkbox" checked={settings.one_per_contact} onChange={(e) => set('one_per_contact', e.target.checked)} />
            One answer per contact (personal links)
          </label>
        </div>
      </Card>

      {definition.sections.map((section, si) => (
        <Card
          key={section.id}
          title={`Section ${si + 1}${section.title ? `: ${section.title}` : ''}`}
          actions={
            definition.sections.length > 1 && (
              <Button size="sm" variant="danger-ghost" onClick={() => setDefinition((d) => ({ sections: d.sections.filter((_, j) => j !== si) }))} aria-label={`Remove section ${si + 1}`}>
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            )
          }
        >
          <div className="flex flex-col gap-4">
            <Field label="Section title" error={errors[`definition.sections.${si}.title`] ?? null}>
              {(control) => <input {...control} dir="auto" value={section.title ?? ''} onChange={(e) => setSection(si, { ...section, title: e.target.value || null })} className={controlClasses(false)} />}
            </Field>
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd(si)}>
              <SortableContext items={section.questions.map((q) => q.id)} strategy={verticalListSortingStrategy}>
                <ol aria-label={`Questions of section ${si + 1}`} className="flex flex-col gap-3">
                  {section.questions.map((q, qi) => (
                    <QuestionEditor
                      key={q.id}
                      question={q}
                      index={all.indexOf(q)}
                      earlier={before(si, qi)}
                      errors={errors}
                      path={questionPath(si, qi)}
                      onChange={(next) => setSection(si, { ...section, questions: section.questions.map((x) => (x.id === q.id ? next : x)) })}
                      onRemove={() => setSection(si, { ...section, questions: section.questions.filter((x) => x.id !== q.id) })}
                      first={qi === 0}
                      last={qi === section.questions.length - 1}
                      onMove={(by) => {
                        setSection(si, { ...section, questions: arrayMove(section.questions, qi, qi + by) });
                        setAnnouncement(`“${q.label || 'Question'}” moved to position ${qi + by + 1} of ${section.questions.length}.`);
                      }}
                    />
                  ))}
                </ol>
              </SortableContext>
            </DndContext>
            <AddQuestion where={`section ${si + 1}`} onAdd={(type) => setSection(si, { ...section, questions: [...section.questions, newQuestion(type)] })} />
            <Jumps section={section} index={si} definition={definition} errors={errors} onChange={(jumps) => setSection(si, { ...section, jumps })} />
          </div>
        </Card>
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={() => setDefinition((d) => ({ sections: [...d.sections, newSection()] }))}>
          <Plus aria-hidden="true" className="size-4" />
          Add section
        </Button>
        <Button type="submit" busy={busy} className="ms-auto">
          {survey ? 'Save survey' : 'Create survey'}
        </Button>
      </div>
    </form>
  );
}

function AddQuestion({ where, onAdd }: { where: string; onAdd: (t: QuestionType) => void }) {
  const [type, setType] = useState<QuestionType>('short_text');
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="text-sm text-slate-700 dark:text-slate-300">
        <span className="mb-1 block font-medium">New question type</span>
        <select value={type} onChange={(e) => setType(e.target.value as QuestionType)} className={selectClasses} aria-label={`New question type for ${where}`}>
          {QUESTION_TYPES.map((t) => (
            <option key={t} value={t}>
              {QUESTION_LABELS[t]}
            </option>
          ))}
        </select>
      </label>
      <Button variant="outline" onClick={() => onAdd(type)} aria-label={`Add question to ${where}`}>
        <Plus aria-hidden="true" className="size-4" />
        Add question
      </Button>
    </div>
  );
}

/** Skip logic after a section: when an answer holds, go to a later section or end the survey. */
function Jumps({ section, index, definition, errors, onChange }: { section: SurveySection; index: number; definition: SurveyDefinition; errors: Errors; onChange: (j: SurveySection['jumps']) => void }) {
  const earlier = definition.sections.slice(0, index + 1).flatMap((s) => s.questions);
  const later = definition.sections.slice(index + 1);
  return (
    <div className="rounded-md bg-slate-50 p-3 dark:bg-slate-900/40">
      <h4 className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200">After this section</h4>
      {section.jumps.length === 0 && <p className="mb-2 text-sm text-slate-500 dark:text-slate-400">Go on to the next section.</p>}
      <ul className="flex flex-col gap-3">
        {section.jumps.map((j, ji) => (
          <li key={ji} className="flex flex-col gap-2">
            <ConditionFields label={`Jump ${ji + 1} of section ${index + 1}`} condition={j.when} earlier={earlier} error={errors[`definition.sections.${index}.jumps.${ji}.when`]} onChange={(when) => onChange(section.jumps.map((x, k) => (k === ji ? { ...x, when } : x)))} />
            <div className="flex items-center gap-2">
              <select aria-label={`Jump ${ji + 1} of section ${index + 1}: go to`} value={j.to} onChange={(e) => onChange(section.jumps.map((x, k) => (k === ji ? { ...x, to: e.target.value } : x)))} className={selectClasses}>
                {later.map((s) => (
                  <option key={s.id} value={s.id}>
                    Go to section {definition.sections.indexOf(s) + 1}
                    {s.title ? `: ${s.title}` : ''}
                  </option>
                ))}
                <option value="end">End the survey</option>
              </select>
              <Button size="sm" variant="danger-ghost" onClick={() => onChange(section.jumps.filter((_, k) => k !== ji))} aria-label={`Remove jump ${ji + 1}`}>
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
            {errors[`definition.sections.${index}.jumps.${ji}.to`] && <p className="text-xs text-danger">{errors[`definition.sections.${index}.jumps.${ji}.to`]}</p>}
          </li>
        ))}
      </ul>
      <Button size="sm" variant="ghost" disabled={!earlier.length} onClick={() => onChange([...section.jumps, { when: { question: earlier[earlier.length - 1]?.id ?? '', op: 'equals', value: '' }, to: later[0]?.id ?? 'end' }])}>
        <Plus aria-hidden="true" className="size-4" />
        Add a jump
      </Button>
    </div>
  );
}
