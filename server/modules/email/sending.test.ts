import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailMetrics, EmailPreview, EmailSendRow, EmailTransactionRow, EmailTransactionTotals } from '../../../common/answers/email-sending.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { decodeQuotedPrintable, startSmtp } from '../../testing/smtp.js';
import { addMember } from '../users/test-helpers.js';
import { addCredits } from '../wallet/index.js';
import { mailgunWebhookUrl } from './webhooks.js';

/**
 * Email sending through the delivery engine to a real SMTP listener (issue 17): validation, the
 * preview, a campaign to a segment with every recipient once and both List-Unsubscribe headers,
 * escaped variables and the footer, the one-click unsubscribe without a session and the next send
 * skipping the address, Mailgun's webhooks (signature, replay, cross-company, bounces suppress),
 * the lists and metrics, pause/resume/cancel, other companies' ids and missing permissions.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: TestClient;
let other: TestClient;
let accountant: TestClient;
let tenantA: number;
let tenantB: number;
let segmentId: number;
const SIGNING_KEY = 'key-webhook-signing-0123456789abcdef';

const inA = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(t.database, tenantA, fn);

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const sendOf = async (c: TestClient, id: number) => (await c.get(`/email/group-transactions/get-send/${id}`)).json().data as EmailSendRow;
const completed = (id: number) => until(() => sendOf(owner, id), (s) => s.status === 'completed', `send ${id} completed`);

/** a header's value of a raw message (folded lines unfolded) */
function header(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const m = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head);
  return m ? m[1].trim() : null;
}

/** contacts member00..member11@a.test: 0-7 granted, 8 withdrawn, 9 suppressed, 10 a script for a name, 11 no email */
async function seedContacts() {
  await inA(async (tx) => {
    await tx.execute(sql`insert into outreach_contacts (tenant_id, first_name, last_name, email, consent_email)
      select ${tenantA}, 'Member', lpad(i::text, 2, '0'), 'member' || lpad(i::text, 2, '0') || '@a.test', case when i = 8 then 'withdrawn' else 'granted' end
        from generate_series(0, 9) i`);
    await tx.execute(sql`insert into outreach_contacts (tenant_id, first_name, last_name, email, consent_email)
      values (${tenantA}, 'Member', '<script>alert(1)</script>', 'member10@a.test', 'granted'), (${tenantA}, 'Member', 'No email', null, 'granted')`);
    await tx.execute(sql`insert into contact_suppressions (tenant_id, contact_id, channel, reason)
      select ${tenantA}, id, 'email', 'manual' from outreach_contacts where tenant_id = ${tenantA} and email = 'member09@a.test'`);
  });
}

const draft = (extra: Record<string, unknown> = {}) => ({
  subject: 'News for {{ first_name }}',
  html: '<html><body><p>Hello {{ first_name }} {{ last_name }}</p><p><a href="https://kazi.example/news">Read</a></p></body></html>',
  audience: { segment_ids: [segmentId], contact_ids: [] },
  ...extra,
});

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ DELIVERY_LEASE_SECONDS: '2', DELIVERY_REPORT_WINDOW_SECONDS: '1' });
  const a = await seedTenant(t.database, 'Email A');
  const b = await seedTenant(t.database, 'Email B');
  tenantA = a.tenantId;
  tenantB = b.tenantId;
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  // company A sends through an SMTP server (the listener) and keeps Mailgun's webhook signing key; company B has not set email up
  const port = Number(new URL(smtp.url).port);
  const settings = await owner.json('POST', '/email/settings/update', {
    driver: 'smtp',
    smtp_host: '127.0.0.1',
    smtp_port: port,
    smtp_security: 'none',
    smtp_from: 'news@kazi.test',
    default_from_name: 'Kazi Foundation',
    reply_to_email: 'hello@kazi.test',
    email_footer: 'Kazi Foundation\nP.O. Box 1, Nairobi',
    webhook_signing_key: SIGNING_KEY,
  });
  expect(settings.statusCode, settings.body).toBe(200);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  const m = await addMember(t.database, tenantA, 'accountant', 'accountant@email-a.test');
  accountant = new TestClient(t.app);
  await accountant.login(m.email, m.password);
  await seedContacts();
  await inA((tx) => addCredits(tx, { tenantId: tenantA, kind: 'paid', movement: 'purchase', credits: '100', description: 'Bought', amount: '100', currency: 'KES' }));
  const seg = await owner.json('POST', '/segments/store', {
    name: 'Members',
    type: 'dynamic',
    rules: { match: 'all', rules: [{ kind: 'text', field: 'first_name', op: 'is', value: 'Member' }] },
  });
  expect(seg.statusCode, seg.body).toBe(201);
  segmentId = seg.json().data.id;
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let campaignId: number;

