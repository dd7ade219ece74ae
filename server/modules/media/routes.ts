import { checkAllowance } from '../../http/allowance.js';
import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MEDIA_FILTERS, MEDIA_SERVED, type MediaFolder, type MediaServed } from '../../../common/media.js';
import { listQuerySchema } from '../../../common/schemas/list-query.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { fieldError, HttpError, notFound, ValidationError } from '../../http/errors.js';
import { readPage, searchCondition, type FieldMap } from '../../http/list.js';
import { paginator } from '../../http/paginator.js';
import { estimatedTotals } from '../../http/resource.js';
import { verifySignedUrl } from '../../http/signed-url.js';
import { validate } from '../../http/validate.js';
import { DELETE_FOLDER_JOB, VARIANTS_JOB } from './jobs.js';
import { mediaOwner } from './owners.js';
import { mediaFiles } from './schema.js';
import {
  addUsage,
  FILE_COLUMNS,
  findFile,
  findFolder,
  keysOf,
  mediaStorage,
  notBeingDeleted,
  publicFile,
  publicFolder,
  removeObjects,
  usageOf,
  type FileRecord,
} from './service.js';
import { pdfPageCount, receiveUpload, sniffUpload } from './sniff.js';

const idText = z.string().regex(/^[1-9]\d{0,15}$/);
const id = z.coerce.number({ error: 'The id must be a number.' }).int().positive().max(Number.MAX_SAFE_INTEGER);
/** a folder id or none (the library's root): '', null and 'root' all mean the root */
const folderRef = z
  .union([z.null(), z.literal(''), z.literal('root'), z.literal('null'), id])
  .optional()
  .transform((v) => (typeof v === 'number' ? v : null));
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const folderName = z
  .string({ error: 'The name field is required.' })
  .trim()
  .min(1, 'The name field is required.')
  .max(100, 'The name field must not be greater than 100 characters.')
  .refine((v) => !CONTROL.test(v) && !/[\\/]/.test(v), 'The name may not contain slashes or control characters.');
const displayName = z
  .string()
  .trim()
  .max(200, 'The display name field must not be greater than 200 characters.')
  .refine((v) => !CONTROL.test(v), 'The display name may not contain control characters.');
/** up to 500 ids, as a JSON array or a comma list */
const idList = (field: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v),
    z
      .array(id, { error: `The ${field} field is required.` })
      .min(1, `The ${field} field is required.`)
      .max(500, `The ${field} field must not have more than 500 items.`)
      .transform((a) => [...new Set(a)]),
  );
const modelType = z.string().trim().regex(/^[a-z][a-z0-9_]{0,39}$/, 'The selected model type is invalid.');

const storeFolderSchema = z.object({ name: folderName, parent_id: folderRef });
const renameSchema = z.object({ name: folderName });
const deleteFilesSchema = z.object({ file_ids: idList('file ids') });
const moveSchema = z.object({
  item_ids: idList('item ids'),
  item_type: z.enum(['file', 'folder'], { error: 'The item type must be file or folder.' }),
  target_folder_id: folderRef,
});
const uploadFields = z
  .object({
    folder_id: folderRef,
    display_name: displayName.optional(),
    model_type: z.union([z.literal(''), modelType]).optional(),
    model_id: z.union([z.literal(''), id]).optional(),
  })
  .transform((v) => ({ ...v, model_type: v.model_type || null, model_id: v.model_id === '' || v.model_id === undefined ? null : v.model_id }))
  .superRefine((v, ctx) => {
    if ((v.model_type === null) !== (v.model_id === null)) {
      ctx.addIssue({ code: 'custom', path: [v.model_type === null ? 'model_type' : 'model_id'], message: `The ${v.model_type === null ? 'model type' : 'model id'} field is required with the ${v.model_type === null ? 'model id' : 'model type'}.` });
    }
  });
const listSchema = listQuerySchema.extend({
  folder_id: z.union([z.literal('all'), z.literal('root'), z.literal(''), id]).optional(),
  filter: z.enum(Object.keys(MEDIA_FILTERS) as [keyof typeof MEDIA_FILTERS], { error: 'The filter must be all, images, documents, video or audio.' }).default('all'),
  sort_by: z.enum(['name', 'date', 'size'], { error: 'The sort must be name, date or size.' }).default('name'),
});
const modelListSchema = listSchema.extend({ model_type: modelType, model_id: id });

