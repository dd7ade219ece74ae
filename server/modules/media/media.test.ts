import { readdirSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaFile, MediaFolder } from '../../../common/media.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { addMember } from '../users/test-helpers.js';
import { registerMediaOwner, signedMediaUrl } from './index.js';

/**
 * The media library's endpoints through the real app (issue 18): folders, uploads told by their
 * bytes, spoofed types and the quota refused, lists, moves, deletes (a folder with content in
 * the job), serving and signed addresses, another company's ids, and who may do what.
 */
let t: TestApp;
let owner: TestClient;
let other: TestClient;
let viewer: TestClient;
let accountant: TestClient;
let tenantA: number;
let tenantB: number;
const QUOTA = 2 * 1024 * 1024;

/** a multipart body with one file and some fields, as the browser's FormData sends it */
function multipart(file: { name: string; data: Buffer; type?: string } | null, fields: Record<string, string | number> = {}) {
  const boundary = '----kazimedia' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}
const upload = (c: TestClient, file: { name: string; data: Buffer; type?: string } | null, fields: Record<string, string | number> = {}) => {
  const m = multipart(file, fields);
  return c.request('POST', '/media/upload', { body: m.body, headers: { 'content-type': m.type }, json: true });
};
const png = (w = 64, h = 48, color = '#3366ff') => sharp({ create: { width: w, height: h, channels: 3, background: color } }).png().toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >> endobj\ntrailer<<>>\n%%EOF\n');

