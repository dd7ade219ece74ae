import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { Check, ChevronsUpDown, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { DiscountType } from '@common/documents/totals';
import type { CurrencyFormat } from '@common/money';
import { cx } from '@/components/cx';
import { Button, buttonClasses } from '@/components/form/Button';
import { FieldError } from '@/components/form/FieldError';
import { currencyDigits } from '@/components/form/money';
import { QuickCreateDialog } from '@/components/form/QuickCreate';
import { controlBase, controlState, decimalInputProps } from '@/components/form/styles';
import { Money } from '@/components/money';
import { itemCreate, TAX } from '@/features/quick-create/kinds';
import {
  applyItem,
  emptyLine,
  errorKeysFrom,
  lineAmount,
  lineErrors,
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
  /** a tax made from a line's "+ New tax" (the totals need to know it too) */
  onTaxCreated?: (tax: TaxOption) => void;
  /** invoices and estimates take an item's sale price, bills its purchase price */
  priceOf: PriceOf;
  /** the document's currency: the line amounts' format */
  currency: CurrencyFormat;
  /** the form's errors, keyed as the server sends them ("items.0.price", "items") */
  errors?: Readonly<Record<string, string | undefined>>;
  /** called with the error keys an edit makes stale */
  onClearErrors?: (...keys: string[]) => void;
  disabled?: boolean;
};

const MAX_LINES = 500;

/** The shortcuts of the lines, shown under them and checked by `onRowKey`. */
export const LINE_SHORTCUTS = { add: 'Enter', remove: 'Ctrl+Shift+Backspace' } as const;

/** A compact control of a table cell (the standard one is 40 px high with a wide padding). */
const cell = (invalid: boolean, className?: string) => cx(controlBase, 'h-9 px-2', controlState(invalid), className);

/**
 * The lines of an invoice, bill or estimate as a compact table, one row a line: the item (typing
 * gives the line its name; picking an item fills name, description, price and taxes; "+ New item"
 * makes one), description, quantity, price, discount, taxes and the amount. It works from the
 * keyboard: Tab goes through a row, Enter adds a line, Ctrl+Shift+Backspace removes the current one.
 * Below the `md` width each row shows as a card with its labels visible. Controlled: `value` in,
 * `onChange` out; every control is labelled with its line number ("Line 2 Quantity") and errors
 * of a 422 show under the control they belong to.
 */
export function LineItemsEditor({ value, onChange, items: given, taxes, onTaxCreated, priceOf, currency, errors, onClearErrors, disabled = false }: LineItemsEditorProps) {
  const baseId = useId();
  const keys = useLineKeys(value.length);
  const [created, setCreated] = useState<ItemOption[]>([]);
  const items = useMemo(() => [...given, ...created.filter((c) => !given.some((g) => g.id === c.id))], [given, created]);
  // where the focus goes once an added or removed line is on screen: a line's item box, or "Add a line"
  const focusNext = useRef<number | 'add' | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // a table narrower than this puts the description under the item (below the md width it is cards)
  const boxRef = useRef<HTMLDivElement>(null);
  const wide = useWiderThan(boxRef, WIDE_TABLE_PX);

  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    if (target === 'add') addRef.current?.focus();
    else document.getElementById(`${baseId}-${target}-item`)?.focus();
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
    if (disabled || value.length >= MAX_LINES) return;
    const key = keys.add();
    onChange([...value, emptyLine()]);
    clear('items');
    focusNext.current = key;
  }

  function remove(index: number) {
    if (disabled || value.length <= 1) return;
    // the lines after it move up: their errors no longer point at them
    clear(...errorKeysFrom(errors, index));
    keys.remove(index);
    onChange(value.filter((_, i) => i !== index));
    // the focus goes to the line that takes its place, else the one before
    const next = keys.list[index + 1] ?? keys.list[index - 1];
    focusNext.current = next === undefined ? 'add' : next;
  }

  /** Enter adds a line, Ctrl+Shift+Backspace removes this one (open lists keep their own keys). */
  function onRowKey(event: KeyboardEvent<HTMLTableRowElement>, index: number) {
    if (event.defaultPrevented || event.nativeEvent.isComposing) return;
    const target = event.target as HTMLElement;
    if (event.key === 'Enter' && !event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey && target.tagName === 'INPUT') {
      event.preventDefault(); // not the form's implicit submit
      add();
    } else if (event.key === 'Backspace' && event.shiftKey && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      remove(index);
    }
  }

  const listError = errors?.items;
  const hintId = `${baseId}-shortcuts`;
  return (
    <div ref={boxRef} className="flex flex-col gap-3">
      <table className="w-full border-separate border-spacing-0 text-sm max-md:block md:table-fixed" aria-label="Lines" aria-describedby={hintId}>
        <thead className="max-md:sr-only">
          <tr className="text-start text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-300">
            <th scope="col" className={cx('px-1 pb-2 text-start', wide && 'w-[24%]')}>
              {wide ? 'Item' : 'Item and description'}
            </th>
            {wide && (
              <th scope="col" className="px-1 pb-2 text-start">
                Description
              </th>
            )}
            <th scope="col" className="w-16 px-1 pb-2 text-end">
              Quantity
            </th>
            <th scope="col" className="w-24 px-1 pb-2 text-end">
              Price
            </th>
            <th scope="col" className="w-32 px-1 pb-2 text-start">
              Discount
            </th>
            <th scope="col" className="w-28 px-1 pb-2 text-start">
              Taxes
            </th>
            <th scope="col" className="w-24 px-1 pb-2 text-end">
              Amount
            </th>
            <th scope="col" className="w-11 pb-2">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody className="max-md:flex max-md:flex-col max-md:gap-3">
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
              onKeyDown={(e) => onRowKey(e, index)}
              onItemCreated={(item) => setCreated((c) => [...c, item])}
              inlineDescription={!wide}
              onTaxCreated={onTaxCreated}
            />
          ))}
        </tbody>
      </table>
      {value.length === 0 && (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
          No lines yet. Add a line for each item or service.
        </p>
      )}
      {listError && <FieldError id={`${baseId}-items-error`} message={listError} />}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button
          ref={addRef}
          type="button"
          onClick={add}
          disabled={disabled || value.length >= MAX_LINES}
          aria-describedby={listError ? `${baseId}-items-error` : undefined}
          aria-keyshortcuts="Enter"
          className={buttonClasses('outline', 'sm')}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a line
        </button>
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-300">
          <Kbd>Tab</Kbd> moves along a line, <Kbd>{LINE_SHORTCUTS.add}</Kbd> adds a line, <Kbd>{LINE_SHORTCUTS.remove}</Kbd> removes the line.
        </p>
      </div>
    </div>
  );
}