describe('sending email', () => {
  it('refuses a draft it cannot send with 422s on the fields, writing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [draft({ subject: '' }), 'subject'],
      [draft({ html: '' }), 'html'],
      [draft({ audience: { segment_ids: [], contact_ids: [] } }), 'audience'],
      [draft({ to: 'someone@x.test' }), 'to'],
      [draft({ audience: undefined, to: 'not an address' }), 'to'],
      [draft({ html: '<p>{{ favourite_colour }}</p>' }), 'html'],
      [draft({ subject: 'Hi {{ first_name' }), 'subject'],
      [draft({ html: '<p>{{ first_name | raw }}</p>' }), 'html'],
      [draft({ scheduled_at: '2001-01-01T10:00' }), 'scheduled_at'],
      [draft({ audience: { segment_ids: [999_999], contact_ids: [] } }), 'audience.segment_ids'],
    ];
    for (const [body, field] of cases) {
      const r = await owner.json('POST', '/email/send', body);
      expect(r.statusCode, `${field}: ${r.body}`).toBe(422);
      expect(Object.keys(r.json().errors), r.body).toContain(field);
    }
    const [{ n }] = await inA((tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from sends`));
    expect(n).toBe(0);
  });

  it('says so when the company has not set email up', async () => {
    const r = await other.json('POST', '/email/send', { subject: 'Hi', html: '<p>Hi</p>', to: 'x@b.test' });
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toMatch(/not set up/);
  });

  it('previews who gets it and what it costs, the variables escaped, and writes nothing', async () => {
    const r = await owner.json('POST', '/email/preview', draft({ preview_contact_id: undefined }));
    expect(r.statusCode, r.body).toBe(200);
    const p = r.json().data as EmailPreview;
    // 11 members: 00-07 and 10 are sendable; 08 withdrew, 09 is suppressed, 11 has no address
    expect(p.recipients).toBe(9);
    expect(p.excluded).toMatchObject({ no_consent: 1, suppressed: 1, no_email: 1 });
    expect(p.credits).toBe('0.9000');
    const [c] = await inA((tx) => rows<{ id: number }>(tx, sql`select id from outreach_contacts where email = 'member10@a.test'`));
    const withScript = (await owner.json('POST', '/email/preview', draft({ preview_contact_id: c.id }))).json().data as EmailPreview;
    expect(withScript.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(withScript.html).not.toContain('<script>');
    expect(withScript.html).toContain('P.O. Box 1, Nairobi');
    expect(withScript.html).toContain('Unsubscribe');
  });

  it('sends a campaign to a segment through SMTP: each recipient once, both List-Unsubscribe headers, escaped variables, the footer', async () => {
    const r = await owner.json('POST', '/email/send', draft());
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().message).toBe('Email queued for sending');
    campaignId = r.json().data.id;
    const done = await completed(campaignId);
    expect(done.recipients).toBe(9);
    expect(done.counts.sent).toBe(9);
    for (const i of ['00', '01', '02', '03', '04', '05', '06', '07', '10']) await smtp.waitFor(`member${i}@a.test`);
    expect(smtp.received.filter((m) => /@a\.test$/.test(m.to[0]))).toHaveLength(9);
    for (const m of smtp.received) {
      expect(header(m.raw, 'List-Unsubscribe'), m.raw.slice(0, 2000)).toMatch(/^<https?:\/\/[^>]+\/unsubscribe\/[^>]+>$/);
      expect(header(m.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(header(m.raw, 'From')).toBe('Kazi Foundation <news@kazi.test>');
    }
    const scripted = decodeQuotedPrintable(smtp.received.find((m) => m.to.includes('member10@a.test'))!.raw);
    expect(scripted).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(scripted).not.toContain('<script>alert(1)</script></p>');
    const first = decodeQuotedPrintable(smtp.received.find((m) => m.to.includes('member00@a.test'))!.raw);
    expect(header(smtp.received.find((m) => m.to.includes('member00@a.test'))!.raw, 'Subject')).toBe('News for Member');
    expect(first).toContain('P.O. Box 1, Nairobi');
    // the credits were held and settled: 9 emails at 0.1
    const [w] = await inA((tx) => rows<{ b: string }>(tx, sql`select balance::text as b from wallets where tenant_id = ${tenantA}`));
    expect(Number(w.b)).toBeCloseTo(99.1, 4);
  });

  it('unsubscribes by the one-click POST of the List-Unsubscribe URL with no session, and the next send skips the address', async () => {
    const m = smtp.received.find((x) => x.to.includes('member03@a.test'))!;
    const url = new URL(header(m.raw, 'List-Unsubscribe')!.slice(1, -1));
    // the confirmation page
    const page = await new TestClient(t.app).get(url.pathname, { inertia: true });
    expect(page.statusCode).toBe(200);
    expect(page.json().component).toBe('Unsubscribe');
    // RFC 8058: a POST with no cookie and no CSRF token
    const res = await t.app.inject({ method: 'POST', url: url.pathname, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode, res.body).toBe(200);
    const [c] = await inA((tx) =>
      rows<{ consent_email: string; method: string }>(
        tx,
        sql`select o.consent_email, (select method from contact_consent_events e where e.tenant_id = o.tenant_id and e.contact_id = o.id order by e.id desc limit 1) as method
              from outreach_contacts o where o.email = 'member03@a.test'`,
      ),
    );
    expect(c).toEqual({ consent_email: 'withdrawn', method: 'one_click' });
    const again = await owner.json('POST', '/email/send', draft({ subject: 'Second' }));
    expect(again.statusCode, again.body).toBe(201);
    const second = await completed(again.json().data.id);
    expect(second.recipients).toBe(8);
    const [{ n }] = await inA((tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from deliveries where send_id = ${second.id} and address = 'member03@a.test'`));
    expect(n).toBe(0);
  });

  it('sends an email template (Email/Templates) with its MJML-made HTML, the variables escaped; another company’s template is a 422', async () => {
    const made = await owner.json('POST', '/email/templates/store', {
      name: 'Season',
      subject: 'A new season, {{ first_name }}',
      mjml: '<mjml><mj-body><mj-section><mj-column><mj-text>Dear {{ last_name }}, the season starts.</mj-text></mj-column></mj-section></mj-body></mjml>',
    });
    expect(made.statusCode, made.body).toBe(201);
    const templateId = made.json().data.id;
    const [c] = await inA((tx) => rows<{ id: number }>(tx, sql`select id from outreach_contacts where email = 'member10@a.test'`));
    const r = await owner.json('POST', '/email/send', { template_id: templateId, audience: { contact_ids: [c.id], segment_ids: [] } });
    expect(r.statusCode, r.body).toBe(201);
    await completed(r.json().data.id);
    const raw = smtp.received.filter((m) => m.to.includes('member10@a.test')).at(-1)!.raw;
    expect(header(raw, 'Subject')).toBe('A new season, Member');
    const body = decodeQuotedPrintable(raw);
    expect(body).toContain('Dear &lt;script&gt;alert(1)&lt;/script&gt;, the season starts.');
    expect(body).toContain('P.O. Box 1, Nairobi');
    expect(header(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const foreign = await other.json('POST', '/email/send', { template_id: templateId, to: 'x@b.test' });
    expect(foreign.statusCode).toBe(422);
    expect(Object.keys(foreign.json().errors)).toEqual(['template_id']);
  });

  it('sends one email to an address without the campaign headers', async () => {
    const r = await owner.json('POST', '/email/send', { subject: 'Your receipt', html: '<p>Thanks</p>', to: 'Someone@Elsewhere.test' });
    expect(r.statusCode, r.body).toBe(201);
    await completed(r.json().data.id);
    const m = await smtp.waitFor('someone@elsewhere.test');
    expect(header(m.raw, 'List-Unsubscribe')).toBeNull();
    expect(header(m.raw, 'Reply-To')).toBe('hello@kazi.test');
  });
});