/** Body fields from JSON or a form, as an object. */
const body = (req: FastifyRequest): Record<string, unknown> =>
  req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
const pathId = (req: FastifyRequest, what: string) => {
  const p = idText.safeParse((req.params as { id?: string }).id);
  if (!p.success) throw notFound(what);
  return Number(p.data);
};
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};
const nameTaken = (name: string) => fieldError('name', `A folder named "${name}" is already there.`);

/** The list's fields (the storage key and variants read for the answer's addresses, never sent). */
const FIELDS: FieldMap = {
  id: mediaFiles.id,
  folder_id: mediaFiles.folderId,
  display_name: mediaFiles.displayName,
  original_name: mediaFiles.originalName,
  mime: mediaFiles.mime,
  kind: mediaFiles.kind,
  size: mediaFiles.size,
  width: mediaFiles.width,
  height: mediaFiles.height,
  page_count: mediaFiles.pageCount,
  storage_key: mediaFiles.storageKey,
  variants: mediaFiles.variants,
  variants_state: mediaFiles.variantsState,
  stored_bytes: mediaFiles.storedBytes,
  model_type: mediaFiles.modelType,
  model_id: mediaFiles.modelId,
  created_at: mediaFiles.createdAt,
  updated_at: mediaFiles.updatedAt,
};
const SORTS = { name: mediaFiles.displayName, date: mediaFiles.createdAt, size: mediaFiles.size } as const;

/**
 * The media library's endpoints (SPEC §7 Media; issue 18; docs/decisions/0040-media-library.md).
 * Folders are a tree by `path`; files are stored by random keys in the storage of the
 * configuration and served only through `GET /media/files/{id}/{variant}` (a member who may view
 * media) or a signed, expiring `/media/public/…` address. Another company's folder or file is a 404.
 */
