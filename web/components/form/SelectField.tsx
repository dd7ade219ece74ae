import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { Check, ChevronDown, ChevronsUpDown, LoaderCircle, Plus } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useLookupQuery } from '@/store/lookup-api';
import { useDebouncedValue } from '../data-table/use-debounced-value';
import { bindField, type BoundFieldProps, type FormValues, type KeysOf } from './bind';
import { Field } from './Field';
import { defaultOption, findOption, optionsFrom, type Option } from './options';
import { createLabel, QuickCreateDialog, type QuickCreate } from './QuickCreate';
import { controlClasses } from './styles';

type SelectValue = string | number | null | undefined;

/** Options fetched from a JSON list endpoint, searched as the user types. */
export type AsyncOptions = {
  /** A JSON list endpoint ("/accounting/contacts/json"); plain array or paginator answers. */
  url: string;
  /** Extra query parameters (`{ type: 'customer' }`). */
  params?: Record<string, string | number | boolean | undefined>;
  /** Query parameter that carries the typed text; `search` by default. */
  searchParam?: string;
  /** How many options to ask for; 20 by default. */
  perPage?: number;
  /** Row → option; by default `id` and `name` (or title, label, email). */
  map?: (row: unknown) => Option | null;
};

export type SelectFieldProps<T extends FormValues, K extends KeysOf<T, SelectValue>> = BoundFieldProps<T, K> & {
  /** Static choices, shown in the browser's own select. */
  options?: readonly Option[];
  /** Or choices loaded from an endpoint, in a searchable list box. */
  load?: AsyncOptions;
  /** The label of the current value, when it comes from `load` (shown before any search). */
  initialOption?: Option | null;
  /** The empty first choice ("Choose a customer…"); without it a value is always chosen. */
  placeholder?: string;
  /**
   * "+ New …": the small form (in a modal) that makes a record of this kind; the new record is
   * chosen. Declared once per kind in web/features/quick-create.
   */
  create?: QuickCreate;
};

/** The create entry of a combobox's list (compared by identity). */
const CREATE_ENTRY: Option = { value: '__create__', label: '' };

/** The "+ New …" link beside a native select's label. */
function CreateLink({ create, onClick, disabled }: { create: QuickCreate; onClick: () => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="rounded text-end text-sm font-medium text-primary hover:underline dark:text-sky-300 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-50"
    >
      {/* the plus stays with "New" when a long noun wraps */}
      <span className="whitespace-nowrap">
        <Plus aria-hidden="true" className="me-0.5 inline size-3.5 align-[-2px]" />
        New
      </span>{' '}
      {create.noun}
    </button>
  );
}

/**
 * A choice among options bound to a form field: static `options` render a native select (the
 * most accessible control there is), `load` renders a combobox that searches an endpoint.
 */
export function SelectField<T extends FormValues, K extends KeysOf<T, SelectValue>>(props: SelectFieldProps<T, K>) {
  return props.load ? <AsyncSelect {...props} load={props.load} /> : <StaticSelect {...props} />;
}

function StaticSelect<T extends FormValues, K extends KeysOf<T, SelectValue>>({
  form,
  name,
  label,
  hint,
  required,
  disabled,
  id,
  className,
  options: given = [],
  placeholder,
  create,
}: SelectFieldProps<T, K>) {
  const field = bindField(form, name);
  const value = field.value as SelectValue;
  const [added, setAdded] = useState<Option[]>([]);
  const [creating, setCreating] = useState(false);
  const options = added.length ? [...given, ...added.filter((a) => !findOption(given, String(a.value)))] : given;
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={field.error}
      required={required}
      className={className}
      aside={
        create && (
          <>
            <CreateLink create={create} onClick={() => setCreating(true)} disabled={disabled} />
            <QuickCreateDialog
              create={create}
              open={creating}
              onClose={() => setCreating(false)}
              onCreated={(option) => {
                setAdded((a) => [...a, option]);
                field.setValue(option.value as T[K]);
                setCreating(false);
              }}
            />
          </>
        )
      }
    >
      {(control) => (
        <div className="relative">
          <select
            {...control}
            name={name}
            disabled={disabled}
            value={value == null ? '' : String(value)}
            onChange={(e) => field.setValue((findOption(options, e.target.value)?.value ?? null) as T[K])}
            className={controlClasses(Boolean(field.error), 'appearance-none pe-9')}
          >
            {(placeholder !== undefined || value == null) && <option value="">{placeholder ?? ''}</option>}
            {options.map((o) => (
              <option key={String(o.value)} value={String(o.value)} disabled={o.disabled}>
                {o.label}
              </option>
            ))}
          </select>
          <ChevronDown aria-hidden="true" className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
        </div>
      )}
    </Field>
  );
}