function Kbd({ children }: { children: ReactNode }) {
  return <kbd className="rounded border border-slate-300 bg-slate-50 px-1 py-0.5 font-sans text-[0.7rem] text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200">{children}</kbd>;
}

/** Below this width (px) of the editor, a line's description goes under its item, not in a column. */
const WIDE_TABLE_PX = 880;

/** Whether the element is at least `px` wide, followed as it resizes (true until measured). */
function useWiderThan(ref: RefObject<HTMLElement | null>, px: number): boolean {
  const [wider, setWider] = useState(true);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setWider(el.clientWidth >= px);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, px]);
  return wider;
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
  onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => void;
  onItemCreated: (item: ItemOption) => void;
  onTaxCreated?: (tax: TaxOption) => void;
  /** a narrow table: the description goes under the item instead of a column of its own */
  inlineDescription: boolean;
};

/**
 * A cell: on a phone its label shows above the control (the table head is hidden there); on a
 * wide screen the label is for screen readers only ("Line 2 Quantity"), the column head shows it.
 */
function Cell({
  id,
  n,
  label,
  error,
  className,
  as: Tag = 'td',
  after,
  children,
}: {
  id: string;
  n: number;
  label: string;
  error?: string;
  className?: string;
  /** a `div` inside another cell (the description under the item on a narrow table) */
  as?: 'td' | 'div';
  /** shown under the control and its error (the inline description) */
  after?: ReactNode;
  children: (control: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => ReactNode;
}) {
  return (
    <Tag className={cx(Tag === 'td' ? 'px-1 py-1.5 align-top max-md:block max-md:p-0' : 'mt-1.5 max-md:mt-3', className)}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-700 md:sr-only dark:text-slate-300">
        <span className="sr-only">Line {n} </span>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined })}
      <FieldError id={`${id}-error`} message={error} />
      {after}
    </Tag>
  );
}

