import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Permission } from '../../common/permissions.js';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_PER_RECORD,
  ATTACHMENT_TYPES,
  attachmentTypeError,
  type Attachment,
} from '../../common/attachments.js';
import type { Tx } from '../db/client.js';
import { attachments, type AttachmentOwner } from '../modules/attachments/schema.js';
import { fieldError, HttpError, notFound } from './errors.js';

/**
 * Files attached to records (docs/decisions/0015-attachments.md). One table for every owner
 * kind; each owner's routes come from `attachmentRoutes`:
 *
 *   GET    <base>/attachments/{id}                       { data: Attachment[] }
 *   POST   <base>/attachments/store/{id}                 multipart, the file in `file` → 201 { message, data }
 *   GET    <base>/attachments/download/{id}/{fileId}     the bytes, as a download
 *   DELETE <base>/attachments/delete/{id}/{fileId}       { message }
 *
 * The owner decides who may see and change its files (`findOwner` throws its 404/403), so an
 * attachment is never reachable through a record the user could not open. The file's type is
 * read from its bytes; the name the user gave is kept for the download only.
 */

type Kind = keyof typeof ATTACHMENT_TYPES;
const STORED_NAME = /^[0-9a-f]{32}\.[a-z]{3,4}$/;

/** What the bytes are, among the accepted kinds; null for anything else. */
export function sniffAttachment(buf: Buffer, fileName: string): Kind | null {
  const ext = fileName.includes('.') ? fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase() : '';
  const starts = (bytes: number[] | string, at = 0) => {
    const b = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
    return buf.length >= at + b.length && buf.subarray(at, at + b.length).equals(b);
  };
  if (starts('%PDF-')) return 'pdf';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpg';
  if (starts('RIFF') && starts('WEBP', 8)) return 'webp';
  if (starts('GIF87a') || starts('GIF89a')) return 'gif';
  // Office files are ZIP archives; the name says which (a ZIP called anything else is refused)
  if (starts([0x50, 0x4b, 0x03, 0x04])) return ext === 'xlsx' || ext === 'docx' ? ext : null;
  // text: only under a text name, valid UTF-8 and no NUL bytes (so no binary slips in as .txt)
  if ((ext === 'csv' || ext === 'txt') && !buf.includes(0)) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(buf);
      return ext;
    } catch {
      return null;
    }
  }
  return null;
}

const tooLarge = () => fieldError('file', `The file field must not be greater than ${ATTACHMENT_MAX_BYTES / 1024} kilobytes.`);

/** The one file of a multipart body, in the part named `file`. */
async function readFile(req: FastifyRequest): Promise<{ buf: Buffer; name: string }> {
  if (!req.isMultipart()) throw fieldError('file', 'The file field is required.');
  let found: { buf: Buffer; name: string } | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: ATTACHMENT_MAX_BYTES + 1, files: 1, fields: 5 } })) {
      if (part.type !== 'file') continue;
      const buf = await part.toBuffer();
      if (part.fieldname !== 'file') continue;
      if (part.file.truncated || buf.length > ATTACHMENT_MAX_BYTES) throw tooLarge();
      found = { buf, name: part.filename };
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw fieldError('file', 'Send one file at a time.');
    throw new HttpError(400, 'The upload could not be read.');
  }
  if (!found) throw fieldError('file', 'The file field is required.');
  if (found.buf.length === 0) throw fieldError('file', 'The file is empty.');
  return found;
}

/** A name fit for a header and a file system listing: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string, kind: Kind): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(-200);
  return cleaned || `attachment.${kind}`;
}

const columns = {
  id: attachments.id,
  name: attachments.name,
  content_type: attachments.contentType,
  size: attachments.size,
  created_at: attachments.createdAt,
};

export const attachmentDir = (dataDir: string, tenantId: number) => join(dataDir, 'attachments', String(tenantId));

/** Removes stored files by name (names that are not ours are ignored). */
function removeFiles(dir: string, files: string[]) {
  for (const file of files) {
    if (!STORED_NAME.test(file)) continue;
    try {
      unlinkSync(join(dir, file));
    } catch {
      /* already gone */
    }
  }
}

/** Files to remove once the request has answered successfully (the rows went with its transaction). */
const pendingRemovals = new WeakMap<FastifyRequest, { dir: string; files: string[] }[]>();

/**
 * Deletes the attachments of an owner being deleted, inside the owner's delete transaction;
 * their files are removed after the answer, and only if it succeeded.
 */
export async function dropAttachments(tx: Tx, req: FastifyRequest, ownerType: AttachmentOwner, ownerIds: number[]) {
  if (ownerIds.length === 0) return;
  const tenantId = req.tenant!.id;
  const gone = await tx
    .delete(attachments)
    .where(and(eq(attachments.tenantId, tenantId), eq(attachments.ownerType, ownerType), inArray(attachments.ownerId, ownerIds)))
    .returning({ file: attachments.file });
  if (gone.length === 0) return;
  const list = pendingRemovals.get(req) ?? [];
  list.push({ dir: attachmentDir(req.server.ctx.config.dataDir, tenantId), files: gone.map((g) => g.file) });
  pendingRemovals.set(req, list);
}

/** The attachments of one owner, oldest first. */
export function listAttachments(tx: Tx, tenantId: number, ownerType: AttachmentOwner, ownerId: number): Promise<Attachment[]> {
  return tx
    .select(columns)
    .from(attachments)
    .where(and(eq(attachments.tenantId, tenantId), eq(attachments.ownerType, ownerType), eq(attachments.ownerId, ownerId)))
    .orderBy(asc(attachments.id));
}

const ids = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/), fileId: z.string().regex(/^[1-9]\d{0,15}$/).optional() });

