import { bigint, foreignKey, index, jsonb, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Block, PageStatus } from '../../../common/schemas/cms.js';
import { searchIndexes } from '../../db/search-index.js';
import { tenantTable } from '../../db/tenant-table.js';

/** What a visitor sees of a page, kept when it is published or scheduled (the draft goes on changing). */
export interface PublishedPage {
  title: string;
  seo_title: string | null;
  seo_description: string | null;
  social_image_id: number | null;
  blocks: Block[];
}

/**
 * A CMS page (SPEC §2 Pages; docs/decisions/0041-cms-pages.md): its draft (`blocks` and the SEO
 * fields, saved by every edit) and, once published or scheduled, the snapshot the public view
 * shows (`published`). A scheduled page is public from `publish_at` on: the public view compares
 * that time itself, so no job has to flip it.
 */
export const cmsPages = tenantTable(
  'cms_pages',
  {
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    status: text('status').$type<PageStatus>().notNull().default('draft'),
    publishAt: timestamp('publish_at', { withTimezone: true, mode: 'string' }),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'string' }),
    blocks: jsonb('blocks').$type<Block[]>().notNull().default([]),
    published: jsonb('published').$type<PublishedPage>(),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    socialImageId: bigint('social_image_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }),
    updatedBy: bigint('updated_by', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('cms_pages_slug_unique').on(t.tenantId, t.slug),
    index('cms_pages_updated_idx').on(t.tenantId, t.updatedAt, t.id),
    index('cms_pages_title_idx').on(t.tenantId, t.title, t.id),
    index('cms_pages_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('cms_pages_status_idx').on(t.tenantId, t.status, t.updatedAt, t.id),
    ...searchIndexes('cms_pages', t.title),
  ],
);

/** Every saved version of a page's draft, newest last; a restore copies one back into the draft (and keeps a revision of its own). */
export const cmsPageRevisions = tenantTable(
  'cms_page_revisions',
  {
    pageId: bigint('page_id', { mode: 'number' }).notNull(),
    reason: text('reason').$type<'saved' | 'restored' | 'published'>().notNull().default('saved'),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    blocks: jsonb('blocks').$type<Block[]>().notNull(),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    socialImageId: bigint('social_image_id', { mode: 'number' }),
    authorId: bigint('author_id', { mode: 'number' }),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.pageId], foreignColumns: [cmsPages.tenantId, cmsPages.id] }).onDelete('cascade'),
    index('cms_page_revisions_page_idx').on(t.tenantId, t.pageId, t.id),
  ],
);
