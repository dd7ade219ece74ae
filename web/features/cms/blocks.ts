import type { Block, BlockType, LeafBlock } from '@common/schemas/cms';

// The editor's block helpers (web/features/cms/BlockEditor.tsx): new blocks, moves, names.

export const BLOCK_LABELS: Record<BlockType, string> = {
  heading: 'Heading',
  text: 'Text',
  image: 'Image',
  button: 'Button',
  columns: 'Columns',
  survey: 'Survey',
};

/** The kinds a page offers; a column offers all but columns. */
export const PAGE_BLOCK_TYPES: readonly BlockType[] = ['heading', 'text', 'image', 'button', 'columns', 'survey'];
export const COLUMN_BLOCK_TYPES: readonly LeafBlock['type'][] = ['heading', 'text', 'image', 'button'];

/** A block id unique in its page (the server refuses one used twice). */
export function newBlockId(): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return `b${Array.from(bytes, (b) => b.toString(36).padStart(2, '0')).join('')}`;
}

/** An empty block of a kind; an image starts without its file (the form asks for one). */
export function newBlock(type: BlockType): Block {
  const id = newBlockId();
  switch (type) {
    case 'heading':
      return { id, type, level: 2, text: '' };
    case 'text':
      return { id, type, html: '' };
    case 'image':
      return { id, type, media_id: undefined as unknown as number, alt: '', caption: '' };
    case 'button':
      return { id, type, label: '', url: '', style: 'primary' };
    case 'columns':
      return { id, type, columns: [[], []] };
    case 'survey':
      return { id, type, survey_id: undefined as unknown as number, label: 'Answer the survey', intro: '' };
  }
}

/** The list with the item at `from` moved to `to` (both in range). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** Two columns from three: the third column's blocks go to the end of the second. */
export function setColumnCount(columns: LeafBlock[][], count: 2 | 3): LeafBlock[][] {
  if (count === columns.length) return columns;
  if (count === 3) return [...columns, []];
  return [columns[0], [...columns[1], ...columns.slice(2).flat()]];
}

/** A short description of a block for announcements and labels ("Heading “Welcome”"). */
export function blockSummary(b: Block): string {
  const label = BLOCK_LABELS[b.type];
  const text = b.type === 'heading' ? b.text : b.type === 'button' ? b.label : b.type === 'text' ? b.html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() : '';
  return text ? `${label} “${text.length > 40 ? `${text.slice(0, 40)}…` : text}”` : label;
}
