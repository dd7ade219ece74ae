import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { addMember } from '../users/test-helpers.js';
import { suppress } from './consent.js';
import { recordContactEvents } from './events.js';

/**
 * Segments (SPEC §2, §7 /segments/*): rules compiled to SQL (nested AND/OR), static picks, the
 * live count, the dashboard's statistics, activity logs and analytics, and the rule that a
 * suppressed contact is never in any segment's sendable set.
 *
 * 40 contacts in company A: i = 1..40, tag "even" on even i, tag "vip" when i % 5 = 0, city
 * Nairobi when i <= 10, SMS consent granted when i is odd, e-mail consent granted for all.
 */
let t: TestApp;
let owner: TestClient;
let viewer: TestClient;
let other: TestClient;
let tenantA: number;
let ids: number[] = [];
let otherSegment: number;

const store = (c: TestClient, body: Record<string, unknown>) => c.json('POST', '/segments/store', body);
const count = async (rules: unknown) => {
  const res = await owner.json('POST', '/segments/count', { rules });
  expect(res.statusCode).toBe(200);
  return res.json().data as { count: number; sendable: Record<string, number> };
};
const range = (pred: (i: number) => boolean) => Array.from({ length: 40 }, (_, k) => k + 1).filter(pred).length;

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Segments A');
  const b = await seedTenant(t.database, 'Segments B');
  tenantA = a.tenantId;
  ids = await withTenant(t.database, a.tenantId, async (tx) =>
    (
      await rows<{ id: number }>(
        tx,
        sql`insert into outreach_contacts (tenant_id, first_name, last_name, phone, email, location, tags, consent_sms, consent_email, custom, created_at)
            select ${a.tenantId}, 'Person', lpad(i::text, 2, '0'), '+2547000000' || lpad(i::text, 2, '0'), 'p' || i || '@example.test',
                   case when i <= 10 then 'Nairobi' else 'Mombasa' end,
                   array_remove(array[case when i % 2 = 0 then 'even' end, case when i % 5 = 0 then 'vip' end], null),
                   case when i % 2 = 1 then 'granted' else 'unknown' end, 'granted',
                   jsonb_build_object('score', i),
                   now() - make_interval(days => i)
              from generate_series(1, 40) i order by i returning id`,
      )
    ).map((r) => r.id),
  );
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  const v = await addMember(t.database, a.tenantId, 'viewer', 'viewer@segments-a.test');
  viewer = new TestClient(t.app);
  await viewer.login(v.email, v.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  otherSegment = (await store(other, { name: 'Theirs', rules: { match: 'all', rules: [] } })).json().data.id;
});
afterAll(async () => t?.close());