const storedObjects = (tenantId: number): string[] => {
  const dir = join(t.config.dataDir, 'media', String(tenantId));
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((p) => statSync(join(dir, p)).isFile()).sort();
};
const usage = async (c: TestClient) => (await c.json('GET', '/media/usage')).json().data.used as number;
const folders = async (c: TestClient) => (await c.json('GET', '/media/get-folders')).json().data as MediaFolder[];
const list = async (c: TestClient, query: string) => {
  const res = await c.json('GET', `/media/files?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: MediaFile[]; total: number; current_page: number; last_page: number };
};
async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
async function makeFolder(c: TestClient, name: string, parentId: number | null = null): Promise<MediaFolder> {
  const res = await c.json('POST', '/media/folders/store', { name, parent_id: parentId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
async function uploadOk(c: TestClient, name: string, data: Buffer, fields: Record<string, string | number> = {}): Promise<MediaFile> {
  const res = await upload(c, { name, data }, fields);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().message).toBe('File uploaded successfully');
  return res.json().data;
}

beforeAll(async () => {
  t = await createTestApp({ MEDIA_QUOTA_BYTES: String(QUOTA) });
  const a = await seedTenant(t.database, 'Media A');
  const b = await seedTenant(t.database, 'Media B');
  tenantA = a.tenantId;
  tenantB = b.tenantId;
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  const v = await addMember(t.database, tenantA, 'viewer', 'viewer@media-a.test');
  viewer = new TestClient(t.app);
  await viewer.login(v.email, v.password);
  const acc = await addMember(t.database, tenantA, 'accountant', 'accountant@media-a.test');
  accountant = new TestClient(t.app);
  await accountant.login(acc.email, acc.password);
  registerMediaOwner('test_contact', {
    exists: async (tx, tenantId, id) =>
      (await rows(tx, sql`select 1 from outreach_contacts where tenant_id = ${tenantId} and id = ${id}`)).length > 0,
  });
}, 60_000);
afterAll(() => t?.close());

describe('folders', () => {
  it('are made, nested, listed with their ancestry and renamed; names are unique per place', async () => {
    const events = await makeFolder(owner, 'Events');
    const gala = await makeFolder(owner, 'Gala', events.id);
    expect(events.path).toBe(`/${events.id}/`);
    expect(gala).toMatchObject({ parent_id: events.id, path: `/${events.id}/${gala.id}/` });
    // the same name elsewhere is fine, not twice in one place (whatever its case)
    await makeFolder(owner, 'Gala');
    const twice = await owner.json('POST', '/media/folders/store', { name: 'gala', parent_id: events.id });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.name[0]).toBe('A folder named "gala" is already there.');

    const renamed = await owner.json('PUT', `/media/folders/${gala.id}/rename`, { name: 'Gala 2026' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ message: 'Folder renamed successfully', data: { id: gala.id, name: 'Gala 2026' } });
    const list = await folders(owner);
    expect(list.map((f) => f.name)).toEqual(expect.arrayContaining(['Events', 'Gala 2026', 'Gala']));
    expect(await folders(other)).toEqual([]);
  });

  it('refuses bad names and parents with a 422 or 404, and changes nothing', async () => {
    const before = await folders(owner);
    for (const name of ['', '   ', 'a/b', 'x'.repeat(101), 'tab\there']) {
      const res = await owner.json('POST', '/media/folders/store', { name });
      expect(res.statusCode, name).toBe(422);
      expect(res.json().errors.name).toBeDefined();
    }
    expect((await owner.json('POST', '/media/folders/store', { name: 'X', parent_id: 'abc' })).statusCode).toBe(422);
    expect((await owner.json('POST', '/media/folders/store', { name: 'X', parent_id: 99999999 })).statusCode).toBe(404);
    expect(await folders(owner)).toEqual(before);
  });

  it("another company's folder is a 404 for every route", async () => {
    const mine = await makeFolder(owner, 'Private');
    expect((await other.json('PUT', `/media/folders/${mine.id}/rename`, { name: 'Taken' })).statusCode).toBe(404);
    expect((await other.json('DELETE', `/media/folders/${mine.id}`)).statusCode).toBe(404);
    expect((await other.json('POST', '/media/folders/store', { name: 'Inside', parent_id: mine.id })).statusCode).toBe(404);
    expect((await other.json('GET', `/media/files?folder_id=${mine.id}`)).statusCode).toBe(404);
    expect((await other.json('POST', '/media/move-items', { item_ids: [mine.id], item_type: 'folder', target_folder_id: null })).statusCode).toBe(404);
    expect((await owner.json('PUT', '/media/folders/abc/rename', { name: 'x' })).statusCode).toBe(404);
    expect((await folders(owner)).find((f) => f.id === mine.id)?.name).toBe('Private');
  });
});

describe('uploads', () => {
  it('stores an image told by its bytes, answers it, then makes its sizes in the job', async () => {
    const folder = await makeFolder(owner, 'Uploads');
    const bytes = await png(800, 600);
    const file = await uploadOk(owner, 'sunset.png', bytes, { folder_id: folder.id, display_name: 'Sunset over Kibera' });
    expect(file).toMatchObject({ folder_id: folder.id, display_name: 'Sunset over Kibera', original_name: 'sunset.png', mime: 'image/png', kind: 'image', size: bytes.length });
    expect(file.url).toBe(`/media/files/${file.id}/original`);

    const ready = await until(
      async () => (await list(owner, `folder_id=${folder.id}`)).data.find((f) => f.id === file.id)!,
      (f) => f.variants_state !== 'pending',
      'the variants',
    );
    expect(ready).toMatchObject({ variants_state: 'ready', width: 800, height: 600, thumb_url: `/media/files/${file.id}/thumb`, medium_url: `/media/files/${file.id}/medium` });

    const original = await owner.get(`/media/files/${file.id}/original`);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    expect(original.headers['content-security-policy']).toContain('sandbox');
    expect(original.headers['content-disposition']).toBe(`inline; filename="sunset.png"; filename*=UTF-8''sunset.png`);
    expect(original.rawPayload.equals(bytes)).toBe(true);
    const thumb = await owner.get(`/media/files/${file.id}/thumb`);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    // the original and the three sizes are counted in the company's usage
    const [row] = await withTenant(t.database, tenantA, (tx) => rows<{ stored_bytes: number }>(tx, sql`select stored_bytes from media_files where id = ${file.id}`));
    expect(Number(row.stored_bytes)).toBeGreaterThan(bytes.length);
    expect(await usage(owner)).toBeGreaterThanOrEqual(Number(row.stored_bytes));
  });

  it('takes documents, text, with the PDF page count, and names them by their type', async () => {
    const pdf = await uploadOk(owner, 'report.pdf', PDF);
    expect(pdf).toMatchObject({ kind: 'document', mime: 'application/pdf', page_count: 2, variants_state: 'none', display_name: 'report' });
    const txt = await uploadOk(owner, 'notes.txt', Buffer.from('Meeting notes: ünïcode fine\n'));
    expect(txt).toMatchObject({ kind: 'document', mime: 'text/plain' });
    const noExt = await uploadOk(owner, 'scan', PDF);
    expect(noExt.original_name).toBe('scan.pdf');
    const served = await owner.get(`/media/files/${txt.id}/original`);
    expect(served.headers['content-disposition']).toMatch(/^attachment;/);
    // a PDF opens in the browser's viewer, which a sandboxed document would refuse
    const shown = await owner.get(`/media/files/${pdf.id}/original`);
    expect(shown.headers['content-disposition']).toMatch(/^inline;/);
    expect(shown.headers['content-security-policy']).not.toContain('sandbox');
    expect((await owner.get(`/media/files/${pdf.id}/original?download=1`)).headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses a spoofed type (name or content type against the bytes) with a 422 and keeps nothing', async () => {
    const objects = storedObjects(tenantA);
    const used = await usage(owner);
    const image = await png();
    const cases: { name: string; data: Buffer; type?: string; says: RegExp }[] = [
      { name: 'photo.jpg', data: PDF, says: /ends in \.jpg but its contents are a document of type application\/pdf/ },
      { name: 'invoice.pdf', data: image, says: /ends in \.pdf but its contents are an image/ },
      { name: 'picture.png', data: image, type: 'application/pdf', says: /sent as application\/pdf but its contents are an image/ },
      { name: 'page.png', data: Buffer.from('<html><script>alert(1)</script></html>'), type: 'image/png', says: /must be an image/ },
      { name: 'logo.svg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), type: 'image/svg+xml', says: /must be an image/ },
      { name: 'binary.txt', data: Buffer.from([0x00, 0x01, 0x02, 0xff]), says: /must be an image/ },
      { name: 'real.png', data: image, type: 'text/html', says: /sent as text\/html/ },
    ];
    for (const c of cases) {
      const res = await upload(owner, { name: c.name, data: c.data, type: c.type });
      expect(res.statusCode, c.name).toBe(422);
      expect(res.json().errors.file[0]).toMatch(c.says);
    }
    expect((await upload(owner, null, { display_name: 'nothing' })).json().errors.file[0]).toBe('The file field is required.');
    expect((await upload(owner, { name: 'empty.png', data: Buffer.alloc(0) })).json().errors.file[0]).toBe('The file is empty.');
    expect(storedObjects(tenantA)).toEqual(objects);
    expect(await usage(owner)).toBe(used);
    // nothing left in the temporary folder either
    expect(readdirSync(join(t.config.dataDir, 'tmp'))).toEqual([]);
  });

  it('refuses a file too large for its kind, and a display name too long', async () => {
    const objects = storedObjects(tenantA);
    // a PNG signature and 21 MB after it: an image, over the 20 MB an image may have
    const big = Buffer.concat([(await png()).subarray(0, 33), Buffer.alloc(21 * 1024 * 1024)]);
    const res = await upload(owner, { name: 'huge.png', data: big });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file[0]).toBe('The file must not be greater than 20 MB for an image.');
    const long = await upload(owner, { name: 'a.pdf', data: PDF }, { display_name: 'x'.repeat(201) });
    expect(long.json().errors.display_name[0]).toBe('The display name field must not be greater than 200 characters.');
    expect(storedObjects(tenantA)).toEqual(objects);
    expect(readdirSync(join(t.config.dataDir, 'tmp'))).toEqual([]);
  });

  it("refuses another company's folder, a bad model and a file past the quota", async () => {
    const theirs = await makeFolder(other, 'Theirs');
    const image = await png();
    expect((await upload(owner, { name: 'a.png', data: image }, { folder_id: theirs.id })).statusCode).toBe(404);
    expect((await upload(owner, { name: 'a.png', data: image }, { model_type: 'nothing_like_it', model_id: 1 })).json().errors.model_type).toBeDefined();
    expect((await upload(owner, { name: 'a.png', data: image }, { model_type: 'test_contact' })).json().errors.model_id).toBeDefined();

    const used = await usage(owner);
    const objects = storedObjects(tenantA);
    // random pixels do not compress: a PNG larger than what is left
    const side = Math.ceil(Math.sqrt((QUOTA - used + 50_000) / 3));
    const noise = await sharp(Buffer.from(Array.from({ length: side * side * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(QUOTA - used);
    const res = await upload(owner, { name: 'big.png', data: noise });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file[0]).toMatch(/^The company's media storage is full: .* of 0\.00 GB used|^The company's media storage is full/);
    expect(await usage(owner)).toBe(used);
    expect(storedObjects(tenantA)).toEqual(objects);
  });
});

describe('lists', () => {
  it('filters, sorts, searches and pages the files of a folder; the root is its own place', async () => {
    const folder = await makeFolder(owner, 'Listed');
    const small = await uploadOk(owner, 'b-small.png', await png(10, 10), { folder_id: folder.id, display_name: 'Banana' });
    const doc = await uploadOk(owner, 'a-doc.pdf', PDF, { folder_id: folder.id, display_name: 'Apple report' });
    const large = await uploadOk(owner, 'c-large.png', await png(400, 400, '#ff0000'), { folder_id: folder.id, display_name: 'Cherry' });

    const byName = await list(owner, `folder_id=${folder.id}`);
    expect(byName.data.map((f) => f.display_name)).toEqual(['Apple report', 'Banana', 'Cherry']);
    expect(byName).toMatchObject({ total: 3, current_page: 1 });
    expect((await list(owner, `folder_id=${folder.id}&filter=images`)).data.map((f) => f.id)).toEqual([small.id, large.id]);
    expect((await list(owner, `folder_id=${folder.id}&filter=documents`)).data.map((f) => f.id)).toEqual([doc.id]);
    expect((await list(owner, `folder_id=${folder.id}&filter=video`)).data).toEqual([]);
    const bySize = (await list(owner, `folder_id=${folder.id}&sort_by=size&sort_order=desc`)).data;
    expect(bySize.map((f) => f.size)).toEqual([...bySize.map((f) => f.size)].sort((x, y) => y - x));
    expect((await list(owner, `folder_id=${folder.id}&sort_by=date`)).data[0].id).toBe(large.id);
    expect((await list(owner, `folder_id=${folder.id}&search=anan`)).data.map((f) => f.id)).toEqual([small.id]);
    expect((await list(owner, `folder_id=all&search=cherry`)).data.map((f) => f.id)).toEqual([large.id]);
    const paged = await list(owner, `folder_id=${folder.id}&per_page=2&page=2`);
    expect(paged).toMatchObject({ total: 3, last_page: 2, current_page: 2 });
    expect(paged.data.map((f) => f.id)).toEqual([large.id]);
    // the root holds none of them
    expect((await list(owner, '')).data.map((f) => f.id)).not.toContain(small.id);
    expect((await list(other, 'folder_id=all')).data).toEqual([]);

    for (const q of ['filter=pictures', 'sort_by=colour', 'folder_id=abc', 'per_page=1000']) expect((await owner.json('GET', `/media/files?${q}`)).statusCode, q).toBe(422);
  });

  it("lists a record's media, and refuses an unknown type or another company's record", async () => {
    const [contact] = await withTenant(t.database, tenantA, (tx) =>
      rows<{ id: number }>(tx, sql`insert into outreach_contacts (tenant_id, first_name) values (${tenantA}, 'Media') returning id`),
    );
    const [theirs] = await withTenant(t.database, tenantB, (tx) =>
      rows<{ id: number }>(tx, sql`insert into outreach_contacts (tenant_id, first_name) values (${tenantB}, 'Other') returning id`),
    );
    const attached = await uploadOk(owner, 'portrait.png', await png(), { model_type: 'test_contact', model_id: contact.id });
    expect(attached).toMatchObject({ model_type: 'test_contact', model_id: Number(contact.id) });
    await uploadOk(owner, 'loose.png', await png());
    const res = await owner.json('GET', `/media/get-model-media?model_type=test_contact&model_id=${contact.id}&filter=images`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((f: MediaFile) => f.id)).toEqual([attached.id]);
    expect((await owner.json('GET', `/media/get-model-media?model_type=test_contact&model_id=${theirs.id}`)).statusCode).toBe(404);
    // a type no module registered is a 422; a registered one (events) with an id the company lacks, a 404
    expect((await owner.json('GET', `/media/get-model-media?model_type=spaceship&model_id=1`)).statusCode).toBe(422);
    expect((await owner.json('GET', `/media/get-model-media?model_type=event&model_id=999999`)).statusCode).toBe(404);
    expect((await owner.json('GET', `/media/get-model-media?model_type=test_contact`)).statusCode).toBe(422);
    expect((await upload(owner, { name: 'x.png', data: await png() }, { model_type: 'test_contact', model_id: theirs.id })).statusCode).toBe(404);
  });
});

describe('moves and deletes', () => {
  it('moves files and folders; a folder never into its own subtree; references keep working', async () => {
    const a = await makeFolder(owner, 'Move A');
    const a1 = await makeFolder(owner, 'Move A1', a.id);
    const a2 = await makeFolder(owner, 'Move A2', a1.id);
    const b = await makeFolder(owner, 'Move B');
    const file = await uploadOk(owner, 'moved.pdf', PDF, { folder_id: a2.id });

    for (const target of [a.id, a1.id, a2.id]) {
      const res = await owner.json('POST', '/media/move-items', { item_ids: [a.id], item_type: 'folder', target_folder_id: target });
      expect(res.statusCode, String(target)).toBe(422);
      expect(res.json().errors.target_folder_id[0]).toBe('The folder "Move A" cannot be moved into itself or one of its own subfolders.');
    }
    const moved = await owner.json('POST', '/media/move-items', { item_ids: [a1.id], item_type: 'folder', target_folder_id: b.id });
    expect(moved.json()).toEqual({ message: 'Items moved successfully' });
    const after = await folders(owner);
    expect(after.find((f) => f.id === a1.id)).toMatchObject({ parent_id: b.id, path: `/${b.id}/${a1.id}/` });
    expect(after.find((f) => f.id === a2.id)).toMatchObject({ parent_id: a1.id, path: `/${b.id}/${a1.id}/${a2.id}/` });
    // the file went with its folder and is served as before
    expect((await list(owner, `folder_id=${a2.id}`)).data.map((f) => f.id)).toEqual([file.id]);
    expect((await owner.get(`/media/files/${file.id}/original`)).statusCode).toBe(200);

    expect((await owner.json('POST', '/media/move-items', { item_ids: [file.id], item_type: 'file', target_folder_id: a.id })).statusCode).toBe(200);
    expect((await list(owner, `folder_id=${a.id}`)).data.map((f) => f.id)).toEqual([file.id]);
    expect((await owner.json('POST', '/media/move-items', { item_ids: [a1.id], item_type: 'folder', target_folder_id: null })).statusCode).toBe(200);
    expect((await folders(owner)).find((f) => f.id === a2.id)?.path).toBe(`/${a1.id}/${a2.id}/`);

    // a name already taken at the target, a bad type, another company's ids: refused, nothing moves
    await makeFolder(owner, 'Move A1', b.id);
    expect((await owner.json('POST', '/media/move-items', { item_ids: [a1.id], item_type: 'folder', target_folder_id: b.id })).statusCode).toBe(422);
    expect((await owner.json('POST', '/media/move-items', { item_ids: [file.id], item_type: 'page', target_folder_id: b.id })).statusCode).toBe(422);
    expect((await owner.json('POST', '/media/move-items', { item_ids: [], item_type: 'file', target_folder_id: b.id })).statusCode).toBe(422);
    expect((await owner.json('POST', '/media/move-items', { item_ids: [file.id], item_type: 'file', target_folder_id: 99999999 })).statusCode).toBe(404);
    const theirs = await uploadOk(other, 'theirs.pdf', PDF);
    expect((await owner.json('POST', '/media/move-items', { item_ids: [file.id, theirs.id], item_type: 'file', target_folder_id: b.id })).statusCode).toBe(404);
    expect((await list(owner, `folder_id=${a.id}`)).data.map((f) => f.id)).toEqual([file.id]);
  });

  it('deletes several files with their bytes; one id of another company deletes none', async () => {
    const one = await uploadOk(owner, 'one.pdf', PDF);
    const two = await uploadOk(owner, 'two.txt', Buffer.from('two'));
    const theirs = await uploadOk(other, 'theirs.txt', Buffer.from('theirs'));
    const used = await usage(owner);
    const refused = await owner.json('POST', '/media/files/delete-multiple', { file_ids: [one.id, theirs.id] });
    expect(refused.statusCode).toBe(404);
    expect((await owner.get(`/media/files/${one.id}/original`)).statusCode).toBe(200);
    expect((await other.get(`/media/files/${theirs.id}/original`)).statusCode).toBe(200);

    const objects = storedObjects(tenantA).length;
    const res = await owner.json('POST', '/media/files/delete-multiple', { file_ids: [one.id, two.id] });
    expect(res.json()).toMatchObject({ message: 'Files deleted successfully', deleted: 2 });
    expect((await owner.get(`/media/files/${one.id}/original`)).statusCode).toBe(404);
    expect(storedObjects(tenantA).length).toBe(objects - 2);
    expect(await usage(owner)).toBe(used - PDF.length - 3);
    expect((await owner.json('POST', '/media/files/delete-multiple', { file_ids: 'x' })).statusCode).toBe(422);
  });

  it('deletes an empty folder at once; one with content only when confirmed, in the job', async () => {
    const empty = await makeFolder(owner, 'Empty');
    expect((await owner.json('DELETE', `/media/folders/${empty.id}`)).json()).toEqual({ message: 'Folder deleted successfully' });

    const top = await makeFolder(owner, 'Doomed');
    const sub = await makeFolder(owner, 'Doomed inside', top.id);
    const image = await uploadOk(owner, 'doomed.png', await png(200, 200), { folder_id: sub.id });
    await uploadOk(owner, 'doomed.pdf', PDF, { folder_id: top.id });
    await until(async () => (await list(owner, `folder_id=${sub.id}`)).data[0], (f) => f.variants_state === 'ready', 'variants');
    const used = await usage(owner);
    const objects = storedObjects(tenantA).length;
    const [inside] = await withTenant(t.database, tenantA, (tx) =>
      rows<{ bytes: number }>(tx, sql`select sum(stored_bytes)::bigint as bytes from media_files where folder_id in (${top.id}, ${sub.id})`),
    );
    expect(Number(inside.bytes)).toBeGreaterThan(PDF.length + 200);

    const ask = await owner.json('DELETE', `/media/folders/${top.id}`);
    expect(ask.statusCode).toBe(422);
    expect(ask.json().errors.confirm[0]).toBe('The folder "Doomed" holds 2 files and 1 folder. Confirm to delete it with everything in it.');
    expect((await folders(owner)).map((f) => f.id)).toContain(top.id);

    const res = await owner.json('DELETE', `/media/folders/${top.id}?confirm=true`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: 'Folder deleted successfully', queued: true });
    // gone from the library at once, its name free again
    expect((await folders(owner)).map((f) => f.id)).not.toContain(sub.id);
    await makeFolder(owner, 'Doomed');
    await until(
      () => withTenant(t.database, tenantA, (tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from media_folders where id in (${top.id}, ${sub.id})`)),
      (r) => r[0].n === 0,
      'the delete job',
    );
    expect((await owner.get(`/media/files/${image.id}/original`)).statusCode).toBe(404);
    // the image, its three sizes and the PDF
    expect(storedObjects(tenantA).length).toBe(objects - 5);
    expect(await usage(owner)).toBe(used - Number(inside.bytes));
  });
});