export interface AttachmentOwnerDef {
  /** e.g. '/accounting/documents' */
  base: string;
  ownerType: AttachmentOwner;
  /** what the 404 names: "Document not found." */
  noun: string;
  access: { view: Permission | Permission[]; update: Permission | Permission[] };
  /** Throws the owner's 404 (no such record, or one the user may not see) or 403 (may see, not change). */
  findOwner: (tx: Tx, req: FastifyRequest, id: number, action: 'view' | 'update') => Promise<void>;
  /** Inside the change's transaction: e.g. a line on the owner's timeline. */
  onChange?: (tx: Tx, req: FastifyRequest, id: number, change: { kind: 'added' | 'deleted'; name: string }) => Promise<void>;
}

/** Registers the four attachment routes of one owner kind. */
export function attachmentRoutes(app: FastifyInstance, def: AttachmentOwnerDef) {
  const { base, ownerType } = def;
  const dataDir = app.ctx.config.dataDir;

  const params = (req: FastifyRequest) => {
    const p = ids.safeParse(req.params);
    if (!p.success) throw notFound(def.noun);
    return { id: Number(p.data.id), fileId: p.data.fileId ? Number(p.data.fileId) : 0 };
  };
  const findFile = async (tx: Tx, tenantId: number, ownerId: number, fileId: number) => {
    const [row] = await tx
      .select({ ...columns, file: attachments.file })
      .from(attachments)
      .where(
        and(eq(attachments.tenantId, tenantId), eq(attachments.ownerType, ownerType), eq(attachments.ownerId, ownerId), eq(attachments.id, fileId)),
      );
    if (!row) throw notFound('Attachment');
    return row;
  };

  app.get(`${base}/attachments/:id`, { config: { access: def.access.view } }, async (req) => {
    const { id } = params(req);
    const data = await req.tenantTx(async (tx) => {
      await def.findOwner(tx, req, id, 'view');
      return listAttachments(tx, req.tenant!.id, ownerType, id);
    });
    return { data };
  });

  app.post(`${base}/attachments/store/:id`, { config: { access: def.access.update } }, async (req, reply) => {
    const { id } = params(req);
    const tenantId = req.tenant!.id;
    // the owner first: nobody learns anything about a file's checks on a record they cannot change
    await req.tenantTx((tx) => def.findOwner(tx, req, id, 'update'));
    const { buf, name } = await readFile(req);
    const kind = sniffAttachment(buf, name);
    if (!kind) throw fieldError('file', attachmentTypeError());
    const dir = attachmentDir(dataDir, tenantId);
    mkdirSync(dir, { recursive: true });
    const file = `${randomBytes(16).toString('hex')}.${kind}`;
    writeFileSync(join(dir, file), buf);
    try {
      const data = await req.tenantTx(async (tx) => {
        await def.findOwner(tx, req, id, 'update');
        const [{ n }] = await tx
          .select({ n: count() })
          .from(attachments)
          .where(and(eq(attachments.tenantId, tenantId), eq(attachments.ownerType, ownerType), eq(attachments.ownerId, id)));
        if (n >= ATTACHMENT_MAX_PER_RECORD) throw fieldError('file', `A record holds at most ${ATTACHMENT_MAX_PER_RECORD} attachments.`);
        const [row] = await tx
          .insert(attachments)
          .values({
            tenantId,
            ownerType,
            ownerId: id,
            file,
            name: cleanFileName(name, kind),
            contentType: ATTACHMENT_TYPES[kind],
            size: buf.length,
            userId: req.user?.id ?? null,
          })
          .returning(columns);
        await def.onChange?.(tx, req, id, { kind: 'added', name: row.name });
        return row;
      });
      return reply.code(201).send({ message: 'File uploaded successfully', data });
    } catch (err) {
      removeFiles(dir, [file]);
      throw err;
    }
  });

  app.get(`${base}/attachments/download/:id/:fileId`, { config: { access: def.access.view } }, async (req, reply) => {
    const { id, fileId } = params(req);
    const row = await req.tenantTx(async (tx) => {
      await def.findOwner(tx, req, id, 'view');
      return findFile(tx, req.tenant!.id, id, fileId);
    });
    const path = join(attachmentDir(dataDir, req.tenant!.id), row.file);
    if (!STORED_NAME.test(row.file) || !existsSync(path)) throw notFound('Attachment');
    const ascii = row.name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
    return reply
      .type(row.content_type)
      .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.name)}`)
      .header('content-length', String(row.size))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(createReadStream(path));
  });

  app.delete(`${base}/attachments/delete/:id/:fileId`, { config: { access: def.access.update } }, async (req) => {
    const { id, fileId } = params(req);
    const row = await req.tenantTx(async (tx) => {
      await def.findOwner(tx, req, id, 'update');
      const found = await findFile(tx, req.tenant!.id, id, fileId);
      await tx.delete(attachments).where(and(eq(attachments.tenantId, req.tenant!.id), eq(attachments.id, found.id)));
      await def.onChange?.(tx, req, id, { kind: 'deleted', name: found.name });
      return found;
    });
    removeFiles(attachmentDir(dataDir, req.tenant!.id), [row.file]);
    return { message: 'Attachment deleted successfully.' };
  });
}

/** Once per app: removes the files of owners deleted by a request that answered with success. */
export function attachmentCleanup(app: FastifyInstance) {
  app.addHook('onResponse', async (req, reply) => {
    const pending = pendingRemovals.get(req);
    if (!pending) return;
    pendingRemovals.delete(req);
    if (reply.statusCode >= 300) return;
    for (const { dir, files } of pending) removeFiles(dir, files);
  });
}

