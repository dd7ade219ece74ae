import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { EmailEditorConfig, EmailTemplatePreview, EmailTemplateRow } from '../../../common/answers/email-templates.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { addMember } from '../users/test-helpers.js';
import { editorToken } from './editor.js';

/**
 * E-mail templates (issue 17): CRUD with MJML compiled and sanitised on save, its 422s (invalid
 * MJML, unknown variables, a name taken whatever the case), tenancy (another company's template
 * or contact is a 404), permissions (email_templates.*), the editor hand-shake and its token,
 * the preview for a contact (values escaped), and the pages.
 */
let t: TestApp;
let owner: TestClient;
let viewer: TestClient;
let accountant: TestClient;
let other: TestClient;
let amina: number;
let evil: number;
let theirContact: number;
let theirTemplate: number;
let tenantA: number;

const doc = (body: string) => `<mjml><mj-body><mj-section><mj-column>${body}</mj-column></mj-section></mj-body></mjml>`;
const MJML = doc('<mj-text>Hello {{ first_name }} of {{ custom.region }}</mj-text><mj-button href="https://kazi.example/e?m={{ email }}">Open</mj-button>');
const store = (c: TestClient, body: Record<string, unknown>) => c.json('POST', '/email/templates/store', body);
const errorsOf = (res: { statusCode: number; json: () => { errors: Record<string, string[]> } }) => {
  expect(res.statusCode).toBe(422);
  return res.json().errors;
};
async function config(c: TestClient): Promise<EmailEditorConfig> {
  const res = await c.json('POST', '/email/templates/token');
  expect(res.statusCode).toBe(200);
  return res.json().data;
}
async function preview(c: TestClient, body: Record<string, unknown>, token?: string) {
  const tokenHeader = token ?? (await config(c)).token;
  return c.request('POST', '/email/templates/preview', { body, json: true, headers: { 'x-editor-token': tokenHeader } });
}
const fullRow = (id: number) =>
  withTenant(t.database, tenantA, (tx) => rows<{ html: string; text: string; mjml: string; design: unknown; created_by: number | null }>(tx, sql`select html, text, mjml, design, created_by from email_templates where id = ${id}`)).then((r) => r[0]);

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Mail A');
  const b = await seedTenant(t.database, 'Mail B');
  tenantA = a.tenantId;
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  const v = await addMember(t.database, a.tenantId, 'viewer', 'viewer@mail-a.test');
  viewer = new TestClient(t.app);
  await viewer.login(v.email, v.password);
  const acc = await addMember(t.database, a.tenantId, 'accountant', 'accountant@mail-a.test');
  accountant = new TestClient(t.app);
  await accountant.login(acc.email, acc.password);

  expect((await owner.json('POST', '/contacts/fields/store', { key: 'region', label: 'Region', type: 'text' })).statusCode).toBe(201);
  expect((await other.json('POST', '/contacts/fields/store', { key: 'zone', label: 'Zone', type: 'text' })).statusCode).toBe(201);
  [{ id: amina }, { id: evil }] = await withTenant(t.database, a.tenantId, (tx) =>
    rows<{ id: number }>(
      tx,
      sql`insert into outreach_contacts (tenant_id, first_name, last_name, email, custom) values
        (${a.tenantId}, 'Amina', 'Otieno', 'amina@example.com', '{"region":"Coast"}'),
        (${a.tenantId}, '<img src=x onerror=alert(1)>', '<script>alert(2)</script>', 'evil@example.com', '{"region":"<b>bold</b>"}') returning id`,
    ),
  );
  [{ id: theirContact }] = await withTenant(t.database, b.tenantId, (tx) =>
    rows<{ id: number }>(tx, sql`insert into outreach_contacts (tenant_id, first_name) values (${b.tenantId}, 'Baraka') returning id`),
  );
  amina = Number(amina);
  evil = Number(evil);
  theirContact = Number(theirContact);
  const theirs = await store(other, { name: 'Theirs', subject: 'Hi', mjml: doc('<mj-text>{{ custom.zone }}</mj-text>') });
  expect(theirs.statusCode).toBe(201);
  theirTemplate = theirs.json().data.id;
});
afterAll(async () => t?.close());