function LineRow({ id, index, line, items, taxes, priceOf, currency, errors, disabled, canRemove, onUpdate, onRemove, onKeyDown, onItemCreated, onTaxCreated, inlineDescription }: RowProps) {
  const n = index + 1;
  const description = (
    <Cell id={`${id}-description`} n={n} label="Description" error={errors.description} className="max-md:col-span-2" as={inlineDescription ? 'div' : 'td'}>
      {(control) => (
        <input
          {...control}
          type="text"
          maxLength={2000}
          disabled={disabled}
          value={line.description ?? ''}
          placeholder={inlineDescription ? 'Description' : undefined}
          onChange={(e) => onUpdate({ description: e.target.value === '' ? null : e.target.value }, ['description'])}
          className={cell(Boolean(errors.description))}
        />
      )}
    </Cell>
  );
  const digits = currencyDigits(currency.code);
  const type = line.discount_type ?? null;
  return (
    <tr
      onKeyDown={onKeyDown}
      aria-label={`Line ${n}`}
      className="max-md:grid max-md:grid-cols-2 max-md:gap-3 max-md:rounded-lg max-md:border max-md:border-slate-200 max-md:p-3 max-md:dark:border-slate-700"
    >
      <Cell id={`${id}-item`} n={n} label="Item" error={errors.name ?? errors.item_id} className="max-md:col-span-2" after={inlineDescription ? description : null}>
        {(control) => (
          <ItemPicker
            control={control}
            n={n}
            line={line}
            items={items}
            invalid={Boolean(errors.name ?? errors.item_id)}
            disabled={disabled}
            priceOf={priceOf}
            onType={(name) => onUpdate({ name }, ['name'])}
            onPick={(item) => onUpdate(applyItem(line, item, priceOf, taxes, digits), ['item_id', 'name', 'description', 'price', 'tax_ids'])}
            onItemCreated={onItemCreated}
          />
        )}
      </Cell>
      {!inlineDescription && description}
      <Cell id={`${id}-quantity`} n={n} label="Quantity" error={errors.quantity}>
        {(control) => (
          <input
            {...control}
            {...decimalInputProps}
            aria-required
            disabled={disabled}
            value={line.quantity}
            onChange={(e) => onUpdate({ quantity: e.target.value }, ['quantity'])}
            className={cell(Boolean(errors.quantity), 'text-end tabular-nums')}
          />
        )}
      </Cell>
      <Cell id={`${id}-price`} n={n} label="Price" error={errors.price}>
        {(control) => (
          <input
            {...control}
            {...decimalInputProps}
            aria-required
            disabled={disabled}
            value={line.price}
            onChange={(e) => onUpdate({ price: e.target.value }, ['price'])}
            className={cell(Boolean(errors.price), 'text-end tabular-nums')}
          />
        )}
      </Cell>
      <Cell id={`${id}-discount`} n={n} label="Discount" error={errors.discount_rate ?? errors.discount_type}>
        {(control) => (
          <div className="flex gap-1">
            <input
              {...control}
              {...decimalInputProps}
              disabled={disabled}
              placeholder="0"
              value={line.discount_rate ?? ''}
              onChange={(e) => {
                const rate = e.target.value;
                onUpdate({ discount_rate: rate === '' ? null : rate, discount_type: rate === '' ? null : (type ?? 'percent') }, ['discount_rate', 'discount_type']);
              }}
              className={cell(Boolean(errors.discount_rate), 'min-w-0 text-end tabular-nums')}
            />
            <select
              aria-label={`Line ${n} discount kind`}
              disabled={disabled}
              value={type ?? 'percent'}
              onChange={(e) => onUpdate({ discount_type: line.discount_rate ? (e.target.value as DiscountType) : null }, ['discount_type'])}
              className={cell(Boolean(errors.discount_type), 'w-12! shrink-0 px-1')}
            >
              <option value="percent">%</option>
              <option value="amount">{currency.symbol.trim() || currency.code}</option>
            </select>
          </div>
        )}
      </Cell>
      <Cell id={`${id}-taxes`} n={n} label="Taxes" error={errors.tax_ids}>
        {(control) => (
          <TaxPicker control={control} n={n} line={line} taxes={taxes} invalid={Boolean(errors.tax_ids)} disabled={disabled} onChange={(tax_ids) => onUpdate({ tax_ids }, ['tax_ids'])} onTaxCreated={onTaxCreated} />
        )}
      </Cell>
      <td className="px-1 py-1.5 text-end align-top max-md:flex max-md:items-center max-md:justify-between max-md:p-0">
        <span className="text-xs font-medium text-slate-700 md:sr-only dark:text-slate-300">
          <span className="sr-only">Line {n} </span>Amount
        </span>
        <span dir="ltr" className="inline-block pt-2 font-medium tabular-nums text-slate-900 max-md:pt-0 dark:text-slate-100">
          <Money amount={lineAmount(line, currency.precision)} currency={currency} />
        </span>
      </td>
      <td className="py-1.5 align-top max-md:flex max-md:items-end max-md:justify-end max-md:p-0">
        {canRemove && (
          <Button variant="ghost" size="sm" onClick={onRemove} disabled={disabled} aria-label={`Remove line ${n}`} title={`Remove line ${n} (${LINE_SHORTCUTS.remove})`} aria-keyshortcuts="Control+Shift+Backspace">
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        )}
      </td>
    </tr>
  );
}

