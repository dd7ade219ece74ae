import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MediaFile, MediaFolder, MediaServed } from '../../../common/media.js';
import type { Config } from '../../config.js';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { signUrl } from '../../http/signed-url.js';
import { openStorage, type ObjectStorage } from '../../storage/index.js';
import type { MediaVariants } from './schema.js';

const storages = new WeakMap<Config, ObjectStorage>();
/** The app's one storage (the same object for every request and job of a configuration). */
export function mediaStorage(config: Config): ObjectStorage {
  let s = storages.get(config);
  if (!s) {
    s = openStorage(config);
    storages.set(config, s);
  }
  return s;
}

/** A file's row as read from the table (snake case, as `rows` answers it). */
export interface FileRecord {
  id: number;
  folder_id: number | null;
  display_name: string;
  original_name: string;
  mime: string;
  kind: MediaFile['kind'];
  size: number;
  width: number | null;
  height: number | null;
  page_count: number | null;
  storage_key: string;
  variants: MediaVariants;
  variants_state: MediaFile['variants_state'];
  stored_bytes: number;
  model_type: string | null;
  model_id: number | null;
  created_at: string;
  updated_at: string;
}

export const FILE_COLUMNS = sql.raw(
  'id, folder_id, display_name, original_name, mime, kind, size, width, height, page_count, storage_key, variants, variants_state, stored_bytes, model_type, model_id, created_at, updated_at',
);

/** The in-app address of a file or one of its sizes (a member's permission is checked there). */
export const mediaFileUrl = (id: number, variant: MediaServed = 'original') => `/media/files/${id}/${variant}`;

/** What the API answers for a file: no storage keys, addresses through the app. */
export function publicFile(r: FileRecord): MediaFile {
  const id = Number(r.id);
  const variants = r.variants ?? {};
  return {
    id,
    folder_id: r.folder_id === null ? null : Number(r.folder_id),
    display_name: r.display_name,
    original_name: r.original_name,
    mime: r.mime,
    kind: r.kind,
    size: Number(r.size),
    width: r.width,
    height: r.height,
    page_count: r.page_count,
    variants_state: r.variants_state,
    model_type: r.model_type,
    model_id: r.model_id === null ? null : Number(r.model_id),
    created_at: r.created_at,
    updated_at: r.updated_at,
    url: mediaFileUrl(id),
    thumb_url: variants.thumb ? mediaFileUrl(id, 'thumb') : null,
    medium_url: variants.medium ? mediaFileUrl(id, 'medium') : null,
  };
}

export const publicFolder = (r: MediaFolder): MediaFolder => ({
  id: Number(r.id),
  name: r.name,
  parent_id: r.parent_id === null ? null : Number(r.parent_id),
  path: r.path,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** A folder of the company that is not being deleted, or the 404. */
export async function findFolder(tx: Tx, tenantId: number, id: number): Promise<MediaFolder> {
  const [f] = await rows<MediaFolder>(
    tx,
    sql`select id, name, parent_id, path, created_at, updated_at from media_folders where tenant_id = ${tenantId} and id = ${id} and deleting_at is null`,
  );
  if (!f) throw notFound('Folder');
  return f;
}

/** A file of the company outside folders being deleted, or the 404. */
export async function findFile(tx: Tx, tenantId: number, id: number): Promise<FileRecord> {
  const [f] = await rows<FileRecord>(tx, sql`select ${FILE_COLUMNS} from media_files where tenant_id = ${tenantId} and id = ${id} and ${notBeingDeleted()}`);
  if (!f) throw notFound('File');
  return f;
}

/** A file (alias or table media_files) not inside a folder the delete job is emptying. */
export const notBeingDeleted = (): SQL =>
  sql`not exists (select 1 from media_folders d where d.tenant_id = media_files.tenant_id and d.id = media_files.folder_id and d.deleting_at is not null)`;

/** Every storage key of a file: the original and its sizes. */
export const keysOf = (r: Pick<FileRecord, 'storage_key' | 'variants'>) => [r.storage_key, ...Object.values(r.variants ?? {}).map((v) => v!.key)];

/** Adds (or with a negative number removes) bytes from the company's usage; with `quota`, only when the total stays within it. */
export async function addUsage(tx: Tx, tenantId: number, bytes: number, quota?: number): Promise<boolean> {
  if (quota !== undefined && bytes > quota) return false;
  const limit = quota === undefined ? sql`true` : sql`media_usage.bytes + excluded.bytes <= ${quota}`;
  const done = await rows<{ bytes: number }>(
    tx,
    sql`insert into media_usage (tenant_id, bytes) values (${tenantId}, greatest(${bytes}::bigint, 0))
        on conflict (tenant_id) do update set bytes = greatest(media_usage.bytes + ${bytes}::bigint, 0), updated_at = now() where ${limit}
        returning bytes`,
  );
  return done.length > 0;
}

export async function usageOf(tx: Tx, tenantId: number): Promise<number> {
  const [u] = await rows<{ bytes: number }>(tx, sql`select bytes from media_usage where tenant_id = ${tenantId}`);
  return Number(u?.bytes ?? 0);
}

/** Removes stored objects, after the rows that named them are gone; a failure is logged (the bytes are orphaned, not the rows). */
export async function removeObjects(storage: ObjectStorage, keys: string[], log: FastifyBaseLogger) {
  for (let i = 0; i < keys.length; i += 8) {
    await Promise.all(
      keys.slice(i, i + 8).map((k) => storage.delete(k).catch((err: unknown) => log.error({ err, key: k }, 'media: could not remove a stored object'))),
    );
  }
}

/**
 * A signed, expiring address of a file or one of its sizes, for pages seen by people without an
 * account (a published CMS page's images): `/media/public/<tenant>/<id>/<variant>?expires=…&signature=…`.
 * Nothing in it can be changed to reach another file, and it stops working after `ttlSeconds`.
 */
export function signedMediaUrl(config: Pick<Config, 'appUrl' | 'appKey'>, tenantId: number, fileId: number, variant: MediaServed = 'original', ttlSeconds = 3600): string {
  return signUrl(config.appUrl, config.appKey, `/media/public/${tenantId}/${fileId}/${variant}`, ttlSeconds);
}
