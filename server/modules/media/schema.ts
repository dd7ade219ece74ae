import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, integer, jsonb, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MediaKind, MediaVariant } from '../../../common/media.js';
import { searchIndexes } from '../../db/search-index.js';
import { tenantTable } from '../../db/tenant-table.js';

/**
 * A folder of the media library (docs/decisions/0040-media-library.md). `path` is the ancestry of
 * ids with this folder's own last ("/3/8/12/"), so a subtree is one prefix match on an index
 * (moves into one's own subtree refused, deletes of a whole branch) and a move rewrites the
 * prefix of the branch in one statement. A folder being deleted by the job has `deleting_at`
 * and is no longer shown.
 */
export const mediaFolders = tenantTable(
  'media_folders',
  {
    name: text('name').notNull(),
    parentId: bigint('parent_id', { mode: 'number' }),
    path: text('path').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    deletingAt: timestamp('deleting_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.parentId], foreignColumns: [t.tenantId, t.id], name: 'media_folders_parent_fk' }).onDelete('cascade'),
    // one name per place, the root included, among the folders not being deleted
    uniqueIndex('media_folders_name_unique').on(t.tenantId, sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`).where(sql`deleting_at is null`),
    index('media_folders_path_idx').on(t.tenantId, t.path.op('text_pattern_ops')),
  ],
);

/** What the variants job made of an image: each size's key in storage and its measures. */
export type MediaVariants = Partial<Record<MediaVariant, { key: string; width: number; height: number; size: number; mime: string }>>;

/**
 * A file of the media library. `mime` and `kind` come from the bytes (file-type), never from the
 * name or the browser; `storage_key` is the original's key in storage (server/storage), random,
 * so nothing can be reached by guessing. `model_type` + `model_id` attach a file to a record
 * (an event's media), without a foreign key: one table for every kind of owner.
 */
export const mediaFiles = tenantTable(
  'media_files',
  {
    folderId: bigint('folder_id', { mode: 'number' }),
    displayName: text('display_name').notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    kind: text('kind').$type<MediaKind>().notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    pageCount: integer('page_count'),
    storageKey: text('storage_key').notNull(),
    variants: jsonb('variants').$type<MediaVariants>().notNull().default({}),
    /** pending → ready | failed for images (the variants job); none for every other kind */
    variantsState: text('variants_state').$type<'pending' | 'ready' | 'failed' | 'none'>().notNull().default('none'),
    /** bytes of the original and its variants, counted in the company's usage */
    storedBytes: bigint('stored_bytes', { mode: 'number' }).notNull(),
    modelType: text('model_type'),
    modelId: bigint('model_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }),
  },
  (t) => [
    // a deleted folder's files go with the job (their bytes first), never by a cascade that would leave bytes behind
    foreignKey({ columns: [t.tenantId, t.folderId], foreignColumns: [mediaFolders.tenantId, mediaFolders.id], name: 'media_files_folder_fk' }),
    uniqueIndex('media_files_storage_key_unique').on(t.tenantId, t.storageKey),
    // the library's three sorts within a folder (the root is folder_id null)
    index('media_files_folder_name_idx').on(t.tenantId, t.folderId, t.displayName, t.id),
    index('media_files_folder_date_idx').on(t.tenantId, t.folderId, t.createdAt, t.id),
    index('media_files_folder_size_idx').on(t.tenantId, t.folderId, t.size, t.id),
    // the whole library sorted, and a record's media
    index('media_files_name_idx').on(t.tenantId, t.displayName, t.id),
    index('media_files_date_idx').on(t.tenantId, t.createdAt, t.id),
    index('media_files_model_idx').on(t.tenantId, t.modelType, t.modelId, t.createdAt).where(sql`model_type is not null`),
    ...searchIndexes('media_files', t.displayName),
  ],
);

/**
 * Bytes each company stores, kept in the statement that adds or removes a file so the quota is
 * one conditional update (no sum over a million rows, no two uploads slipping past it together).
 */
export const mediaUsage = tenantTable(
  'media_usage',
  {
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('media_usage_tenant_unique').on(t.tenantId)],
);
