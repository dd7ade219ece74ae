import {
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Description,
  Field as HeadlessField,
  Label,
  Listbox,
  ListboxButton,
  ListboxOption,
  ListboxOptions,
} from '@headlessui/react';
import { Check, ChevronDown, ChevronsUpDown, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { DiscountType } from '@common/documents/totals';
import type { CurrencyFormat } from '@common/money';
import { cx } from '@/components/cx';
import { Button, buttonClasses } from '@/components/form/Button';
import type { BindableForm } from '@/components/form/bind';
import { Field } from '@/components/form/Field';
import { FieldError } from '@/components/form/FieldError';
import { MoneyField } from '@/components/form/MoneyField';
import { currencyDigits } from '@/components/form/money';
import { controlBase, controlClasses, controlState, decimalInputProps, labelClasses } from '@/components/form/styles';
import { Money } from '@/components/money';
import {
  applyItem,
  emptyLine,
  errorKeysFrom,
  lineAmount,
  lineErrors,
  minorToPrice,
  priceToMinor,
  trimZeros,
  type ItemOption,
  type LineField,
  type LineValue,
  type PriceOf,
  type TaxOption,
} from './lines';

export type LineItemsEditorProps = {
  /** the form's `items` (documentSchema) */
  value: readonly LineValue[];
  onChange: (lines: LineValue[]) => void;
  /** the items a line can be filled from */
  items: readonly ItemOption[];
  /** the taxes a line can carry (disabled ones only stay on lines that already have them) */
  taxes: readonly TaxOption[];
  /** invoices and estimates take an item's sale price, bills its purchase price */
  priceOf: PriceOf;
  /** the document's currency: the price box's decimals and the line amounts' format */
  currency: CurrencyFormat;
  /** the form's errors, keyed as the server sends them ("items.0.price", "items") */
  errors?: Readonly<Record<string, string | undefined>>;
  /** called with the error keys an edit makes stale */
  onClearErrors?: (...keys: string[]) => void;
  disabled?: boolean;
};

const MAX_LINES = 500;

/**
 * The lines of an invoice, bill or estimate: each from an item (which fills its name,
 * description, price and taxes) or free text, with quantity, price, its own discount and taxes.
 * Controlled: `value` in, `onChange` out. Every control is labelled with its line number
 * ("Line 2 Quantity"), errors of a 422 show beside the field they belong to, and adding or
 * removing a line moves the focus where the user expects it.
 */
export function LineItemsEditor({ value, onChange, items, taxes, priceOf, currency, errors, onClearErrors, disabled = false }: LineItemsEditorProps) {
  const baseId = useId();
  const keys = useLineKeys(value.length);
  // where the focus goes once an added or removed line is on screen: a new line's item box, the
  // heading of the line that took a removed one's place (its item box would pop its list open), or "Add a line"
  const focusNext = useRef<{ key: number; part: 'item' | 'heading' } | 'add' | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    if (target === 'add') addRef.current?.focus();
    else document.getElementById(`${baseId}-${target.key}-${target.part}`)?.focus();
  }, [value.length, baseId]);

  const clear = (...k: string[]) => {
    const stale = k.filter((key) => errors?.[key]);
    if (stale.length) onClearErrors?.(...stale);
  };

  function update(index: number, patch: Partial<LineValue>, fields: LineField[]) {
    onChange(value.map((line, i) => (i === index ? { ...line, ...patch } : line)));
    clear(...fields.map((f) => `items.${index}.${f}`), ...Object.keys(errors ?? {}).filter((k) => fields.includes('tax_ids') && k.startsWith(`items.${index}.tax_ids.`)));
  }

  function add() {
    const key = keys.add();
    onChange([...value, emptyLine()]);
    clear('items');
    focusNext.current = { key, part: 'item' };
  }

  function remove(index: number) {
    // the lines after it move up: their errors no longer point at them
    clear(...errorKeysFrom(errors, index));
    keys.remove(index);
    onChange(value.filter((_, i) => i !== index));
    // the focus goes to the line that takes its place, else the one before, else "Add a line"
    const next = keys.list[index + 1] ?? keys.list[index - 1];
    focusNext.current = next === undefined ? 'add' : { key: next, part: 'heading' };
  }

  const listError = errors?.items;
  return (
    <div className="flex flex-col gap-4">
      {value.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
          No lines yet. Add a line for each item or service.
        </p>
      ) : (
        <ol className="flex flex-col gap-4" aria-label="Lines">
          {value.map((line, index) => (
            <LineRow
              key={keys.list[index]}
              id={`${baseId}-${keys.list[index]}`}
              index={index}
              line={line}
              items={items}
              taxes={taxes}
              priceOf={priceOf}
              currency={currency}
              errors={lineErrors(errors, index)}
              disabled={disabled}
              canRemove={value.length > 1}
              onUpdate={(patch, fields) => update(index, patch, fields)}
              onRemove={() => remove(index)}
            />
          ))}
        </ol>
      )}
      {listError && <FieldError id={`${baseId}-items-error`} message={listError} />}
      <div>
        <button
          ref={addRef}
          type="button"
          onClick={add}
          disabled={disabled || value.length >= MAX_LINES}
          aria-describedby={listError ? `${baseId}-items-error` : undefined}
          className={buttonClasses('outline', 'sm')}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a line
        </button>
      </div>
    </div>
  );
}

