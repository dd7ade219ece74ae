import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenancy.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { roles } from '../tenancy/schema.js';
import { addMember } from '../users/test-helpers.js';
import { lift, suppress } from './consent.js';
import { recordContactEvents } from './events.js';

/** The outreach pages (PAGES.md Contacts/*, Segments/*) and the contact timeline. */
let t: TestApp;
let owner: TestClient;
let reader: TestClient;
let tenantA: number;
let amina: number;
let brian: number;
let kito: number;
let vip: number;
let picked: number;
let foreignContact: number;
let foreignSegment: number;

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Pages A');
  const b = await seedTenant(t.database, 'Pages B');
  tenantA = a.tenantId;
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  const other = new TestClient(t.app);
  await other.login(b.email, b.password);

  const make = async (c: TestClient, url: string, body: Record<string, unknown>) => {
    const res = await c.json('POST', url, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  amina = await make(owner, '/contacts/store', { first_name: 'Amina', last_name: 'Otieno', phone: '+254712345678', tags: ['vip'] });
  kito = await make(owner, '/accounting/contacts/store', { type: 'customer', name: 'Kito Bakery' });
  brian = await make(owner, '/contacts/store', { first_name: 'Brian', email: 'brian@example.test', accounting_contact_id: kito });
  vip = await make(owner, '/segments/store', { name: 'VIPs', type: 'dynamic', rules: { match: 'all', rules: [{ kind: 'tags', op: 'has_any', value: ['vip'] }] } });
  picked = await make(owner, '/segments/store', { name: 'Picked', type: 'static' });
  expect((await owner.json('POST', `/segments/add-contacts/${picked}`, { contact_ids: [brian] })).statusCode).toBe(200);
  foreignContact = await make(other, '/contacts/store', { first_name: 'Beta', phone: '+14155552671' });
  foreignSegment = await make(other, '/segments/store', { name: 'Beta segment', type: 'static' });

  // 25 events: two pages of the timeline
  await withTenant(t.database, tenantA, (tx) =>
    recordContactEvents(
      tx,
      tenantA,
      Array.from({ length: 25 }, (_, i) => ({ contactId: amina, type: 'sms.sent', occurredAt: new Date(Date.UTC(2026, 0, 1, 0, i)), data: { n: i } })),
    ),
  );

  const [role] = await withTenant(t.database, tenantA, (tx) =>
    tx.insert(roles).values({ tenantId: tenantA, name: 'Outreach reader', slug: 'outreach-reader', permissions: ['contacts.view', 'segments.view'] }).returning({ id: roles.id }),
  );
  const m = await addMember(t.database, tenantA, role.id, 'reader@pages-a.test');
  reader = new TestClient(t.app);
  await reader.login(m.email, m.password);
});
afterAll(async () => t?.close());

const page = async (c: TestClient, url: string) => {
  const res = await c.get(url, { inertia: true });
  return { status: res.statusCode, component: res.statusCode === 200 ? (res.json().component as string) : null, props: res.statusCode === 200 ? res.json().props : null };
};