const mailgunSignature = (key: string, timestamp: string, token: string) => createHmac('sha256', key).update(timestamp + token).digest('hex');

/** a Mailgun webhook body signed with `key`, for the delivery row of `address` in the campaign */
async function event(kind: string, address: string, extra: Record<string, unknown> = {}, key = SIGNING_KEY, timestamp = Math.floor(Date.now() / 1000)) {
  const [d] = await inA((tx) => rows<{ id: number; provider_id: string }>(tx, sql`select id, provider_id from deliveries where send_id = ${campaignId} and address = ${address}`));
  const token = `tok-${Math.random().toString(36).slice(2)}${Date.now()}`;
  const ts = String(timestamp);
  return {
    signature: { timestamp: ts, token, signature: mailgunSignature(key, ts, token) },
    'event-data': {
      event: kind,
      id: `ev-${token}`,
      timestamp: Date.now() / 1000,
      recipient: address,
      message: { headers: { 'message-id': d.provider_id } },
      'user-variables': { kazi_ref: String(d.id) },
      ...extra,
    },
  };
}
const post = (body: unknown, tenantId = tenantA) => {
  const url = new URL(mailgunWebhookUrl(t.app.ctx.config, tenantId));
  return t.app.inject({ method: 'POST', url: url.pathname, payload: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } });
};
const stateOf = async (address: string) =>
  (await inA((tx) => rows<{ state: string; reason: string | null }>(tx, sql`select state, reason from deliveries where send_id = ${campaignId} and address = ${address}`)))[0];
