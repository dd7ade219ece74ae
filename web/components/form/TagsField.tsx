import { X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { cx } from '../cx';
import { bindField, type BoundFieldProps, type FormValues, type KeysOf } from './bind';
import { Field } from './Field';
import { controlState } from './styles';

export type TagsFieldProps<T extends FormValues, K extends KeysOf<T, string[] | null | undefined>> = BoundFieldProps<T, K> & {
  placeholder?: string;
  /** longest tag, in characters */
  maxLength?: number;
};

/**
 * A list of short words bound to a string[] field: typing then Enter, a comma or leaving the box
 * adds a tag (the same word twice, ignoring case, is added once), Backspace in an empty box or a
 * tag's × removes one. Errors of the list or of one tag ("tags.2") show under the box.
 */
export function TagsField<T extends FormValues, K extends KeysOf<T, string[] | null | undefined>>({
  form,
  name,
  label,
  hint,
  required,
  disabled,
  id,
  className,
  placeholder = 'Type a tag, then Enter',
  maxLength = 50,
}: TagsFieldProps<T, K>) {
  const field = bindField(form, name);
  const tags = (field.value as string[] | null | undefined) ?? [];
  const [draft, setDraft] = useState('');
  const errors = form.errors as Record<string, string | undefined>;
  const error = field.error ?? Object.entries(errors).find(([k]) => k.startsWith(`${name}.`))?.[1] ?? null;

  const add = (text: string) => {
    const words = text
      .split(',')
      .map((w) => w.trim())
      .filter(Boolean);
    const next = [...tags];
    for (const w of words) if (!next.some((t) => t.toLowerCase() === w.toLowerCase())) next.push(w);
    if (next.length !== tags.length) field.setValue(next as T[K]);
    setDraft('');
  };
  const remove = (i: number) => field.setValue(tags.filter((_, j) => j !== i) as T[K]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add(draft);
    } else if (e.key === 'Backspace' && draft === '' && tags.length) {
      remove(tags.length - 1);
    }
  };

  return (
    <Field id={id} label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => (
        <div className={cx('flex min-h-10 flex-wrap items-center gap-1.5 rounded-md border bg-white px-2 py-1.5 focus-within:ring-2 dark:bg-slate-900', controlState(Boolean(error)))}>
          {tags.map((tag, i) => (
            <span key={tag} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 ps-2.5 pe-1 text-xs font-medium text-slate-700 dark:bg-slate-700 dark:text-slate-200">
              {tag}
              <button
                type="button"
                disabled={disabled}
                onClick={() => remove(i)}
                aria-label={`Remove tag ${tag}`}
                className="grid size-4 place-items-center rounded-full hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-primary dark:hover:bg-slate-600"
              >
                <X aria-hidden="true" className="size-3" />
              </button>
            </span>
          ))}
          <input
            {...control}
            name={name}
            disabled={disabled}
            value={draft}
            maxLength={maxLength}
            placeholder={tags.length ? '' : placeholder}
            onChange={(e) => (e.target.value.includes(',') ? add(e.target.value) : setDraft(e.target.value))}
            onKeyDown={onKeyDown}
            onBlur={() => draft.trim() && add(draft)}
            className="min-w-32 flex-1 border-0 bg-transparent px-1 py-0.5 text-sm text-slate-900 outline-none placeholder:text-slate-400 focus:ring-0 dark:text-white"
          />
        </div>
      )}
    </Field>
  );
}
