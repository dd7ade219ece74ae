import { GetObjectCommand, DeleteObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { createReadStream, mkdirSync, renameSync, statSync, unlinkSync, writeFileSync, copyFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { MediaConfig } from '../config.js';

/**
 * Where uploaded files live (docs/decisions/0040-media-library.md): one small interface with two
 * drivers, local disk under DATA_DIR (the default) and an S3-compatible bucket. Keys are chosen
 * by the app (`<tenant>/<random>/<variant>.<ext>`), never by a user, and checked before a path or
 * a request is built from one. Nothing here is reachable over HTTP by its key: the app serves
 * the bytes after its own permission check (server/modules/media/serve.ts).
 */
export interface ObjectStorage {
  readonly driver: 'local' | 's3';
  /** Stores bytes (a buffer or a file on disk) under `key`, replacing what was there. */
  put(key: string, body: Buffer | { path: string }, opts: { contentType: string }): Promise<void>;
  /**
   * The object's bytes as a stream and its whole size, or null when there is none; with `range`
   * (inclusive byte offsets, within the object) only those bytes.
   */
  get(key: string, range?: ByteRange): Promise<{ body: Readable; size: number } | null>;
  /** The object's size, or null when there is none. */
  head(key: string): Promise<{ size: number } | null>;
  /** Removes the object; removing one that is not there is no error. */
  delete(key: string): Promise<void>;
}

/** Inclusive byte offsets, as an HTTP Range names them. */
export interface ByteRange {
  start: number;
  end: number;
}

/** segments of letters, digits, '_' and '-', a dot only before an extension: no '..', no absolute path */
const KEY = /^[A-Za-z0-9_-]{1,64}(\/[A-Za-z0-9_-]{1,64})*(\.[a-z0-9]{1,8})?$/;

export function checkKey(key: string): string {
  if (key.length > 300 || !KEY.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
  return key;
}

/** Local disk: each key a file under `root`, written to a temporary name and renamed, so a reader never sees half a file. */
export class LocalStorage implements ObjectStorage {
  readonly driver = 'local' as const;
  constructor(readonly root: string) {}

  private path(key: string) {
    return join(this.root, checkKey(key));
  }

  async put(key: string, body: Buffer | { path: string }) {
    const path = this.path(key);
    mkdirSync(dirname(path), { recursive: true });
    const tmp = `${path}.${randomBytes(6).toString('hex')}.part`;
    try {
      if (Buffer.isBuffer(body)) writeFileSync(tmp, body);
      else copyFileSync(body.path, tmp);
      renameSync(tmp, path);
    } catch (err) {
      try {
        unlinkSync(tmp);
      } catch {
        /* never written */
      }
      throw err;
    }
  }

  async head(key: string) {
    try {
      const st = statSync(this.path(key));
      return st.isFile() ? { size: st.size } : null;
    } catch {
      return null;
    }
  }

  async get(key: string, range?: ByteRange) {
    const found = await this.head(key);
    return found ? { body: createReadStream(this.path(key), range ? { start: range.start, end: range.end } : {}), size: found.size } : null;
  }

  async delete(key: string) {
    try {
      unlinkSync(this.path(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}

type S3Settings = NonNullable<MediaConfig['s3']>;

/** An S3-compatible bucket (AWS S3, MinIO, R2, …) through the AWS SDK, signed with SigV4. */
export class S3Storage implements ObjectStorage {
  readonly driver = 's3' as const;
  private client: S3Client;
  constructor(private settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // checksums only where S3 requires them: many S3-compatible servers refuse the SDK's aws-chunked trailers
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  async put(key: string, body: Buffer | { path: string }, opts: { contentType: string }) {
    const Body = Buffer.isBuffer(body) ? body : createReadStream(body.path);
    const ContentLength = Buffer.isBuffer(body) ? body.length : statSync(body.path).size;
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key), Body, ContentLength, ContentType: opts.contentType }));
  }

  async head(key: string) {
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }));
      return { size: Number(r.ContentLength ?? 0) };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async get(key: string, range?: ByteRange) {
    try {
      const r = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      // a ranged answer names the whole size after the slash of its Content-Range
      const whole = range ? Number(/\/(\d+)$/.exec(r.ContentRange ?? '')?.[1]) : Number(r.ContentLength ?? 0);
      return { body: r.Body as Readable, size: whole };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async delete(key: string) {
    // S3 answers 204 for a key that is not there
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }));
  }
}

const missing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404);

/** The storage the configuration names: the bucket when MEDIA_S3_BUCKET is set, else DATA_DIR/media. */
export function openStorage(config: { dataDir: string; media: MediaConfig }): ObjectStorage {
  return config.media.s3 ? new S3Storage(config.media.s3) : new LocalStorage(join(config.dataDir, 'media'));
}

/** Reads a stored object whole (small files: images for their variants, a PDF's page count). */
export async function readAll(storage: ObjectStorage, key: string): Promise<Buffer | null> {
  const found = await storage.get(key);
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