/** Stable React keys for the lines, kept in step with adds and removes (a reset rebuilds them). */
function useLineKeys(length: number) {
  const [state, setState] = useState(() => ({ list: Array.from({ length }, (_, i) => i), next: length }));
  let { list } = state;
  if (list.length !== length) {
    // the lines were replaced from outside (a reset, a loaded document): keep what still fits
    list = Array.from({ length }, (_, i) => state.list[i] ?? state.next + i);
    setState({ list, next: state.next + length });
  }
  return {
    list,
    add() {
      const key = state.next;
      setState((s) => ({ list: [...s.list, s.next], next: s.next + 1 }));
      return key;
    },
    remove(index: number) {
      setState((s) => ({ ...s, list: s.list.filter((_, i) => i !== index) }));
    },
  };
}

type RowProps = {
  id: string;
  index: number;
  line: LineValue;
  items: readonly ItemOption[];
  taxes: readonly TaxOption[];
  priceOf: PriceOf;
  currency: CurrencyFormat;
  errors: Partial<Record<LineField, string>>;
  disabled: boolean;
  canRemove: boolean;
  onUpdate: (patch: Partial<LineValue>, fields: LineField[]) => void;
  onRemove: () => void;
};

/** "Line 2 " for screen readers before a visible field label. */
const lineLabel = (n: number, text: string): ReactNode => (
  <>
    <span className="sr-only">Line {n} </span>
    {text}
  </>
);

function LineRow({ id, index, line, items, taxes, priceOf, currency, errors, disabled, canRemove, onUpdate, onRemove }: RowProps) {
  const n = index + 1;
  const digits = currencyDigits(currency.code);
  const headingId = `${id}-heading`;

  // MoneyField binds to a form holding integer minor units: a one-field form over this line's price
  const priceForm = {
    data: { price: priceToMinor(line.price, digits) },
    errors: { price: errors.price },
    setData: (_key: string, minor: number | null) => onUpdate({ price: minorToPrice(minor, digits) }, ['price']),
    clearErrors: () => undefined,
  } as unknown as BindableForm<{ price: number | null }>;

  return (
    <li className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <div role="group" aria-labelledby={headingId}>
        <div className="mb-3 flex items-center justify-between gap-3">
          <h3 id={headingId} tabIndex={-1} className="text-sm font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:text-white">
            Line {n}
          </h3>
          <div className="flex items-center gap-3">
            <span className="text-sm text-slate-600 dark:text-slate-300">
              <span className="sr-only">Line {n} amount: </span>
              <span dir="ltr">
                <Money amount={lineAmount(line, currency.precision)} currency={currency} className="font-medium text-slate-900 dark:text-slate-100" />
              </span>
            </span>
            {canRemove && (
              <Button variant="ghost" size="sm" onClick={onRemove} disabled={disabled} aria-label={`Remove line ${n}`} title={`Remove line ${n}`}>
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            )}
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-12">
          <ItemPicker
            id={`${id}-item`}
            n={n}
            line={line}
            items={items}
            error={errors.item_id}
            disabled={disabled}
            className="lg:col-span-4"
            onPick={(item) =>
              item
                ? onUpdate(applyItem(line, item, priceOf, taxes, digits), ['item_id', 'name', 'description', 'price', 'tax_ids'])
                : onUpdate({ item_id: null }, ['item_id'])
            }
          />
          <Field label={lineLabel(n, 'Name')} required error={errors.name} className="lg:col-span-4">
            {(control) => (
              <input
                {...control}
                type="text"
                maxLength={255}
                disabled={disabled}
                value={line.name}
                onChange={(e) => onUpdate({ name: e.target.value }, ['name'])}
                className={controlClasses(Boolean(errors.name))}
              />
            )}
          </Field>
          <Field label={lineLabel(n, 'Quantity')} required error={errors.quantity} className="lg:col-span-2">
            {(control) => (
              <input
                {...control}
                {...decimalInputProps}
                disabled={disabled}
                value={line.quantity}
                onChange={(e) => onUpdate({ quantity: e.target.value }, ['quantity'])}
                className={controlClasses(Boolean(errors.quantity), 'text-end tabular-nums')}
              />
            )}
          </Field>
          <MoneyField
            form={priceForm}
            name="price"
            // MoneyField hands its label to Field, which takes any node: the line number for screen readers
            label={lineLabel(n, 'Price') as unknown as string}
            hint=""
            required
            disabled={disabled}
            currency={currency.code}
            className="lg:col-span-2"
          />
          <Field label={lineLabel(n, 'Description')} error={errors.description} className="sm:col-span-2 lg:col-span-4">
            {(control) => (
              <textarea
                {...control}
                rows={2}
                maxLength={2000}
                disabled={disabled}
                value={line.description ?? ''}
                onChange={(e) => onUpdate({ description: e.target.value === '' ? null : e.target.value }, ['description'])}
                className={cx(controlBase, 'px-3 py-2', controlState(Boolean(errors.description)))}
              />
            )}
          </Field>
          <DiscountFields n={n} line={line} errors={errors} disabled={disabled} onUpdate={onUpdate} className="lg:col-span-4" />
          <TaxPicker
            n={n}
            line={line}
            taxes={taxes}
            error={errors.tax_ids}
            disabled={disabled}
            className="sm:col-span-2 lg:col-span-4"
            onChange={(tax_ids) => onUpdate({ tax_ids }, ['tax_ids'])}
          />
        </div>
      </div>
    </li>
  );
}

