import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsMessageRow, SmsPreview, SmsTransactionDetail, SmsTransactionRow } from '../../../common/answers/sms.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { CallbackSecrets } from '../../providers/sms/index.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { startAfricasTalkingStandIn, STANDIN_AT, type AfricasTalkingStandIn } from '../../testing/standins/africastalking.js';
import { deliveryEngine } from '../delivery/index.js';
import { addMember } from '../users/test-helpers.js';
import { addCredits } from '../wallet/index.js';

/**
 * Bulk SMS through the delivery engine against the Africa's Talking stand-in (issue 16): the
 * preview, a send to a segment with every recipient once, delivery reports, refusals, refunds,
 * pause by the provider's account refusal and resume, schedule, quiet hours, the callbacks'
 * secrets and consent keywords, another company's ids and a member without the permission.
 */
let t: TestApp;
let at: AfricasTalkingStandIn;
let owner: TestClient;
let other: TestClient;
let accountant: TestClient;
let tenantA: number;
let tenantB: number;
let segmentId: number;
let base: string;
const secrets = new CallbackSecrets('test-key-0123456789-0123456789-0123456789');

const inA = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(t.database, tenantA, fn);
const balance = async (tenantId = tenantA) =>
  (await withTenant(t.database, tenantId, (tx) => rows<{ b: string }>(tx, sql`select balance::text as b from wallets where tenant_id = ${tenantId}`)))[0].b;

/** waits (polling, no fixed sleep) until the send reaches a status */
async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const message = async (c: TestClient, id: number) => (await c.get(`/sms/messages/get-message/${id}`)).json().data as SmsMessageRow;

/** contacts +2547000000NN: 0-19 granted, 20-21 withdrawn, 22 suppressed, 23 without a phone */
async function seedContacts() {
  await inA(async (tx) => {
    await tx.execute(sql`insert into outreach_contacts (tenant_id, first_name, last_name, phone, consent_sms)
      select ${tenantA}, 'Member', lpad(i::text, 2, '0'), '+2547000000' || lpad(i::text, 2, '0'),
             case when i < 20 or i = 22 then 'granted' else 'withdrawn' end
        from generate_series(0, 22) i`);
    await tx.execute(sql`insert into outreach_contacts (tenant_id, first_name, consent_sms) values (${tenantA}, 'No phone', 'granted')`);
    await tx.execute(sql`insert into contact_suppressions (tenant_id, contact_id, channel, reason)
      select ${tenantA}, id, 'sms', 'manual' from outreach_contacts where tenant_id = ${tenantA} and phone = '+254700000022'`);
  });
}

