import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { addMember } from '../users/test-helpers.js';

/**
 * Segments/BulkOperations: one job per operation over a selection, in batches of 5,000, with
 * progress and a summary. 12,000 contacts in company A (so every operation takes three batches):
 * i = 1..12000, Nairobi when i <= 3000.
 */
let t: TestApp;
let owner: TestClient;
let clerk: TestClient;
let viewer: TestClient;
let other: TestClient;
let tenantA: number;
let otherSegment: number;
const N = 12_000;

const nairobi = { match: 'all', rules: [{ kind: 'text', field: 'location', op: 'is', value: 'Nairobi' }] };
const sqlA = <T>(q: ReturnType<typeof sql>) => withTenant(t.database, tenantA, (tx) => rows<T>(tx, q));

async function run(c: TestClient, body: Record<string, unknown>) {
  const res = await c.json('POST', '/segments/bulk-operations', body);
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json().data.id;
  for (const until = Date.now() + 30_000; Date.now() < until; ) {
    const s = (await c.get(`/segments/bulk-operations/${id}`, { json: true })).json().data;
    if (s.state === 'done' || s.state === 'failed') return s;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('bulk operation still running');
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Bulk A');
  const b = await seedTenant(t.database, 'Bulk B');
  tenantA = a.tenantId;
  await sqlA(sql`insert into outreach_contacts (tenant_id, first_name, last_name, phone, location, consent_sms)
    select ${tenantA}, 'Bulk', lpad(i::text, 5, '0'), '+2547' || lpad(i::text, 8, '0'), case when i <= 3000 then 'Nairobi' else 'Kisumu' end, 'granted'
      from generate_series(1, ${N}) i`);
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  // may update contacts and segments, but not delete or export contacts
  const role = await owner.json('POST', '/roles/store', { name: 'Clerk', permissions: ['contacts.view', 'contacts.update', 'segments.view', 'segments.update'] });
  const m = await addMember(t.database, tenantA, role.json().data.id, 'clerk@bulk-a.test');
  clerk = new TestClient(t.app);
  await clerk.login(m.email, m.password);
  const v = await addMember(t.database, tenantA, 'viewer', 'viewer@bulk-a.test');
  viewer = new TestClient(t.app);
  await viewer.login(v.email, v.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  otherSegment = (await other.json('POST', '/segments/store', { name: 'Theirs', type: 'static' })).json().data.id;
});
afterAll(async () => t?.close());

describe('bulk operations', () => {
  it('tags every contact matching rules in batches, with progress and a summary; a second run changes nothing', async () => {
    const done = await run(owner, { action: 'tag', selection: { matching: { match: 'all', rules: [] } }, tag: 'all' });
    expect(done).toMatchObject({ state: 'done', total: N, processed: N, changed: N, message: '12,000 contacts tagged (0 contacts already had the tag).' });
    const [{ n }] = await sqlA<{ n: number }>(sql`select count(*)::int as n from outreach_contacts where tags @> array['all']`);
    expect(n).toBe(N);
    const again = await run(clerk, { action: 'tag', selection: { matching: nairobi }, tag: 'all' });
    expect(again).toMatchObject({ processed: 3000, changed: 0 });
  });

  it("adds a dynamic segment's members to a static segment and keeps its size; refuses a dynamic target", async () => {
    const source = (await owner.json('POST', '/segments/store', { name: 'Nairobi', rules: nairobi })).json().data.id;
    const target = (await owner.json('POST', '/segments/store', { name: 'Picked', type: 'static' })).json().data.id;
    const done = await run(clerk, { action: 'add_to_segment', selection: { segment_id: source }, segment_id: target });
    expect(done).toMatchObject({ state: 'done', processed: 3000, changed: 3000 });
    expect((await owner.get(`/segments/get-segment/${target}`, { json: true })).json().data.size).toBe(3000);
    const dynamic = await owner.json('POST', '/segments/bulk-operations', { action: 'add_to_segment', selection: { segment_id: source }, segment_id: source });
    expect(dynamic.statusCode).toBe(422);
    const removed = await run(owner, { action: 'remove_from_segment', selection: { contact_ids: await firstIds(2) }, segment_id: target });
    expect(removed).toMatchObject({ changed: 2 });
    expect((await owner.get(`/segments/get-segment/${target}`, { json: true })).json().data.size).toBe(2998);
  });

  it('records consent for the selection as history, by the user', async () => {
    const done = await run(owner, { action: 'set_consent', selection: { matching: nairobi }, channel: 'sms', status: 'withdrawn' });
    expect(done).toMatchObject({ state: 'done', changed: 3000, message: 'Consent recorded for 3,000 contacts.' });
    const [h] = await sqlA<{ n: number; users: number }>(
      sql`select count(*)::int as n, count(distinct user_id)::int as users from contact_consent_events where method = 'manual' and status = 'withdrawn'`,
    );
    expect(h).toEqual({ n: 3000, users: 1 });
  });

  it('exports the selection to a CSV file, downloadable once done, under contacts.export', async () => {
    // the company's own fields are columns too, under their labels, after the standard ones
    expect((await owner.json('POST', '/contacts/fields/store', { key: 'ward', label: 'Ward', type: 'text' })).statusCode).toBe(201);
    await sqlA(sql`update outreach_contacts set custom = '{"ward":"Kilimani"}' where phone = '+254700000001'`);
    const done = await run(owner, { action: 'export', selection: { matching: nairobi } });
    expect(done).toMatchObject({ state: 'done', changed: 3000, download_url: `/segments/bulk-operations/${done.id}/download` });
    const file = await owner.get(done.download_url);
    expect(file.statusCode).toBe(200);
    const lines = file.body.replace(/^\ufeff/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('ID,First name,Last name,Phone,Email,Gender,Birthday,Location,Tags,Source,Consent sms,Consent email,Consent voice,Created at,Ward');
    expect(lines).toHaveLength(3001);
    expect(lines[1]).toContain('+254700000001');
    expect(lines[1].endsWith(',Kilimani')).toBe(true);
    expect(lines[2].endsWith(',')).toBe(true);
    expect((await clerk.get(done.download_url)).statusCode).toBe(403);
    expect((await clerk.json('POST', '/segments/bulk-operations', { action: 'export', selection: { matching: nairobi } })).statusCode).toBe(403);
  });

  it('deletes picked contacts only with contacts.delete; a Viewer may start nothing; another company sees nothing', async () => {
    const ids = await firstIds(3);
    // their histories go with them (a statement trigger: the histories keep no foreign key); a kept contact's stay
    const kept = (await firstIds(4))[3];
    await sqlA(sql`insert into contact_events (tenant_id, contact_id, type) select ${tenantA}, id, 'sms.delivered' from unnest(${sql.param([...ids, kept])}::bigint[]) id`);
    await sqlA(sql`insert into contact_consent_events (tenant_id, contact_id, channel, status, method) select ${tenantA}, id, 'sms', 'granted', 'manual' from unnest(${sql.param([...ids, kept])}::bigint[]) id`);
    expect((await clerk.json('POST', '/segments/bulk-operations', { action: 'delete', selection: { contact_ids: ids } })).statusCode).toBe(403);
    expect((await viewer.json('POST', '/segments/bulk-operations', { action: 'tag', selection: { contact_ids: ids }, tag: 'x' })).statusCode).toBe(403);
    const done = await run(owner, { action: 'delete', selection: { contact_ids: ids } });
    expect(done).toMatchObject({ state: 'done', changed: 3, message: '3 contacts deleted.' });
    const [{ n }] = await sqlA<{ n: number }>(sql`select count(*)::int as n from outreach_contacts`);
    expect(n).toBe(N - 3);
    const mine = sql.param([...ids, kept]);
    const left = await sqlA<{ contact_id: number }>(
      sql`select contact_id from contact_events where contact_id = any(${mine}::bigint[])
          union all select contact_id from contact_consent_events where contact_id = any(${mine}::bigint[]) and method = 'manual'`,
    );
    expect(new Set(left.map((r) => Number(r.contact_id)))).toEqual(new Set([kept]));
    // another company's segment as the selection, or its contacts by id, touch nothing here
    expect((await owner.json('POST', '/segments/bulk-operations', { action: 'tag', selection: { segment_id: otherSegment }, tag: 'x' })).statusCode).toBe(404);
    const foreign = await run(other, { action: 'tag', selection: { contact_ids: await firstIds(5) }, tag: 'foreign' });
    expect(foreign).toMatchObject({ processed: 0, changed: 0 });
    expect((await other.get(`/segments/bulk-operations/${done.id}`, { json: true })).statusCode).toBe(404);
  });

  it('serves Segments/BulkOperations with the company’s segments, preselecting one of its own only', async () => {
    const mine = (await owner.get('/segments/json', { json: true })).json().data[0].id;
    const page = (await owner.get(`/segments/bulk-operations?segment=${mine}`, { inertia: true })).json();
    expect(page.component).toBe('Segments/BulkOperations');
    expect(page.props.segment).toBe(mine);
    expect(page.props.segments.map((s: { id: number }) => s.id)).toContain(mine);
    expect((await owner.get(`/segments/bulk-operations?segment=${otherSegment}`, { inertia: true })).json().props.segment).toBeNull();
    expect((await viewer.get('/segments/bulk-operations', { inertia: true })).statusCode).toBe(403);
  });

  it('refuses a malformed operation with a 422 and queues nothing', async () => {
    const [{ before }] = await sqlA<{ before: number }>(sql`select count(*)::int as before from contact_bulk_operations`);
    for (const body of [{ action: 'tag', selection: { matching: nairobi } }, { action: 'explode', selection: { contact_ids: [1] } }, { action: 'set_consent', selection: { contact_ids: [1] }, channel: 'fax', status: 'granted' }]) {
      expect((await owner.json('POST', '/segments/bulk-operations', body)).statusCode).toBe(422);
    }
    const [{ after }] = await sqlA<{ after: number }>(sql`select count(*)::int as after from contact_bulk_operations`);
    expect(after).toBe(before);
  });
});

async function firstIds(n: number) {
  return (await sqlA<{ id: number }>(sql`select id from outreach_contacts order by id limit ${n}`)).map((r) => Number(r.id));
}
