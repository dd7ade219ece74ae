import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe.js';
import { sendableCondition } from './consent.js';
import { outreachContacts } from './schema.js';

/** The public unsubscribe link: page, button, RFC 8058 one-click POST, resubscribe; signed, per contact and channel. */
let t: TestApp;
let tenantId: number;
let contactId: number;
let key: string;

const sendable = async (channel: 'sms' | 'email') =>
  (
    await withTenant(t.database, tenantId, (tx) =>
      tx.select({ id: outreachContacts.id }).from(outreachContacts).where(sql`${outreachContacts.id} = ${contactId} and ${sendableCondition(channel)}`),
    )
  ).length === 1;
const history = () =>
  withTenant(t.database, tenantId, (tx) =>
    rows<{ channel: string; status: string; method: string; user_id: number | null }>(tx, sql`select channel, status, method, user_id from contact_consent_events where contact_id = ${contactId} order by id`),
  );

beforeAll(async () => {
  t = await createTestApp();
  key = t.app.ctx.config.appKey;
  const a = await seedTenant(t.database, 'Newsletter Co');
  tenantId = a.tenantId;
  const owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  const res = await owner.json('POST', '/contacts/store', { first_name: 'Reader', phone: '+254711000222', email: 'reader@example.org', consent_sms: 'granted', consent_email: 'granted' });
  contactId = res.json().data.id;
});
afterAll(async () => t?.close());

describe('unsubscribe link', () => {
  it('shows the page without a login, naming the company and the channel', async () => {
    const url = new URL(unsubscribeUrl(t.app.ctx.config, tenantId, contactId, 'email'));
    const page = await new TestClient(t.app).get(url.pathname, { inertia: true });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ component: 'Unsubscribe', props: { company: 'Newsletter Co', channel: 'email', unsubscribed: false } });
  });

  it('answers 404 to a tampered, foreign or unknown token', async () => {
    const good = unsubscribeToken(key, tenantId, contactId, 'email');
    const guest = new TestClient(t.app);
    for (const bad of [good.replace(`-${contactId}-`, `-${contactId + 1}-`), good.replace('-email-', '-sms-'), unsubscribeToken('another-key-0123456789-0123456789', tenantId, contactId, 'email'), unsubscribeToken(key, tenantId, 999_999, 'email'), 'nonsense']) {
      expect((await guest.get(`/unsubscribe/${bad}`, { inertia: true })).statusCode).toBe(404);
      expect((await guest.request('POST', `/unsubscribe/${bad}`, { body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(404);
    }
    expect(await sendable('email')).toBe(true);
  });

  it('unsubscribes by the RFC 8058 one-click POST (no cookie, no CSRF token) from that channel only', async () => {
    const token = unsubscribeToken(key, tenantId, contactId, 'email');
    const res = await t.app.inject({ method: 'POST', url: `/unsubscribe/${token}`, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(200);
    expect(await sendable('email')).toBe(false);
    expect(await sendable('sms')).toBe(true);
    expect((await history()).at(-1)).toEqual({ channel: 'email', status: 'withdrawn', method: 'one_click', user_id: null });
    // twice is harmless
    expect((await t.app.inject({ method: 'POST', url: `/unsubscribe/${token}`, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(200);
    const page = await new TestClient(t.app).get(`/unsubscribe/${token}`, { inertia: true });
    expect(page.json().props.unsubscribed).toBe(true);
  });

  it("unsubscribes from the page's button and subscribes again", async () => {
    const token = unsubscribeToken(key, tenantId, contactId, 'sms');
    const guest = new TestClient(t.app);
    await guest.get(`/unsubscribe/${token}`, { inertia: true });
    const out = await guest.post(`/unsubscribe/${token}`, {}, { inertia: true });
    expect(out.statusCode).toBe(303);
    expect(await sendable('sms')).toBe(false);
    const back = await guest.post(`/unsubscribe/${token}/resubscribe`, {}, { inertia: true });
    expect(back.statusCode).toBe(303);
    expect(await sendable('sms')).toBe(true);
    expect((await history()).slice(-2)).toEqual([
      { channel: 'sms', status: 'withdrawn', method: 'unsubscribe_link', user_id: null },
      { channel: 'sms', status: 'granted', method: 'unsubscribe_link', user_id: null },
    ]);
  });
});
