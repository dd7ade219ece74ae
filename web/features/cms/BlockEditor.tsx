import { ArrowDown, ArrowUp, Columns2, GripVertical, Heading, Image as ImageIcon, ListChecks, MousePointerClick, Plus, Trash2, Type } from 'lucide-react';
import { useId, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { BUTTON_STYLES, HEADING_LEVELS, type Block, type BlockType, type LeafBlock } from '@common/schemas/cms';
import { cx } from '@/components/cx';
import { Button } from '@/components/form/Button';
import { Field } from '@/components/form/Field';
import { controlClasses, selectClasses } from '@/components/form/styles';
import { BLOCK_LABELS, blockSummary, COLUMN_BLOCK_TYPES, moveItem, newBlock, PAGE_BLOCK_TYPES, setColumnCount } from './blocks';
import { ImageField } from './ImageField';
import { RichText } from './RichText';
import { SurveyField } from './SurveyField';

/** The field errors of the form, by dotted path ("blocks.2.text", "blocks.3.columns.0.1.url"). */
export type Errors = Partial<Record<string, string>>;

const ICONS: Record<BlockType, ReactNode> = {
  heading: <Heading aria-hidden="true" className="size-4" />,
  text: <Type aria-hidden="true" className="size-4" />,
  image: <ImageIcon aria-hidden="true" className="size-4" />,
  button: <MousePointerClick aria-hidden="true" className="size-4" />,
  columns: <Columns2 aria-hidden="true" className="size-4" />,
  survey: <ListChecks aria-hidden="true" className="size-4" />,
};

type ListProps<B extends Block> = {
  blocks: B[];
  onChange: (blocks: B[]) => void;
  errors: Errors;
  /** the blocks' path in the errors ("blocks", "blocks.3.columns.1") */
  path: string;
  /** a column's list offers no columns block */
  nested?: boolean;
  label: string;
};

/**
 * A list of blocks: each with its own fields, and moved by dragging its handle, by the arrow keys
 * on the handle, or by its up and down buttons; every move is announced. A columns block holds a
 * list of its own per column.
 */
export function BlockList<B extends Block>({ blocks, onChange, errors, path, nested = false, label }: ListProps<B>) {
  const listId = useId();
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const move = (from: number, to: number) => {
    if (to < 0 || to >= blocks.length || from === to) return;
    const moved = blocks[from];
    onChange(moveItem(blocks, from, to));
    setAnnouncement(`${blockSummary(moved)} moved to position ${to + 1} of ${blocks.length}.`);
    requestAnimationFrame(() => document.getElementById(`handle-${moved.id}`)?.focus());
  };
  const update = (i: number, next: B) => onChange(blocks.map((b, j) => (j === i ? next : b)));
  const remove = (i: number) => {
    setAnnouncement(`${blockSummary(blocks[i])} removed.`);
    onChange(blocks.filter((_, j) => j !== i));
  };
  const add = (type: BlockType) => {
    const block = newBlock(type) as B;
    onChange([...blocks, block]);
    setAnnouncement(`${BLOCK_LABELS[type]} block added at position ${blocks.length + 1}.`);
    requestAnimationFrame(() => document.getElementById(`handle-${block.id}`)?.scrollIntoView({ block: 'nearest' }));
  };

  const onHandleKey = (e: KeyboardEvent, i: number) => {
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      e.stopPropagation();
      move(i, e.key === 'ArrowUp' ? i - 1 : i + 1);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      move(i, e.key === 'Home' ? 0 : blocks.length - 1);
    }
  };
  const ours = (e: DragEvent) => e.dataTransfer.types.includes(`application/x-kazi-block-${listId}`.toLowerCase());

  return (
    <div className="flex flex-col gap-3">
      {blocks.length === 0 && (
        <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500 dark:border-slate-600 dark:text-slate-400">
          {nested ? 'This column is empty.' : 'This page has no blocks yet: add a heading, text, an image or a button below.'}
        </p>
      )}
      <ol aria-label={label} className="flex flex-col gap-3">
        {blocks.map((b, i) => (
          <li
            key={b.id}
            data-block={b.type}
            onDragOver={(e) => {
              if (!ours(e) || dragFrom === null) return;
              e.preventDefault();
              e.stopPropagation();
              setDropAt(i);
            }}
            onDrop={(e) => {
              if (!ours(e) || dragFrom === null) return;
              e.preventDefault();
              e.stopPropagation();
              move(dragFrom, i);
              setDragFrom(null);
              setDropAt(null);
            }}
            className={cx(
              'rounded-lg border bg-white dark:bg-slate-800',
              dropAt === i && dragFrom !== i ? 'border-primary ring-2 ring-primary/30' : 'border-slate-200 dark:border-slate-700',
              dragFrom === i && 'opacity-60',
            )}
          >
            <div className="flex items-center gap-2 border-b border-slate-100 px-2 py-1.5 dark:border-slate-700">
              <button
                type="button"
                id={`handle-${b.id}`}
                draggable
                onDragStart={(e) => {
                  e.stopPropagation();
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData(`application/x-kazi-block-${listId}`.toLowerCase(), b.id);
                  const row = (e.currentTarget as HTMLElement).closest('li');
                  if (row) e.dataTransfer.setDragImage(row, 16, 16);
                  setDragFrom(i);
                }}
                onDragEnd={() => {
                  setDragFrom(null);
                  setDropAt(null);
                }}
                onKeyDown={(e) => onHandleKey(e, i)}
                aria-label={`Move ${blockSummary(b)}, position ${i + 1} of ${blocks.length}`}
                aria-describedby={`${listId}-how`}
                title="Drag, or use the arrow keys, to move"
                className="cursor-grab rounded p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary active:cursor-grabbing dark:text-slate-400 dark:hover:bg-slate-700"
              >
                <GripVertical aria-hidden="true" className="size-4" />
              </button>
              <span className="flex items-center gap-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">
                {ICONS[b.type]}
                {BLOCK_LABELS[b.type]}
              </span>
              <span className="ms-auto flex items-center gap-1">
                <Button size="sm" variant="ghost" onClick={() => move(i, i - 1)} disabled={i === 0} aria-label={`Move ${blockSummary(b)} up`} title="Move up">
                  <ArrowUp aria-hidden="true" className="size-4" />
                </Button>
                <Button size="sm" variant="ghost" onClick={() => move(i, i + 1)} disabled={i === blocks.length - 1} aria-label={`Move ${blockSummary(b)} down`} title="Move down">
                  <ArrowDown aria-hidden="true" className="size-4" />
                </Button>
                <Button size="sm" variant="danger-ghost" onClick={() => remove(i)} aria-label={`Remove ${blockSummary(b)}`} title="Remove">
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </span>
            </div>
            <div className="@container p-3">
              <BlockFields block={b} onChange={(next) => update(i, next as B)} errors={errors} path={`${path}.${i}`} />
            </div>
          </li>
        ))}
      </ol>
      <p id={`${listId}-how`} className="sr-only">
        Press the up or down arrow key to move the block, Home or End to move it first or last.
      </p>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <AddBlock types={nested ? COLUMN_BLOCK_TYPES : PAGE_BLOCK_TYPES} onAdd={add} where={label} />
    </div>
  );
}