describe('templates: create, read, update, delete', () => {
  it('stores a template, compiling its MJML to sanitised HTML and a text part on the server', async () => {
    const design = { pages: [{ component: { type: 'mjml' } }], styles: [] };
    const res = await store(owner, { name: '  Newsletter ', subject: 'News for {{ first_name }}', preheader: 'This month', mjml: MJML, design });
    expect(res.statusCode).toBe(201);
    const { message, data } = res.json() as { message: string; data: EmailTemplateRow };
    expect(message).toBe('Email template created successfully.');
    expect(Object.keys(data).sort()).toEqual(['created_at', 'id', 'name', 'preheader', 'subject', 'updated_at', 'variables']);
    expect(data).toMatchObject({ name: 'Newsletter', subject: 'News for {{ first_name }}', preheader: 'This month', variables: ['first_name', 'custom.region', 'email'] });

    const stored = await fullRow(data.id);
    expect(stored.html).toMatch(/^<!doctype html>/);
    expect(stored.html).toContain('Hello {{ first_name }} of {{ custom.region }}');
    expect(stored.html).toContain('This month');
    expect(stored.text).toContain('Hello {{ first_name }} of {{ custom.region }}');
    expect(stored.text).toContain('Open (https://kazi.example/e?m={{ email }})');
    expect(stored.design).toEqual(design);
    expect(stored.created_by).not.toBeNull();

    const one = await owner.get(`/email/templates/get-template/${data.id}`, { json: true });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual(data);
  });

  it('lists with search and sort, 15 a page', async () => {
    for (const name of ['Alpha invite', 'Beta invite']) expect((await store(owner, { name, subject: `${name} subject`, mjml: doc('<mj-text>x</mj-text>') })).statusCode).toBe(201);
    const list = await owner.get('/email/templates/json?search=invite&sort_by=name&sort_order=desc', { json: true });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((r: EmailTemplateRow) => r.name)).toEqual(['Beta invite', 'Alpha invite']);
    expect(list.json().per_page).toBe(15);
    const bySubject = await owner.get('/email/templates/json?search=beta%20invite%20subj', { json: true });
    expect(bySubject.json().data.map((r: EmailTemplateRow) => r.name)).toEqual(['Beta invite']);
    expect((await owner.get('/email/templates/json?sort_by=html', { json: true })).statusCode).toBe(422);
  });

  it('updates: a new subject recompiles against the stored MJML; new MJML replaces the HTML', async () => {
    const id = (await store(owner, { name: 'Update me', subject: 'S', mjml: doc('<mj-text>Before</mj-text>') })).json().data.id;
    const renamed = await owner.json('PUT', `/email/templates/update/${id}`, { subject: 'Hi {{ last_name }}' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.variables).toEqual(['last_name']);
    expect((await fullRow(id)).html).toContain('Before');
    const res = await owner.json('PUT', `/email/templates/update/${id}`, { mjml: doc('<mj-text>After {{ first_name }}</mj-text>') });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Email template updated successfully.');
    expect(res.json().data.variables).toEqual(['last_name', 'first_name']);
    const stored = await fullRow(id);
    expect(stored.html).toContain('After {{ first_name }}');
    expect(stored.html).not.toContain('Before');
    expect(stored.text).toBe('After {{ first_name }}');
  });

  it('deletes', async () => {
    const id = (await store(owner, { name: 'Delete me', subject: 'S', mjml: doc('<mj-text>x</mj-text>') })).json().data.id;
    const res = await owner.json('DELETE', `/email/templates/delete/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Email template deleted successfully.');
    expect((await owner.get(`/email/templates/get-template/${id}`, { json: true })).statusCode).toBe(404);
  });
});

describe('templates: refusals', () => {
  it('answers 422 on each missing or oversized field and writes nothing', async () => {
    const errors = errorsOf(await store(owner, { name: '', subject: '', mjml: '' }));
    expect(Object.keys(errors).sort()).toEqual(['mjml', 'name', 'subject']);
    expect(errorsOf(await store(owner, { name: 'x'.repeat(121), subject: 'S', mjml: MJML })).name).toBeDefined();
    expect(errorsOf(await store(owner, { name: 'Big', subject: 'S', mjml: `<mjml>${'x'.repeat(500_001)}</mjml>` })).mjml).toBeDefined();
    expect(errorsOf(await store(owner, { name: 'Design', subject: 'S', mjml: MJML, design: 'not an object' })).design).toBeDefined();
  });

  it('refuses invalid MJML with MJML’s words and the line', async () => {
    const errors = errorsOf(await store(owner, { name: 'Broken', subject: 'S', mjml: doc('<mj-text colour="red">x</mj-text>') }));
    expect(errors.mjml[0]).toMatch(/^Line 1 \(mj-text\): Attribute colour is illegal/);
    expect(errorsOf(await store(owner, { name: 'Broken', subject: 'S', mjml: '<html><body>hi</body></html>' })).mjml[0]).toMatch(/starts with <mjml>/);
    const [{ n }] = await withTenant(t.database, tenantA, (tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from email_templates where name = 'Broken'`));
    expect(n).toBe(0);
  });

  it('refuses unknown variables and Liquid errors, in the subject or the body', async () => {
    expect(errorsOf(await store(owner, { name: 'V', subject: 'Hi {{ frist_name }}', mjml: MJML })).subject[0]).toBe('The message uses {{ frist_name }}, which is not a contact field.');
    // company B's field is not company A's
    expect(errorsOf(await store(owner, { name: 'V', subject: 'S', mjml: doc('<mj-text>{{ custom.zone }}</mj-text>') })).mjml[0]).toMatch(/custom\.zone/);
    expect(errorsOf(await store(owner, { name: 'V', subject: 'S', mjml: doc('<mj-text>{{ first_name </mj-text>') })).mjml[0]).toMatch(/not closed/);
    expect(errorsOf(await store(owner, { name: 'V', subject: 'S', mjml: doc('<mj-button href="{{ email }}">x</mj-button>') })).mjml[0]).toMatch(/cannot start with a variable/);
  });

  it('refuses a name the company already uses, whatever the case; another company may use it', async () => {
    expect(errorsOf(await store(owner, { name: 'NEWSLETTER', subject: 'S', mjml: MJML })).name).toEqual(['A template with this name already exists.']);
    expect((await store(other, { name: 'Newsletter', subject: 'S', mjml: doc('<mj-text>x</mj-text>') })).statusCode).toBe(201);
  });
});