type Control = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

/** The create entry of the item list (compared by identity). */
const NEW_ITEM: ItemOption = { id: -1, name: '' };

/**
 * The line's item and name in one box: what is typed is the line's name (free text), choosing an
 * item fills the line from it. With nothing typed the list ends with "+ New item" (a small form
 * in a modal; the new item fills the line). Only a typed name never turns into a new item on Tab
 * or Enter: the entry is offered before one types, so the keys keep their meaning.
 */
function ItemPicker({
  control,
  n,
  line,
  items,
  invalid,
  disabled,
  priceOf,
  onType,
  onPick,
  onItemCreated,
}: {
  control: Control;
  n: number;
  line: LineValue;
  items: readonly ItemOption[];
  invalid: boolean;
  disabled: boolean;
  priceOf: PriceOf;
  onType: (name: string) => void;
  onPick: (item: ItemOption) => void;
  onItemCreated: (item: ItemOption) => void;
}) {
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const create = useMemo(() => itemCreate(priceOf), [priceOf]);
  const selected = useMemo(() => items.find((i) => i.id === line.item_id) ?? null, [items, line.item_id]);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    const found = q ? items.filter((i) => i.name.toLowerCase().includes(q) || (i.description ?? '').toLowerCase().includes(q)) : items;
    return found.slice(0, 50);
  }, [items, query]);

  return (
    <>
      <Combobox
        value={selected}
        by="id"
        onChange={(item: ItemOption | null) => {
          if (item === NEW_ITEM) setCreating(true);
          else if (item) onPick(item);
        }}
        onClose={() => setQuery('')}
        disabled={disabled}
      >
        {({ open }) => (
          <>
            <div className="relative">
              <ComboboxInput
                {...control}
                // a click opens the list (the focus alone does not: Tab along a line stays quiet)
                onClick={() => {
                  if (!open) buttonRef.current?.click();
                }}
                aria-required
                autoComplete="off"
                maxLength={255}
                placeholder="Item or description"
                // the box holds the line's name: an item's, or what was typed
                displayValue={() => line.name}
                onChange={(e) => {
                  setQuery(e.target.value);
                  onType(e.target.value);
                }}
                className={cell(invalid, 'pe-8')}
              />
              <ComboboxButton ref={buttonRef} className="absolute inset-y-0 end-0 flex items-center px-2 text-slate-400" aria-label={`Show the items for line ${n}`}>
                <ChevronsUpDown aria-hidden="true" className="size-4" />
              </ComboboxButton>
            </div>
            <ComboboxOptions
              anchor="bottom start"
              // not modal: the rest of the line stays usable while a typed name shows no match
              modal={false}
              className="z-50 mt-1 max-h-64 w-(--input-width) min-w-56 overflow-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-900/10 empty:invisible dark:bg-dark dark:ring-white/10"
            >
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
              {!query.trim() && items.length === 0 && (
                <div className="px-3 py-2 text-slate-600 dark:text-slate-300" role="status">
                  No items yet.
                </div>
              )}
              {!query.trim() && (
                <ComboboxOption
                  value={NEW_ITEM}
                  className="flex cursor-default items-center gap-2 border-t border-slate-100 px-3 py-2 font-medium text-primary data-focus:bg-primary/10 dark:border-slate-700 dark:text-sky-300 dark:data-focus:bg-primary/20"
                >
                  + New item
                </ComboboxOption>
              )}
            </ComboboxOptions>
          </>
        )}
      </Combobox>
      <QuickCreateDialog
        create={create}
        typed={line.item_id ? '' : line.name}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(_option, row) => {
          const r = row as ItemOption & { taxes?: { id: number }[] };
          const item: ItemOption = { ...r, tax_ids: r.tax_ids ?? r.taxes?.map((t) => t.id) ?? [] };
          onItemCreated(item);
          onPick(item);
          setCreating(false);
        }}
      />
    </>
  );
}

