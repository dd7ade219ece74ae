import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailDomainKey, EmailDomainRow, EmailSettings } from '../../../common/answers/email.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { startSmtp } from '../../testing/smtp.js';
import { startMailgunStandIn, STANDIN_MAILGUN, type MailgunStandIn } from '../../testing/standins/mailgun.js';
import { addMember } from '../users/test-helpers.js';
import { emailDriverFor, emailSenderFor, mailgunSigningKeyFor } from './settings.js';

/**
 * Email settings and domains over HTTP against the Mailgun stand-in and a real SMTP listener:
 * validation, secrets sealed and masked, the connection test, domains added, verified, made
 * default (one at a time), their keys; another company's ids and members without the permission.
 */
let t: TestApp;
let mg: MailgunStandIn;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: TestClient;
let other: TestClient;
let manager: TestClient;
let viewer: TestClient;
let tenantA: number;
let tenantB: number;

const inA = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(t.database, tenantA, fn);
const settings = async (c: TestClient = owner) => (await c.get('/email/settings/json', { json: true })).json().data as EmailSettings;
const mailgunSettings = { driver: 'mailgun', mailgun_key: STANDIN_MAILGUN.apiKey, mailgun_region: 'eu', default_from_name: 'Kazi A', reply_to_email: 'help@a.test', email_footer: 'Kazi A, Nairobi' };

beforeAll(async () => {
  mg = await startMailgunStandIn();
  smtp = await startSmtp({ auth: { user: 'relay', pass: 'relay-password' } });
  t = await createTestApp({ MAILGUN_API_URL: mg.url });
  const a = await seedTenant(t.database, 'Email A');
  const b = await seedTenant(t.database, 'Email B');
  tenantA = a.tenantId;
  tenantB = b.tenantId;
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  const m = await addMember(t.database, tenantA, 'campaign-manager', 'manager@email-a.test');
  manager = new TestClient(t.app);
  await manager.login(m.email, m.password);
  const v = await addMember(t.database, tenantA, 'viewer', 'viewer@email-a.test');
  viewer = new TestClient(t.app);
  await viewer.login(v.email, v.password);
});

afterAll(async () => {
  await t?.close();
  await mg?.close();
  await smtp?.close();
});

