import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CmsPageRevisionRow, CmsPageRow } from '../../../common/answers/cms.js';
import type { Block, LeafBlock } from '../../../common/schemas/cms.js';
import { rows } from '../../db/client.js';
import { multipartFile } from '../../http/import/testing.js';
import { withTenant } from '../../db/tenancy.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { addMember } from '../users/test-helpers.js';
import { PAGE_CSP } from './public.js';
import { REVISIONS_KEPT } from './pages.js';
import { unsafeParts, XSS_PAYLOADS } from './xss-corpus.js';

/**
 * CMS pages over HTTP (issue 18): every endpoint with its 422s, the slug made and kept unique per
 * company, revisions and restore, publish / unpublish / schedule, the public view (published,
 * draft, scheduled before and after its time, another company's slug), another company's ids,
 * the permissions, and the XSS corpus through the save path into storage and the rendered page.
 */
let t: TestApp;
let owner: TestClient;
let other: TestClient;
let viewer: TestClient;
let accountant: TestClient;
let anonymous: TestClient;
let tenantA: number;
let companyA: string;
let companyB: string;

const heading = (id: string, text: string): Block => ({ id, type: 'heading', level: 2, text });
const text = (id: string, html: string): Block => ({ id, type: 'text', html });

async function store(c: TestClient, body: Record<string, unknown>) {
  const r = await c.json('POST', '/cms/pages/store', body);
  expect(r.statusCode, r.body).toBe(201);
  return r.json().data as CmsPageRow;
}
const get = async (c: TestClient, id: number) => (await c.json('GET', `/cms/pages/get-page/${id}`)).json().data as CmsPageRow;
const slugOf = async (tenantId: number) =>
  (await t.database.query<{ slug: string }>('select slug from tenants where id = $1', [tenantId]))[0].slug;

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Pages Alpha');
  const b = await seedTenant(t.database, 'Pages Beta');
  tenantA = a.tenantId;
  companyA = await slugOf(a.tenantId);
  companyB = await slugOf(b.tenantId);
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  const v = await addMember(t.database, tenantA, 'viewer', 'viewer@pages-alpha.test');
  viewer = new TestClient(t.app);
  await viewer.login(v.email, v.password);
  const acc = await addMember(t.database, tenantA, 'accountant', 'accountant@pages-alpha.test');
  accountant = new TestClient(t.app);
  await accountant.login(acc.email, acc.password);
  anonymous = new TestClient(t.app);
});
afterAll(async () => t?.close());

describe('company slugs', () => {
  it('every company gets one from its name at registration; a taken name gets the id added', async () => {
    expect(companyA).toBe('pages-alpha');
    expect(companyB).toBe('pages-beta');
    const again = await seedTenant(t.database, 'Pages Alpha', 'second-alpha@example.test');
    expect(await slugOf(again.tenantId)).toBe(`pages-alpha-${again.tenantId}`);
  });
});

