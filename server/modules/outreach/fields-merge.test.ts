import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { addMember } from '../users/test-helpers.js';
import { recordContactEvents } from './events.js';

/** Custom contact fields, the pickers' search and merging two records of one person. */
let t: TestApp;
let owner: TestClient;
let viewer: TestClient;
let other: TestClient;
let tenantA: number;

const create = async (c: TestClient, body: Record<string, unknown>) => {
  const res = await c.json('POST', '/contacts/store', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number } & Record<string, unknown>;
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Fields A');
  const b = await seedTenant(t.database, 'Fields B');
  tenantA = a.tenantId;
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  const v = await addMember(t.database, tenantA, 'viewer', 'viewer@fields-a.test');
  viewer = new TestClient(t.app);
  await viewer.login(v.email, v.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
});
afterAll(async () => t?.close());

describe('custom contact fields', () => {
  it('defines fields per company and checks contacts’ values against them', async () => {
    expect((await owner.json('POST', '/contacts/fields/store', { key: 'pledge', label: 'Pledge', type: 'number' })).statusCode).toBe(201);
    expect((await owner.json('POST', '/contacts/fields/store', { key: 'branch', label: 'Branch', type: 'choice', choices: ['North', 'South'] })).statusCode).toBe(201);
    expect((await owner.json('POST', '/contacts/fields/store', { key: 'empty', label: 'Empty', type: 'choice' })).json().errors.choices).toBeDefined();
    expect((await owner.json('POST', '/contacts/fields/store', { key: 'pledge', label: 'Again', type: 'text' })).json().errors.key).toEqual(['A field with this key already exists.']);
    expect((await owner.json('POST', '/contacts/fields/store', { key: '1bad key', label: 'Bad', type: 'text' })).statusCode).toBe(422);
    expect((await viewer.json('POST', '/contacts/fields/store', { key: 'v', label: 'V', type: 'text' })).statusCode).toBe(403);
    // another company has none of them
    expect((await other.get('/contacts/fields/json', { json: true })).json().total).toBe(0);

    const c = await create(owner, { first_name: 'Custom', email: 'custom@example.org', custom: { pledge: '1500', branch: 'north' } });
    expect(c.custom).toEqual({ pledge: 1500, branch: 'North' });
    const bad = await owner.json('POST', '/contacts/store', { first_name: 'Bad', email: 'bad@example.org', custom: { pledge: 'lots', branch: 'East', colour: 'red' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      'custom.pledge': ['The Pledge field must be a number.'],
      'custom.branch': ['The Branch field must be one of: North, South.'],
      'custom.colour': ['There is no contact field "colour".'],
    });
    // an update joins its values to the stored ones; null clears one
    const upd = await owner.json('PUT', `/contacts/update/${c.id}`, { custom: { branch: null } });
    expect(upd.json().data.custom).toEqual({ pledge: 1500 });
    // a segment rule on the number
    const count = await owner.json('POST', '/segments/count', { rules: { match: 'all', rules: [{ kind: 'custom', key: 'pledge', op: 'gte', value: 1000 }] } });
    expect(count.json().data.count).toBe(1);
  });
});

describe('contacts search for pickers', () => {
  it('answers the first matches by name, phone or e-mail fragment, in the company only', async () => {
    await create(owner, { first_name: 'Pickme', last_name: 'Please', phone: '+254722123456' });
    await create(other, { first_name: 'Pickme', last_name: 'Other', phone: '+254722123456' });
    const byName = (await owner.get('/contacts/search?search=pickme', { json: true })).json().data;
    expect(byName).toEqual([{ id: expect.any(Number), name: 'Pickme Please', phone: '+254722123456', email: null }]);
    expect((await owner.get('/contacts/search?search=2212345', { json: true })).json().data).toHaveLength(1);
    expect((await owner.get('/contacts/search?campaignId=x', { json: true })).statusCode).toBe(422);
  });

  it('are found by the top bar search (Ctrl K) too, for whoever may view contacts', async () => {
    const groups = (await owner.get('/search/json?q=722123', { json: true })).json().data as { kind: string; items: { title: string; href: string }[] }[];
    const contacts = groups.find((g) => g.kind === 'contacts');
    expect(contacts?.items).toEqual([expect.objectContaining({ title: 'Pickme Please', href: expect.stringMatching(/^\/contacts\/\d+$/) })]);
    const accountant = await addMember(t.database, tenantA, 'accountant', 'accountant@fields-a.test');
    const books = new TestClient(t.app);
    await books.login(accountant.email, accountant.password);
    const theirs = (await books.get('/search/json?q=722123', { json: true })).json().data as { kind: string }[];
    expect(theirs.map((g) => g.kind)).not.toContain('contacts');
  });
});

describe('merging two records of one person', () => {
  it('keeps one, with the other’s history, segments, tags and empty fields, and the latest consent', async () => {
    const keep = await create(owner, { first_name: 'Wanjiru', phone: '+254733111222', tags: ['donor'], consent_sms: 'granted' });
    const gone = await create(owner, { first_name: 'W.', last_name: 'Kamau', email: 'wanjiru@example.org', tags: ['Donor', 'volunteer'], consent_email: 'granted' });
    // the duplicate later withdrew SMS consent: the latest entry wins after the merge
    await new Promise((r) => setTimeout(r, 5));
    expect((await owner.json('PUT', `/contacts/update/${gone.id}`, { consent_sms: 'withdrawn' })).statusCode).toBe(200);
    const picked = (await owner.json('POST', '/segments/store', { name: 'Picked', type: 'static' })).json().data.id;
    await owner.json('POST', `/segments/add-contacts/${picked}`, { contact_ids: [gone.id] });
    await withTenant(t.database, tenantA, (tx) => recordContactEvents(tx, tenantA, [{ contactId: gone.id, type: 'sms.delivered' }]));

    expect((await viewer.json('POST', '/contacts/merge', { keep_id: keep.id, merge_id: gone.id })).statusCode).toBe(403);
    expect((await owner.json('POST', '/contacts/merge', { keep_id: keep.id, merge_id: keep.id })).statusCode).toBe(422);
    const res = await owner.json('POST', '/contacts/merge', { keep_id: keep.id, merge_id: gone.id });
    expect(res.statusCode).toBe(200);

    const merged = (await owner.get(`/contacts/get-contact/${keep.id}`, { json: true })).json().data;
    expect(merged).toMatchObject({ first_name: 'Wanjiru', last_name: 'Kamau', phone: '+254733111222', email: 'wanjiru@example.org', tags: ['donor', 'volunteer'], consent_sms: 'withdrawn', consent_email: 'granted' });
    expect((await owner.get(`/contacts/get-contact/${gone.id}`, { json: true })).statusCode).toBe(404);
    const [h] = await withTenant(t.database, tenantA, (tx) =>
      rows<{ consent: number; events: number; member: number }>(
        tx,
        sql`select (select count(*)::int from contact_consent_events where contact_id = ${keep.id}) as consent,
                   (select count(*)::int from contact_events where contact_id = ${keep.id}) as events,
                   (select count(*)::int from segment_contacts where contact_id = ${keep.id} and segment_id = ${picked}) as member`,
      ),
    );
    expect(h).toEqual({ consent: 3, events: 1, member: 1 });
    // another company's contact cannot be merged in
    const foreign = await create(other, { first_name: 'Foreign', email: 'foreign@example.org' });
    expect((await owner.json('POST', '/contacts/merge', { keep_id: keep.id, merge_id: foreign.id })).statusCode).toBe(404);
  });
});