describe('email settings', () => {
  it('starts on Mailgun in the EU region with nothing set', async () => {
    expect(await settings()).toMatchObject({ driver: 'mailgun', mailgun_region: 'eu', mailgun_key: null, mailgun_domain: null, smtp_security: 'starttls' });
  });

  it('refuses bad input with the fields at fault, and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ driver: 'sendgrid' }, 'driver'],
      [{ driver: 'mailgun' }, 'mailgun_key'],
      [{ ...mailgunSettings, mailgun_region: 'asia' }, 'mailgun_region'],
      [{ ...mailgunSettings, reply_to_email: 'not an address' }, 'reply_to_email'],
      [{ ...mailgunSettings, mailgun_domain: 'not a domain' }, 'mailgun_domain'],
      [{ ...mailgunSettings, mailgun_key: 'short' }, 'mailgun_key'],
      [{ ...mailgunSettings, email_footer: 'x'.repeat(2001) }, 'email_footer'],
      [{ ...mailgunSettings, mailgun_domain: 'mg.a.test', mailgun_from: 'news@elsewhere.test' }, 'mailgun_from'],
      [{ driver: 'smtp' }, 'smtp_host'],
      [{ driver: 'smtp', smtp_host: 'smtp.a.test', smtp_port: 70000, smtp_from: 'a@a.test' }, 'smtp_port'],
      [{ driver: 'smtp', smtp_host: 'smtp.a.test', smtp_port: 587 }, 'smtp_from'],
      [{ driver: 'smtp', smtp_host: 'smtp.a.test', smtp_port: 587, smtp_from: 'a@a.test', smtp_password: 'pw-without-user' }, 'smtp_user'],
    ];
    for (const [body, field] of cases) {
      const r = await owner.json('POST', '/email/settings/update', body);
      expect(r.statusCode, `${JSON.stringify(body)} → ${r.body}`).toBe(422);
      expect(Object.keys(r.json().errors), JSON.stringify(body)).toContain(field);
    }
    const unknown = await owner.json('POST', '/email/settings/update', { ...mailgunSettings, surprise: 1 });
    expect(unknown.statusCode).toBe(422);
    const [{ n }] = await inA((tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from email_settings`));
    expect(n).toBe(0);
  });

  it('saves Mailgun settings with the key sealed at rest and answered masked; the mask sent back keeps it', async () => {
    const r = await owner.json('POST', '/email/settings/update', { ...mailgunSettings, webhook_signing_key: STANDIN_MAILGUN.signingKey });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe('Email settings saved');
    expect(r.body).not.toContain(STANDIN_MAILGUN.apiKey);
    expect(r.body).not.toContain(STANDIN_MAILGUN.signingKey);
    const data = r.json().data as EmailSettings;
    expect(data.mailgun_key).toBe(`••••••••${STANDIN_MAILGUN.apiKey.slice(-4)}`);
    expect(data).toMatchObject({ default_from_name: 'Kazi A', reply_to_email: 'help@a.test', email_footer: 'Kazi A, Nairobi' });
    const [stored] = await inA((tx) => rows<Record<string, string>>(tx, sql`select * from email_settings`));
    expect(JSON.stringify(stored)).not.toContain(STANDIN_MAILGUN.apiKey);
    expect(stored.mailgun_key_sealed).toMatch(/^v1\./);
    // the page sends the mask back unchanged: the key stays
    const again = await owner.json('POST', '/email/settings/update', { ...mailgunSettings, mailgun_key: data.mailgun_key, default_from_name: 'Kazi A Ltd' });
    expect(again.statusCode, again.body).toBe(200);
    expect(await inA((tx) => mailgunSigningKeyFor(t.config, tx, tenantA))).toBe(STANDIN_MAILGUN.signingKey);
    const page = await owner.get('/email/settings', { inertia: true });
    expect(page.statusCode).toBe(200);
    expect(page.json().component).toBe('Email/Settings');
    expect(page.body).not.toContain(STANDIN_MAILGUN.apiKey);
  });

  it('tests the connection really: the stored key answers, a wrong one says what failed', async () => {
    const ok = await owner.json('POST', '/email/settings/test-connection', {});
    expect(ok.statusCode, ok.body).toBe(200);
    expect(mg.requests.some((q) => q.path.startsWith('/v4/domains'))).toBe(true);
    const wrong = await owner.json('POST', '/email/settings/test-connection', { ...mailgunSettings, mailgun_key: 'key-definitely-wrong' });
    expect(wrong.statusCode).toBe(502);
    expect(wrong.json().message).toMatch(/^Connection test failed: Mailgun refused the API key \(401\)/);
    // nothing of the tried values was saved
    expect((await settings()).mailgun_key).toBe(`••••••••${STANDIN_MAILGUN.apiKey.slice(-4)}`);
  });

  it('tests an SMTP server before it is saved: a good login, a wrong password', async () => {
    const port = Number(new URL(smtp.url).port);
    const form = { driver: 'smtp', smtp_host: '127.0.0.1', smtp_port: port, smtp_security: 'none', smtp_user: 'relay', smtp_password: 'relay-password', smtp_from: 'news@a.test' };
    const ok = await owner.json('POST', '/email/settings/test-connection', form);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toMatch(/logged in/);
    const bad = await owner.json('POST', '/email/settings/test-connection', { ...form, smtp_password: 'wrong-password' });
    expect(bad.statusCode).toBe(502);
    expect(bad.json().message).toMatch(/^Connection test failed: The SMTP server at 127\.0\.0\.1:\d+ refused the user name or password/);
    expect((await settings()).driver).toBe('mailgun');
  });

  it('lets only those who may: a campaign manager and a viewer may not change or test them', async () => {
    expect((await manager.json('POST', '/email/settings/update', mailgunSettings)).statusCode).toBe(403);
    expect((await manager.json('POST', '/email/settings/test-connection', {})).statusCode).toBe(403);
    expect((await manager.get('/email/settings/json', { json: true })).statusCode).toBe(403);
    expect((await viewer.get('/email/settings/json', { json: true })).statusCode).toBe(200);
    expect((await viewer.json('POST', '/email/settings/update', mailgunSettings)).statusCode).toBe(403);
    expect((await viewer.json('POST', '/email/settings/domains', { domain: 'x.a.test' })).statusCode).toBe(403);
  });
});

describe('email domains', () => {
  let first: EmailDomainRow;
  let second: EmailDomainRow;

  it('refuses a name that is not a domain, before calling Mailgun', async () => {
    const before = mg.requests.length;
    for (const domain of ['', 'no spaces.test', 'localhost', '-bad.test', 'a'.repeat(300) + '.test']) {
      const r = await owner.json('POST', '/email/settings/domains', { domain });
      expect(r.statusCode, domain).toBe(422);
      expect(r.json().errors.domain).toBeDefined();
    }
    expect(mg.requests.length).toBe(before);
  });

  it('adds a domain through Mailgun with the DNS records to create; the first becomes the sending domain', async () => {
    const r = await owner.json('POST', '/email/settings/domains', { domain: 'MG.A.test' });
    expect(r.statusCode, r.body).toBe(201);
    first = r.json().data as EmailDomainRow;
    expect(first).toMatchObject({ domain: 'mg.a.test', is_default: true, state: 'unverified' });
    expect(first.records.map((x) => x.purpose).sort()).toEqual(['dkim', 'mx', 'mx', 'spf', 'tracking']);
    expect(first.records.every((x) => x.valid === 'unknown')).toBe(true);
    expect(mg.domain('mg.a.test')).toBeDefined();
    expect((await settings()).mailgun_domain).toBe('mg.a.test');
    const dup = await owner.json('POST', '/email/settings/domains', { domain: 'mg.a.test' });
    expect(dup.statusCode).toBe(422);
    const r2 = await owner.json('POST', '/email/settings/domains', { domain: 'news.a.test' });
    expect(r2.statusCode, r2.body).toBe(201);
    second = r2.json().data as EmailDomainRow;
    expect(second.is_default).toBe(false);
  });

  it('takes a domain that is already on the Mailgun account as it is', async () => {
    mg.addDomain('old.a.test', 'active');
    const r = await owner.json('POST', '/email/settings/domains', { domain: 'old.a.test' });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data).toMatchObject({ domain: 'old.a.test', state: 'active', is_default: false });
  });

  it('lists the domains 15 a page in the paginator object', async () => {
    const r = await owner.get('/email/settings/domains/json', { json: true });
    expect(r.statusCode, r.body).toBe(200);
    const page = r.json();
    expect(page).toMatchObject({ current_page: 1, per_page: 15, total: 3, last_page: 1, from: 1, to: 3 });
    expect(page.data.map((d: EmailDomainRow) => d.domain)).toEqual(['mg.a.test', 'news.a.test', 'old.a.test']);
    expect(page.links).toBeDefined();
    const other1 = await other.get('/email/settings/domains/json', { json: true });
    expect(other1.json().total).toBe(0);
  });

  it('makes another domain the default, one at a time, and the settings follow', async () => {
    const r = await owner.json('POST', `/email/settings/domains/${second.id}/default`);
    expect(r.statusCode, r.body).toBe(200);
    const list = (await owner.get('/email/settings/domains/json', { json: true })).json().data as EmailDomainRow[];
    expect(list.filter((d) => d.is_default).map((d) => d.domain)).toEqual(['news.a.test']);
    expect((await settings()).mailgun_domain).toBe('news.a.test');
    // the database itself refuses a second default
    await expect(inA((tx) => tx.execute(sql`update email_domains set is_default = true where tenant_id = ${tenantA} and id = ${first.id}`))).rejects.toThrow();
    // two at once: both succeed, one default remains
    const [x, y] = await Promise.all([owner.json('POST', `/email/settings/domains/${first.id}/default`), owner.json('POST', `/email/settings/domains/${second.id}/default`)]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    const [{ n }] = await inA((tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from email_domains where is_default`));
    expect(n).toBe(1);
    expect((await owner.json('POST', `/email/settings/domains/${second.id}/default`)).statusCode).toBe(200);
  });

  it('verifies a domain: the records’ states until they are in place, then active', async () => {
    mg.configure({ dnsReady: false });
    const pending = await owner.json('POST', `/email/settings/domains/${second.id}/verify`);
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json().message).toMatch(/not verified yet: 3 DNS records are not in place/);
    expect((pending.json().data as EmailDomainRow).records.every((x) => x.valid === 'invalid')).toBe(true);
    mg.configure({ dnsReady: true });
    const done = await owner.json('POST', `/email/settings/domains/${second.id}/verify`);
    expect(done.json()).toMatchObject({ message: 'news.a.test is verified', data: { state: 'active' } });
    expect((done.json().data as EmailDomainRow).checked_at).not.toBeNull();
    const status = await owner.get(`/email/settings/domains/${second.id}/status`, { json: true });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().data).toMatchObject({ domain: 'news.a.test', state: 'active' });
  });

  it('builds the company’s driver and sender from its settings: a message goes out through Mailgun on the default domain', async () => {
    await owner.json('POST', '/email/settings/update', { ...mailgunSettings, mailgun_from: 'news@news.a.test' });
    const { driver, sender } = await inA(async (tx) => ({ driver: await emailDriverFor(t.config, tx, tenantA), sender: await emailSenderFor(tx, tenantA) }));
    expect(sender).toEqual({ from: '"Kazi A" <news@news.a.test>', address: 'news@news.a.test', replyTo: 'help@a.test', footer: 'Kazi A, Nairobi', domain: 'news.a.test' });
    const [r] = await driver.send([{ tenantId: tenantA, to: 'reader@example.org', from: sender.from, replyTo: sender.replyTo, subject: 'Hi', html: '<p>Hi</p>', text: 'Hi', headers: {}, reference: 'd-1' }]);
    expect(r.outcome).toBe('accepted');
    expect(mg.received().at(-1)).toMatchObject({ domain: 'news.a.test', to: 'reader@example.org', variables: { kazi_ref: 'd-1' } });
    // the same settings give the same driver; other settings another
    expect(await inA((tx) => emailDriverFor(t.config, tx, tenantA))).toBe(driver);
    const port = Number(new URL(smtp.url).port);
    await owner.json('POST', '/email/settings/update', { driver: 'smtp', smtp_host: '127.0.0.1', smtp_port: port, smtp_security: 'none', smtp_user: 'relay', smtp_password: 'relay-password', smtp_from: 'news@a.test' });
    const smtpDriver = await inA((tx) => emailDriverFor(t.config, tx, tenantA));
    expect(smtpDriver.name).toBe('smtp');
    expect((await inA((tx) => emailSenderFor(tx, tenantA))).from).toBe('"Kazi A" <news@a.test>');
    const [s] = await smtpDriver.send([{ tenantId: tenantA, to: 'reader@example.org', from: '"Kazi A" <news@a.test>', subject: 'Hi', html: '<p>Hi</p>', text: 'Hi', headers: {}, reference: 'd-2' }]);
    expect(s.outcome).toBe('accepted');
    await smtp.waitFor('reader@example.org');
    await owner.json('POST', '/email/settings/update', { ...mailgunSettings, mailgun_from: 'news@news.a.test' });
  });

  it('creates a sending key shown once, lists it without its secret, deletes it', async () => {
    const created = await owner.json('POST', `/email/settings/domains/${second.id}/keys`, { description: 'Website forms' });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json().data as EmailDomainKey;
    expect(key.secret).toMatch(/.{20,}/);
    const listed = await owner.get(`/email/settings/domains/${second.id}/keys`, { json: true });
    expect(listed.json().data).toEqual([expect.objectContaining({ id: key.id, description: 'Website forms', secret: null })]);
    expect(listed.body).not.toContain(key.secret);
    // a key of another domain is not deleted through this one
    expect((await owner.delete(`/email/settings/domains/${first.id}/keys/${key.id}`, { json: true })).statusCode).toBe(404);
    expect((await owner.json('POST', `/email/settings/domains/${second.id}/keys`, { description: 'x'.repeat(101) })).statusCode).toBe(422);
    const del = await owner.delete(`/email/settings/domains/${second.id}/keys/${key.id}`, { json: true });
    expect(del.statusCode, del.body).toBe(200);
    expect((await owner.get(`/email/settings/domains/${second.id}/keys`, { json: true })).json().data).toEqual([]);
  });

  it('answers 404 for another company’s domain on every route, and touches nothing', async () => {
    const id = second.id;
    const calls = [
      other.json('POST', `/email/settings/domains/${id}/default`),
      other.json('POST', `/email/settings/domains/${id}/verify`),
      other.get(`/email/settings/domains/${id}/status`, { json: true }),
      other.get(`/email/settings/domains/${id}/keys`, { json: true }),
      other.json('POST', `/email/settings/domains/${id}/keys`, {}),
      other.delete(`/email/settings/domains/${id}/keys/abc`, { json: true }),
      other.delete(`/email/settings/domains/${id}`, { json: true }),
      other.get(`/email/settings/domains/get-domain/${id}`, { json: true }),
      owner.delete('/email/settings/domains/abc', { json: true }),
    ];
    for (const r of await Promise.all(calls)) expect(r.statusCode, r.body).toBe(404);
    expect(mg.domain('news.a.test')).toBeDefined();
  });

  it('says what failed when Mailgun refuses, and keeps the domain', async () => {
    await owner.json('POST', '/email/settings/update', { ...mailgunSettings, mailgun_key: 'key-now-wrong-0000' });
    const add = await owner.json('POST', '/email/settings/domains', { domain: 'third.a.test' });
    expect(add.statusCode).toBe(502);
    expect(add.json().message).toMatch(/^Failed to add domain: .*refused the API key/);
    const verify = await owner.json('POST', `/email/settings/domains/${first.id}/verify`);
    expect(verify.json().message).toMatch(/^Verification failed: /);
    const del = await owner.delete(`/email/settings/domains/${first.id}`, { json: true });
    expect(del.statusCode).toBe(502);
    expect(del.json().message).toMatch(/^Failed to delete domain: /);
    expect((await owner.get('/email/settings/domains/json', { json: true })).json().total).toBe(3);
    await owner.json('POST', '/email/settings/update', mailgunSettings);
  });

  it('a company without a Mailgun key is told to enter one', async () => {
    const r = await other.json('POST', '/email/settings/domains', { domain: 'b.test.org' });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.mailgun_key[0]).toMatch(/Enter the Mailgun API key/);
  });

  it('deletes a domain on Mailgun and here; the sending domain is cleared when it was the default', async () => {
    const r = await owner.delete(`/email/settings/domains/${second.id}`, { json: true });
    expect(r.statusCode, r.body).toBe(200);
    expect(mg.domain('news.a.test')).toBeUndefined();
    expect((await settings()).mailgun_domain).toBeNull();
    expect((await owner.get('/email/settings/domains/json', { json: true })).json().total).toBe(2);
    expect((await manager.delete(`/email/settings/domains/${first.id}`, { json: true })).statusCode).toBe(403);
  });
});

// another tenant's settings stay its own
describe('email settings per company', () => {
  it('keeps each company’s settings apart', async () => {
    expect((await settings(other)).mailgun_key).toBeNull();
    const [{ n }] = await withTenant(t.database, tenantB, (tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from email_settings`));
    expect(n).toBe(0);
  });
});
