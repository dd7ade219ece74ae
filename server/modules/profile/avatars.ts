import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fieldError, HttpError, notFound } from '../../http/errors.js';

// Uploaded images: users' avatars and, through the same functions, the company logo of the
// accounting settings. The file's own bytes decide its type; names are random.

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MAX_BYTES = IMAGE_MAX_BYTES;

const CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
type ImageExt = keyof typeof CONTENT_TYPES;
/** The only names stored images get, checked before any path is built from one. */
const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

/** The file's own first bytes decide its type, never its name or the browser's claim. */
function sniff(buf: Buffer): ImageExt | null {
  if (buf.length > 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.length > 12 && buf.toString('ascii', 0, 4) === 'RIFF' && buf.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  return null;
}

const tooLarge = (field: string) => fieldError(field, `The ${field} field must not be greater than ${IMAGE_MAX_BYTES / 1024} kilobytes.`);

/** Stores an uploaded image in `dir` under a random name and returns the name; errors name `field`. */
export function storeImage(dir: string, buf: Buffer, field: string): string {
  if (buf.length === 0) throw fieldError(field, `The ${field} field must be a file.`);
  if (buf.length > IMAGE_MAX_BYTES) throw tooLarge(field);
  const ext = sniff(buf);
  if (!ext) throw fieldError(field, `The ${field} field must be an image of type: jpg, png, webp.`);
  mkdirSync(dir, { recursive: true });
  const file = `${randomBytes(16).toString('hex')}.${ext}`;
  writeFileSync(join(dir, file), buf);
  return file;
}

export function removeImage(dir: string, file: string | null | undefined) {
  if (!file || !STORED_NAME.test(file)) return;
  try {
    unlinkSync(join(dir, file));
  } catch {
    /* already gone */
  }
}

/** Answers a stored image by name (404 for any other name or a missing file). */
export function sendImage(reply: FastifyReply, dir: string, file: string, cacheControl: string) {
  const m = STORED_NAME.exec(file);
  const path = join(dir, file);
  if (!m || !existsSync(path)) throw notFound('File');
  return reply.type(CONTENT_TYPES[m[1] as ImageExt]).header('cache-control', cacheControl).send(createReadStream(path));
}

/**
 * A JSON, urlencoded or multipart body with at most one image in the part named `field`: the
 * other fields, and the image's bytes if any. Larger than 2 MB is the field's 422.
 */
export async function readImageUpload(req: FastifyRequest, field: string): Promise<{ fields: Record<string, unknown>; file: Buffer | null }> {
  if (!req.isMultipart()) {
    const body = req.body;
    return { fields: body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}, file: null };
  }
  const fields: Record<string, unknown> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: IMAGE_MAX_BYTES + 1, files: 1, fields: 20 } })) {
      if (part.type === 'file') {
        const buf = await part.toBuffer();
        if (part.fieldname !== field) continue;
        if (part.file.truncated || buf.length > IMAGE_MAX_BYTES) throw tooLarge(field);
        file = buf.length ? buf : null;
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(field);
    throw new HttpError(400, 'The upload could not be read.');
  }
  return { fields, file };
}

export const avatarDir = (dataDir: string) => join(dataDir, 'avatars');
export const avatarUrl = (file: string | null) => (file ? `/avatars/${file}` : null);

/** Stores an uploaded avatar under DATA_DIR/avatars with a random name; returns the file name. */
export const storeAvatar = (dataDir: string, buf: Buffer): string => storeImage(avatarDir(dataDir), buf, 'avatar');
export const removeAvatar = (dataDir: string, file: string | null) => removeImage(avatarDir(dataDir), file);