const taxText = (t: TaxOption) => `${t.name} (${t.type === 'fixed' ? `${trimZeros(t.rate)} per unit` : `${trimZeros(t.rate)}%`}${t.type === 'inclusive' ? ', included' : ''})`;

/** The create entry of the tax list (compared by id). */
const NEW_TAX: TaxOption = { id: -1, name: '', rate: '0', type: 'normal' };

/** The taxes of a line: a list box where several can be chosen (Space or Enter toggles one), ending with "+ New tax". */
function TaxPicker({
  control,
  n,
  line,
  taxes,
  invalid,
  disabled,
  onChange,
  onTaxCreated,
}: {
  control: Control;
  n: number;
  line: LineValue;
  taxes: readonly TaxOption[];
  invalid: boolean;
  disabled: boolean;
  onChange: (ids: number[]) => void;
  onTaxCreated?: (tax: TaxOption) => void;
}) {
  const [creating, setCreating] = useState(false);
  // enabled taxes, and any disabled one the line already has (an edited document keeps it)
  const offered = taxes.filter((t) => t.enabled !== false || line.tax_ids.includes(t.id));
  const chosen = line.tax_ids.map((id) => offered.find((t) => t.id === id)).filter((t): t is TaxOption => !!t);
  return (
    <>
      <Listbox
        multiple
        value={chosen}
        by="id"
        disabled={disabled}
        onChange={(next: TaxOption[]) => {
          if (next.some((t) => t.id === NEW_TAX.id)) {
            setCreating(true);
            return;
          }
          onChange(offered.filter((t) => next.some((x) => x.id === t.id)).map((t) => t.id));
        }}
      >
        <div className="relative">
          <ListboxButton {...control} className={cell(invalid, 'truncate pe-7 text-start')}>
            {chosen.length ? chosen.map((t) => t.name).join(', ') : <span className="text-slate-600 dark:text-slate-400">No tax</span>}
          </ListboxButton>
          <ChevronsUpDown aria-hidden="true" className="pointer-events-none absolute end-2 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
        </div>
        <ListboxOptions
          anchor="bottom start"
          aria-label={`Line ${n} Taxes`}
          className="z-50 mt-1 max-h-64 w-(--button-width) min-w-56 overflow-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-900/10 focus:outline-none dark:bg-dark dark:ring-white/10"
        >
          {offered.length === 0 && <div className="px-3 py-2 text-slate-600 dark:text-slate-300">No taxes yet.</div>}
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
          <ListboxOption
            value={NEW_TAX}
            className="flex cursor-default items-center gap-2 border-t border-slate-100 px-3 py-2 font-medium text-primary data-focus:bg-primary/10 dark:border-slate-700 dark:text-sky-300 dark:data-focus:bg-primary/20"
          >
            + New tax
          </ListboxOption>
        </ListboxOptions>
      </Listbox>
      <QuickCreateDialog
        create={TAX}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(_option, row) => {
          // the taxes endpoint answers the rate as a number; the lines hold decimals as text
          const r = row as Omit<TaxOption, 'rate'> & { rate: string | number };
          const tax: TaxOption = { id: r.id, name: r.name, type: r.type, enabled: r.enabled, rate: String(r.rate) };
          onTaxCreated?.(tax);
          onChange([...line.tax_ids, tax.id]);
          setCreating(false);
        }}
      />
    </>
  );
}