describe('templates: XSS', () => {
  it('strips scripts, handlers and javascript: links from the stored HTML', async () => {
    const res = await store(owner, {
      name: 'Evil',
      subject: 'S',
      mjml: doc(`<mj-text><script>alert(1)</script><img src="https://x.example/a.png" onerror="alert(2)"><a href="javascript:alert(3)">link</a><iframe src="https://x.example"></iframe></mj-text><mj-button href="javascript:alert(4)">Go</mj-button>`),
    });
    expect(res.statusCode).toBe(201);
    const { html } = await fullRow(res.json().data.id);
    for (const bad of ['<script', 'onerror', 'javascript:', '<iframe']) expect(html.toLowerCase()).not.toContain(bad);
    expect(html).toContain('src="https://x.example/a.png"');
    expect(html).toContain('>link</a>');
  });
});

describe('templates: tenancy and permissions', () => {
  it('answers 404 for another company’s template, on every route', async () => {
    expect((await owner.get(`/email/templates/get-template/${theirTemplate}`, { json: true })).statusCode).toBe(404);
    expect((await owner.json('PUT', `/email/templates/update/${theirTemplate}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await owner.json('DELETE', `/email/templates/delete/${theirTemplate}`)).statusCode).toBe(404);
    expect((await owner.get(`/email/templates/${theirTemplate}/edit`, { inertia: true })).statusCode).toBe(404);
    expect((await owner.get('/email/templates/json', { json: true })).json().data.map((r: EmailTemplateRow) => r.id)).not.toContain(theirTemplate);
    expect((await other.get(`/email/templates/get-template/${theirTemplate}`, { json: true })).json().data.name).toBe('Theirs');
  });

  it('lets a viewer read and preview but not write; an accountant gets nothing', async () => {
    expect((await viewer.get('/email/templates/json', { json: true })).statusCode).toBe(200);
    expect((await store(viewer, { name: 'No', subject: 'S', mjml: MJML })).statusCode).toBe(403);
    expect((await viewer.json('PUT', `/email/templates/update/${theirTemplate}`, { name: 'x' })).statusCode).toBe(403);
    expect((await viewer.json('DELETE', `/email/templates/delete/${theirTemplate}`)).statusCode).toBe(403);
    expect((await viewer.get('/email/templates/create', { inertia: true })).statusCode).toBe(403);
    expect((await preview(viewer, { subject: 'S', mjml: MJML })).statusCode).toBe(200);
    for (const res of [
      await accountant.get('/email/templates/json', { json: true }),
      await accountant.json('POST', '/email/templates/token'),
      await accountant.get('/email/beefree/uid', { json: true }),
      await accountant.request('POST', '/email/templates/preview', { body: { subject: 'S', mjml: MJML }, json: true }),
      await accountant.get('/email/templates', { inertia: true }),
    ])
      expect(res.statusCode).toBe(403);
  });
});

describe('editor hand-shake and preview', () => {
  it('answers the editor’s configuration on both hand-shake routes', async () => {
    const cfg = await config(owner);
    expect(cfg.editor).toMatch(/^grapesjs@\d+\.\d+\.\d+ \+ grapesjs-mjml@\d+\.\d+\.\d+$/);
    expect(cfg.variables).toEqual([
      { variable: 'first_name', label: 'First name' },
      { variable: 'last_name', label: 'Last name' },
      { variable: 'name', label: 'Full name' },
      { variable: 'phone', label: 'Phone' },
      { variable: 'email', label: 'Email' },
      { variable: 'custom.region', label: 'Region' },
    ]);
    expect(cfg.merge_tag).toEqual({ open: '{{ ', close: ' }}' });
    expect(cfg.preview_url).toBe('/email/templates/preview');
    expect(cfg.upload_url).toBeNull();
    expect(cfg.fonts.length).toBeGreaterThan(3);
    expect(new Date(cfg.expires_at).getTime()).toBeGreaterThan(Date.now());
    const uid = await owner.get('/email/beefree/uid', { json: true });
    expect(uid.statusCode).toBe(200);
    expect(uid.json().data.uid).toBe(cfg.uid);
    expect((await config(other)).uid).not.toBe(cfg.uid);
  });

  it('previews for a chosen contact with every value HTML-escaped, and for a sample contact', async () => {
    const res = await preview(owner, { subject: 'Hi {{ first_name }}', mjml: MJML, contact_id: evil });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as EmailTemplatePreview;
    expect(data.subject).toBe('Hi <img src=x onerror=alert(1)>');
    expect(data.html).toContain('Hello &lt;img src=x onerror=alert(1)&gt; of &lt;b&gt;bold&lt;/b&gt;');
    expect(data.html).not.toContain('<img src=x');
    expect(data.text).toContain('Hello <img src=x onerror=alert(1)> of <b>bold</b>');
    expect(data.variables).toEqual(['first_name', 'custom.region', 'email']);

    const mine = (await preview(owner, { subject: 'Hi', mjml: MJML, contact_id: amina })).json().data as EmailTemplatePreview;
    expect(mine.html).toContain('Hello Amina of Coast');
    expect(mine.html).toContain('href="https://kazi.example/e?m=amina@example.com"');
    const sample = (await preview(owner, { subject: 'Hi', mjml: MJML })).json().data as EmailTemplatePreview;
    expect(sample.html).toContain('Hello Amina of Region');
  });

  it('refuses another company’s contact, a bad template, and a missing, forged, expired or foreign token', async () => {
    expect((await preview(owner, { subject: 'S', mjml: MJML, contact_id: theirContact })).statusCode).toBe(404);
    expect(errorsOf(await preview(owner, { subject: 'S', mjml: doc('<mj-text bogus="1">x</mj-text>') })).mjml[0]).toMatch(/bogus/);
    const good = (await config(owner)).token;
    const forged = good.slice(0, -3) + (good.endsWith('AAA') ? 'BBB' : 'AAA');
    const expired = editorToken(t.app.ctx.config, tenantA, Number(good.split('.')[1]), Date.now() - 2 * 60 * 60 * 1000).token;
    const foreign = (await config(other)).token;
    for (const token of ['', 'nonsense', forged, expired, foreign]) {
      const res = await preview(owner, { subject: 'S', mjml: MJML }, token);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe("The editor's session has expired: reload the page to go on.");
    }
  });
});

describe('pages', () => {
  it('serves Index, Create and Edit with the whole template', async () => {
    expect((await owner.get('/email/templates', { inertia: true })).json().component).toBe('Email/Templates/Index');
    expect((await owner.get('/email/templates/create', { inertia: true })).json().component).toBe('Email/Templates/Create');
    const id = (await owner.get('/email/templates/json?search=Newsletter', { json: true })).json().data[0].id;
    const edit = (await owner.get(`/email/templates/${id}/edit`, { inertia: true })).json();
    expect(edit.component).toBe('Email/Templates/Edit');
    expect(edit.props.template).toMatchObject({ id, name: 'Newsletter', mjml: MJML });
    expect(edit.props.template.html).toMatch(/^<!doctype html>/);
    expect((await owner.get('/email/templates/abc/edit', { inertia: true })).statusCode).toBe(404);
  });
});
