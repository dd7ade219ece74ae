import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { MEDIA_VARIANTS, type MediaVariant } from '../../../common/media.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { readAll, type ObjectStorage } from '../../storage/index.js';
import type { MediaVariants } from './schema.js';
import { addUsage, keysOf, mediaStorage, removeObjects, type FileRecord } from './service.js';

export const VARIANTS_JOB = 'media.variants';
export const DELETE_FOLDER_JOB = 'media.delete-folder';
/** files removed per transaction by the folder delete job */
export const DELETE_BATCH = 500;

type Made = { variant: MediaVariant; key: string; data: Buffer; width: number; height: number; mime: string };

/**
 * The sizes of an image (common/media.ts MEDIA_VARIANTS), each turned the way its EXIF
 * orientation says and written without any metadata: sharp keeps none unless asked
 * (withMetadata), so a phone's GPS position never reaches a page. The medium size keeps
 * transparency as PNG, else JPEG.
 */
export async function makeVariants(original: Buffer, baseKey: string): Promise<{ made: Made[]; width: number; height: number }> {
  const meta = await sharp(original, { failOn: 'none' }).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  const made: Made[] = [];
  for (const [variant, spec] of Object.entries(MEDIA_VARIANTS) as [MediaVariant, (typeof MEDIA_VARIANTS)[MediaVariant]][]) {
    const format = spec.format === 'jpeg' && meta.hasAlpha ? 'png' : spec.format;
    let img = sharp(original, { failOn: 'none' }).rotate().resize({ width: spec.max, height: spec.max, fit: 'inside', withoutEnlargement: true });
    img = format === 'webp' ? img.webp({ quality: 80 }) : format === 'png' ? img.png({ compressionLevel: 9 }) : img.jpeg({ quality: 82, mozjpeg: true });
    const { data, info } = await img.toBuffer({ resolveWithObject: true });
    const ext = format === 'jpeg' ? 'jpg' : format;
    made.push({ variant, key: `${baseKey}/${variant}.${ext}`, data, width: info.width, height: info.height, mime: `image/${format}` });
  }
  return { made, width, height };
}

/** Makes and records one file's variants; a file deleted meanwhile leaves nothing behind. */
export async function runVariants(app: FastifyInstance, storage: ObjectStorage, tenantId: number, fileId: number) {
  const { database, log } = app.ctx;
  const [file] = await withTenant(database, tenantId, (tx) =>
    rows<FileRecord>(tx, sql`select storage_key, variants_state from media_files where tenant_id = ${tenantId} and id = ${fileId}`),
  );
  if (!file || file.variants_state !== 'pending') return;
  const original = await readAll(storage, file.storage_key);
  if (!original) {
    log.warn({ tenantId, fileId }, 'media: the original of a file is missing; no variants');
    await withTenant(database, tenantId, (tx) => tx.execute(sql`update media_files set variants_state = 'failed' where tenant_id = ${tenantId} and id = ${fileId}`));
    return;
  }
  let result: Awaited<ReturnType<typeof makeVariants>>;
  try {
    result = await makeVariants(original, file.storage_key.slice(0, file.storage_key.lastIndexOf('/')));
  } catch (err) {
    // bytes that passed the type check but do not decode: shown with an icon, not retried
    log.warn({ err, tenantId, fileId }, 'media: an image could not be decoded');
    await withTenant(database, tenantId, (tx) => tx.execute(sql`update media_files set variants_state = 'failed', updated_at = now() where tenant_id = ${tenantId} and id = ${fileId}`));
    return;
  }
  for (const m of result.made) await storage.put(m.key, m.data, { contentType: m.mime });
  const variants: MediaVariants = Object.fromEntries(result.made.map((m) => [m.variant, { key: m.key, width: m.width, height: m.height, size: m.data.length, mime: m.mime }]));
  const bytes = result.made.reduce((s, m) => s + m.data.length, 0);
  const recorded = await withTenant(database, tenantId, async (tx) => {
    const done = await rows<{ id: number }>(
      tx,
      sql`update media_files set variants = ${JSON.stringify(variants)}::jsonb, variants_state = 'ready', width = ${result.width}, height = ${result.height},
                 stored_bytes = size + ${bytes}, updated_at = now()
           where tenant_id = ${tenantId} and id = ${fileId} and variants_state = 'pending' returning id`,
    );
    if (done.length) await addUsage(tx, tenantId, bytes);
    return done.length > 0;
  });
  if (!recorded) await removeObjects(storage, result.made.map((m) => m.key), log);
}

/**
 * Empties and removes a folder marked for deletion with everything under it: a batch of files at
 * a time, their stored bytes first and then their rows (a retry after a crash finds the rest),
 * then the folders, subfolders going with their parent.
 */
export async function runDeleteFolder(app: FastifyInstance, storage: ObjectStorage, tenantId: number, folderId: number) {
  const { database, log } = app.ctx;
  const [folder] = await withTenant(database, tenantId, (tx) =>
    rows<{ path: string }>(tx, sql`select path from media_folders where tenant_id = ${tenantId} and id = ${folderId} and deleting_at is not null`),
  );
  if (!folder) return;
  const inSubtree = sql`folder_id in (select id from media_folders where tenant_id = ${tenantId} and path like ${folder.path + '%'})`;
  for (;;) {
    const batch = await withTenant(database, tenantId, (tx) =>
      rows<Pick<FileRecord, 'id' | 'storage_key' | 'variants'>>(
        tx,
        sql`select id, storage_key, variants from media_files where tenant_id = ${tenantId} and ${inSubtree} order by id limit ${DELETE_BATCH}`,
      ),
    );
    if (batch.length === 0) break;
    await removeObjects(storage, batch.flatMap(keysOf), log);
    const ids = sql.raw(`'{${batch.map((b) => Number(b.id)).join(',')}}'::bigint[]`);
    await withTenant(database, tenantId, async (tx) => {
      const gone = await rows<{ bytes: number }>(
        tx,
        sql`with d as (delete from media_files where tenant_id = ${tenantId} and id = any(${ids}) returning stored_bytes)
            select coalesce(sum(stored_bytes), 0)::bigint as bytes from d`,
      );
      await addUsage(tx, tenantId, -Number(gone[0].bytes));
    });
  }
  await withTenant(database, tenantId, (tx) => tx.execute(sql`delete from media_folders where tenant_id = ${tenantId} and id = ${folderId}`));
}

export function mediaJobs(app: FastifyInstance) {
  const { queue, config } = app.ctx;
  const storage = mediaStorage(config);
  queue.define<{ tenantId: number; fileId: number }>(VARIANTS_JOB, (d) => runVariants(app, storage, d.tenantId, d.fileId), { batchSize: 2, concurrency: 1 });
  queue.define<{ tenantId: number; folderId: number }>(DELETE_FOLDER_JOB, (d) => runDeleteFolder(app, storage, d.tenantId, d.folderId), { batchSize: 1, concurrency: 1 });
}