describe('rules compiled to one SQL condition', () => {
  it('counts nested AND/OR groups live, with how many may be sent to per channel', async () => {
    // (vip OR in Nairobi) AND score > 4
    const rules = {
      match: 'all',
      rules: [
        { match: 'any', rules: [{ kind: 'tags', op: 'has_any', value: ['vip'] }, { kind: 'text', field: 'location', op: 'is', value: 'nairobi' }] },
        { kind: 'custom', key: 'score', op: 'gt', value: 4 },
      ],
    };
    const expected = (i: number) => (i % 5 === 0 || i <= 10) && i > 4;
    const got = await count(rules);
    expect(got.count).toBe(range(expected));
    expect(got.sendable).toEqual({ sms: range((i) => expected(i) && i % 2 === 1), email: range(expected), voice: 0 });
  });

  it('matches text, dates, tags, consent and activity conditions', async () => {
    expect((await count({ match: 'all', rules: [{ kind: 'text', field: 'email', op: 'starts_with', value: 'p1' }] })).count).toBe(range((i) => String(i).startsWith('1')));
    expect((await count({ match: 'all', rules: [{ kind: 'date', field: 'created_at', op: 'in_last_days', value: 5 }] })).count).toBe(5);
    expect((await count({ match: 'all', rules: [{ kind: 'tags', op: 'has_all', value: ['even', 'vip'] }] })).count).toBe(range((i) => i % 10 === 0));
    expect((await count({ match: 'all', rules: [{ kind: 'tags', op: 'has_none', value: ['even'] }] })).count).toBe(20);
    expect((await count({ match: 'all', rules: [{ kind: 'consent', channel: 'sms', op: 'is', value: 'granted' }] })).count).toBe(20);
    await withTenant(t.database, tenantA, (tx) =>
      recordContactEvents(tx, tenantA, [
        { contactId: ids[0], type: 'sms.sent' },
        { contactId: ids[1], type: 'sms.sent', occurredAt: new Date(Date.now() - 40 * 86_400_000) },
      ]),
    );
    expect((await count({ match: 'all', rules: [{ kind: 'activity', type: 'sms.sent', op: 'happened', within_days: 30 }] })).count).toBe(1);
    expect((await count({ match: 'all', rules: [{ kind: 'activity', type: 'sms.sent', op: 'happened' }] })).count).toBe(2);
    expect((await count({ match: 'all', rules: [{ kind: 'activity', type: 'sms.sent', op: 'not_happened', within_days: 30 }] })).count).toBe(39);
  });

  it('refuses incomplete or unknown conditions with a 422 naming where, and changes nothing', async () => {
    const missing = await owner.json('POST', '/segments/count', { rules: { match: 'all', rules: [{ kind: 'text', field: 'email', op: 'is' }] } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors['rules.rules.0.value']).toEqual(['The value field is required.']);
    const injected = await owner.json('POST', '/segments/count', { rules: { match: 'all', rules: [{ kind: 'text', field: 'email; drop table users', op: 'is', value: 'x' }] } });
    expect(injected.statusCode).toBe(422);
    const wrongDays = await store(owner, { name: 'Bad', rules: { match: 'all', rules: [{ kind: 'date', field: 'birthday', op: 'in_last_days', value: '2026-01-01' }] } });
    expect(wrongDays.statusCode).toBe(422);
    const list = (await owner.get('/segments/json', { json: true })).json();
    expect(list.data.map((s: { name: string }) => s.name)).not.toContain('Bad');
  });
});

describe('segments resource and static picks', () => {
  let dynamicId: number;
  let staticId: number;

  it('stores a dynamic segment with its size, and lists, reads and updates it', async () => {
    const res = await store(owner, { name: 'Nairobi', rules: { match: 'all', rules: [{ kind: 'text', field: 'location', op: 'is', value: 'Nairobi' }] } });
    expect(res.statusCode).toBe(201);
    dynamicId = res.json().data.id;
    expect(res.json().data).toMatchObject({ name: 'Nairobi', type: 'dynamic', size: 10 });
    const upd = await owner.json('PUT', `/segments/update/${dynamicId}`, { rules: { match: 'all', rules: [{ kind: 'text', field: 'location', op: 'is', value: 'Mombasa' }] } });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data.size).toBe(30);
    expect((await owner.get(`/segments/get-segment/${dynamicId}`, { json: true })).json().data.size).toBe(30);
  });

  it('refuses a segment that includes itself, or a segment of another company', async () => {
    const self = await owner.json('PUT', `/segments/update/${dynamicId}`, { rules: { match: 'all', rules: [{ kind: 'segment', op: 'in', value: dynamicId }] } });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.rules[0]).toMatch(/itself/);
    const foreign = await store(owner, { name: 'Foreign', rules: { match: 'all', rules: [{ kind: 'segment', op: 'in', value: otherSegment }] } });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.rules).toEqual(['The selected segment is invalid.']);
  });

  it('picks contacts into a static segment by id or by "all matching", and takes them out', async () => {
    staticId = (await store(owner, { name: 'Picked', type: 'static' })).json().data.id;
    const byId = await owner.json('POST', `/segments/add-contacts/${staticId}`, { contact_ids: [ids[0], ids[1], ids[1]] });
    expect(byId.json().data).toEqual({ changed: 2, size: 2 });
    const all = await owner.json('POST', `/segments/add-contacts/${staticId}`, { matching: { match: 'all', rules: [{ kind: 'tags', op: 'has_any', value: ['vip'] }] } });
    expect(all.json().data).toEqual({ changed: 8, size: 10 });
    const out = await owner.json('POST', `/segments/remove-contacts/${staticId}`, { contact_ids: [ids[0]] });
    expect(out.json().data).toEqual({ changed: 1, size: 9 });
    // a segment of picked contacts used inside a dynamic one
    expect((await count({ match: 'all', rules: [{ kind: 'segment', op: 'in', value: staticId }, { kind: 'tags', op: 'has_any', value: ['even'] }] })).count).toBe(
      [2, 5, 10, 15, 20, 25, 30, 35, 40].filter((i) => i % 2 === 0).length,
    );
    const dynamicPick = await owner.json('POST', `/segments/add-contacts/${dynamicId}`, { contact_ids: [ids[0]] });
    expect(dynamicPick.statusCode).toBe(422);
    // another company's contacts are never picked
    const foreignPick = await other.json('POST', `/segments/add-contacts/${staticId}`, { contact_ids: [ids[2]] });
    expect(foreignPick.statusCode).toBe(404);
  });

  it("answers 404 for another company's segment and 403 to a Viewer's writes", async () => {
    expect((await owner.get(`/segments/get-segment/${otherSegment}`, { json: true })).statusCode).toBe(404);
    expect((await owner.get(`/segments/statistics/${otherSegment}`, { json: true })).statusCode).toBe(404);
    expect((await owner.get(`/segments/activity-logs/${otherSegment}`, { json: true })).statusCode).toBe(404);
    expect((await owner.get(`/segments/analytics/${otherSegment}`, { json: true })).statusCode).toBe(404);
    expect((await owner.json('DELETE', `/segments/delete/${otherSegment}`)).statusCode).toBe(404);
    expect((await viewer.get(`/segments/statistics/${dynamicId}`, { json: true })).statusCode).toBe(200);
    expect((await store(viewer, { name: 'V' })).statusCode).toBe(403);
    expect((await viewer.json('POST', `/segments/add-contacts/${staticId}`, { contact_ids: [ids[3]] })).statusCode).toBe(403);
    expect((await viewer.json('POST', '/segments/count', { rules: { match: 'all', rules: [] } })).statusCode).toBe(403);
    expect((await viewer.json('DELETE', `/segments/delete/${staticId}`)).statusCode).toBe(403);
  });

  it("keeps a suppressed contact out of every segment's sendable set, whatever its consent", async () => {
    // contact 5: SMS consent granted, vip, in Nairobi; member of the static segment and of "everyone"
    const contact = ids[4];
    const everyone = (await store(owner, { name: 'Everyone', rules: { match: 'all', rules: [] } })).json().data.id;
    const before = {
      everyone: (await owner.get(`/segments/statistics/${everyone}`, { json: true })).json().data,
      picked: (await owner.get(`/segments/statistics/${staticId}`, { json: true })).json().data,
    };
    await withTenant(t.database, tenantA, (tx) => suppress(tx, tenantA, [{ contactId: contact, channel: 'sms', reason: 'unsubscribed' }]));
    const after = {
      everyone: (await owner.get(`/segments/statistics/${everyone}`, { json: true })).json().data,
      picked: (await owner.get(`/segments/statistics/${staticId}`, { json: true })).json().data,
    };
    for (const k of ['everyone', 'picked'] as const) {
      expect(after[k].size).toBe(before[k].size);
      expect(after[k].reachable.sms).toBe(before[k].reachable.sms - 1);
      expect(after[k].opted_out.sms).toBe(before[k].opted_out.sms + 1);
      expect(after[k].reachable.email).toBe(before[k].reachable.email);
    }
    // and a rule that asks for it explicitly ("may be sent SMS") leaves it out too
    const sendable = await count({ match: 'all', rules: [{ kind: 'sendable', channel: 'sms', op: 'is' }] });
    expect(sendable.count).toBe(19);
  });
});