const suppressionOf = async (address: string) =>
  (
    await inA((tx) =>
      rows<{ reason: string }>(
        tx,
        sql`select s.reason from contact_suppressions s join outreach_contacts o on o.tenant_id = s.tenant_id and o.id = s.contact_id
             where o.email = ${address} and s.channel = 'email' and s.lifted_at is null`,
      ),
    )
  )[0]?.reason ?? null;

describe('Mailgun webhooks', () => {
  it('refuses a forged, stale or foreign webhook and changes nothing', async () => {
    const forged = await event('delivered', 'member00@a.test', {}, 'not-the-key');
    expect((await post(forged)).statusCode).toBe(401);
    const stale = await event('delivered', 'member00@a.test', {}, SIGNING_KEY, Math.floor(Date.now() / 1000) - 3600);
    expect((await post(stale)).statusCode).toBe(401);
    // company B's address (B has no signing key) and an altered address
    expect((await post(await event('delivered', 'member00@a.test'), tenantB)).statusCode).toBe(404);
    const url = new URL(mailgunWebhookUrl(t.app.ctx.config, tenantA));
    const altered = url.pathname.replace(`/${tenantA}/`, `/${tenantB}/`);
    expect((await t.app.inject({ method: 'POST', url: altered, payload: JSON.stringify(await event('delivered', 'member00@a.test')), headers: { 'content-type': 'application/json' } })).statusCode).toBe(404);
    expect((await post('not json')).statusCode).toBe(400);
    // signed, but no signature block at all
    expect((await post({ 'event-data': { event: 'delivered' } })).statusCode).toBe(401);
    expect((await stateOf('member00@a.test')).state).toBe('sent');
    const [{ n }] = await inA((tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from email_events`));
    expect(n).toBe(0);
  });

  it('takes delivered and opened, once each: a replayed token is refused', async () => {
    const body = await event('delivered', 'member00@a.test');
    const r = await post(body);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ received: true, applied: true });
    expect((await stateOf('member00@a.test')).state).toBe('delivered');
    expect((await post(body)).statusCode).toBe(406);
    expect((await post(await event('opened', 'member00@a.test'))).statusCode).toBe(200);
    expect((await post(await event('clicked', 'member00@a.test', { url: 'https://kazi.example/news' }))).statusCode).toBe(200);
    const [ev] = await inA((tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from contact_events where type = 'email.opened'`));
    expect(ev.n).toBe(1);
  });

  it('suppresses a permanent bounce and a complaint with the reason; a temporary failure suppresses no one; an unsubscribe withdraws consent', async () => {
    expect((await post(await event('failed', 'member01@a.test', { severity: 'temporary', reason: 'generic', 'delivery-status': { message: '452 mailbox full' } }))).statusCode).toBe(200);
    expect((await stateOf('member01@a.test')).state).toBe('sent');
    expect(await suppressionOf('member01@a.test')).toBeNull();

    expect((await post(await event('failed', 'member02@a.test', { severity: 'permanent', reason: 'bounce', 'delivery-status': { message: '550 no such user' } }))).statusCode).toBe(200);
    const bounced = await stateOf('member02@a.test');
    expect(bounced.state).toBe('failed');
    expect(bounced.reason).toMatch(/550 no such user/);
    expect(await suppressionOf('member02@a.test')).toBe('bounced');

    expect((await post(await event('complained', 'member04@a.test'))).statusCode).toBe(200);
    expect(await suppressionOf('member04@a.test')).toBe('complained');

    expect((await post(await event('unsubscribed', 'member05@a.test'))).statusCode).toBe(200);
    const [c] = await inA((tx) => rows<{ consent_email: string }>(tx, sql`select consent_email from outreach_contacts where email = 'member05@a.test'`));
    expect(c.consent_email).toBe('withdrawn');
  });
});