beforeAll(async () => {
  at = await startAfricasTalkingStandIn();
  t = await createTestApp({
    AT_USERNAME: STANDIN_AT.username,
    AT_API_KEY: STANDIN_AT.apiKey,
    AT_API_URL: at.url,
    AT_SENDER_ID: 'KAZI',
    SMS_DRIVERS: 'africastalking',
    DELIVERY_LEASE_SECONDS: '2',
    DELIVERY_REPORT_WINDOW_SECONDS: '1',
    DELIVERY_RETRY_SECONDS: '1',
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const a = await seedTenant(t.database, 'Sms A');
  const b = await seedTenant(t.database, 'Sms B');
  tenantA = a.tenantId;
  tenantB = b.tenantId;
  at.setCallbacks({ delivery: secrets.url(`${base}/webhooks/sms/delivery`, 'sms-delivery', String(tenantA)) });
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  const m = await addMember(t.database, tenantA, 'accountant', 'accountant@sms-a.test');
  accountant = new TestClient(t.app);
  await accountant.login(m.email, m.password);
  await seedContacts();
  await inA((tx) => addCredits(tx, { tenantId: tenantA, kind: 'paid', movement: 'purchase', credits: '1000', description: 'Bought', amount: '1000', currency: 'KES' }));
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
  await at?.close();
});

describe('bulk SMS', () => {
  it('previews who gets it, the encoding, the parts and the cost, and writes nothing', async () => {
    const r = await owner.json('POST', '/sms/preview', {
      message: 'Hello from Kazi 😀',
      audience: { segment_ids: [segmentId], contact_ids: [], numbers: ['+254700000001', '+254 712 345 678', 'not a number'] },
    });
    expect(r.statusCode, r.body).toBe(200);
    const p = r.json().data as SmsPreview;
    // 20 granted members; +254700000001 is member 01 (a duplicate); +254712345678 is new
    expect(p.recipients).toBe(21);
    expect(p.excluded).toMatchObject({ no_consent: 2, suppressed: 1, duplicates: 1 });
    expect(p.invalid_numbers).toEqual(['not a number']);
    expect(p.encoding).toBe('UCS-2');
    expect(p.ucs2_characters).toContain('😀');
    expect(p.parts).toBe(1);
    expect(p.credits).toBe('21.0000');
    expect(p.enough).toBe(true);
    const [{ n }] = await inA((tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from sends`));
    expect(n).toBe(0);
  });

  it('sends to a segment once per phone, records the delivery reports and charges the wallet for what went', async () => {
    const before = Number(await balance());
    const r = await owner.json('POST', '/sms/store', { message: 'Meeting at 5pm', audience: { segment_ids: [segmentId], contact_ids: [1], numbers: ['+254700000003'] }, ignore_quiet_hours: true });
    expect(r.statusCode, r.body).toBe(201);
    const id = r.json().data.id as number;
    expect(r.json().data.recipients).toBe(20);
    const done = await until(() => message(owner, id), (m) => m.status === 'completed' && m.counts.delivered === 20, 'the send to complete');
    expect(done.counts).toMatchObject({ delivered: 20, queued: 0, sending: 0, unknown: 0 });
    for (let i = 0; i < 20; i++) expect(at.count(`+2547000000${String(i).padStart(2, '0')}`)).toBe(1);
    expect(at.duplicates()).toEqual([]);
    // whoever sent it is told it has finished, once, with its figures
    const told = (await owner.json('GET', '/notifications/json?per_page=50')).json().data as { type: string; title: string; body: string; url: string; data?: { send_id?: number } }[];
    const finished = told.filter((n) => n.type === 'send.finished' && n.title.startsWith('Your SMS') && n.body === '20 of 20 sent or delivered.');
    expect(finished, JSON.stringify(told)).toHaveLength(1);
    expect(finished[0].url).toBe('/sms/messages');
    expect(Number(await balance())).toBe(before - 20);
    const list = await owner.json('GET', `/sms/transactions/json?message_id=${id}&per_page=50`);
    expect(list.statusCode).toBe(200);
    const rowsOf = list.json().data as SmsTransactionRow[];
    expect(rowsOf).toHaveLength(20);
    expect(rowsOf.every((x) => x.state === 'delivered' && x.provider_message_id && x.credits === '1.0000')).toBe(true);
    const one = await owner.json('GET', `/sms/transactions/get-transaction/${rowsOf[0].id}`);
    const detail = one.json().data as SmsTransactionDetail;
    expect(detail.history.map((h) => h.state)).toEqual(['queued', 'sent', 'delivered']);
    const counts = await owner.json('GET', '/sms/count');
    expect(counts.json().data).toMatchObject({ total: 1, sent: 1, processing: 0, scheduled: 0 });
    const totals = await owner.json('GET', '/sms/transactions/totals?type=7d');
    expect(totals.json().data.totals).toMatchObject({ recipients: 20, delivered: 20 });
    expect(totals.json().data.series).toHaveLength(7);
  });

  it('renders a personalised text for each recipient, holds its own parts, and lists the latest recipients', async () => {
    await inA((tx) => tx.execute(sql`update outreach_contacts set first_name = 'Wanjiru' where phone = '+254700000009'`));
    const long = ' and this part makes it run past one hundred and sixty characters for the longest name only, which the preview cannot see, because it renders the text for one sample contact only';
    const r = await owner.json('POST', '/sms/store', { message: `Hi {{ first_name }}{% if first_name == "Wanjiru" %}${long}{% endif %}`, audience: { contact_ids: [], segment_ids: [], numbers: ['+254700000009', '+254700000010'] }, ignore_quiet_hours: true });
    expect(r.statusCode, r.body).toBe(201);
    const id = r.json().data.id as number;
    await until(() => message(owner, id), (m) => m.status === 'completed' && m.counts.delivered === 2, 'the personalised send');
    const texts = at.received().filter((m) => m.to === '+254700000009' || m.to === '+254700000010').slice(-2).map((m) => m.message).sort();
    expect(texts).toEqual([`Hi Member`, `Hi Wanjiru${long}`].sort());
    const held = await inA((tx) => rows<{ units: string }>(tx, sql`select units::int::text as units from deliveries where send_id = ${id} order by address`));
    expect(held.map((h) => h.units)).toEqual(['2', '1']);
    const recent = (await owner.json('GET', '/sms/transactions/recent')).json().data as SmsTransactionRow[];
    expect(recent.length).toBeLessThanOrEqual(10);
    expect(recent.slice(0, 2).map((x) => x.message_id)).toEqual([id, id]);
    expect(recent.find((x) => x.phone === '+254700000009')?.body).toBe(`Hi Wanjiru${long}`);
    const undefinedVar = await owner.json('POST', '/sms/preview', { message: 'Hi {{ frist_name }}', audience: { numbers: ['+254700000009'] } });
    expect(undefinedVar.statusCode).toBe(422);
    expect(undefinedVar.json().errors.message).toBeDefined();
  });

  it('returns the credits of refused numbers at once and refunds those rejected after sending', async () => {
    at.setNumber('5', { refuse: 403 });
    at.setNumber('6', { report: 'Rejected', failureReason: 'UserInBlacklist' });
    const before = Number(await balance());
    const r = await owner.json('POST', '/sms/store', { message: 'Refunds', audience: { segment_ids: [], contact_ids: [], numbers: ['+254711000004', '+254711000005', '+254711000006'] }, ignore_quiet_hours: true });
    expect(r.statusCode, r.body).toBe(201);
    const id = r.json().data.id as number;
    const done = await until(() => message(owner, id), (m) => m.status === 'completed' && m.counts.rejected === 2 && m.counts.delivered === 1, 'refusal and rejection');
    expect(done.counts).toMatchObject({ delivered: 1, rejected: 2 });
    await deliveryEngine(t.app.ctx).sweep();
    expect(Number(await balance())).toBe(before - 1);
    const lines = await inA((tx) => rows<{ movement: string; credits: string }>(tx, sql`select movement, credits::text as credits from credit_movements where reference = ${`send:${id}`} order by id`));
    expect(lines.map((l) => l.movement)).toEqual(['reserve', 'settle', 'refund']);
    const refused = (await owner.json('GET', `/sms/transactions/json?message_id=${id}&state=rejected`)).json().data as SmsTransactionRow[];
    expect(refused.map((x) => x.reason).sort()).toEqual(['The phone number is not valid.', expect.stringMatching(/black/i)].sort());
    at.setNumber('5', {});
    at.setNumber('6', {});
  });

  it('pauses when the provider refuses the account, and resumes without sending anything twice', async () => {
    at.setNumber('7', { refuse: 405 });
    const r = await owner.json('POST', '/sms/store', { message: 'Balance', audience: { segment_ids: [], contact_ids: [], numbers: ['+254722000007', '+254722000008'] }, ignore_quiet_hours: true });
    const id = r.json().data.id as number;
    const paused = await until(() => message(owner, id), (m) => m.status === 'paused', 'the pause');
    expect(paused.pause_reason).toMatch(/balance/i);
    at.setNumber('7', {});
    const resumed = await owner.json('POST', `/sms/messages/resume/${id}`, {});
    expect(resumed.statusCode, resumed.body).toBe(200);
    await until(() => message(owner, id), (m) => m.status === 'completed' && m.counts.delivered === 2, 'the resumed send');
    expect(at.count('+254722000007')).toBe(1);
    expect(at.count('+254722000008')).toBe(1);
  });

  it('waits out a provider outage: never paused, nobody refused or charged twice, each sent once when it is back', async () => {
    // a sample small enough that the old rule (every failed request a refusal) would have paused it
    await inA((tx) => tx.execute(sql`insert into sms_settings (tenant_id, pause_min_sample) values (${tenantA}, 10) on conflict (tenant_id) do update set pause_min_sample = 10`));
    try {
      const numbers = Array.from({ length: 30 }, (_, i) => `+2547230000${String(i).padStart(2, '0')}`);
      at.outage(2_500);
      const r = await owner.json('POST', '/sms/store', { message: 'After the outage', audience: { segment_ids: [], contact_ids: [], numbers }, ignore_quiet_hours: true });
      expect(r.statusCode, r.body).toBe(201);
      const id = r.json().data.id as number;
      const seen = new Set<string>();
      const done = await until(
        async () => {
          const m = await message(owner, id);
          seen.add(m.status);
          return m;
        },
        (m) => m.status === 'completed' && m.counts.delivered === 30,
        'the send after the outage',
      );
      expect([...seen]).not.toContain('paused');
      expect(done.counts).toMatchObject({ delivered: 30, rejected: 0, failed: 0 });
      for (const n of numbers) expect(at.count(n)).toBe(1);
      // the outage was met: the recipients were refused by it at least once, and spent no attempt on it
      const [w] = await inA((tx) => rows<{ met: number; attempts: number }>(tx, sql`select count(*) filter (where refusals > 0)::int as met, max(attempts)::int as attempts from deliveries where send_id = ${id}`));
      expect(w.met).toBeGreaterThan(0);
      expect(w.attempts).toBe(1);
    } finally {
      await inA((tx) => tx.execute(sql`delete from sms_settings where tenant_id = ${tenantA}`));
    }
  });

  it('refuses a send the wallet cannot pay for and writes nothing', async () => {
    await inA((tx) => tx.execute(sql`insert into outreach_contacts (tenant_id, first_name, phone, consent_sms) select ${tenantA}, 'Bulk', '+25473' || lpad(i::text, 7, '0'), 'granted' from generate_series(1, 1200) i`));
    const [{ n: before }] = await inA((tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from sends`));
    const all = await owner.json('POST', '/segments/store', { name: 'Bulk', type: 'dynamic', rules: { match: 'all', rules: [{ kind: 'text', field: 'first_name', op: 'is', value: 'Bulk' }] } });
    const r = await owner.json('POST', '/sms/store', { message: 'x'.repeat(300), audience: { segment_ids: [all.json().data.id], contact_ids: [], numbers: [] } });
    expect(r.statusCode, r.body).toBe(402);
    expect(r.json().message).toMatch(/Not enough credits: this send needs 2400/);
    const [{ n }] = await inA((tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from sends`));
    expect(n).toBe(before);
  });

  it('answers bad input with 422 on the field', async () => {
    const none = await owner.json('POST', '/sms/store', { message: 'x', audience: { segment_ids: [], contact_ids: [], numbers: [] } });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.audience).toBeDefined();
    const past = await owner.json('POST', '/sms/store', { message: 'x', audience: { numbers: ['+254700000001'] }, scheduled_at: '2020-01-01T10:00' });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.scheduled_at).toBeDefined();
    const bad = await owner.json('POST', '/sms/store', { message: 'x', audience: { numbers: ['nonsense'] } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['audience.numbers']).toBeDefined();
    const empty = await owner.json('POST', '/sms/store', { message: '  ', audience: { numbers: ['+254700000001'] } });
    expect(empty.json().errors.message).toBeDefined();
  });

  it('schedules a send, lets it be edited and deleted before it starts, and gives its credits back', async () => {
    const before = await balance();
    const r = await owner.json('POST', '/sms/store', { message: 'Later', audience: { numbers: ['+254733000001'] }, scheduled_at: '2099-01-01T09:00' });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data.status).toBe('scheduled');
    const id = r.json().data.id as number;
    expect(Number(await balance())).toBe(Number(before) - 1);
    const edited = await owner.json('PUT', `/sms/messages/update/${id}`, { message: 'Later, edited', audience: { numbers: ['+254733000001', '+254733000002'] }, scheduled_at: '2099-01-02T09:00' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ status: 'scheduled', body: 'Later, edited', recipients: 2 });
    expect(Number(await balance())).toBe(Number(before) - 2);
    const gone = await owner.json('DELETE', `/sms/messages/delete/${edited.json().data.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await balance()).toBe(before);
    expect(at.count('+254733000001')).toBe(0);
  });

  it('waits for the end of quiet hours unless told otherwise', async () => {
    const [{ now }] = await inA((tx) => rows<{ now: string }>(tx, sql`select to_char(now() at time zone 'UTC' - interval '1 hour', 'HH24:MI') as now`));
    const [{ later }] = await inA((tx) => rows<{ later: string }>(tx, sql`select to_char(now() at time zone 'UTC' + interval '1 hour', 'HH24:MI') as later`));
    const saved = await owner.json('PUT', '/sms/settings', { quiet_hours_enabled: true, quiet_start: now, quiet_end: later, pause_error_rate: 20, pause_min_sample: 200, sender_ids: ['KAZI'] });
    expect(saved.statusCode, saved.body).toBe(200);
    const p = await owner.json('POST', '/sms/preview', { message: 'Night', audience: { numbers: ['+254744000001'] } });
    expect(p.json().data.quiet_until).not.toBeNull();
    const r = await owner.json('POST', '/sms/store', { message: 'Night', audience: { numbers: ['+254744000001'] } });
    const id = r.json().data.id as number;
    const waiting = await until(() => inA((tx) => rows<{ heartbeat_at: string | null }>(tx, sql`select heartbeat_at::text from sends where id = ${id}`)), (x) => x[0].heartbeat_at !== null && new Date(x[0].heartbeat_at).getTime() > Date.now() + 60_000, 'the wait');
    expect(waiting).toBeDefined();
    expect(at.count('+254744000001')).toBe(0);
    const now2 = await owner.json('POST', '/sms/store', { message: 'Urgent', audience: { numbers: ['+254744000002'] }, ignore_quiet_hours: true });
    await until(() => message(owner, now2.json().data.id), (m) => m.status === 'completed', 'the urgent send');
    expect(at.count('+254744000002')).toBe(1);
    await owner.json('POST', `/sms/messages/cancel/${id}`, {});
    await owner.json('PUT', '/sms/settings', { quiet_hours_enabled: false, quiet_start: '20:00', quiet_end: '08:00', pause_error_rate: 20, pause_min_sample: 200, sender_ids: ['KAZI'] });
  });

  it('keeps companies apart and checks permissions', async () => {
    const [{ id }] = await inA((tx) => rows<{ id: number }>(tx, sql`select id from sends order by id limit 1`));
    expect((await other.json('GET', `/sms/messages/get-message/${id}`)).statusCode).toBe(404);
    expect((await other.json('POST', `/sms/messages/pause/${id}`, {})).statusCode).toBe(404);
    expect((await other.json('GET', '/sms/transactions/json')).json().data).toEqual([]);
    expect((await other.json('POST', '/sms/preview', { message: 'x', audience: { segment_ids: [segmentId] } })).statusCode).toBe(422);
    expect((await accountant.json('GET', '/sms/messages/json')).statusCode).toBe(403);
    expect((await accountant.json('POST', '/sms/store', { message: 'x', audience: { numbers: ['+254700000001'] } })).statusCode).toBe(403);
  });
});

describe("Africa's Talking callbacks", () => {
  const post = (path: string, body: string) =>
    t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body });

  it('refuses a forged or another kind of address and changes nothing', async () => {
    const [row] = await inA((tx) => rows<{ provider_id: string; state: string }>(tx, sql`select provider_id, state from deliveries where provider_id is not null order by id limit 1`));
    const body = new URLSearchParams({ id: row.provider_id, status: 'Failed', phoneNumber: '+254700000001', failureReason: 'DeliveryFailure' }).toString();
    expect((await post(`/webhooks/sms/delivery/${tenantA}/forged`, body)).statusCode).toBe(400);
    const optOutAddress = secrets.url('/webhooks/sms/delivery', 'sms-optout', String(tenantA));
    expect((await post(optOutAddress, body)).statusCode).toBe(400);
    const otherTenant = secrets.url('/webhooks/sms/delivery', 'sms-delivery', String(tenantB));
    const foreign = await post(otherTenant, body);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json().found).toBe(false);
    const [after] = await inA((tx) => rows<{ state: string }>(tx, sql`select state from deliveries where provider_id = ${row.provider_id}`));
    expect(after.state).toBe(row.state);
  });

  it('records STOP and START as the contact’s SMS consent, and a bulk opt-out', async () => {
    const inbound = secrets.url('/webhooks/sms/inbound', 'sms-inbound', String(tenantA));
    const consent = async () => (await inA((tx) => rows<{ c: string }>(tx, sql`select consent_sms as c from outreach_contacts where phone = '+254700000002'`)))[0].c;
    const stop = await post(inbound, new URLSearchParams({ from: '+254700000002', to: '22384', text: ' stop ', date: '2026-11-24 10:00:00', id: 'in-1' }).toString());
    expect(stop.statusCode, stop.body).toBe(200);
    expect(await consent()).toBe('withdrawn');
    await post(inbound, new URLSearchParams({ from: '+254700000002', to: '22384', text: 'START', date: '2026-11-24 10:01:00', id: 'in-2' }).toString());
    expect(await consent()).toBe('granted');
    const chat = await post(inbound, new URLSearchParams({ from: '+254700000002', to: '22384', text: 'Please stop by tomorrow', id: 'in-3' }).toString());
    expect(chat.statusCode).toBe(200);
    expect(await consent()).toBe('granted');
    const optout = secrets.url('/webhooks/sms/optout', 'sms-optout', String(tenantA));
    await post(optout, new URLSearchParams({ senderId: 'KAZI', phoneNumber: '+254700000002' }).toString());
    expect(await consent()).toBe('withdrawn');
  });
});
