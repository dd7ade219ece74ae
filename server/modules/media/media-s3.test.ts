import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaFile } from '../../../common/media.js';
import { ConfigError, loadConfig } from '../../config.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { startS3StandIn, type S3StandIn } from '../../testing/standins/s3.js';

/** The media library on an S3-compatible bucket (the S3 stand-in, signatures checked): the same routes, the bytes in the bucket. */
let t: TestApp;
let s3: S3StandIn;
let owner: TestClient;

beforeAll(async () => {
  s3 = await startS3StandIn();
  t = await createTestApp({
    MEDIA_S3_BUCKET: s3.bucket,
    MEDIA_S3_REGION: s3.region,
    MEDIA_S3_ENDPOINT: s3.url,
    MEDIA_S3_ACCESS_KEY_ID: s3.accessKeyId,
    MEDIA_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  });
  const a = await seedTenant(t.database, 'Bucket Co');
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

function multipart(name: string, data: Buffer) {
  const boundary = '----kazis3' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

describe('media on an S3 bucket', () => {
  it('uploads into the bucket, makes the sizes there, serves and deletes them', async () => {
    const bytes = await sharp({ create: { width: 500, height: 400, channels: 3, background: '#00aa55' } }).png().toBuffer();
    const m = multipart('field.png', bytes);
    const res = await owner.request('POST', '/media/upload', { body: m.body, headers: { 'content-type': m.type }, json: true });
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json().data as MediaFile;
    const originalKey = [...s3.objects.keys()].find((k) => k.endsWith('/original.png'))!;
    expect(s3.objects.get(originalKey)).toEqual({ body: bytes, contentType: 'image/png' });

    const end = Date.now() + 20_000;
    let ready: MediaFile | undefined;
    while (Date.now() < end) {
      ready = ((await owner.json('GET', '/media/files')).json().data as MediaFile[]).find((f) => f.id === file.id);
      if (ready?.variants_state !== 'pending') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(ready?.variants_state).toBe('ready');
    expect([...s3.objects.keys()].sort()).toEqual(['medium.jpg', 'original.png', 'thumb.webp', 'webp.webp'].map((v) => originalKey.replace('original.png', v)).sort());

    const served = await owner.get(`/media/files/${file.id}/original`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect((await owner.get(`/media/files/${file.id}/medium`)).headers['content-type']).toBe('image/jpeg');
    const part = await owner.get(`/media/files/${file.id}/original`, { headers: { range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(0, 8))).toBe(true);

    const del = await owner.json('POST', '/media/files/delete-multiple', { file_ids: [file.id] });
    expect(del.statusCode).toBe(200);
    expect(s3.objects.size).toBe(0);
    // every request the app made was signed with the configured key (the stand-in checks each signature)
    expect(s3.requests.filter((r) => r.error && r.error !== 'NoSuchKey')).toEqual([]);
  });

  it('configuration: a bucket needs its keys, keys need a bucket', () => {
    const base = { APP_KEY: 'k'.repeat(40), DATA_DIR: t.config.dataDir };
    expect(() => loadConfig({ ...base, MEDIA_S3_BUCKET: 'kazi-media' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, MEDIA_S3_ACCESS_KEY_ID: 'x', MEDIA_S3_SECRET_ACCESS_KEY: 'y' })).toThrow(/MEDIA_S3_BUCKET must be set/);
    expect(() => loadConfig({ ...base, MEDIA_QUOTA_BYTES: '10' })).toThrow(/MEDIA_QUOTA_BYTES must be at least/);
    const c = loadConfig({ ...base, MEDIA_S3_BUCKET: 'kazi-media', MEDIA_S3_ACCESS_KEY_ID: 'AK', MEDIA_S3_SECRET_ACCESS_KEY: 'SK' });
    expect(c.media).toEqual({ quotaBytes: 1024 ** 3, s3: { bucket: 'kazi-media', region: 'us-east-1', endpoint: null, accessKeyId: 'AK', secretAccessKey: 'SK', forcePathStyle: false } });
  });
});