function AddBlock({ types, onAdd, where }: { types: readonly BlockType[]; onAdd: (type: BlockType) => void; where: string }) {
  return (
    <div role="group" aria-label={`Add a block to ${where.toLowerCase()}`} className="flex flex-wrap items-center gap-2">
      <span className="flex items-center gap-1 text-xs font-medium text-slate-500 dark:text-slate-400">
        <Plus aria-hidden="true" className="size-3.5" />
        Add
      </span>
      {types.map((t) => (
        <Button key={t} size="sm" variant="outline" onClick={() => onAdd(t)}>
          {ICONS[t]}
          {BLOCK_LABELS[t]}
        </Button>
      ))}
    </div>
  );
}

type FieldsProps = { block: Block; onChange: (b: Block) => void; errors: Errors; path: string };

/** One block's own fields. */
function BlockFields({ block: b, onChange, errors, path }: FieldsProps) {
  const err = (field: string) => errors[`${path}.${field}`] ?? null;
  switch (b.type) {
    case 'heading':
      return (
        <div className="grid gap-3 @md:grid-cols-[10rem_1fr]">
          <Field label="Level" error={err('level')}>
            {(control) => (
              <select {...control} value={b.level} onChange={(e) => onChange({ ...b, level: Number(e.target.value) as (typeof HEADING_LEVELS)[number] })} className={selectClasses}>
                {HEADING_LEVELS.map((l) => (
                  <option key={l} value={l}>
                    {l === 2 ? 'Large (H2)' : l === 3 ? 'Medium (H3)' : 'Small (H4)'}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Heading text" required error={err('text')}>
            {(control) => <input {...control} dir="auto" value={b.text} maxLength={300} onChange={(e) => onChange({ ...b, text: e.target.value })} className={controlClasses(Boolean(err('text')), 'font-semibold')} />}
          </Field>
        </div>
      );
    case 'text':
      return <RichText label="Text" value={b.html} onChange={(html) => onChange({ ...b, html })} error={err('html')} />;
    case 'image':
      return (
        <div className="grid gap-3 @md:grid-cols-2">
          <div className="@md:col-span-2">
            <ImageField label="Image" required value={b.media_id ?? null} onChange={(id) => onChange({ ...b, media_id: id as number })} error={err('media_id')} />
          </div>
          <Field label="Alternative text" hint="What the image shows, for people who cannot see it." error={err('alt')}>
            {(control) => <input {...control} dir="auto" value={b.alt} maxLength={300} onChange={(e) => onChange({ ...b, alt: e.target.value })} className={controlClasses(Boolean(err('alt')))} />}
          </Field>
          <Field label="Caption" error={err('caption')}>
            {(control) => <input {...control} dir="auto" value={b.caption} maxLength={300} onChange={(e) => onChange({ ...b, caption: e.target.value })} className={controlClasses(Boolean(err('caption')))} />}
          </Field>
        </div>
      );
    case 'button':
      return (
        <div className="grid gap-3 @md:grid-cols-2 @2xl:grid-cols-[1fr_1fr_10rem]">
          <Field label="Button label" required error={err('label')}>
            {(control) => <input {...control} dir="auto" value={b.label} maxLength={100} onChange={(e) => onChange({ ...b, label: e.target.value })} className={controlClasses(Boolean(err('label')))} />}
          </Field>
          <Field label="Link" required hint="https://…, mailto:… or a path such as /contact" error={err('url')}>
            {(control) => <input {...control} dir="ltr" type="url" value={b.url} maxLength={2000} onChange={(e) => onChange({ ...b, url: e.target.value })} className={controlClasses(Boolean(err('url')))} />}
          </Field>
          <Field label="Style" error={err('style')}>
            {(control) => (
              <select {...control} value={b.style} onChange={(e) => onChange({ ...b, style: e.target.value as (typeof BUTTON_STYLES)[number] })} className={selectClasses}>
                <option value="primary">Filled</option>
                <option value="outline">Outline</option>
              </select>
            )}
          </Field>
        </div>
      );
    case 'columns':
      return <ColumnsFields block={b} onChange={onChange} errors={errors} path={path} />;
    case 'survey':
      return (
        <div className="grid gap-3 @md:grid-cols-2">
          <SurveyField value={b.survey_id ?? null} onChange={(survey_id) => onChange({ ...b, survey_id: survey_id as number })} error={err('survey_id')} />
          <Field label="Button label" required error={err('label')}>
            {(control) => <input {...control} dir="auto" value={b.label} maxLength={100} onChange={(e) => onChange({ ...b, label: e.target.value })} className={controlClasses(Boolean(err('label')))} />}
          </Field>
          <Field label="Introduction" error={err('intro')} className="@md:col-span-2">
            {(control) => <input {...control} dir="auto" value={b.intro} maxLength={500} onChange={(e) => onChange({ ...b, intro: e.target.value })} className={controlClasses(Boolean(err('intro')))} />}
          </Field>
        </div>
      );
  }
}

function ColumnsFields({ block: b, onChange, errors, path }: FieldsProps & { block: Extract<Block, { type: 'columns' }> }) {
  const count = b.columns.length === 3 ? 3 : 2;
  const columnsError = errors[`${path}.columns`];
  const setCount = (n: 2 | 3) => onChange({ ...b, columns: setColumnCount(b.columns, n) });
  return (
    <div className="flex flex-col gap-3">
      <Field label="Columns" hint={count === 3 ? 'Going back to two columns moves the third column’s blocks to the second.' : undefined} error={columnsError} className="max-w-xs">
        {(control) => (
          <select {...control} value={count} onChange={(e) => setCount(Number(e.target.value) as 2 | 3)} className={selectClasses}>
            <option value={2}>Two columns</option>
            <option value={3}>Three columns</option>
          </select>
        )}
      </Field>
      <div className={cx('grid gap-3', count === 3 ? '@3xl:grid-cols-3' : '@xl:grid-cols-2')}>
        {b.columns.map((col, c) => (
          <section key={c} aria-label={`Column ${c + 1}`} className="rounded-md bg-slate-50 p-2 dark:bg-slate-900/40">
            <h4 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">Column {c + 1}</h4>
            <BlockList<LeafBlock>
              blocks={col}
              nested
              label={`Column ${c + 1}`}
              onChange={(next) => onChange({ ...b, columns: b.columns.map((x, j) => (j === c ? next : x)) })}
              errors={errors}
              path={`${path}.columns.${c}`}
            />
          </section>
        ))}
      </div>
    </div>
  );
}
