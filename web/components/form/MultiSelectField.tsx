import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { Check, ChevronsUpDown, LoaderCircle, X } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useLookupQuery } from '@/store/lookup-api';
import { useDebouncedValue } from '../data-table/use-debounced-value';
import { Field } from './Field';
import { optionsFrom, type Option } from './options';
import type { AsyncOptions } from './SelectField';
import { controlState } from './styles';

export type MultiSelectFieldProps = {
  label: string;
  /** the chosen options (their labels are kept with them: a search may no longer list them) */
  value: readonly Option[];
  onChange: (next: Option[]) => void;
  /** the choices, searched at an endpoint as the user types */
  load: AsyncOptions;
  hint?: string;
  error?: string | null;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  id?: string;
};

const same = (a: Option | null, b: Option | null) => String(a?.value) === String(b?.value);

/**
 * Several records picked from a searchable list (segments, contacts): the chosen ones are chips
 * before the box (× or Backspace in the empty box removes one), the list searches the endpoint
 * as the user types and ticks what is already chosen; choosing a ticked one removes it.
 */
export function MultiSelectField({ label, value, onChange, load, hint, error, placeholder = 'Type to search…', disabled, className, id }: MultiSelectFieldProps) {
  const [query, setQuery] = useState('');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const search = useDebouncedValue(query.trim(), 300);
  const { searchParam = 'search', perPage = 20, map } = load;
  const { data, isFetching, isError } = useLookupQuery({
    url: load.url,
    params: { ...load.params, per_page: perPage, ...(search ? { [searchParam]: search } : {}) },
  });
  const options = useMemo(() => optionsFrom(data, map), [data, map]);
  const remove = (option: Option) => onChange(value.filter((v) => !same(v, option)));

  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <Combobox
          multiple
          value={value as Option[]}
          by={same}
          onChange={(next: Option[]) => {
            onChange(next);
            setQuery('');
          }}
          onClose={() => setQuery('')}
          disabled={disabled}
        >
          {({ open }) => (
            <div className={className}>
              <div
                className={`flex min-h-10 flex-wrap items-center gap-1.5 rounded-md border bg-white px-2 py-1.5 pe-9 relative dark:bg-slate-900 ${controlState(Boolean(error))} focus-within:ring-2`}
              >
                {value.map((option) => (
                  <span
                    key={String(option.value)}
                    className="inline-flex max-w-full items-center gap-1 rounded bg-primary/10 px-2 py-0.5 text-xs font-medium text-blue-700 dark:bg-primary/20 dark:text-blue-300"
                  >
                    <span className="truncate">{option.label}</span>
                    <button
                      type="button"
                      onClick={() => remove(option)}
                      disabled={disabled}
                      className="rounded hover:text-primary-dark focus-visible:outline-2 focus-visible:outline-primary"
                      aria-label={`Remove ${option.label}`}
                    >
                      <X aria-hidden="true" className="size-3" />
                    </button>
                  </span>
                ))}
                <ComboboxInput
                  onClick={() => {
                    if (!open) buttonRef.current?.click();
                  }}
                  {...control}
                  autoComplete="off"
                  placeholder={value.length ? '' : placeholder}
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Backspace' && query === '' && value.length) remove(value[value.length - 1]);
                  }}
                  className="min-w-32 flex-1 border-0 bg-transparent p-0.5 text-sm text-slate-900 placeholder:text-slate-400 focus:ring-0 focus:outline-none dark:text-slate-100"
                />
                <ComboboxButton
                  ref={buttonRef}
                  className="absolute inset-y-0 end-0 flex items-center px-2.5 text-slate-400 focus-visible:outline-2 focus-visible:outline-primary"
                  aria-label={`Show ${label} options`}
                >
                  {isFetching ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <ChevronsUpDown aria-hidden="true" className="size-4" />}
                </ComboboxButton>
              </div>
              <ComboboxOptions
                anchor="bottom start"
                className="z-50 mt-1 max-h-64 w-(--input-width) min-w-64 overflow-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-900/10 empty:invisible dark:bg-dark dark:ring-white/10"
              >
                {options.map((option) => (
                  <ComboboxOption
                    key={String(option.value)}
                    value={option}
                    disabled={option.disabled}
                    className="group flex cursor-default items-center gap-2 px-3 py-2 text-slate-700 data-disabled:opacity-50 data-focus:bg-primary/10 data-focus:text-slate-900 dark:text-slate-200 dark:data-focus:bg-primary/20 dark:data-focus:text-white"
                  >
                    <Check aria-hidden="true" className="invisible size-4 shrink-0 text-primary group-data-selected:visible" />
                    <span className="truncate">{option.label}</span>
                  </ComboboxOption>
                ))}
                {!isFetching && options.length === 0 && (
                  <div className="px-3 py-2 text-slate-500 dark:text-slate-400" role="status">
                    {isError ? 'The options could not be loaded.' : search ? `Nothing matches "${search}".` : 'No options.'}
                  </div>
                )}
              </ComboboxOptions>
            </div>
          )}
        </Combobox>
      )}
    </Field>
  );
}
