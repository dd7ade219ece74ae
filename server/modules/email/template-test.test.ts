import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { decodeQuotedPrintable, startSmtp } from '../../testing/smtp.js';
import { addMember } from '../users/test-helpers.js';

/**
 * POST /email/templates/{id}/send-test: the saved template rendered for a contact and sent through
 * the company's SMTP server to a real local listener, values escaped; its refusals.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: TestClient;
let viewer: TestClient;
let other: TestClient;
let template: number;
let theirTemplate: number;
let evil: number;

const doc = (body: string) => `<mjml><mj-body><mj-section><mj-column>${body}</mj-column></mj-section></mj-body></mjml>`;
const sendTest = (c: TestClient, id: number, body: Record<string, unknown>) => c.json('POST', `/email/templates/${id}/send-test`, body);

beforeAll(async () => {
  smtp = await startSmtp({ auth: { user: 'relay', pass: 'relay-password' } });
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Test send A');
  const b = await seedTenant(t.database, 'Test send B');
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  const v = await addMember(t.database, a.tenantId, 'viewer', 'viewer@test-send-a.test');
  viewer = new TestClient(t.app);
  await viewer.login(v.email, v.password);
  expect((await owner.json('POST', '/contacts/fields/store', { key: 'region', label: 'Region', type: 'text' })).statusCode).toBe(201);
  [{ id: evil }] = await withTenant(t.database, a.tenantId, (tx) =>
    rows<{ id: number }>(tx, sql`insert into outreach_contacts (tenant_id, first_name, email, custom) values (${a.tenantId}, '<img src=x onerror=alert(1)>', 'm@example.com', '{"region":"<b>Coast</b>"}') returning id`),
  );
  evil = Number(evil);
  const mjml = doc('<mj-text>Dear {{ first_name }} of {{ custom.region }}</mj-text><mj-button href="https://kazi.example/?e={{ email }}">Open</mj-button>');
  template = (await owner.json('POST', '/email/templates/store', { name: 'Invite', subject: 'Hello {{ first_name }}', mjml })).json().data.id;
  theirTemplate = (await other.json('POST', '/email/templates/store', { name: 'Theirs', subject: 'S', mjml: doc('<mj-text>x</mj-text>') })).json().data.id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('test send', () => {
  it('needs the company’s email settings first', async () => {
    const res = await sendTest(owner, template, { email: 'reader@example.org' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.mailgun_domain[0]).toMatch(/sending domain/);
  });

  it('sends the saved template, rendered for a contact with every value escaped, through the company’s SMTP server', async () => {
    const port = Number(new URL(smtp.url).port);
    const saved = await owner.json('POST', '/email/settings/update', { driver: 'smtp', smtp_host: '127.0.0.1', smtp_port: port, smtp_security: 'none', smtp_user: 'relay', smtp_password: 'relay-password', smtp_from: 'news@a.test', default_from_name: 'Kazi A' });
    expect(saved.statusCode).toBe(200);
    const res = await sendTest(owner, template, { email: 'Reader@Example.org', contact_id: evil });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Send Successfully');
    const mail = await smtp.waitFor('reader@example.org');
    expect(mail.from).toBe('news@a.test');
    const body = decodeQuotedPrintable(mail.raw);
    const [text, html] = body.split(/Content-Type: text\/html/);
    expect(html).toContain('Dear &lt;img src=x onerror=alert(1)&gt; of &lt;b&gt;Coast&lt;/b&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('href="https://kazi.example/?e=m@example.com"');
    // the plain-text part shows the values as they are: text is never read as HTML
    expect(text.slice(text.indexOf('Content-Type: text/plain'))).toContain('Dear <img src=x onerror=alert(1)> of <b>Coast</b>');
    expect(mail.raw).toMatch(/^Subject: .*\[Test\]/m);
  });

  it('refuses a bad address, another company’s template and a member who may not send', async () => {
    expect((await sendTest(owner, template, { email: 'not an address' })).json().errors.email).toBeDefined();
    expect((await sendTest(owner, template, {})).statusCode).toBe(422);
    expect((await sendTest(owner, theirTemplate, { email: 'reader@example.org' })).statusCode).toBe(404);
    expect((await sendTest(owner, 999999, { email: 'reader@example.org' })).statusCode).toBe(404);
    expect((await owner.json('POST', '/email/templates/abc/send-test', { email: 'reader@example.org' })).statusCode).toBe(404);
    expect((await sendTest(viewer, template, { email: 'reader@example.org' })).statusCode).toBe(403);
  });
});