/** Pick an item (fills the line) or leave the line as free text. */
function ItemPicker({
  id,
  n,
  line,
  items,
  error,
  disabled,
  className,
  onPick,
}: {
  id: string;
  n: number;
  line: LineValue;
  items: readonly ItemOption[];
  error?: string;
  disabled: boolean;
  className?: string;
  onPick: (item: ItemOption | null) => void;
}) {
  const [query, setQuery] = useState('');
  const selected = useMemo(() => items.find((i) => i.id === line.item_id) ?? null, [items, line.item_id]);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    const found = q ? items.filter((i) => i.name.toLowerCase().includes(q) || (i.description ?? '').toLowerCase().includes(q)) : items;
    return found.slice(0, 50);
  }, [items, query]);

  return (
    <Field id={id} label={lineLabel(n, 'Item')} hint={selected ? undefined : 'Or type the line yourself'} error={error} className={className}>
      {(control) => (
        <Combobox value={selected} by="id" onChange={(item: ItemOption | null) => onPick(item)} onClose={() => setQuery('')} disabled={disabled}>
          <div className="relative">
            <ComboboxInput
              {...control}
              autoComplete="off"
              placeholder="Search items…"
              displayValue={(item: ItemOption | null) => item?.name ?? ''}
              onChange={(e) => setQuery(e.target.value)}
              className={controlClasses(Boolean(error), 'pe-9')}
            />
            <ComboboxButton
              className="absolute inset-y-0 end-0 flex items-center px-2.5 text-slate-400 focus-visible:outline-2 focus-visible:outline-primary"
              aria-label={`Show the items for line ${n}`}
            >
              <ChevronsUpDown aria-hidden="true" className="size-4" />
            </ComboboxButton>
          </div>
          <ComboboxOptions
            anchor="bottom start"
            className="z-50 mt-1 max-h-64 w-(--input-width) overflow-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-900/10 empty:invisible dark:bg-dark dark:ring-white/10"
          >
            {selected && (
              <ComboboxOption value={null} className="cursor-default px-3 py-2 text-slate-600 data-focus:bg-slate-100 dark:text-slate-300 dark:data-focus:bg-slate-700">
                No item (free text)
              </ComboboxOption>
            )}
            {shown.map((item) => (
              <ComboboxOption
                key={item.id}
                value={item}
                className="group flex cursor-default items-center gap-2 px-3 py-2 text-slate-700 data-focus:bg-primary/10 data-focus:text-slate-900 dark:text-slate-200 dark:data-focus:bg-primary/20 dark:data-focus:text-white"
              >
                <Check aria-hidden="true" className="invisible size-4 shrink-0 text-primary group-data-selected:visible" />
                <span className="truncate">{item.name}</span>
              </ComboboxOption>
            ))}
            {shown.length === 0 && (
              <div className="px-3 py-2 text-slate-600 dark:text-slate-300" role="status">
                {items.length ? `No item matches "${query.trim()}".` : 'No items yet.'}
              </div>
            )}
          </ComboboxOptions>
        </Combobox>
      )}
    </Field>
  );
}