export function mediaRoutes(app: FastifyInstance) {
  const { config, queue, database } = app.ctx;
  const storage = mediaStorage(config);
  const quota = config.media.quotaBytes;

  app.get('/media/get-folders', { config: { access: 'media.view' } }, async (req) => {
    const data = await req.tenantRead((tx) =>
      rows<MediaFolder>(
        tx,
        sql`select id, name, parent_id, path, created_at, updated_at from media_folders
             where tenant_id = ${req.tenant!.id} and deleting_at is null order by lower(name), id limit 10000`,
      ),
    );
    return { data: data.map(publicFolder) };
  });

  app.get('/media/usage', { config: { access: 'media.view' } }, async (req) => {
    const used = await req.tenantRead((tx) => usageOf(tx, req.tenant!.id));
    return { data: { used, quota } };
  });

  app.post('/media/folders/store', { config: { access: 'media.create' } }, async (req, reply) => {
    const input = validate(storeFolderSchema, body(req));
    const tenantId = req.tenant!.id;
    const data = await req.tenantTx(async (tx) => {
      const parent = input.parent_id === null ? null : await findFolder(tx, tenantId, input.parent_id);
      if (parent && parent.path.split('/').length > 22) throw fieldError('parent_id', 'Folders go at most 20 levels deep.');
      const [{ next }] = await rows<{ next: number }>(tx, sql`select nextval(pg_get_serial_sequence('media_folders', 'id'))::bigint as next`);
      const path = `${parent ? parent.path : '/'}${next}/`;
      try {
        const [f] = await rows<MediaFolder>(
          tx,
          sql`insert into media_folders (tenant_id, id, name, parent_id, path, created_by)
              values (${tenantId}, ${next}, ${input.name}, ${input.parent_id}, ${path}, ${req.user?.id ?? null})
              returning id, name, parent_id, path, created_at, updated_at`,
        );
        return publicFolder(f);
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken(input.name);
        throw err;
      }
    });
    return reply.code(201).send({ message: 'Folder created successfully', data });
  });

  app.put('/media/folders/:id/rename', { config: { access: 'media.update' } }, async (req) => {
    const folderId = pathId(req, 'Folder');
    const input = validate(renameSchema, body(req));
    const tenantId = req.tenant!.id;
    const data = await req.tenantTx(async (tx) => {
      await findFolder(tx, tenantId, folderId);
      try {
        const [f] = await rows<MediaFolder>(
          tx,
          sql`update media_folders set name = ${input.name}, updated_at = now() where tenant_id = ${tenantId} and id = ${folderId}
              returning id, name, parent_id, path, created_at, updated_at`,
        );
        return publicFolder(f);
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken(input.name);
        throw err;
      }
    });
    return { message: 'Folder renamed successfully', data };
  });

  /**
   * An empty folder goes at once. One with content is refused with a 422 saying what it holds
   * unless the request confirms (`confirm=true`, in the query or the body): then the folder and
   * everything under it disappear from the library at once and the job removes the files' bytes
   * and rows a batch at a time (202).
   */
  app.delete('/media/folders/:id', { config: { access: 'media.delete' } }, async (req, reply) => {
    const folderId = pathId(req, 'Folder');
    const tenantId = req.tenant!.id;
    const raw = (req.query as Record<string, unknown>).confirm ?? body(req).confirm;
    const confirmed = raw === true || raw === 'true' || raw === '1' || raw === 1;
    const queued = await req.tenantTx(async (tx) => {
      const folder = await findFolder(tx, tenantId, folderId);
      const [c] = await rows<{ folders: number; files: number }>(
        tx,
        sql`select (select count(*) from media_folders where tenant_id = ${tenantId} and path like ${folder.path + '%'} and id <> ${folderId} and deleting_at is null)::int as folders,
                   (select count(*) from (select 1 from media_files where tenant_id = ${tenantId}
                      and folder_id in (select id from media_folders where tenant_id = ${tenantId} and path like ${folder.path + '%'}) limit 100001) x)::int as files`,
      );
      if (c.folders === 0 && c.files === 0) {
        await tx.execute(sql`delete from media_folders where tenant_id = ${tenantId} and id = ${folderId}`);
        return false;
      }
      if (!confirmed) {
        const parts = [c.files ? `${c.files > 100000 ? 'over 100,000' : c.files} file${c.files === 1 ? '' : 's'}` : null, c.folders ? `${c.folders} folder${c.folders === 1 ? '' : 's'}` : null].filter(Boolean);
        throw new ValidationError({ confirm: [`The folder "${folder.name}" holds ${parts.join(' and ')}. Confirm to delete it with everything in it.`] });
      }
      await tx.execute(sql`update media_folders set deleting_at = now() where tenant_id = ${tenantId} and path like ${folder.path + '%'} and deleting_at is null`);
      return true;
    });
    if (!queued) return { message: 'Folder deleted successfully' };
    await queue.send(DELETE_FOLDER_JOB, { tenantId, folderId });
    return reply.code(202).send({ message: 'Folder deleted successfully', queued: true });
  });

  /** The conditions of a list of files: its folder (root when none; `all` for the whole library), filter and search. */
  function fileConditions(tenantId: number, q: z.infer<typeof listSchema>, scopeAll: boolean): { where: SQL; searching: boolean } {
    const parts: SQL[] = [sql`${mediaFiles.tenantId} = ${tenantId}`];
    const folder = q.folder_id;
    if (typeof folder === 'number') parts.push(sql`${mediaFiles.folderId} = ${folder}`);
    else if (folder === 'all' || (scopeAll && (folder === undefined || folder === ''))) parts.push(notBeingDeleted());
    else parts.push(sql`${mediaFiles.folderId} is null`);
    const kind = MEDIA_FILTERS[q.filter];
    if (kind) parts.push(sql`${mediaFiles.kind} = ${kind}`);
    const search = searchCondition([mediaFiles.displayName], q.search);
    if (search) parts.push(search);
    return { where: sql.join(parts, sql` and `), searching: !!search };
  }

  async function listFiles(req: FastifyRequest, q: z.infer<typeof listSchema>, extra: SQL | null, list: string, scopeAll: boolean) {
    const tenantId = req.tenant!.id;
    if (typeof q.folder_id === 'number') {
      const folderId = q.folder_id;
      await req.tenantRead((tx) => findFolder(tx, tenantId, folderId));
    }
    const { where, searching } = fileConditions(tenantId, q, scopeAll);
    const dir = q.sort_order ?? (q.sort_by === 'name' ? 'asc' : 'desc');
    const column = SORTS[q.sort_by];
    const order = dir === 'asc' ? [sql`${column} asc`, sql`${mediaFiles.id} asc`] : [sql`${column} desc`, sql`${mediaFiles.id} desc`];
    const perPage = q.per_page ?? 40;
    const page = await readPage<Record<string, unknown>>(
      (fn) => req.tenantRead(fn),
      { table: mediaFiles, fields: FIELDS, tenantId, where: extra ? sql`${where} and ${extra}` : where, order, page: q.page, perPage, list, searching },
      estimatedTotals(req.server.ctx),
    );
    const { page: _p, ...rest } = (req.query ?? {}) as Record<string, unknown>;
    return paginator(
      page.data.map((r) => publicFile(r as unknown as FileRecord)),
      { total: page.total, estimated: page.estimated, page: q.page, perPage, path: req.url.split('?')[0], query: rest },
    );
  }

  app.get('/media/files', { config: { access: 'media.view' } }, async (req) => {
    const q = validate(listSchema, req.query ?? {});
    return listFiles(req, q, null, '/media/files', false);
  });

  /** The files attached to one record (an event's media), across folders unless `folder_id` narrows them. */
  app.get('/media/get-model-media', { config: { access: 'media.view' } }, async (req) => {
    const q = validate(modelListSchema, req.query ?? {});
    const owner = mediaOwner(q.model_type);
    if (!owner) throw fieldError('model_type', 'The selected model type is invalid.');
    const tenantId = req.tenant!.id;
    const exists = await req.tenantTx((tx) => owner.exists(tx, tenantId, q.model_id));
    if (!exists) throw notFound('Record');
    return listFiles(req, q, sql`${mediaFiles.modelType} = ${q.model_type} and ${mediaFiles.modelId} = ${q.model_id}`, '/media/get-model-media', true);
  });

  /**
   * One file (multipart: file, folder_id, display_name, model_type, model_id). Its type is told by
   * its bytes; a name or content type claiming otherwise, a file too large for its kind, or one
   * past the company's quota is the field's 422 and nothing is kept. Images get their sizes in
   * a job (variants_state pending, then ready).
   */
  app.post('/media/upload', { config: { access: 'media.upload' } }, async (req, reply) => {
    const tenantId = req.tenant!.id;
    const received = await receiveUpload(req, config.dataDir);
    let key: string | null = null;
    try {
      const fields = validate(uploadFields, received.fields);
      const sniffed = await sniffUpload(received.path, received.name, received.declared, received.size);
      // checks that read the database come before the bytes are stored
      await req.tenantTx(async (tx) => {
        if (fields.folder_id !== null) await findFolder(tx, tenantId, fields.folder_id);
        if (fields.model_type !== null) {
          const owner = mediaOwner(fields.model_type);
          if (!owner) throw fieldError('model_type', 'The selected model type is invalid.');
          if (!(await owner.exists(tx, tenantId, fields.model_id!))) throw notFound('Record');
        }
        const used = await usageOf(tx, tenantId);
        if (used + received.size > quota) throw quotaFull(used);
        await checkAllowance(tx, tenantId, 'storage', received.size);
      });
      const original = cleanName(received.name, sniffed.ext);
      const display = fields.display_name || original.replace(/\.[^.]+$/, '') || original;
      key = `${tenantId}/${randomBytes(16).toString('hex')}/original.${sniffed.ext}`;
      const pageCount = sniffed.mime === 'application/pdf' ? pdfPageCount(received.path) : null;
      await storage.put(key, { path: received.path }, { contentType: sniffed.mime });
      const storedKey = key;
      const row = await req.tenantTx(async (tx) => {
        if (fields.folder_id !== null) await findFolder(tx, tenantId, fields.folder_id);
        if (!(await addUsage(tx, tenantId, received.size, quota))) throw quotaFull(await usageOf(tx, tenantId));
        // after addUsage, under its row lock: two uploads racing cannot both pass the plan's storage
        await checkAllowance(tx, tenantId, 'storage', 0);
        const [r] = await rows<FileRecord>(
          tx,
          sql`insert into media_files (tenant_id, folder_id, display_name, original_name, mime, kind, size, page_count, storage_key, variants_state, stored_bytes, model_type, model_id, created_by)
              values (${tenantId}, ${fields.folder_id}, ${display}, ${original}, ${sniffed.mime}, ${sniffed.kind}, ${received.size}, ${pageCount}, ${storedKey},
                      ${sniffed.kind === 'image' ? 'pending' : 'none'}, ${received.size}, ${fields.model_type}, ${fields.model_id}, ${req.user?.id ?? null})
              returning ${FILE_COLUMNS}`,
        );
        return r;
      });
      key = null;
      if (row.variants_state === 'pending') await queue.send(VARIANTS_JOB, { tenantId, fileId: Number(row.id) });
      return reply.code(201).send({ message: 'File uploaded successfully', data: publicFile(row) });
    } finally {
      received.discard();
      // stored but not recorded (a check failed on the way): the bytes go too
      if (key) await removeObjects(storage, [key], req.log);
    }
  });

  app.post('/media/files/delete-multiple', { config: { access: 'media.delete' } }, async (req) => {
    const input = validate(deleteFilesSchema, body(req));
    const tenantId = req.tenant!.id;
    const gone = await req.tenantTx(async (tx) => {
      const deleted = await rows<Pick<FileRecord, 'storage_key' | 'variants' | 'stored_bytes'>>(
        tx,
        sql`delete from media_files where tenant_id = ${tenantId} and id = any(${sql.raw(`'{${input.file_ids.join(',')}}'::bigint[]`)}) and ${notBeingDeleted()}
            returning storage_key, variants, stored_bytes`,
      );
      // one id that is not the company's: nothing is deleted
      if (deleted.length !== input.file_ids.length) throw notFound('File');
      await addUsage(tx, tenantId, -deleted.reduce((s, d) => s + Number(d.stored_bytes), 0));
      return deleted;
    });
    await removeObjects(storage, gone.flatMap(keysOf), req.log);
    return { message: 'Files deleted successfully', deleted: gone.length };
  });

  app.post('/media/move-items', { config: { access: 'media.update' } }, async (req) => {
    const input = validate(moveSchema, body(req));
    const tenantId = req.tenant!.id;
    const ids = sql.raw(`'{${input.item_ids.join(',')}}'::bigint[]`);
    await req.tenantTx(async (tx) => {
      const target = input.target_folder_id === null ? null : await findFolder(tx, tenantId, input.target_folder_id);
      if (input.item_type === 'file') {
        const moved = await rows<{ id: number }>(
          tx,
          sql`update media_files set folder_id = ${target ? Number(target.id) : null}, updated_at = now()
               where tenant_id = ${tenantId} and id = any(${ids}) and ${notBeingDeleted()} returning id`,
        );
        if (moved.length !== input.item_ids.length) throw notFound('File');
        return;
      }
      const folders = await rows<{ id: number }>(tx, sql`select id from media_folders where tenant_id = ${tenantId} and id = any(${ids}) and deleting_at is null`);
      if (folders.length !== input.item_ids.length) throw notFound('Folder');
      for (const folderId of input.item_ids) {
        // read again: an earlier move of this request may have changed its path
        const folder = await findFolder(tx, tenantId, folderId);
        const targetPath = target ? (await findFolder(tx, tenantId, Number(target.id))).path : '/';
        if (targetPath.startsWith(folder.path)) throw fieldError('target_folder_id', `The folder "${folder.name}" cannot be moved into itself or one of its own subfolders.`);
        const newPath = `${targetPath}${folderId}/`;
        if (newPath === folder.path) continue;
        try {
          await tx.execute(
            sql`update media_folders
                   set path = ${newPath} || substr(path, ${folder.path.length + 1}),
                       parent_id = case when id = ${folderId} then ${target ? Number(target.id) : null}::bigint else parent_id end,
                       updated_at = case when id = ${folderId} then now() else updated_at end
                 where tenant_id = ${tenantId} and path like ${folder.path + '%'}`,
          );
        } catch (err) {
          if (isUniqueViolation(err)) throw fieldError('target_folder_id', `A folder named "${folder.name}" is already there.`);
          throw err;
        }
      }
    });
    return { message: 'Items moved successfully' };
  });

  /**
   * A stored file answered with its own type; inline for what a browser shows safely, as a download
   * for the rest. One byte range (`Range: bytes=a-b`) is answered with 206, so a video or audio
   * player can seek.
   */
  async function send(req: FastifyRequest, reply: FastifyReply, r: FileRecord, variant: MediaServed, download: boolean, cache: string) {
    const v = variant === 'original' ? { key: r.storage_key, mime: r.mime, size: Number(r.size) } : r.variants?.[variant];
    if (!v) throw notFound('File');
    const range = byteRange(req.headers.range, Number(v.size));
    if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${v.size}`).send();
    const found = await storage.get(v.key, range ?? undefined);
    if (!found) throw notFound('File');
    reply.header('accept-ranges', 'bytes');
    if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${found.size}`);
    const inline = !download && /^(image\/|video\/|audio\/|application\/pdf$)/.test(v.mime);
    const ext = v.key.slice(v.key.lastIndexOf('.') + 1);
    const base = r.original_name.replace(/\.[^.]+$/, '');
    const name = variant === 'original' ? r.original_name : `${base}-${variant}.${ext}`;
    const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
    return reply
      .type(v.mime)
      .header('content-length', String(range ? range.end - range.start + 1 : found.size))
      .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', cache)
      .header('x-content-type-options', 'nosniff')
      .header(
        'content-security-policy',
        // a sandboxed document cannot run script; browsers' PDF viewers refuse to open inside one, so PDFs go without
        v.mime === 'application/pdf' ? "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'" : "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
      )
      .send(found.body);
  }

  const variantOf = (req: FastifyRequest): MediaServed => {
    const v = (req.params as { variant?: string }).variant ?? '';
    if (!(MEDIA_SERVED as readonly string[]).includes(v)) throw notFound('File');
    return v as MediaServed;
  };

  app.get('/media/files/:id/:variant', { config: { access: 'media.view' } }, async (req, reply) => {
    const fileId = pathId(req, 'File');
    const variant = variantOf(req);
    const r = await req.tenantRead((tx) => findFile(tx, req.tenant!.id, fileId));
    return send(req, reply, r, variant, (req.query as { download?: string }).download === '1', 'private, max-age=3600');
  });

  /** A signed, expiring address (signedMediaUrl) for pages seen without an account; any change to it is a 403. */
  app.get('/media/public/:tenant/:id/:variant', { config: { access: 'public' } }, async (req, reply) => {
    const { tenant } = req.params as { tenant: string };
    const path = req.url.split('?')[0];
    if (!verifySignedUrl(config.appKey, path, req.query as Record<string, unknown>)) throw new HttpError(403, 'Invalid signature.');
    if (!idText.safeParse(tenant).success) throw notFound('File');
    const fileId = pathId(req, 'File');
    const variant = variantOf(req);
    const r = await withTenant(database, Number(tenant), (tx) => findFile(tx, Number(tenant), fileId));
    const expires = Number((req.query as { expires?: string }).expires);
    const maxAge = Math.max(0, Math.min(3600, expires - Math.floor(Date.now() / 1000)));
    return send(req, reply, r, variant, false, `public, max-age=${maxAge}`);
  });

  function quotaFull(used: number) {
    const gb = (n: number) => `${(n / 1024 ** 3).toFixed(n >= 10 * 1024 ** 3 ? 0 : 2)} GB`;
    return fieldError('file', `The company's media storage is full: ${gb(used)} of ${gb(quota)} used. Delete files to make room.`);
  }
}

/** One range of a Range header (`bytes=a-b`, `bytes=a-`, `bytes=-n`) within `size` bytes; null for none or several (the whole file is sent). */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  const m = /^bytes=(\d*)-(\d*)$/.exec((header ?? '').trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    // the last n bytes
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (size === 0 || start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** A name fit for a header and a listing: no path, no control characters, at most 200 characters, with the type's extension. */
function cleanName(name: string, ext: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(new RegExp(CONTROL.source, 'g'), '').replace(/"/g, '').trim().slice(-200);
  if (!base) return `file.${ext}`;
  return base.includes('.') ? base : `${base}.${ext}`;
}

