import { ChevronDown, FolderPlus, Plus, X } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { CONSENT_STATUSES, CONTACT_EVENT_TYPES } from '@common/outreach';
import { isRuleGroup, MAX_DEPTH, type Condition, type RuleGroup } from '@common/segments';
import { cx } from '@/components/cx';
import { Button } from '@/components/form/Button';
import { controlClasses, selectClasses } from '@/components/form/styles';
import { CONSENT_LABEL, eventLabel, GENDER_OPTIONS } from './copy';
import { customConditionFor, customValueControl, type FieldDef } from './custom-fields';
import { needsNoValue, newCondition, operatorsOf, pathKey, SUBJECTS, subjectOf, takesDays } from './rule-vocabulary';

type Errors = Record<string, string>;
type SegmentOption = { id: number; name: string };

type Ctx = { errors: Errors; segments: readonly SegmentOption[]; fields: readonly FieldDef[]; disabled?: boolean };

/** The options of a pick list, plus the current value when the list no longer has it (a field or type since gone stays visible). */
const withCurrent = (values: readonly string[], current: string) => (current && !values.includes(current) ? [...values, current] : values);

/** The errors at or under a form key ("rules.rules.0" → its value's "The value field is required."). */
const errorsAt = (errors: Errors, key: string, exact = false) =>
  Object.entries(errors)
    .filter(([k]) => k === key || (!exact && k.startsWith(`${key}.`)))
    .map(([, v]) => v);

function Select({ label, value, onChange, children, className }: { label: string; value: string; onChange: (v: string) => void; children: ReactNode; className?: string }) {
  return (
    <label className={cx('relative', className)}>
      <span className="sr-only">{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} className={cx(selectClasses, 'w-full')}>
        {children}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
    </label>
  );
}

function Input({ label, invalid, ...rest }: { label: string; invalid: boolean } & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>) {
  return (
    <label className="min-w-0 flex-1">
      <span className="sr-only">{label}</span>
      <input {...rest} aria-invalid={invalid || undefined} className={controlClasses(invalid, 'min-w-28')} />
    </label>
  );
}