describe('POST /cms/pages/store, GET /cms/pages/get-page/{id}', () => {
  it('stores a draft with its slug made from the title, its author and a first revision', async () => {
    const page = await store(owner, { title: 'Über uns & Co!', blocks: [heading('h1', 'Welcome'), text('t1', '<p>Hello <strong>world</strong></p>')] });
    expect(page).toMatchObject({
      title: 'Über uns & Co!',
      slug: 'uber-uns-co',
      status: 'draft',
      publish_at: null,
      published_at: null,
      has_unpublished_changes: false,
      author_name: 'Pages Alpha Owner',
      public_url: `/p/${companyA}/uber-uns-co`,
    });
    expect(page.blocks).toEqual([heading('h1', 'Welcome'), text('t1', '<p>Hello <strong>world</strong></p>')]);
    expect(await get(owner, page.id)).toEqual(page);
    const revs = (await owner.json('GET', `/cms/pages/${page.id}/revisions`)).json().data as CmsPageRevisionRow[];
    expect(revs).toHaveLength(1);
    expect(revs[0]).toMatchObject({ reason: 'saved', title: 'Über uns & Co!', blocks_count: 2, author_name: 'Pages Alpha Owner' });
  });

  it('answers 422 for bad input and writes nothing', async () => {
    const before = (await owner.json('GET', '/cms/pages/json?paginate=false')).json().length as number;
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: 'Ok', slug: 'Not a slug!' }, 'slug'],
      [{ title: 'Ok', slug: 'double--dash' }, 'slug'],
      [{ title: '!!!' }, 'slug'],
      [{ title: 'Ok', blocks: 'nope' }, 'blocks'],
      [{ title: 'Ok', blocks: [{ id: 'a', type: 'marquee' }] }, 'blocks.0.type'],
      [{ title: 'Ok', blocks: [{ id: 'a', type: 'heading', level: 2, text: '' }] }, 'blocks.0.text'],
      [{ title: 'Ok', blocks: [{ id: 'a', type: 'heading', level: 1, text: 'H1 is the title' }] }, 'blocks.0.level'],
      [{ title: 'Ok', blocks: [{ id: 'a', type: 'button', label: 'Go', url: 'javascript:alert(1)' }] }, 'blocks.0.url'],
      [{ title: 'Ok', blocks: [{ id: 'a', type: 'button', label: 'Go', url: 'data:text/html,<script>alert(1)</script>' }] }, 'blocks.0.url'],
      [{ title: 'Ok', blocks: [{ id: 'a', type: 'button', label: 'Go', url: '//evil.example' }] }, 'blocks.0.url'],
      [{ title: 'Ok', blocks: [{ id: 'a', type: 'button', label: 'Go', url: 'java\tscript:alert(1)' }] }, 'blocks.0.url'],
      [{ title: 'Ok', blocks: [{ id: 'a', type: 'image', media_id: 'x' }] }, 'blocks.0.media_id'],
      [{ title: 'Ok', blocks: [{ id: 'a', type: 'columns', columns: [[]] }] }, 'blocks.0.columns'],
      [{ title: 'Ok', blocks: [{ id: 'a', type: 'columns', columns: [[{ id: 'b', type: 'columns', columns: [[], []] }], []] }] }, 'blocks.0.columns.0.0.type'],
      [{ title: 'Ok', blocks: [heading('same', 'A'), heading('same', 'B')] }, 'blocks'],
      [{ title: 'Ok', blocks: [{ id: 'bad id!', type: 'heading', level: 2, text: 'A' }] }, 'blocks.0.id'],
      [{ title: 'Ok', seo_description: 'x'.repeat(301) }, 'seo_description'],
      [{ title: 'Ok', social_image_id: -1 }, 'social_image_id'],
    ];
    for (const [body, field] of cases) {
      const r = await owner.json('POST', '/cms/pages/store', body);
      expect(r.statusCode, `${JSON.stringify(body)} → ${r.body}`).toBe(422);
      expect(Object.keys(r.json().errors), JSON.stringify(body)).toContain(field);
    }
    expect((await owner.json('GET', '/cms/pages/json?paginate=false')).json()).toHaveLength(before);
  });

  it('keeps slugs unique per company: a duplicate is a 422 on slug, another company may use it', async () => {
    await store(owner, { title: 'Contact', slug: 'contact' });
    const dup = await owner.json('POST', '/cms/pages/store', { title: 'Contact us', slug: 'contact' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ slug: ['A page with this slug already exists.'] });
    const sameTitle = await owner.json('POST', '/cms/pages/store', { title: 'Contact' });
    expect(sameTitle.statusCode).toBe(422);
    expect(sameTitle.json().errors.slug).toEqual(['A page with this slug already exists.']);
    expect((await store(other, { title: 'Contact', slug: 'contact' })).slug).toBe('contact');
  });
});