describe('contact pages', () => {
  it('renders Contacts/Index, Create, Show (with its segments, static and dynamic, and its customer) and Edit', async () => {
    expect((await page(owner, '/contacts')).component).toBe('Contacts/Index');
    expect((await page(owner, '/contacts/create')).component).toBe('Contacts/Create');
    const show = await page(owner, `/contacts/${amina}`);
    expect(show.component).toBe('Contacts/Show');
    expect(show.props.contact).toMatchObject({ id: amina, name: 'Amina Otieno', phone: '+254712345678', tags: ['vip'] });
    expect(show.props.segments).toEqual([{ id: vip, name: 'VIPs', type: 'dynamic' }]);
    expect(show.props.segments_partial).toBe(false);
    expect(show.props.linked).toBeNull();
    const linked = await page(owner, `/contacts/${brian}`);
    expect(linked.props.segments).toEqual([{ id: picked, name: 'Picked', type: 'static' }]);
    expect(linked.props.linked).toEqual({ id: kito, name: 'Kito Bakery', type: 'customer' });
    expect((await page(owner, `/contacts/${brian}/edit`)).props.linked).toEqual({ id: kito, name: 'Kito Bakery', type: 'customer' });
    const edit = await page(owner, `/contacts/${amina}/edit`);
    expect(edit.component).toBe('Contacts/Edit');
    expect(edit.props.contact.id).toBe(amina);
  });

  it('shows the channels closed for a contact with their reason, and no longer once lifted', async () => {
    expect((await page(owner, `/contacts/${brian}`)).props.suppressions).toEqual([]);
    await withTenant(t.database, tenantA, (tx) => suppress(tx, tenantA, [{ contactId: brian, channel: 'email', reason: 'bounced', detail: 'Mailbox does not exist' }]));
    expect((await page(owner, `/contacts/${brian}`)).props.suppressions).toEqual([{ channel: 'email', reason: 'bounced', detail: 'Mailbox does not exist' }]);
    // another contact's suppression is not this one's
    expect((await page(owner, `/contacts/${amina}`)).props.suppressions).toEqual([]);
    await withTenant(t.database, tenantA, (tx) => lift(tx, tenantA, [brian], 'email'));
    expect((await page(owner, `/contacts/${brian}`)).props.suppressions).toEqual([]);
  });

  it("answers 404 for another company's contact, an unknown id and a word, on Show, Edit and the timeline", async () => {
    for (const id of [String(foreignContact), '999999', 'abc']) {
      expect((await page(owner, `/contacts/${id}`)).status, id).toBe(404);
      expect((await page(owner, `/contacts/${id}/edit`)).status, id).toBe(404);
      expect((await owner.get(`/contacts/${id}/timeline`, { json: true })).statusCode, id).toBe(404);
    }
  });

  it('keeps Create and Edit to those who may write, and the pages to those who may view', async () => {
    expect((await page(reader, '/contacts')).component).toBe('Contacts/Index');
    expect((await page(reader, `/contacts/${amina}`)).component).toBe('Contacts/Show');
    expect((await page(reader, '/contacts/create')).status).toBe(403);
    expect((await page(reader, `/contacts/${amina}/edit`)).status).toBe(403);
  });

  it('answers the timeline newest first, 20 a page, as a paginator', async () => {
    const first = (await reader.get(`/contacts/${amina}/timeline`, { json: true })).json();
    expect(first).toMatchObject({ total: 25, per_page: 20, current_page: 1, last_page: 2 });
    expect(first.data).toHaveLength(20);
    expect(first.data[0]).toMatchObject({ type: 'sms.sent', occurred_at: '2026-01-01T00:24:00Z', data: { n: 24 } });
    const second = (await reader.get(`/contacts/${amina}/timeline?page=2`, { json: true })).json();
    expect(second.data.map((e: { data: { n: number } }) => e.data.n)).toEqual([4, 3, 2, 1, 0]);
    const empty = (await reader.get(`/contacts/${brian}/timeline`, { json: true })).json();
    expect(empty).toMatchObject({ total: 0, data: [] });
  });
});

describe('segment pages', () => {
  it('renders Segments/Index, Create, Show and Edit with the segment, and ContactSelection with the static segments', async () => {
    expect((await page(owner, '/segments')).component).toBe('Segments/Index');
    expect((await page(owner, '/segments/create')).component).toBe('Segments/Create');
    const show = await page(owner, `/segments/${vip}`);
    expect(show.component).toBe('Segments/Show');
    expect(show.props.segment).toMatchObject({ id: vip, name: 'VIPs', type: 'dynamic', size: 1 });
    const edit = await page(owner, `/segments/${vip}/edit`);
    expect(edit.component).toBe('Segments/Edit');
    expect(edit.props.segment.rules).toEqual({ match: 'all', rules: [{ kind: 'tags', op: 'has_any', value: ['vip'] }] });
    const selection = await page(owner, `/segments/contact-selection?segment=${picked}`);
    expect(selection.component).toBe('Segments/ContactSelection');
    expect(selection.props).toMatchObject({ segments: [{ id: picked, name: 'Picked' }], segment: picked });
    // a dynamic segment, or another company's, is not a default
    expect((await page(owner, `/segments/contact-selection?segment=${vip}`)).props.segment).toBeNull();
    expect((await page(owner, `/segments/contact-selection?segment=${foreignSegment}`)).props.segment).toBeNull();
  });

  it("answers 404 for another company's segment on Show and Edit", async () => {
    for (const id of [String(foreignSegment), '999999', 'abc']) {
      expect((await page(owner, `/segments/${id}`)).status, id).toBe(404);
      expect((await page(owner, `/segments/${id}/edit`)).status, id).toBe(404);
    }
  });

  it('keeps Create, Edit and ContactSelection to those who may write', async () => {
    expect((await page(reader, '/segments')).component).toBe('Segments/Index');
    expect((await page(reader, `/segments/${vip}`)).component).toBe('Segments/Show');
    for (const url of ['/segments/create', `/segments/${vip}/edit`, '/segments/contact-selection']) expect((await page(reader, url)).status, url).toBe(403);
  });
});