describe('the segment dashboard', () => {
  let segmentId: number;

  beforeAll(async () => {
    segmentId = (await store(owner, { name: 'Nairobi dash', rules: { match: 'all', rules: [{ kind: 'text', field: 'location', op: 'is', value: 'Nairobi' }] } })).json().data.id;
    await withTenant(t.database, tenantA, (tx) =>
      recordContactEvents(tx, tenantA, [
        ...Array.from({ length: 25 }, (_, k) => ({ contactId: ids[k % 10], type: 'email.opened', occurredAt: new Date(Date.now() - (k % 3) * 86_400_000) })),
        { contactId: ids[20], type: 'email.opened' }, // not a member
        { contactId: ids[2], type: 'sms.delivered', occurredAt: new Date(Date.now() - 20 * 86_400_000) },
      ]),
    );
  });

  it('answers statistics for the last 7 days by default, or for given dates', async () => {
    const res = await owner.get(`/segments/statistics/${segmentId}`, { json: true });
    expect(res.statusCode).toBe(200);
    // members 1..10, created i days ago: 6 of them in the last 7 days (1..6, the 7th exactly at the edge is out)
    expect(res.json().data).toMatchObject({ size: 10, growth: 6, reachable: { sms: 4, email: 10, voice: 0 } });
    const wide = await owner.get(`/segments/statistics/${segmentId}?date_range=30`, { json: true });
    expect(wide.json().data.growth).toBe(10);
    const bad = await owner.get(`/segments/statistics/${segmentId}?start_date=2026-02-30`, { json: true });
    expect(bad.statusCode).toBe(422);
    const reversed = await owner.get(`/segments/statistics/${segmentId}?start_date=2026-11-20&end_date=2026-11-01`, { json: true });
    expect(reversed.statusCode).toBe(422);
  });

  it("lists the members' activity newest first, 20 per page, filtered by type and dates", async () => {
    // 25 opens by members, and the SMS sent to contact 1 earlier in this file; not the non-member's open
    const first = (await owner.get(`/segments/activity-logs/${segmentId}`, { json: true })).json();
    expect(first).toMatchObject({ current_page: 1, per_page: 20, total: 26, last_page: 2 });
    expect(first.data).toHaveLength(20);
    expect(first.data[0]).toMatchObject({ contact_name: expect.stringMatching(/^Person \d\d$/) });
    const opens = (await owner.get(`/segments/activity-logs/${segmentId}?activity_type=email.opened&page=2`, { json: true })).json();
    expect(opens).toMatchObject({ current_page: 2, total: 25 });
    expect(opens.data).toHaveLength(5);
    const times = first.data.map((e: { occurred_at: string }) => e.occurred_at);
    expect([...times].sort().reverse()).toEqual(times);
    const smsMonth = (await owner.get(`/segments/activity-logs/${segmentId}?activity_type=sms.delivered&date_range=30`, { json: true })).json();
    expect(smsMonth.total).toBe(1);
    expect((await owner.get(`/segments/activity-logs/${segmentId}?activity_type=DROP`, { json: true })).statusCode).toBe(422);
  });

  it('answers chart series per day: members joined and events by type', async () => {
    const res = (await owner.get(`/segments/analytics/${segmentId}?period=day`, { json: true })).json().data;
    expect(res.period).toBe('day');
    expect(res.labels.length).toBeGreaterThanOrEqual(3);
    expect(res.activity['email.opened'].reduce((a: number, b: number) => a + b, 0)).toBe(25);
    expect(res.joined.reduce((a: number, b: number) => a + b, 0)).toBe(6);
    expect((await owner.get(`/segments/analytics/${segmentId}?period=year`, { json: true })).statusCode).toBe(422);
  });
});
