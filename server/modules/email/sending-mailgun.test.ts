import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailMetrics, EmailSendRow } from '../../../common/answers/email-sending.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { startMailgunStandIn, STANDIN_MAILGUN, type MailgunStandIn } from '../../testing/standins/mailgun.js';
import { addCredits } from '../wallet/index.js';
import { mailgunWebhookUrl } from './webhooks.js';

/**
 * The same campaign through the Mailgun driver against the Mailgun stand-in (issue 17): every
 * message carries both List-Unsubscribe headers and our reference as a `v:` variable; the
 * stand-in's signed events come back through the company's webhook address and settle the
 * recipients — delivered, opened, a temporary failure that suppresses no one, a permanent bounce
 * that suppresses the contact, whom the next send leaves out.
 */
let t: TestApp;
let mg: MailgunStandIn;
let owner: TestClient;
let tenantA: number;
let segmentId: number;

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
const sendOf = async (id: number) => (await owner.get(`/email/group-transactions/get-send/${id}`)).json().data as EmailSendRow;

beforeAll(async () => {
  mg = await startMailgunStandIn({ domains: [{ name: 'mg.a.test', state: 'active' }] });
  t = await createTestApp({ MAILGUN_API_URL: mg.url, DELIVERY_LEASE_SECONDS: '2', DELIVERY_REPORT_WINDOW_SECONDS: '1' });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const a = await seedTenant(t.database, 'Mailgun A');
  tenantA = a.tenantId;
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  const settings = await owner.json('POST', '/email/settings/update', {
    driver: 'mailgun',
    mailgun_key: STANDIN_MAILGUN.apiKey,
    mailgun_region: 'eu',
    mailgun_domain: 'mg.a.test',
    mailgun_from: 'news@mg.a.test',
    default_from_name: 'Kazi A',
    email_footer: 'Kazi A, Nairobi',
    webhook_signing_key: STANDIN_MAILGUN.signingKey,
  });
  expect(settings.statusCode, settings.body).toBe(200);
  // the stand-in posts its events where the company told Mailgun to
  mg.configure({ webhookUrl: `${base}${new URL(mailgunWebhookUrl(t.app.ctx.config, tenantA)).pathname}` });
  await inA(async (tx) => {
    await tx.execute(sql`insert into outreach_contacts (tenant_id, first_name, last_name, email, consent_email)
      select ${tenantA}, 'Donor', i::text, 'donor' || i || '@a.test', 'granted' from generate_series(1, 5) i`);
    await addCredits(tx, { tenantId: tenantA, kind: 'paid', movement: 'purchase', credits: '10', description: 'Bought', amount: '10', currency: 'KES' });
  });
  const seg = await owner.json('POST', '/segments/store', { name: 'Donors', type: 'dynamic', rules: { match: 'all', rules: [{ kind: 'text', field: 'first_name', op: 'is', value: 'Donor' }] } });
  expect(seg.statusCode, seg.body).toBe(201);
  segmentId = seg.json().data.id;
});

afterAll(async () => {
  await t?.close();
  await mg?.close();
});

const campaign = (subject: string) => ({ subject, html: '<p>Dear {{ first_name }} {{ last_name }}</p>', audience: { segment_ids: [segmentId], contact_ids: [] } });

describe('email through Mailgun', () => {
  it('sends the campaign through the Mailgun driver, and the stand-in’s signed events settle it; a bounce suppresses the contact for the next send', async () => {
    const r = await owner.json('POST', '/email/send', campaign('Our year'));
    expect(r.statusCode, r.body).toBe(201);
    const id = r.json().data.id as number;
    const done = await until(() => sendOf(id), (s) => s.status === 'completed', 'the send completed');
    expect(done.counts.sent).toBe(5);
    const got = mg.received();
    expect(got).toHaveLength(5);
    const refs = await inA((tx) => rows<{ id: number; address: string; provider_id: string }>(tx, sql`select id, address, provider_id from deliveries where send_id = ${id}`));
    for (const m of got) {
      expect(m.headers['List-Unsubscribe']).toMatch(/^<https?:\/\/[^>]+\/unsubscribe\/[^>]+>$/);
      expect(m.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const row = refs.find((x) => x.address === m.to)!;
      expect(m.variables.kazi_ref).toBe(String(row.id));
      expect(row.provider_id).toBe(m.id);
      expect(m.html).toContain('Kazi A, Nairobi');
    }
    const by = (address: string) => got.find((m) => m.to === address)!.id;
    for (const n of [1, 2, 3]) expect((await mg.event(by(`donor${n}@a.test`), 'delivered')).status).toBe(200);
    expect((await mg.event(by('donor1@a.test'), 'opened')).status).toBe(200);
    expect((await mg.event(by('donor4@a.test'), 'failed-temporary')).status).toBe(200);
    expect((await mg.event(by('donor5@a.test'), 'failed-permanent')).status).toBe(200);

    const states = await inA((tx) => rows<{ address: string; state: string }>(tx, sql`select address, state from deliveries where send_id = ${id} order by address`));
    expect(Object.fromEntries(states.map((s) => [s.address, s.state]))).toEqual({
      'donor1@a.test': 'delivered',
      'donor2@a.test': 'delivered',
      'donor3@a.test': 'delivered',
      'donor4@a.test': 'sent',
      'donor5@a.test': 'failed',
    });
    const suppressed = await inA((tx) =>
      rows<{ email: string; reason: string }>(
        tx,
        sql`select o.email, s.reason from contact_suppressions s join outreach_contacts o on o.tenant_id = s.tenant_id and o.id = s.contact_id where s.channel = 'email' and s.lifted_at is null`,
      ),
    );
    expect(suppressed).toEqual([{ email: 'donor5@a.test', reason: 'bounced' }]);
    const m = (await owner.get('/email/metrics?period=7d')).json().data as EmailMetrics;
    expect(m.totals).toMatchObject({ sent: 5, delivered: 3, bounced: 1, opened: 1 });
    expect(m.rates).toMatchObject({ delivered: 60, bounced: 20 });

    const next = await owner.json('POST', '/email/send', campaign('Thank you'));
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().data.recipients).toBe(4);
    const [{ n }] = await inA((tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from deliveries where send_id = ${next.json().data.id} and address = 'donor5@a.test'`));
    expect(n).toBe(0);
  });
});
