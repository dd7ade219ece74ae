import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { MEDIA_MAX_BYTES, MEDIA_MAX_UPLOAD_BYTES, MEDIA_TYPES, type MediaKind } from '../../../common/media.js';
import { fieldError, HttpError } from '../../http/errors.js';

/** An upload on disk, waiting to be checked and stored: its temporary path, the name given and the browser's claimed type. */
export interface Received {
  path: string;
  size: number;
  name: string;
  declared: string;
  fields: Record<string, string>;
  /** removes the temporary file (always call it) */
  discard: () => void;
}

const MB = 1024 * 1024;
const tooLarge = () => fieldError('file', `The file must not be greater than ${MEDIA_MAX_UPLOAD_BYTES / MB} MB.`);

/**
 * The multipart body of an upload: its one file (the part named `file`) streamed to a temporary
 * file under DATA_DIR/tmp, never held whole in memory, and its other fields.
 */
export async function receiveUpload(req: FastifyRequest, dataDir: string): Promise<Received> {
  if (!req.isMultipart()) throw fieldError('file', 'The file field is required.');
  const dir = join(dataDir, 'tmp');
  mkdirSync(dir, { recursive: true });
  const fields: Record<string, string> = {};
  let file: { path: string; name: string; declared: string } | null = null;
  const temps: string[] = [];
  const discard = () => {
    for (const t of temps) {
      try {
        unlinkSync(t);
      } catch {
        /* gone */
      }
    }
  };
  try {
    for await (const part of req.parts({ limits: { fileSize: MEDIA_MAX_UPLOAD_BYTES + 1, files: 1, fields: 10, fieldSize: 4096 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        const path = join(dir, `upload-${randomBytes(12).toString('hex')}.part`);
        temps.push(path);
        await pipeline(part.file, createWriteStream(path));
        if (part.file.truncated) throw tooLarge();
        file = { path, name: part.filename ?? '', declared: (part.mimetype ?? '').toLowerCase() };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    discard();
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw fieldError('file', 'Send one file at a time.');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new HttpError(400, 'The upload has too many fields.');
    throw new HttpError(400, 'The upload could not be read.');
  }
  if (!file) {
    discard();
    throw fieldError('file', 'The file field is required.');
  }
  const size = statSync(file.path).size;
  if (size === 0) {
    discard();
    throw fieldError('file', 'The file is empty.');
  }
  return { ...file, size, fields, discard };
}

export interface Sniffed {
  mime: string;
  kind: MediaKind;
  ext: string;
}

const extensionOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');
const KIND_WORDS: Record<MediaKind, string> = { image: 'an image', document: 'a document', video: 'a video', audio: 'an audio file', other: 'an archive' };

/** Valid UTF-8 without NUL bytes: text, not a binary file under a text name. */
function isText(path: string): boolean {
  const buf = readFileSync(path);
  if (buf.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}

/**
 * What an upload is, told by its bytes (file-type), and refusals with the field's 422 when the
 * bytes are of no accepted type, or when the name's extension or the browser's declared type
 * claim something else than the bytes are (a PDF called photo.jpg, an HTML page sent as
 * image/png): a spoofed file is refused rather than stored under a misleading name.
 */
export async function sniffUpload(path: string, name: string, declared: string, size: number): Promise<Sniffed> {
  const ext = extensionOf(name);
  const detected = await fileTypeFromFile(path);
  let mime = detected?.mime as string | undefined;
  if (!mime && (ext === 'txt' || ext === 'csv') && size <= MEDIA_MAX_BYTES.document && isText(path)) mime = ext === 'csv' ? 'text/csv' : 'text/plain';
  const type = mime ? MEDIA_TYPES[mime] : undefined;
  if (!mime || !type) {
    throw fieldError('file', 'The file must be an image (JPEG, PNG, WebP, GIF, AVIF, TIFF), a document (PDF, Word, Excel, PowerPoint, OpenDocument, text, CSV), a video (MP4, WebM, MOV), an audio file (MP3, WAV, OGG, M4A, AAC, FLAC) or a ZIP archive.');
  }
  if (ext && !type.exts.includes(ext)) {
    throw fieldError('file', `The file's name ends in .${ext} but its contents are ${KIND_WORDS[type.kind]} of type ${mime}: rename it to .${type.exts[0]} or upload the right file.`);
  }
  const claimed = declaredKind(declared);
  if (claimed === 'unsafe' || (claimed && claimed !== type.kind)) {
    throw fieldError('file', `The file was sent as ${declared} but its contents are ${KIND_WORDS[type.kind]} of type ${mime}.`);
  }
  if (size > MEDIA_MAX_BYTES[type.kind]) {
    throw fieldError('file', `The file must not be greater than ${MEDIA_MAX_BYTES[type.kind] / MB} MB for ${KIND_WORDS[type.kind]}.`);
  }
  return { mime, kind: type.kind, ext: type.exts[0] };
}

/** The kind the browser's content type claims: null when it claims nothing useful (octet-stream, empty). */
function declaredKind(declared: string): MediaKind | 'unsafe' | null {
  const base = declared.split(';')[0].trim();
  if (!base || base === 'application/octet-stream' || base === 'binary/octet-stream') return null;
  if (/^(text\/html|application\/xhtml|image\/svg|text\/javascript|application\/javascript|application\/x-msdownload)/.test(base)) return 'unsafe';
  const known = MEDIA_TYPES[base]?.kind;
  if (known) return known;
  const top = base.split('/')[0];
  return top === 'image' || top === 'video' || top === 'audio' ? top : null;
}

/** A PDF's number of pages, when its page tree is readable without decompressing (else null). */
export function pdfPageCount(path: string): number | null {
  const text = readFileSync(path).toString('latin1');
  let best = 0;
  for (const m of text.matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)|\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages\b/g)) best = Math.max(best, Number(m[1] ?? m[2]));
  return best > 0 && best < 1_000_000 ? best : null;
}
