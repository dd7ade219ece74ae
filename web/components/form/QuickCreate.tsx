import { Plus } from 'lucide-react';
import type { FormEvent } from 'react';
import { z } from 'zod';
import { useQuickCreateMutation } from '@/store/lookup-api';
import type { TagType } from '@/store/api';
import { Modal } from '../overlay/Modal';
import { Button } from './Button';
import { defaultOption, type Option } from './options';
import { SelectField } from './SelectField';
import { TextField } from './TextFields';
import { useZodForm } from './useZodForm';

/** One box of a small create form: text (the default), a decimal, or a choice among options. */
export type QuickCreateField = {
  name: string;
  label: string;
  kind?: 'text' | 'email' | 'decimal' | 'select';
  options?: readonly Option[];
  required?: boolean;
  hint?: string;
};

/**
 * What a picker's "+ New …" makes: the small form it opens in a modal (its fields, the schema the
 * server checks it with, fixed values such as a contact's type) and the endpoint it posts to.
 * The declarations live with their area (web/features/quick-create); the picker only reads them.
 */
export type QuickCreate = {
  /** "customer": the entry reads "+ New customer", the dialog "New customer" */
  noun: string;
  /** POST endpoint answering 201 { message, data } */
  url: string;
  /** the server's schema for the body (so the dialog refuses what the server would, with the same words) */
  schema: z.ZodType;
  /** the boxes, in order; the first one starts with what was typed in the picker */
  fields: readonly QuickCreateField[];
  /** starting values, and fixed ones the form does not show (`{ type: 'customer' }`) */
  initial?: Record<string, unknown>;
  /** the created row → the picker's option; `id` and `name` by default */
  toOption?: (row: unknown) => Option | null;
  /** the store tag whose lists are read again after a create */
  tag?: TagType;
};

/** The label of the picker's create entry. */
export const createLabel = (create: QuickCreate) => `+ New ${create.noun}`;

type Values = Record<string, string | null>;

/**
 * The small form of a `QuickCreate` in a modal. `typed` (what the user had typed in the picker)
 * fills the first box; on success `onCreated` gets the option of the new record (and the row).
 * Refusals behave as every kit form: all errors at once, the first focused, a summary announced.
 */
export function QuickCreateDialog({
  create,
  typed = '',
  open,
  onClose,
  onCreated,
}: {
  create: QuickCreate;
  typed?: string;
  open: boolean;
  onClose: () => void;
  onCreated: (option: Option, row: unknown) => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title={`New ${create.noun}`} size="md">
      {open && <QuickCreateForm create={create} typed={typed} onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

function initialValues(create: QuickCreate, typed: string): Values {
  const values: Values = {};
  for (const [key, value] of Object.entries(create.initial ?? {})) values[key] = value == null ? null : String(value);
  create.fields.forEach((f, i) => {
    values[f.name] = i === 0 && typed.trim() ? typed.trim() : (values[f.name] ?? (f.kind === 'select' ? (f.options?.[0]?.value.toString() ?? null) : ''));
  });
  return values;
}

/** An empty optional box is sent as null (the schemas take null for "not given", not ""). */
function bodyOf(create: QuickCreate, data: Values): Values {
  const body = { ...data };
  for (const f of create.fields) if (!f.required && body[f.name] === '') body[f.name] = null;
  return body;
}

function QuickCreateForm({ create, typed, onClose, onCreated }: { create: QuickCreate; typed: string; onClose: () => void; onCreated: (option: Option, row: unknown) => void }) {
  const schema = z.preprocess((data) => bodyOf(create, data as Values), create.schema);
  const form = useZodForm<Values>(schema, initialValues(create, typed));
  const [send] = useQuickCreateMutation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    // the dialog is portalled out of the page's form, but React still bubbles its submit there
    event.preventDefault();
    event.stopPropagation();
    const answer = await form.submitWith((data) => send({ url: create.url, body: bodyOf(create, data), tag: create.tag }).unwrap(), event.currentTarget);
    if (!answer) return;
    const option = (create.toOption ?? defaultOption)(answer.data);
    if (option) onCreated(option, answer.data);
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4" aria-label={`New ${create.noun}`}>
      {create.fields.map((f, i) =>
        f.kind === 'select' ? (
          <SelectField key={f.name} form={form} name={f.name} label={f.label} hint={f.hint} required={f.required} options={f.options ?? []} />
        ) : (
          <TextField
            key={f.name}
            form={form}
            name={f.name}
            label={f.label}
            hint={f.hint}
            required={f.required}
            type={f.kind === 'email' ? 'email' : 'text'}
            inputMode={f.kind === 'decimal' ? 'decimal' : undefined}
            autoFocus={i === 0}
          />
        ),
      )}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={form.processing} busy={form.processing}>
          <Plus aria-hidden="true" className="size-4" />
          Create {create.noun}
        </Button>
      </div>
    </form>
  );
}
