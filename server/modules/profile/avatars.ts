import { randomBytes } from 'node:crypto';
import { mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fieldError } from '../../http/errors.js';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** The file's own first bytes decide its type, never its name or the browser's claim. */
function sniff(buf: Buffer): 'png' | 'jpg' | 'webp' | null {
  if (buf.length > 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.length > 12 && buf.toString('ascii', 0, 4) === 'RIFF' && buf.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export const avatarDir = (dataDir: string) => join(dataDir, 'avatars');
export const avatarUrl = (file: string | null) => (file ? `/avatars/${file}` : null);

/** Stores an uploaded avatar under DATA_DIR/avatars with a random name; returns the file name. */
export function storeAvatar(dataDir: string, buf: Buffer): string {
  if (buf.length === 0) throw fieldError('avatar', 'The avatar field must be a file.');
  if (buf.length > AVATAR_MAX_BYTES) throw fieldError('avatar', 'The avatar field must not be greater than 2048 kilobytes.');
  const ext = sniff(buf);
  if (!ext) throw fieldError('avatar', 'The avatar field must be an image of type: jpg, png, webp.');
  const dir = avatarDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = `${randomBytes(16).toString('hex')}.${ext}`;
  writeFileSync(join(dir, file), buf);
  return file;
}

export function removeAvatar(dataDir: string, file: string | null) {
  if (!file || !/^[0-9a-f]{32}\.(png|jpg|webp)$/.test(file)) return;
  try {
    unlinkSync(join(avatarDir(dataDir), file));
  } catch {
    /* already gone */
  }
}
