import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../testing/standins/s3.js';
import { LocalStorage, S3Storage, checkKey, readAll, type ObjectStorage } from './index.js';

/** Both drivers pass the same contract: local disk, and the SDK's S3 client against the S3 stand-in. */
let s3: S3StandIn;
let dir: string;
const drivers: Record<string, () => ObjectStorage> = {};

beforeAll(async () => {
  s3 = await startS3StandIn();
  dir = mkdtempSync(join(tmpdir(), 'kazi-storage-'));
  drivers.local = () => new LocalStorage(join(dir, 'media'));
  drivers.s3 = () =>
    new S3Storage({ bucket: s3.bucket, region: s3.region, endpoint: s3.url, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true });
});
afterAll(async () => {
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(['local', 's3'])('%s storage', (name) => {
  it('puts, heads, gets and deletes bytes and files, and answers null for a missing key', async () => {
    const storage = drivers[name]();
    const bytes = Buffer.from([0, 1, 2, 255, 254, 10, 13, 0]);
    await storage.put('7/abc/original.bin', bytes, { contentType: 'application/octet-stream' });
    expect(await storage.head('7/abc/original.bin')).toEqual({ size: bytes.length });
    expect(await readAll(storage, '7/abc/original.bin')).toEqual(bytes);

    const file = join(dir, 'upload.part');
    writeFileSync(file, Buffer.alloc(100_000, 7));
    await storage.put('7/abc/from-file.bin', { path: file }, { contentType: 'application/octet-stream' });
    expect((await readAll(storage, '7/abc/from-file.bin'))!.equals(Buffer.alloc(100_000, 7))).toBe(true);

    const part = await storage.get('7/abc/original.bin', { start: 2, end: 4 });
    expect(part!.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const c of part!.body) chunks.push(Buffer.from(c as Uint8Array));
    expect(Buffer.concat(chunks)).toEqual(bytes.subarray(2, 5));

    await storage.delete('7/abc/original.bin');
    expect(await storage.head('7/abc/original.bin')).toBeNull();
    expect(await storage.get('7/abc/original.bin')).toBeNull();
    // deleting again is no error
    await storage.delete('7/abc/original.bin');
  });

  it('refuses keys that could leave its root', async () => {
    const storage = drivers[name]();
    for (const key of ['../etc/passwd', '/abs', '7/../x', '7//x', '7/x y', '']) {
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(/Invalid storage key/);
    }
    expect(() => checkKey('12/0123456789abcdef0123456789abcdef/thumb.webp')).not.toThrow();
  });
});

describe('S3 stand-in', () => {
  it('stores what the SDK sent, with its content type, and every request was signed with the access key', async () => {
    const storage = drivers.s3();
    await storage.put('9/k/original.png', Buffer.from('png bytes'), { contentType: 'image/png' });
    expect(s3.objects.get('9/k/original.png')).toEqual({ body: Buffer.from('png bytes'), contentType: 'image/png' });
    expect(s3.requests.length).toBeGreaterThan(5);
    expect(s3.requests.filter((r) => r.error && r.error !== 'NoSuchKey')).toEqual([]);
  });

  it('refuses a wrong secret (SignatureDoesNotMatch) and an unknown access key', async () => {
    const wrongSecret = new S3Storage({ bucket: s3.bucket, region: s3.region, endpoint: s3.url, accessKeyId: s3.accessKeyId, secretAccessKey: 'not-the-secret', forcePathStyle: true });
    await expect(wrongSecret.put('9/k/x.txt', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    const wrongKey = new S3Storage({ bucket: s3.bucket, region: s3.region, endpoint: s3.url, accessKeyId: 'AKIANOBODY', secretAccessKey: s3.secretAccessKey, forcePathStyle: true });
    await expect(wrongKey.put('9/k/x.txt', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    expect(s3.objects.has('9/k/x.txt')).toBe(false);
  });

  it('refuses a request with no signature at all', async () => {
    const res = await fetch(`${s3.url}/${s3.bucket}/9/k/original.png`);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('<Code>AccessDenied</Code>');
  });

  it('local storage writes no half files: only the stored names are left', async () => {
    const storage = drivers.local() as LocalStorage;
    await storage.put('3/z/a.txt', Buffer.from('a'));
    expect(readdirSync(join(storage.root, '3/z'))).toEqual(['a.txt']);
  });
});