describe('lists and metrics', () => {
  it('lists the recipients with their state and reason, searched and filtered SENT or FAILED', async () => {
    const all = await owner.get(`/email/transactions/json?send_id=${campaignId}&per_page=50`);
    expect(all.statusCode, all.body).toBe(200);
    const list = all.json().data as EmailTransactionRow[];
    expect(list).toHaveLength(9);
    const m0 = list.find((r) => r.email === 'member00@a.test')!;
    expect(m0).toMatchObject({ state: 'delivered', opened: true, clicked: true, subject: 'News for {{ first_name }}', contact_name: 'Member 00' });
    const failed = (await owner.get(`/email/transactions/json?status=FAILED`)).json().data as EmailTransactionRow[];
    expect(failed.map((r) => r.email)).toEqual(['member02@a.test']);
    expect(failed[0].reason).toMatch(/550/);
    const found = (await owner.get(`/email/transactions/json?search=member07`)).json().data as EmailTransactionRow[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => r.email === 'member07@a.test')).toBe(true);
    expect((await owner.get('/email/transactions/json?status=MAYBE')).statusCode).toBe(422);
    // one recipient's row, and the list as a CSV file with the same filter
    const one = await owner.get(`/email/transactions/get-transaction/${failed[0].id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject({ id: failed[0].id, email: 'member02@a.test', state: failed[0].state });
    const csv = await owner.get('/email/transactions/export?format=csv&status=FAILED');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/email-transactions/);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('member02@a.test');
    // company B sees none of it
    expect((await other.get('/email/transactions/json')).json().data).toEqual([]);
    expect((await other.get(`/email/transactions/get-transaction/${failed[0].id}`)).statusCode).toBe(404);
    expect((await other.get('/email/transactions/export?format=csv')).body.trim().split(/\r?\n/)).toHaveLength(1);
  });

  it('lists the sends with their totals and rates', async () => {
    const r = await owner.get('/email/group-transactions/json');
    expect(r.statusCode, r.body).toBe(200);
    const s = (r.json().data as EmailSendRow[]).find((x) => x.id === campaignId)!;
    expect(s).toMatchObject({ subject: 'News for {{ first_name }}', recipients: 9, opened: 1, clicked: 1, complained: 1, unsubscribed: 1 });
    expect(s.counts).toMatchObject({ delivered: 1, failed: 1, sent: 7 });
    expect(s.rates).toEqual({ delivered: 11.1, bounced: 11.1, opened: 100, clicked: 100 });
    expect((await other.get(`/email/group-transactions/get-send/${campaignId}`)).statusCode).toBe(404);
  });

  it('answers the metrics and the SENT or FAILED graph over a period', async () => {
    const res = await owner.get('/email/metrics?period=7d');
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json().data as EmailMetrics;
    expect(m.series).toHaveLength(7);
    expect(m.totals).toMatchObject({ delivered: 1, bounced: 1, opened: 1, clicked: 1, complained: 1, unsubscribed: 1 });
    expect(m.totals.sent).toBeGreaterThanOrEqual(18);
    expect(m.series.at(-1)!.delivered).toBe(1);
    const f = (await owner.get('/email/transaction-totals?filter=FAILED&filter_value=30d')).json().data as EmailTransactionTotals;
    expect(f.total).toBe(1);
    expect(f.series).toHaveLength(30);
    expect((await owner.get('/email/transaction-totals?filter=BOUNCED')).statusCode).toBe(422);
    expect((await owner.get('/email/metrics?period=2d')).statusCode).toBe(422);
    const b = (await other.get('/email/metrics')).json().data as EmailMetrics;
    expect(b.totals.sent).toBe(0);
  });
});

describe('pause, resume and cancel', () => {
  it('cancels a scheduled send, its credits back; resume and pause answer 409 when they cannot', async () => {
    const at = new Date(Date.now() + 86_400_000).toISOString().slice(0, 16);
    const r = await owner.json('POST', '/email/send', draft({ scheduled_at: at }));
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().message).toBe('Email scheduled successfully');
    const id = r.json().data.id;
    const early = await owner.json('POST', `/email/group-transactions/resume/${id}`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This email cannot be resumed now.');
    const p = await owner.json('POST', `/email/group-transactions/pause/${id}`);
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json()).toMatchObject({ message: 'Email paused', data: { status: 'paused' } });
    // resumed before its time, it waits for that time again rather than going out now
    const resumed = await owner.json('POST', `/email/group-transactions/resume/${id}`);
    expect(resumed.json()).toMatchObject({ message: 'Email resumed', data: { status: 'scheduled' } });
    expect((await owner.json('POST', `/email/group-transactions/pause/${id}`)).statusCode).toBe(200);
    const c = await owner.json('POST', `/email/group-transactions/cancel/${id}`);
    expect(c.json()).toMatchObject({ message: 'Email cancelled', data: { status: 'cancelled' } });
    expect((await owner.json('POST', `/email/group-transactions/cancel/${id}`)).statusCode).toBe(409);
    expect((await other.json('POST', `/email/group-transactions/cancel/${campaignId}`)).statusCode).toBe(404);
    expect((await owner.json('POST', `/email/group-transactions/cancel/abc`)).statusCode).toBe(404);
  });

  it('keeps a member without the email permissions out', async () => {
    expect((await accountant.json('POST', '/email/send', draft())).statusCode).toBe(403);
    expect((await accountant.json('POST', '/email/preview', draft())).statusCode).toBe(403);
    expect((await accountant.get('/email/transactions/json')).statusCode).toBe(403);
    expect((await accountant.get('/email/transactions/export?format=csv')).statusCode).toBe(403);
    expect((await accountant.get('/email/group-transactions/json')).statusCode).toBe(403);
    expect((await accountant.get('/email/metrics')).statusCode).toBe(403);
    expect((await accountant.json('POST', `/email/group-transactions/pause/${campaignId}`)).statusCode).toBe(403);
  });

  it('tells those who see the email settings the webhook address to give Mailgun', async () => {
    const r = await owner.get('/email/webhook-url');
    expect(r.statusCode).toBe(200);
    expect(r.json().data.url).toBe(mailgunWebhookUrl(t.app.ctx.config, tenantA));
    expect((await other.get('/email/webhook-url')).json().data.url).not.toBe(r.json().data.url);
    expect((await accountant.get('/email/webhook-url')).statusCode).toBe(403);
  });

  it('serves the pages', async () => {
    for (const [url, component] of [
      ['/email', 'Email/Overview'],
      ['/email/transactions', 'Email/Transactions'],
      ['/email/group-transactions', 'Email/GroupTransactions'],
    ]) {
      const r = await owner.get(url, { inertia: true });
      expect(r.statusCode, url).toBe(200);
      expect(r.json().component).toBe(component);
    }
    expect((await accountant.get('/email', { inertia: true })).statusCode).toBe(403);
  });
});
