import { z } from 'zod';

/**
 * CMS pages (SPEC §2 Pages, §7 CMS pages; issue 18): the block model a page is made of, shared by
 * the editor and the server (docs/decisions/0041-cms-pages.md). A page's draft is a list of
 * blocks; a columns block holds two or three columns of the other blocks (no columns inside
 * columns). Rich text is HTML that the server cleans with its allow-list on every save and every
 * render; every other value is plain text that the renderer escapes.
 */
export const PAGE_STATUSES = ['draft', 'published', 'scheduled'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

export const PAGE_TITLE_MAX = 200;
export const PAGE_SLUG_MAX = 100;
export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 300;
export const RICH_TEXT_MAX = 50_000;
export const PAGE_BLOCKS_MAX = 200;
export const HEADING_LEVELS = [2, 3, 4] as const;
export const BUTTON_STYLES = ['primary', 'outline'] as const;

/**
 * A page's address inside its company: lower-case letters, digits and single dashes, made from
 * the title (accents dropped, anything else turned into a dash) unless the author writes one.
 */
export function pageSlug(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PAGE_SLUG_MAX)
    .replace(/-+$/, '');
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A link a visitor may follow: http(s), mailto, or an address on the same site (`/…`, `#…`).
 * Anything else (javascript:, data:, vbscript:, protocol-relative `//host`, control characters
 * that browsers strip before reading the scheme) is refused.
 */
export function isSafeUrl(raw: string): boolean {
  const url = raw.trim();
  if (!url || url.length > 2000) return false;
  // browsers ignore tabs, newlines and other controls inside a scheme ("java\tscript:")
  if ([...url].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) || /[\s\\]/.test(url)) return false;
  if (url.startsWith('#')) return true;
  if (url.startsWith('/')) return !url.startsWith('//');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  if (!scheme) return false;
  const s = scheme[1].toLowerCase();
  if (s === 'mailto') return url.length > 7;
  if (s !== 'http' && s !== 'https') return false;
  try {
    const u = new URL(url);
    return !!u.hostname;
  } catch {
    return false;
  }
}

const blockId = z.string().trim().regex(/^[A-Za-z0-9_-]{1,40}$/, 'The block id is invalid.');
const plain = (max: number) => z.string().max(max);
const safeUrl = z
  .string()
  .trim()
  .min(1, 'The link field is required.')
  .max(2000)
  .refine(isSafeUrl, 'The link must be an http(s) or mailto address, or a path on this site such as /contact.');

export const headingBlockSchema = z.object({
  id: blockId,
  type: z.literal('heading'),
  level: z.union(HEADING_LEVELS.map((l) => z.literal(l))).default(2),
  text: z.string().trim().min(1, 'The heading text field is required.').max(300),
});
export const textBlockSchema = z.object({
  id: blockId,
  type: z.literal('text'),
  /** cleaned by the server's allow-list (server/modules/cms/sanitize.ts) before it is stored */
  html: z.string().max(RICH_TEXT_MAX),
});
export const imageBlockSchema = z.object({
  id: blockId,
  type: z.literal('image'),
  /** a file of the company's media library */
  media_id: z.number({ error: 'Choose an image.' }).int().positive(),
  alt: plain(300).default(''),
  caption: plain(300).default(''),
});
export const buttonBlockSchema = z.object({
  id: blockId,
  type: z.literal('button'),
  label: z.string().trim().min(1, 'The button label field is required.').max(100),
  url: safeUrl,
  style: z.enum(BUTTON_STYLES).default('primary'),
});

/** a survey of the company, answered on the page's own survey page (PAGES.md Pages/Survey, /p/{company}/{page}/survey) */
export const surveyBlockSchema = z.object({
  id: blockId,
  type: z.literal('survey'),
  survey_id: z.number({ error: 'Choose a survey.' }).int().positive(),
  label: z.string().trim().min(1, 'The button label field is required.').max(100).default('Answer the survey'),
  intro: plain(500).default(''),
});

export const leafBlockSchema = z.discriminatedUnion('type', [headingBlockSchema, textBlockSchema, imageBlockSchema, buttonBlockSchema]);

export const columnsBlockSchema = z.object({
  id: blockId,
  type: z.literal('columns'),
  /** two or three columns, each a list of blocks (no columns inside columns) */
  columns: z.array(z.array(leafBlockSchema).max(50)).min(2, 'A columns block has 2 or 3 columns.').max(3, 'A columns block has 2 or 3 columns.'),
});

export const blockSchema = z.discriminatedUnion('type', [headingBlockSchema, textBlockSchema, imageBlockSchema, buttonBlockSchema, columnsBlockSchema, surveyBlockSchema]);
export const blocksSchema = z.array(blockSchema).max(PAGE_BLOCKS_MAX, `A page holds at most ${PAGE_BLOCKS_MAX} blocks.`);

export type HeadingBlock = z.infer<typeof headingBlockSchema>;
export type TextBlock = z.infer<typeof textBlockSchema>;
export type ImageBlock = z.infer<typeof imageBlockSchema>;
export type ButtonBlock = z.infer<typeof buttonBlockSchema>;
export type LeafBlock = z.infer<typeof leafBlockSchema>;
export type ColumnsBlock = z.infer<typeof columnsBlockSchema>;
export type SurveyBlock = z.infer<typeof surveyBlockSchema>;
export type Block = z.infer<typeof blockSchema>;
export type BlockType = Block['type'];

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

/** POST /cms/pages/store and PUT /cms/pages/update/{id} (every field optional on update). The status changes only by publish/unpublish/schedule. */
export const pageSchema = z.object({
  title: z.string().trim().min(1).max(PAGE_TITLE_MAX),
  /** made from the title when left empty */
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(PAGE_SLUG_MAX)
    .refine((v) => v === '' || SLUG_PATTERN.test(v), 'The slug may only contain lower-case letters, numbers and single dashes, such as about-us.')
    .nullish()
    .transform((v) => v || null),
  blocks: blocksSchema.default([]),
  seo_title: nullableText(SEO_TITLE_MAX),
  seo_description: nullableText(SEO_DESCRIPTION_MAX),
  /** the social (og:image) picture: a file of the company's media library */
  social_image_id: z.number().int().positive().nullish().transform((v) => v ?? null),
});
export type PageInput = z.input<typeof pageSchema>;

/** POST /cms/pages/{id}/schedule: the moment the page goes public, in the future. */
export const scheduleSchema = z.object({
  publish_at: z.iso.datetime({ offset: true, message: 'The publish at must be a date and time such as 2026-12-01T09:00:00Z.' }).refine(
    (v) => Date.parse(v) > Date.now(),
    'The publish at must be a time in the future.',
  ),
});
export type ScheduleInput = z.input<typeof scheduleSchema>;

/** GET /cms/pages/json's own filter: `status`, as a visitor would see it (a scheduled page whose time came counts as published). */
export const pageListFilterSchema = z.object({
  status: z.enum(PAGE_STATUSES).optional(),
});

/** Every block id of a page (columns included), for the editor and the server's duplicate check. */
export function blockIds(blocks: readonly Block[]): string[] {
  return blocks.flatMap((b) => (b.type === 'columns' ? [b.id, ...b.columns.flat().map((c) => c.id)] : [b.id]));
}

/** The media files a page's blocks use (images, in columns too). */
export function blockMediaIds(blocks: readonly Block[]): number[] {
  const ids = blocks.flatMap((b) => (b.type === 'columns' ? b.columns.flat() : [b])).flatMap((b) => (b.type === 'image' ? [b.media_id] : []));
  return [...new Set(ids)];
}