function AsyncSelect<T extends FormValues, K extends KeysOf<T, SelectValue>>({
  form,
  name,
  label,
  hint,
  required,
  disabled,
  id,
  className,
  load,
  initialOption = null,
  placeholder,
  create,
}: SelectFieldProps<T, K> & { load: AsyncOptions }) {
  const field = bindField(form, name);
  const value = field.value as SelectValue;
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [picked, setPicked] = useState<Option | null>(initialOption);
  const search = useDebouncedValue(query.trim(), 300);
  const { searchParam = 'search', perPage = 20, map } = load;
  const { data, isFetching, isError } = useLookupQuery({
    url: load.url,
    params: { ...load.params, per_page: perPage, ...(search ? { [searchParam]: search } : {}) },
  });
  const options = useMemo(() => optionsFrom(data, map), [data, map]);
  const selected = value == null ? null : picked && String(picked.value) === String(value) ? picked : (findOption(options, String(value)) ?? null);

  return (
    <>
      <Field id={id} label={label} hint={hint} error={field.error} required={required} className={className}>
        {(control) => (
          <Combobox
            value={selected}
            by={(a: Option | null, b: Option | null) => String(a?.value) === String(b?.value)}
            onChange={(option: Option | null) => {
              if (option === CREATE_ENTRY) {
                setCreating(query.trim());
                return;
              }
              setPicked(option);
              field.setValue((option?.value ?? null) as T[K]);
            }}
            onClose={() => setQuery('')}
            disabled={disabled}
          >
            {({ open }) => (
              <>
                <div className="relative">
                  <ComboboxInput
                    // opens on a click, not on focus: a refused submit focuses it and its error must stay visible
                    onClick={() => {
                      if (!open) buttonRef.current?.click();
                    }}
                    {...control}
                    name={name}
                    autoComplete="off"
                    placeholder={placeholder ?? 'Type to search…'}
                    displayValue={(option: Option | null) => option?.label ?? ''}
                    onChange={(e) => setQuery(e.target.value)}
                    className={controlClasses(Boolean(field.error), 'pe-9')}
                  />
                  <ComboboxButton ref={buttonRef} className="absolute inset-y-0 end-0 flex items-center px-2.5 text-slate-400 focus-visible:outline-2 focus-visible:outline-primary" aria-label={`Show ${label} options`}>
                    {isFetching ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <ChevronsUpDown aria-hidden="true" className="size-4" />}
                  </ComboboxButton>
                </div>
                <ComboboxOptions
                  anchor="bottom start"
                  className="z-50 mt-1 max-h-64 w-(--input-width) overflow-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-900/10 empty:invisible dark:bg-dark dark:ring-white/10"
                >
                  {!required && selected && (
                    <ComboboxOption value={null} className="cursor-default px-3 py-2 text-slate-500 data-focus:bg-slate-100 dark:text-slate-400 dark:data-focus:bg-slate-700">
                      Clear selection
                    </ComboboxOption>
                  )}
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
                      {isError ? 'The options could not be loaded.' : search ? `Nothing matches "${search}".` : create ? `No ${create.noun} yet.` : 'No options.'}
                    </div>
                  )}
                  {create && (
                    <ComboboxOption
                      value={CREATE_ENTRY}
                      className="flex cursor-default items-center gap-2 border-t border-slate-100 px-3 py-2 font-medium text-primary data-focus:bg-primary/10 dark:border-slate-700 dark:text-sky-300 dark:data-focus:bg-primary/20"
                    >
                      <span className="truncate">{query.trim() ? `${createLabel(create)} "${query.trim()}"` : createLabel(create)}</span>
                    </ComboboxOption>
                  )}
                </ComboboxOptions>
              </>
            )}
          </Combobox>
        )}
      </Field>
      {create && (
        <QuickCreateDialog
          create={create}
          typed={creating ?? ''}
          open={creating !== null}
          onClose={() => setCreating(null)}
          onCreated={(option, row) => {
            const mapped = (load.map ?? defaultOption)(row) ?? option;
            setPicked(mapped);
            field.setValue(mapped.value as T[K]);
            setCreating(null);
          }}
        />
      )}
    </>
  );
}