describe('GET /cms/pages/json', () => {
  it('pages, searches the title, filters by status as a visitor sees it and sorts', async () => {
    const a = await store(owner, { title: 'Zebra crossing guide', slug: 'zebra' });
    const b = await store(owner, { title: 'Aardvark facts', slug: 'aardvark' });
    await owner.json('POST', `/cms/pages/${b.id}/publish`);
    const list = (await owner.json('GET', '/cms/pages/json?search=zebra')).json();
    expect(list).toMatchObject({ current_page: 1, per_page: 15, total: 1 });
    expect(list.data.map((r: CmsPageRow) => r.id)).toEqual([a.id]);
    const published = (await owner.json('GET', '/cms/pages/json?status=published&per_page=100')).json().data as CmsPageRow[];
    expect(published.map((r) => r.id)).toContain(b.id);
    expect(published.every((r) => r.status === 'published')).toBe(true);
    const drafts = (await owner.json('GET', '/cms/pages/json?status=draft&per_page=100')).json().data as CmsPageRow[];
    expect(drafts.map((r) => r.id)).toContain(a.id);
    expect(drafts.map((r) => r.id)).not.toContain(b.id);
    const byTitle = (await owner.json('GET', '/cms/pages/json?sort_by=title&sort_order=asc&per_page=100')).json().data as CmsPageRow[];
    expect(byTitle[0].title).toBe('Aardvark facts');
    expect((await owner.json('GET', '/cms/pages/json?status=archived')).statusCode).toBe(422);
    expect((await owner.json('GET', '/cms/pages/json?sort_by=blocks')).statusCode).toBe(422);
    // another company's list holds none of these
    const theirs = (await other.json('GET', '/cms/pages/json?per_page=100')).json().data as CmsPageRow[];
    expect(theirs.map((r) => r.id)).not.toContain(a.id);
  });
});

describe('PUT /cms/pages/update/{id}, DELETE /cms/pages/delete/{id}, revisions', () => {
  it('saves the draft as a new revision, keeps the slug unless given, and restores an older revision', async () => {
    const page = await store(owner, { title: 'Events', blocks: [heading('h', 'First version')] });
    const up = await owner.json('PUT', `/cms/pages/update/${page.id}`, { title: 'Events 2027', blocks: [heading('h', 'Second version')] });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ message: 'Page updated successfully.', data: { title: 'Events 2027', slug: 'events' } });
    const emptied = await owner.json('PUT', `/cms/pages/update/${page.id}`, { slug: '' });
    expect(emptied.json().data.slug).toBe('events-2027');
    const revs = (await owner.json('GET', `/cms/pages/${page.id}/revisions`)).json().data as CmsPageRevisionRow[];
    expect(revs.map((r) => r.title)).toEqual(['Events 2027', 'Events 2027', 'Events']);
    const first = revs[2];
    const restored = await owner.json('POST', `/cms/pages/${page.id}/revisions/${first.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ message: 'Revision restored successfully.', data: { title: 'Events', slug: 'events', blocks: [heading('h', 'First version')] } });
    const after = (await owner.json('GET', `/cms/pages/${page.id}/revisions`)).json().data as CmsPageRevisionRow[];
    expect(after[0]).toMatchObject({ reason: 'restored', title: 'Events' });
    expect(after).toHaveLength(4);
  });

  it('refuses a restore whose slug another page took since, and an unknown revision or another page’s revision', async () => {
    const page = await store(owner, { title: 'Team', slug: 'team' });
    const [rev] = (await owner.json('GET', `/cms/pages/${page.id}/revisions`)).json().data as CmsPageRevisionRow[];
    await owner.json('PUT', `/cms/pages/update/${page.id}`, { slug: 'our-team' });
    await store(owner, { title: 'Team (new)', slug: 'team' });
    const clash = await owner.json('POST', `/cms/pages/${page.id}/revisions/${rev.id}/restore`);
    expect(clash.statusCode).toBe(422);
    expect(Object.keys(clash.json().errors)).toEqual(['slug']);
    expect((await get(owner, page.id)).slug).toBe('our-team');
    const elsewhere = await store(owner, { title: 'Elsewhere' });
    expect((await owner.json('POST', `/cms/pages/${elsewhere.id}/revisions/${rev.id}/restore`)).statusCode).toBe(404);
    expect((await owner.json('POST', `/cms/pages/${page.id}/revisions/999999/restore`)).statusCode).toBe(404);
  });

  it(`keeps the newest ${REVISIONS_KEPT} revisions of a page`, async () => {
    const page = await store(owner, { title: 'Busy page' });
    for (let i = 0; i < REVISIONS_KEPT + 2; i++) await owner.json('PUT', `/cms/pages/update/${page.id}`, { blocks: [heading('h', `v${i}`)] });
    const [{ n }] = await withTenant(t.database, tenantA, (tx) =>
      rows<{ n: number }>(tx, sql`select count(*)::int as n from cms_page_revisions where tenant_id = ${tenantA} and page_id = ${page.id}`),
    );
    expect(n).toBe(REVISIONS_KEPT);
  });

  it('deletes a page with its revisions', async () => {
    const page = await store(owner, { title: 'Short lived' });
    const del = await owner.json('DELETE', `/cms/pages/delete/${page.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'Page deleted successfully.' });
    expect((await owner.json('GET', `/cms/pages/get-page/${page.id}`)).statusCode).toBe(404);
    const [{ n }] = await withTenant(t.database, tenantA, (tx) =>
      rows<{ n: number }>(tx, sql`select count(*)::int as n from cms_page_revisions where tenant_id = ${tenantA} and page_id = ${page.id}`),
    );
    expect(n).toBe(0);
  });
});