describe('serving and permissions', () => {
  it('answers a byte range with 206 (players seek), and an impossible one with 416', async () => {
    const file = await uploadOk(owner, 'ranged.pdf', PDF);
    const part = await owner.get(`/media/files/${file.id}/original`, { headers: { range: 'bytes=5-14' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 5-14/${PDF.length}`);
    expect(part.rawPayload.equals(PDF.subarray(5, 15))).toBe(true);
    const tail = await owner.get(`/media/files/${file.id}/original`, { headers: { range: 'bytes=-6' } });
    expect(tail.rawPayload.toString()).toBe('%%EOF\n');
    const whole = await owner.get(`/media/files/${file.id}/original`);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(PDF)).toBe(true);
    const beyond = await owner.get(`/media/files/${file.id}/original`, { headers: { range: `bytes=${PDF.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${PDF.length}`);
  });

  it("answers another company's file with a 404, and an unknown size with a 404", async () => {
    const file = await uploadOk(owner, 'mine.pdf', PDF);
    expect((await other.get(`/media/files/${file.id}/original`)).statusCode).toBe(404);
    expect((await owner.get(`/media/files/${file.id}/huge`)).statusCode).toBe(404);
    expect((await owner.get(`/media/files/${file.id}/thumb`)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(`/media/files/${file.id}/original`, { json: true })).statusCode).toBe(401);
  });

  it('serves a signed address without an account until it expires; a changed one is refused', async () => {
    const file = await uploadOk(owner, 'public.pdf', PDF);
    const url = signedMediaUrl(t.config, tenantA, file.id, 'original', 60).replace(t.config.appUrl, '');
    const anonymous = new TestClient(t.app);
    const ok = await anonymous.get(url);
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.equals(PDF)).toBe(true);
    expect((await anonymous.get(url.replace(`/${file.id}/`, `/${file.id + 1}/`))).statusCode).toBe(403);
    expect((await anonymous.get(url.replace(`/public/${tenantA}/`, `/public/${tenantB}/`))).statusCode).toBe(403);
    expect((await anonymous.get(url.replace(/signature=[0-9a-f]{4}/, 'signature=0000'))).statusCode).toBe(403);
    const expired = signedMediaUrl(t.config, tenantA, file.id, 'original', -10).replace(t.config.appUrl, '');
    expect((await anonymous.get(expired)).statusCode).toBe(403);
  });

  it('lets a viewer see but not change, and someone without media.view nothing', async () => {
    const folder = await makeFolder(owner, 'Permissions');
    expect((await viewer.json('GET', '/media/files')).statusCode).toBe(200);
    expect((await viewer.json('GET', '/media/get-folders')).statusCode).toBe(200);
    expect((await upload(viewer, { name: 'v.pdf', data: PDF })).statusCode).toBe(403);
    expect((await viewer.json('POST', '/media/folders/store', { name: 'V' })).statusCode).toBe(403);
    expect((await viewer.json('PUT', `/media/folders/${folder.id}/rename`, { name: 'V' })).statusCode).toBe(403);
    expect((await viewer.json('DELETE', `/media/folders/${folder.id}`)).statusCode).toBe(403);
    expect((await viewer.json('POST', '/media/files/delete-multiple', { file_ids: [1] })).statusCode).toBe(403);
    expect((await viewer.json('POST', '/media/move-items', { item_ids: [1], item_type: 'file', target_folder_id: null })).statusCode).toBe(403);
    for (const url of ['/media/files', '/media/get-folders', '/media/usage', '/media-library']) expect((await accountant.json('GET', url)).statusCode, url).toBe(403);
  });

  it('renders the library page for a member who may view media', async () => {
    const res = await owner.get('/media-library', { inertia: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ component: 'Media/Index', props: { quota: QUOTA } });
  });
});