const DISCOUNT_CHOICES: { value: '' | DiscountType; label: string }[] = [
  { value: '', label: 'No discount' },
  { value: 'percent', label: 'Percent' },
  { value: 'amount', label: 'Amount' },
];

/** The line's own discount: none, a percent of the line, or an amount off it. */
function DiscountFields({
  n,
  line,
  errors,
  disabled,
  className,
  onUpdate,
}: {
  n: number;
  line: LineValue;
  errors: Partial<Record<LineField, string>>;
  disabled: boolean;
  className?: string;
  onUpdate: RowProps['onUpdate'];
}) {
  const type = line.discount_type ?? null;
  return (
    <div className={cx('grid grid-cols-2 gap-3', className)}>
      <Field label={lineLabel(n, 'Discount')} error={errors.discount_type}>
        {(control) => (
          <div className="relative">
            <select
              {...control}
              disabled={disabled}
              value={type ?? ''}
              onChange={(e) => {
                const next = (e.target.value || null) as DiscountType | null;
                onUpdate({ discount_type: next, discount_rate: next ? (line.discount_rate ?? '') : null }, ['discount_type', 'discount_rate']);
              }}
              className={controlClasses(Boolean(errors.discount_type), 'appearance-none pe-9')}
            >
              {DISCOUNT_CHOICES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
            <ChevronDown aria-hidden="true" className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
          </div>
        )}
      </Field>
      {type && (
        <Field label={lineLabel(n, type === 'percent' ? 'Discount (%)' : 'Discount amount')} error={errors.discount_rate}>
          {(control) => (
            <input
              {...control}
              {...decimalInputProps}
              disabled={disabled}
              value={line.discount_rate ?? ''}
              onChange={(e) => onUpdate({ discount_rate: e.target.value }, ['discount_rate'])}
              className={controlClasses(Boolean(errors.discount_rate), 'text-end tabular-nums')}
            />
          )}
        </Field>
      )}
    </div>
  );
}

const taxText = (t: TaxOption) => `${t.name} (${t.type === 'fixed' ? `${trimZeros(t.rate)} per unit` : `${trimZeros(t.rate)}%`}${t.type === 'inclusive' ? ', included' : ''})`;

/** The taxes of a line: a list box where several can be chosen (Space or Enter toggles one). */
function TaxPicker({
  n,
  line,
  taxes,
  error,
  disabled,
  className,
  onChange,
}: {
  n: number;
  line: LineValue;
  taxes: readonly TaxOption[];
  error?: string;
  disabled: boolean;
  className?: string;
  onChange: (ids: number[]) => void;
}) {
  // enabled taxes, and any disabled one the line already has (an edited document keeps it)
  const offered = taxes.filter((t) => t.enabled !== false || line.tax_ids.includes(t.id));
  const chosen = line.tax_ids.map((id) => offered.find((t) => t.id === id)).filter((t): t is TaxOption => !!t);
  return (
    <HeadlessField disabled={disabled} className={className}>
      <Label className={labelClasses}>{lineLabel(n, 'Taxes')}</Label>
      <Listbox
        multiple
        value={chosen}
        by="id"
        onChange={(next: TaxOption[]) => onChange(offered.filter((t) => next.some((x) => x.id === t.id)).map((t) => t.id))}
      >
        <div className="relative">
          <ListboxButton className={controlClasses(Boolean(error), 'truncate pe-9 text-start')} aria-invalid={error ? true : undefined}>
            {chosen.length ? chosen.map((t) => t.name).join(', ') : <span className="text-slate-500 dark:text-slate-400">No tax</span>}
          </ListboxButton>
          <ChevronsUpDown aria-hidden="true" className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
        </div>
        <ListboxOptions
          anchor="bottom start"
          className="z-50 mt-1 max-h-64 w-(--button-width) min-w-56 overflow-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-900/10 focus:outline-none dark:bg-dark dark:ring-white/10"
        >
          {offered.length === 0 && <div className="px-3 py-2 text-slate-600 dark:text-slate-300">No taxes in the settings yet.</div>}
          {offered.map((t) => (
            <ListboxOption
              key={t.id}
              value={t}
              className="group flex cursor-default items-center gap-2 px-3 py-2 text-slate-700 data-focus:bg-primary/10 data-focus:text-slate-900 dark:text-slate-200 dark:data-focus:bg-primary/20 dark:data-focus:text-white"
            >
              <Check aria-hidden="true" className="invisible size-4 shrink-0 text-primary group-data-selected:visible" />
              <span className="truncate">{taxText(t)}</span>
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
      {error && (
        <Description as="p" role="alert" className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </Description>
      )}
    </HeadlessField>
  );
}
