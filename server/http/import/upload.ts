import type { FastifyRequest } from 'fastify';
import { IMPORT_LIMITS } from '../../../common/schemas/import.js';
import { fieldError, HttpError } from '../errors.js';
import { FileReadError } from './csv.js';
import { parseUpload, type ParsedFile } from './parse.js';

export interface UploadLimits {
  maxBytes: number;
  maxRows: number;
}
const tooBig = (limits: UploadLimits) => `The file must not be greater than ${limits.maxBytes / 1024} kilobytes.`;

/**
 * The multipart `file` of an import upload, read and parsed. Every refusal is a 422 on `file`
 * with a sentence for the page: no file, too big, not CSV/XLSX, unreadable, empty, too many rows.
 */
export async function readUpload(req: FastifyRequest, limits: UploadLimits = IMPORT_LIMITS): Promise<{ filename: string; parsed: ParsedFile }> {
  if (!req.isMultipart()) throw fieldError('file', 'The file field is required.');
  let filename = '';
  let buf: Buffer | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: limits.maxBytes + 1, files: 1, fields: 10 } })) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      if (part.fieldname !== 'file') continue;
      if (part.file.truncated || data.length > limits.maxBytes) throw fieldError('file', tooBig(limits));
      filename = part.filename ?? '';
      buf = data;
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('file', tooBig(limits));
    if (code === 'FST_FILES_LIMIT_REACHED') throw fieldError('file', 'Upload one file at a time.');
    throw new HttpError(400, 'The upload could not be read.');
  }
  if (!buf || buf.length === 0) throw fieldError('file', 'The file field is required.');
  try {
    return { filename, parsed: await parseUpload(filename, buf, limits.maxRows) };
  } catch (err) {
    if (err instanceof FileReadError) throw fieldError('file', err.message);
    throw err;
  }
}