describe('another company and the permissions', () => {
  it("answers 404 for another company's page on every endpoint and changes nothing", async () => {
    const page = await store(owner, { title: 'Private plans' });
    const [rev] = (await owner.json('GET', `/cms/pages/${page.id}/revisions`)).json().data as CmsPageRevisionRow[];
    const calls: [Parameters<TestClient['json']>[0], string, unknown?][] = [
      ['GET', `/cms/pages/get-page/${page.id}`],
      ['PUT', `/cms/pages/update/${page.id}`, { title: 'Taken over' }],
      ['DELETE', `/cms/pages/delete/${page.id}`],
      ['GET', `/cms/pages/${page.id}/revisions`],
      ['POST', `/cms/pages/${page.id}/revisions/${rev.id}/restore`],
      ['POST', `/cms/pages/${page.id}/publish`],
      ['POST', `/cms/pages/${page.id}/unpublish`],
      ['POST', `/cms/pages/${page.id}/schedule`, { publish_at: new Date(Date.now() + 86_400_000).toISOString() }],
    ];
    for (const [method, url, body] of calls) expect((await other.json(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    for (const url of [`/cms/pages/${page.id}/edit`, `/cms/pages/${page.id}/preview`, `/cms/pages/${page.id}/preview/frame`]) {
      expect((await other.get(url)).statusCode, url).toBe(404);
    }
    expect(await get(owner, page.id)).toMatchObject({ title: 'Private plans', status: 'draft' });
  });

  it('lets a viewer read but not write or publish, and keeps the accountant and visitors out', async () => {
    const page = await store(owner, { title: 'Read only' });
    expect((await viewer.json('GET', '/cms/pages/json')).statusCode).toBe(200);
    expect((await viewer.json('GET', `/cms/pages/get-page/${page.id}`)).statusCode).toBe(200);
    expect((await viewer.json('GET', `/cms/pages/${page.id}/revisions`)).statusCode).toBe(200);
    expect((await viewer.get(`/cms/pages/${page.id}/preview/frame`)).statusCode).toBe(200);
    expect((await viewer.json('POST', '/cms/pages/store', { title: 'Nope' })).statusCode).toBe(403);
    expect((await viewer.json('PUT', `/cms/pages/update/${page.id}`, { title: 'Nope' })).statusCode).toBe(403);
    expect((await viewer.json('DELETE', `/cms/pages/delete/${page.id}`)).statusCode).toBe(403);
    expect((await viewer.json('POST', `/cms/pages/${page.id}/publish`)).statusCode).toBe(403);
    expect((await viewer.get('/cms/pages/create', { inertia: true })).statusCode).toBe(403);
    expect((await accountant.json('GET', '/cms/pages/json')).statusCode).toBe(403);
    expect((await anonymous.json('GET', '/cms/pages/json')).statusCode).toBe(401);
    expect((await get(owner, page.id)).title).toBe('Read only');
  });
});

describe('publishing and the public view /p/{company}/{page}', () => {
  it('shows a published page server-rendered with its meta tags and strict CSP, and not its later draft', async () => {
    const page = await store(owner, {
      title: 'Open day',
      seo_title: 'Open day at Alpha',
      seo_description: 'Come and see "how" we work <today>.',
      blocks: [heading('h', 'Saturday 10:00'), text('t', '<p>Bring <em>friends</em>.</p>'), { id: 'b', type: 'button', label: 'Write to us', url: 'mailto:hi@alpha.test' }],
    });
    expect((await anonymous.get(`/p/${companyA}/open-day`)).statusCode).toBe(404);
    const pub = await owner.json('POST', `/cms/pages/${page.id}/publish`);
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json()).toMatchObject({ message: 'Page published successfully.', data: { status: 'published', has_unpublished_changes: false } });

    const res = await anonymous.get(`/p/${companyA}/open-day`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(PAGE_CSP);
    expect(res.headers['content-security-policy']).toContain("script-src 'none'");
    expect(res.body).not.toContain('data-page="app"');
    expect(res.body).toContain('<title>Open day at Alpha · Pages Alpha</title>');
    expect(res.body).toContain('<meta name="description" content="Come and see &quot;how&quot; we work &lt;today&gt;.">');
    expect(res.body).toContain('<meta property="og:title" content="Open day at Alpha">');
    expect(res.body).toContain(`<meta property="og:url" content="http://kazi.test/p/${companyA}/open-day">`);
    expect(res.body).toContain('<h1 class="kz-title">Open day</h1>');
    expect(res.body).toContain('<h2 class="kz-heading">Saturday 10:00</h2>');
    expect(res.body).toContain('<p>Bring <em>friends</em>.</p>');
    expect(res.body).toContain('href="mailto:hi@alpha.test"');
    expect(res.body).not.toMatch(/<script/i);
    expect(unsafeParts(res.body)).toEqual([]);

    // a later draft is not public until published again
    await owner.json('PUT', `/cms/pages/update/${page.id}`, { blocks: [heading('h', 'Sunday instead')] });
    expect((await get(owner, page.id)).has_unpublished_changes).toBe(true);
    expect((await anonymous.get(`/p/${companyA}/open-day`)).body).toContain('Saturday 10:00');
    const frame = await owner.get(`/cms/pages/${page.id}/preview/frame`);
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-security-policy']).toBe(PAGE_CSP);
    expect(frame.body).toContain('Sunday instead');
    expect(frame.body).toContain('noindex');

    // unknown company, unknown page, another company's slug: the same 404
    expect((await anonymous.get(`/p/${companyB}/open-day`)).statusCode).toBe(404);
    expect((await anonymous.get(`/p/no-such-company/open-day`)).statusCode).toBe(404);
    expect((await anonymous.get(`/p/${companyA}/nothing-here`)).statusCode).toBe(404);
    expect((await anonymous.get(`/p/${companyA}/..%2F..%2Fetc`)).statusCode).toBe(404);

    const un = await owner.json('POST', `/cms/pages/${page.id}/unpublish`);
    expect(un.json()).toMatchObject({ message: 'Page unpublished successfully.', data: { status: 'draft', published_at: null } });
    const gone = await anonymous.get(`/p/${companyA}/open-day`);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-security-policy']).toBe(PAGE_CSP);
  });

  it('keeps a scheduled page hidden until its time, then shows it with no job run', async () => {
    const page = await store(owner, { title: 'Launch', blocks: [heading('h', 'We are live')] });
    expect((await owner.json('POST', `/cms/pages/${page.id}/schedule`, { publish_at: '2020-01-01T00:00:00Z' })).statusCode).toBe(422);
    expect((await owner.json('POST', `/cms/pages/${page.id}/schedule`, { publish_at: 'tomorrow' })).statusCode).toBe(422);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const s = await owner.json('POST', `/cms/pages/${page.id}/schedule`, { publish_at: at });
    expect(s.statusCode, s.body).toBe(200);
    expect(s.json().data).toMatchObject({ status: 'scheduled', publish_at: `${at.slice(0, 19)}Z` });
    expect((await anonymous.get(`/p/${companyA}/launch`)).statusCode).toBe(404);
    const scheduled = (await owner.json('GET', '/cms/pages/json?status=scheduled&per_page=100')).json().data as CmsPageRow[];
    expect(scheduled.map((r) => r.id)).toContain(page.id);
    // its time comes (moved into the past in the database: the check is made at read time)
    await withTenant(t.database, tenantA, (tx) => tx.execute(sql`update cms_pages set publish_at = now() - interval '1 second' where tenant_id = ${tenantA} and id = ${page.id}`));
    const live = await anonymous.get(`/p/${companyA}/launch`);
    expect(live.statusCode).toBe(200);
    expect(live.body).toContain('We are live');
    expect((await get(owner, page.id)).status).toBe('published');
    const published = (await owner.json('GET', '/cms/pages/json?status=published&per_page=100')).json().data as CmsPageRow[];
    expect(published.map((r) => r.id)).toContain(page.id);
  });

  it('needs pages.publish to publish, unpublish or schedule', async () => {
    const page = await store(owner, { title: 'Needs publisher' });
    for (const action of ['publish', 'unpublish', 'schedule']) {
      expect((await viewer.json('POST', `/cms/pages/${page.id}/${action}`, { publish_at: new Date(Date.now() + 60_000).toISOString() })).statusCode).toBe(403);
    }
    expect((await anonymous.get(`/p/${companyA}/needs-publisher`)).statusCode).toBe(404);
  });
});

describe('images from the media library', () => {
  const uploadImage = async (c: TestClient, name: string) => {
    const m = multipartFile(name, await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366ff' } }).png().toBuffer());
    const r = await c.request('POST', '/media/upload', { body: m.body, headers: { 'content-type': m.type }, json: true });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().data.id as number;
  };

  it('shows a page’s images and social image by signed addresses, refuses files that are not the company’s images, leaves out one deleted since', async () => {
    const picture = await uploadImage(owner, 'stage.png');
    const theirs = await uploadImage(other, 'theirs.png');
    const pdf = multipartFile('flyer.pdf', Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer<<>>\n%%EOF\n'));
    const doc = await owner.request('POST', '/media/upload', { body: pdf.body, headers: { 'content-type': pdf.type }, json: true });
    expect(doc.statusCode, doc.body).toBe(201);

    for (const [media, field] of [
      [theirs, 'blocks.0.media_id'],
      [doc.json().data.id, 'blocks.0.media_id'],
      [999999, 'blocks.0.media_id'],
    ] as const) {
      const r = await owner.json('POST', '/cms/pages/store', { title: 'Gallery', blocks: [{ id: 'i', type: 'image', media_id: media, alt: 'x' }] });
      expect(r.statusCode, r.body).toBe(422);
      expect(r.json().errors[field]).toEqual(['The selected image is invalid: choose an image of the media library.']);
    }
    const nested = await owner.json('POST', '/cms/pages/store', { title: 'Gallery', social_image_id: theirs, blocks: [{ id: 'c', type: 'columns', columns: [[], [{ id: 'i', type: 'image', media_id: theirs }]] }] });
    expect(Object.keys(nested.json().errors).sort()).toEqual(['blocks.0.columns.1.0.media_id', 'social_image_id']);

    const page = await store(owner, {
      title: 'Gallery',
      social_image_id: picture,
      blocks: [{ id: 'i', type: 'image', media_id: picture, alt: 'The stage', caption: 'Our stage' }],
    });
    await owner.json('POST', `/cms/pages/${page.id}/publish`, {});
    const res = await anonymous.get(`/p/${companyA}/gallery`);
    expect(res.statusCode).toBe(200);
    const src = /<img class="kz-image" alt="The stage"[^>]* src="([^"]+)"/.exec(res.body)?.[1].replace(/&amp;/g, '&');
    expect(src).toMatch(new RegExp(`^/media/public/${tenantA}/${picture}/(original|medium)\\?expires=\\d+&signature=`));
    expect(res.body).toContain('<figcaption class="kz-caption">Our stage</figcaption>');
    expect(res.body).toMatch(new RegExp(`<meta property="og:image" content="http://kazi.test/media/public/${tenantA}/${picture}/`));
    const image = await anonymous.get(src!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    // the address cannot be bent to another file
    expect((await anonymous.get(src!.replace(`/${picture}/`, `/${theirs}/`))).statusCode).toBe(403);

    expect((await owner.json('POST', '/media/files/delete-multiple', { file_ids: [picture] })).statusCode).toBe(200);
    const after = await anonymous.get(`/p/${companyA}/gallery`);
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toContain('kz-image');
    expect(after.body).not.toContain('og:image');
  });
});

describe('safety: the XSS corpus through the save path', () => {
  it('stores and renders none of the payloads, wherever they are put', async () => {
    const blocks: Block[] = XSS_PAYLOADS.flatMap((payload, i): Block[] => [
      text(`t${i}`, `<p>before ${i}</p>${payload}<p>after ${i}</p>`),
      heading(`h${i}`, payload),
    ]);
    blocks.push({ id: 'cols', type: 'columns', columns: [[text('c1', XSS_PAYLOADS.join('')) as LeafBlock], [{ id: 'btn', type: 'button', label: XSS_PAYLOADS[0], url: 'https://ok.example/', style: 'primary' }]] });
    const page = await store(owner, {
      title: `<script>window.__xss=1</script>XSS corpus`,
      slug: 'xss-corpus',
      seo_title: '"><script>window.__xss=1</script>',
      seo_description: '<img src=x onerror=window.__xss=1>',
      blocks,
    });

    // stored: every rich text went through the allow-list (the other fields are plain text)
    const stored = await get(owner, page.id);
    const richTexts = stored.blocks.flatMap((b) => (b.type === 'columns' ? b.columns.flat() : [b])).flatMap((b) => (b.type === 'text' ? [b.html] : []));
    expect(richTexts).toHaveLength(XSS_PAYLOADS.length + 1);
    for (const html of richTexts) {
      expect(unsafeParts(html), html).toEqual([]);
      expect(html).not.toMatch(/<script|onerror|onload|javascript:|data:|vbscript:|expression\(|<style|<svg|<iframe/i);
    }
    for (let i = 0; i < XSS_PAYLOADS.length; i++) expect(richTexts[i]).toContain(`<p>before ${i}</p>`);

    // rendered: the public page and the preview
    await owner.json('POST', `/cms/pages/${page.id}/publish`);
    const res = await anonymous.get(`/p/${companyA}/xss-corpus`);
    expect(res.statusCode).toBe(200);
    expect(unsafeParts(res.body)).toEqual([]);
    // no element of the payloads survives (their words may: the headings show them as text, escaped)
    expect(res.body).not.toMatch(/<(script|svg|math|iframe|style|object|embed|form|base|input|details|video|template|textarea|noscript)\b/i);
    // the payloads typed into plain fields are shown as text
    expect(res.body).toContain('&lt;script&gt;window.__xss=1&lt;/script&gt;XSS corpus');
    const frame = await owner.get(`/cms/pages/${page.id}/preview/frame`);
    expect(unsafeParts(frame.body)).toEqual([]);
  });

  it('cleans a page written straight into the database when it is shown (sanitised on render too)', async () => {
    const evil = JSON.stringify([text('t', '<img src=x onerror=window.__xss=1><script>window.__xss=1</script><a href="javascript:alert(1)">x</a>'), { id: 'b', type: 'button', label: 'Go', url: 'javascript:alert(1)', style: 'primary' }]);
    await withTenant(t.database, tenantA, (tx) =>
      tx.execute(sql`insert into cms_pages (tenant_id, title, slug, status, blocks, published, published_at)
        values (${tenantA}, 'Raw', 'raw', 'published', ${evil}::jsonb, jsonb_build_object('title', 'Raw', 'seo_title', null, 'seo_description', null, 'social_image_id', null, 'blocks', ${evil}::jsonb), now())`),
    );
    const res = await anonymous.get(`/p/${companyA}/raw`);
    expect(res.statusCode).toBe(200);
    expect(unsafeParts(res.body)).toEqual([]);
    expect(res.body).not.toMatch(/<script|onerror|javascript:/i);
  });
});

describe('the pages', () => {
  it('opens the index, create, edit and preview pages with their props', async () => {
    const page = await store(owner, { title: 'Shown in the editor' });
    const index = await owner.get('/cms/pages', { inertia: true });
    expect(index.json()).toMatchObject({ component: 'Pages/Index', props: { company_slug: companyA } });
    expect((await owner.get('/cms/pages/create', { inertia: true })).json().component).toBe('Pages/Create');
    const edit = await owner.get(`/cms/pages/${page.id}/edit`, { inertia: true });
    expect(edit.json()).toMatchObject({ component: 'Pages/Edit', props: { page: { id: page.id, title: 'Shown in the editor' } } });
    const preview = await owner.get(`/cms/pages/${page.id}/preview`, { inertia: true });
    expect(preview.json()).toMatchObject({ component: 'Pages/Preview', props: { page: { id: page.id } } });
    expect((await owner.get('/cms/pages/abc/edit', { inertia: true })).statusCode).toBe(404);
    expect((await owner.get('/cms/pages/999999/edit', { inertia: true })).statusCode).toBe(404);
  });

  it('serves the public style sheet to anyone, cacheable', async () => {
    const css = await anonymous.get('/p-assets/page.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const again = await anonymous.get('/p-assets/page.css', { headers: { 'if-none-match': String(css.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});