/** Tags typed as "vip, donor": the text is kept as typed, the condition gets the list. */
function TagsInput({ value, onChange, invalid }: { value: string[]; onChange: (v: string[]) => void; invalid: boolean }) {
  const [text, setText] = useState(value.join(', '));
  return (
    <Input
      label="Tags, separated by commas"
      placeholder="vip, donor"
      invalid={invalid}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(
          e.target.value
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}

/** The value box(es) of a condition, by its kind and operator. */
function ValueInput({ c, set, invalid, ctx }: { c: Condition; set: (c: Condition) => void; invalid: boolean; ctx: Ctx }) {
  if (needsNoValue(c)) return null;
  switch (c.kind) {
    case 'text':
      return <Input label="Value" invalid={invalid} value={c.value ?? ''} maxLength={255} onChange={(e) => set({ ...c, value: e.target.value })} />;
    case 'gender':
      return (
        <Select label="Gender" value={c.value ?? 'female'} onChange={(v) => set({ ...c, value: v as 'female' })} className="flex-1">
          {GENDER_OPTIONS.map((g) => (
            <option key={g.value} value={g.value}>
              {g.label}
            </option>
          ))}
        </Select>
      );
    case 'date':
      return takesDays(c.op) ? (
        <Input label="Days" type="number" min={0} invalid={invalid} value={typeof c.value === 'number' ? c.value : ''} onChange={(e) => set({ ...c, value: e.target.value === '' ? undefined : e.target.valueAsNumber })} />
      ) : (
        <Input label="Date" type="date" invalid={invalid} value={typeof c.value === 'string' ? c.value : ''} onChange={(e) => set({ ...c, value: e.target.value || undefined })} />
      );
    case 'tags':
      return <TagsInput value={c.value} onChange={(value) => set({ ...c, value })} invalid={invalid} />;
    case 'consent':
      return (
        <Select label="Consent status" value={c.value} onChange={(v) => set({ ...c, value: v as (typeof CONSENT_STATUSES)[number] })} className="flex-1">
          {CONSENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {CONSENT_LABEL[s]}
            </option>
          ))}
        </Select>
      );
    case 'custom': {
      const field = ctx.fields.find((f) => f.key === c.key);
      const control = customValueControl(field?.type, c.op);
      if (control === 'choice') {
        const current = c.value === undefined ? '' : String(c.value);
        return (
          <Select label="Value" value={current} onChange={(v) => set({ ...c, value: v })} className="min-w-40 flex-1">
            <option value="">Choose…</option>
            {withCurrent(field?.choices ?? [], current).map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </Select>
        );
      }
      return (
        <Input
          label="Value"
          invalid={invalid}
          type={control}
          value={c.value ?? ''}
          onChange={(e) => set({ ...c, value: control === 'number' ? (e.target.value === '' ? undefined : e.target.valueAsNumber) : e.target.value })}
        />
      );
    }
    case 'activity':
      return (
        <Input
          label="Within the last days (optional)"
          placeholder="any time, or within … days"
          type="number"
          min={0}
          invalid={invalid}
          value={c.within_days ?? ''}
          onChange={(e) => set({ ...c, within_days: e.target.value === '' ? undefined : e.target.valueAsNumber })}
        />
      );
    case 'segment':
      return (
        <Select label="Segment" value={String(c.value || '')} onChange={(v) => set({ ...c, value: Number(v) })} className="flex-1">
          <option value="">Choose a segment…</option>
          {ctx.segments.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </Select>
      );
    default:
      return null;
  }
}

function ConditionRow({ c, path, set, remove, ctx }: { c: Condition; path: number[]; set: (c: Condition) => void; remove: () => void; ctx: Ctx }) {
  const key = pathKey(path);
  const messages = errorsAt(ctx.errors, key);
  const errorId = useId();
  return (
    <li className="rounded-md bg-slate-50 p-3 dark:bg-slate-800/60" data-testid="rule-condition" aria-describedby={messages.length ? errorId : undefined}>
      <div className="flex flex-wrap items-center gap-2">
        <Select label="Condition on" value={subjectOf(c)} onChange={(s) => set(s === 'custom' && ctx.fields.length ? customConditionFor(ctx.fields[0]) : newCondition(s))} className="w-44">
          {['Details', 'Consent', 'Other'].map((g) => (
            <optgroup key={g} label={g}>
              {SUBJECTS.filter((s) => s.group === g).map((s) => (
                <option key={s.key} value={s.key}>
                  {s.label}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
        {c.kind === 'custom' && (
          <Select
            label="Custom field"
            value={c.key}
            onChange={(key) => {
              const field = ctx.fields.find((f) => f.key === key);
              set(field ? customConditionFor(field) : { ...c, key });
            }}
            className="w-44"
          >
            <option value="">{ctx.fields.length ? 'Choose a field…' : 'No custom fields yet'}</option>
            {ctx.fields.map((f) => (
              <option key={f.key} value={f.key}>
                {f.label}
              </option>
            ))}
            {c.key && !ctx.fields.some((f) => f.key === c.key) && <option value={c.key}>{`${c.key} (no such field now)`}</option>}
          </Select>
        )}
        {c.kind === 'activity' && (
          <Select label="Activity type" value={c.type} onChange={(type) => set({ ...c, type })} className="w-44">
            {withCurrent(CONTACT_EVENT_TYPES, c.type).map((t) => (
              <option key={t} value={t}>
                {eventLabel(t)}
              </option>
            ))}
          </Select>
        )}
        <Select label="Operator" value={c.op} onChange={(op) => set({ ...c, op, ...(c.kind === 'date' && takesDays(op) !== takesDays(c.op) ? { value: undefined } : {}) } as Condition)} className="w-48">
          {operatorsOf(c, c.kind === 'custom' ? ctx.fields.find((f) => f.key === c.key)?.type : undefined).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
        <ValueInput c={c} set={set} invalid={messages.length > 0} ctx={ctx} />
        <Button variant="ghost" size="sm" onClick={remove} aria-label="Remove condition" title="Remove condition" disabled={ctx.disabled}>
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>
      {messages.length > 0 && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {messages.join(' ')}
        </p>
      )}
    </li>
  );
}

function GroupEditor({ group, path, set, remove, ctx }: { group: RuleGroup; path: number[]; set: (g: RuleGroup) => void; remove?: () => void; ctx: Ctx }) {
  const depth = path.length + 1;
  const messages = errorsAt(ctx.errors, path.length ? pathKey(path) : 'rules', true).concat(path.length ? [] : errorsAt(ctx.errors, 'rules.rules', true));
  const setChild = (i: number, child: Condition | RuleGroup) => set({ ...group, rules: group.rules.map((r, j) => (j === i ? child : r)) });
  const removeChild = (i: number) => set({ ...group, rules: group.rules.filter((_, j) => j !== i) });
  return (
    <div className={cx('flex flex-col gap-3', path.length > 0 && 'rounded-md border-s-4 border-primary/40 bg-white p-3 ring-1 ring-slate-200 dark:bg-dark dark:ring-slate-700')} role="group" aria-label={path.length ? `Group at level ${depth}` : 'Rules'}>
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
        <span>Contacts matching</span>
        <Select label={path.length ? `Match of the group at level ${depth}` : 'Match'} value={group.match} onChange={(m) => set({ ...group, match: m as 'all' | 'any' })} className="w-28">
          <option value="all">all</option>
          <option value="any">any</option>
        </Select>
        <span>of these:</span>
        {remove && (
          <Button variant="ghost" size="sm" className="ms-auto" onClick={remove} aria-label={`Remove group at level ${depth}`}>
            <X aria-hidden="true" className="size-4" />
            Remove group
          </Button>
        )}
      </div>
      {group.rules.length === 0 && <p className="text-sm text-slate-500 dark:text-slate-400">No conditions: every contact matches.</p>}
      <ul className="flex flex-col gap-2">
        {group.rules.map((r, i) =>
          isRuleGroup(r) ? (
            <li key={i}>
              <GroupEditor group={r} path={[...path, i]} set={(g) => setChild(i, g)} remove={() => removeChild(i)} ctx={ctx} />
            </li>
          ) : (
            <ConditionRow key={`${i}:${subjectOf(r)}`} c={r} path={[...path, i]} set={(c) => setChild(i, c)} remove={() => removeChild(i)} ctx={ctx} />
          ),
        )}
      </ul>
      {messages.length > 0 && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {messages.join(' ')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => set({ ...group, rules: [...group.rules, newCondition('text:first_name')] })}>
          <Plus aria-hidden="true" className="size-4" />
          {path.length ? 'Add condition to group' : 'Add condition'}
        </Button>
        {depth < MAX_DEPTH && (
          <Button variant="outline" size="sm" onClick={() => set({ ...group, rules: [...group.rules, { match: group.match === 'all' ? 'any' : 'all', rules: [newCondition('text:first_name')] }] })}>
            <FolderPlus aria-hidden="true" className="size-4" />
            {path.length ? 'Add group inside' : 'Add group'}
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * The rule editor of a dynamic segment: nested AND ("all") / OR ("any") groups of conditions, up
 * to MAX_DEPTH deep. Errors (a 422 of the count or the save, keyed rules.rules.0.value) show next
 * to the condition or group they concern.
 */
export function RuleEditor({
  value,
  onChange,
  errors,
  segments,
  fields = [],
}: {
  value: RuleGroup;
  onChange: (next: RuleGroup) => void;
  errors: Errors;
  segments: readonly SegmentOption[];
  /** the company's custom fields, offered by label for "Custom field" conditions */
  fields?: readonly FieldDef[];
}) {
  return <GroupEditor group={value} path={[]} set={onChange} ctx={{ errors, segments, fields }} />;
}
