import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { addMember } from '../users/test-helpers.js';
import { contacts } from '../accounting/schema.js';
import { lift, recordConsent, sendableCondition, suppress } from './consent.js';
import { recordContactEvents } from './events.js';
import { outreachContacts } from './schema.js';
import { parseCsv } from '../../http/import/csv.js';
import { readXlsx } from '../../http/import/xlsx.js';

/** Outreach contacts (SPEC §2, §7 /contacts/*): the resource, consent and its history, the sendable rule, the timeline writer. */
let t: TestApp;
let owner: TestClient;
let viewer: TestClient;
let other: TestClient;
let tenantA: number;
let tenantB: number;
let otherContact: number;

const create = (c: TestClient, body: Record<string, unknown>) => c.json('POST', '/contacts/store', body);
const count = async (tenantId: number, where = sql`true`) =>
  (await withTenant(t.database, tenantId, (tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from outreach_contacts where ${where}`)))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Outreach A');
  const b = await seedTenant(t.database, 'Outreach B');
  tenantA = a.tenantId;
  tenantB = b.tenantId;
  // a Kenyan company: national numbers are read as +254
  await t.database.query(`update tenants set settings = settings || '{"country":"KE"}'::jsonb where id = $1`, [tenantA]);
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  const v = await addMember(t.database, tenantA, 'viewer', 'viewer@outreach-a.test');
  viewer = new TestClient(t.app);
  await viewer.login(v.email, v.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  const res = await create(other, { first_name: 'Beta', phone: '+14155552671' });
  expect(res.statusCode).toBe(201);
  otherContact = res.json().data.id;
});
afterAll(async () => t?.close());

describe('contacts resource (/contacts)', () => {
  it('stores the phone in E.164 read against the company country, and records a consent given with its history', async () => {
    const res = await create(owner, { first_name: 'Amina', last_name: 'Otieno', phone: '0712 345 678', email: ' Amina@Example.TEST ', tags: ['VIP', 'vip', 'donor'], consent_sms: 'granted' });
    expect(res.statusCode).toBe(201);
    const c = res.json().data;
    expect(c).toMatchObject({ name: 'Amina Otieno', phone: '+254712345678', email: 'amina@example.test', tags: ['VIP', 'donor'], consent_sms: 'granted', consent_email: 'unknown' });
    const history = await withTenant(t.database, tenantA, (tx) =>
      rows<{ channel: string; status: string; method: string; user_id: number }>(tx, sql`select channel, status, method, user_id from contact_consent_events where contact_id = ${c.id}`),
    );
    expect(history).toEqual([{ channel: 'sms', status: 'granted', method: 'manual', user_id: expect.any(Number) }]);
    const got = await owner.get(`/contacts/get-contact/${c.id}`, { json: true });
    expect(got.json().data.phone).toBe('+254712345678');
  });

  it('refuses a bad phone, an unreachable contact and a duplicate (in another spelling) with a 422 naming the field, writing nothing', async () => {
    const before = await count(tenantA);
    const bad = await create(owner, { first_name: 'X', phone: '12' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.phone).toEqual(['The phone field must be a valid phone number.']);
    const none = await create(owner, { first_name: 'Nobody' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.phone).toEqual(['A contact needs a phone number or an email address.']);
    const dup = await create(owner, { first_name: 'Again', phone: '+254 712-345-678' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.phone).toEqual(['A contact with this phone number already exists.']);
    const dupMail = await create(owner, { first_name: 'Again', email: 'AMINA@example.test' });
    expect(dupMail.json().errors.email).toEqual(['A contact with this email address already exists.']);
    const unknown = await create(owner, { first_name: 'Y', email: 'y@example.test', consent_sms: 'unknown' });
    expect(unknown.statusCode).toBe(422);
    expect(await count(tenantA)).toBe(before);
  });

  it('lists newest first as a paginator and finds a contact by a fragment of its phone or email', async () => {
    await create(owner, { first_name: 'Brian', phone: '0722 000 111', email: 'brian@example.test' });
    const list = (await owner.get('/contacts/json', { json: true })).json();
    expect(list).toMatchObject({ current_page: 1, per_page: 15 });
    expect(list.data[0].first_name).toBe('Brian');
    const byPhone = (await owner.get('/contacts/json?search=722000', { json: true })).json();
    expect(byPhone.data.map((c: { first_name: string }) => c.first_name)).toEqual(['Brian']);
    const byMail = (await owner.get('/contacts/json?search=amina@', { json: true })).json();
    expect(byMail.data.map((c: { first_name: string }) => c.first_name)).toEqual(['Amina']);
  });

  it("answers 404 for another company's contact and 403 to a Viewer's writes", async () => {
    expect((await owner.get(`/contacts/get-contact/${otherContact}`, { json: true })).statusCode).toBe(404);
    expect((await owner.json('PUT', `/contacts/update/${otherContact}`, { first_name: 'Mine' })).statusCode).toBe(404);
    expect((await owner.json('DELETE', `/contacts/delete/${otherContact}`)).statusCode).toBe(404);
    expect((await viewer.get('/contacts/json', { json: true })).statusCode).toBe(200);
    expect((await create(viewer, { first_name: 'V', email: 'v@example.test' })).statusCode).toBe(403);
    const [mine] = (await owner.get('/contacts/json', { json: true })).json().data;
    expect((await viewer.json('PUT', `/contacts/update/${mine.id}`, { first_name: 'V' })).statusCode).toBe(403);
    expect((await viewer.json('DELETE', `/contacts/delete/${mine.id}`)).statusCode).toBe(403);
  });

  it('exports the list under contacts.export, which a Viewer does not hold', async () => {
    expect((await viewer.get('/contacts/export?format=csv')).statusCode).toBe(403);
    const res = await owner.get('/contacts/export?format=csv&search=amina');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('amina@example.test');
    expect(res.body).not.toContain('brian@example.test');
  });

  it("exports the whole book through a cursor, in the list's order, with the company's own fields as columns (CSV and XLSX)", async () => {
    // company B: its one contact plus 12,000 more, so the download spans three batches
    await withTenant(t.database, tenantB, (tx) =>
      tx.execute(sql`insert into outreach_contacts (tenant_id, first_name, last_name, email, custom)
                     select ${tenantB}, 'Bulk', 'No ' || lpad(g::text, 5, '0'), 'bulk' || g || '@example.test',
                            case when g % 2 = 0 then '{"region":"Coast"}'::jsonb else '{}'::jsonb end
                       from generate_series(1, 12000) g`),
    );
    expect((await other.json('POST', '/contacts/fields/store', { key: 'region', label: 'Region', type: 'text' })).statusCode).toBe(201);
    const res = await other.get('/contacts/export?format=csv&sort_by=last_name&sort_order=asc');
    expect(res.statusCode).toBe(200);
    const { rows: grid } = parseCsv(res.rawPayload);
    const header = grid[0];
    expect(header).toContain('Region');
    expect(header).not.toContain('Custom');
    const [last, region, email] = ['Last name', 'Region', 'Email'].map((h) => header.indexOf(h));
    const body = grid.slice(1);
    expect(body).toHaveLength(12_001);
    // the list's own order, across batches: "No 00001" … "No 12000", then Beta's empty last name sorts first
    const lastNames = body.map((r) => r[last]);
    expect(lastNames).toEqual([...lastNames].sort());
    expect(body.find((r) => r[email] === 'bulk2@example.test')![region]).toBe('Coast');
    expect(body.find((r) => r[email] === 'bulk3@example.test')![region]).toBe('');

    const xlsx = await other.get('/contacts/export?format=xlsx&search=bulk1');
    expect(xlsx.statusCode).toBe(200);
    const sheet = (await readXlsx(xlsx.rawPayload)).rows;
    // bulk1, bulk10…19, bulk100…199, bulk1000…1999, bulk10000…12000, under the header
    expect(sheet).toHaveLength(1 + 1 + 10 + 100 + 1000 + 2001);
    expect(sheet[0]).toContain('Region');

    // a bad filter is a 422 before any byte of the file, not a broken download
    expect((await other.get('/contacts/export?format=csv&sort_by=nope', { json: true })).statusCode).toBe(422);
  });

  it('stops an export whose download was closed half-way, ending its transaction', async () => {
    // a real socket (a server of the test's own, routing into the app): the download is read a little, then closed
    const server = createServer((req, res) => t.app.routing(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const cookie = [...other.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`http://127.0.0.1:${port}/contacts/export?format=csv`, { headers: { cookie, connection: 'close' } });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    const openExports = async () =>
      t.database.kind === 'pg'
        ? (await t.database.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and query like '%kazi_each_batch%' and state like 'idle in transaction%'`))[0].n
        : 0;
    // on PostgreSQL no connection is left inside the export; on PGlite (one connection) the next request would wait for ever
    await expect.poll(openExports, { timeout: 10_000 }).toBe(0);
    expect((await other.get('/contacts/json', { json: true })).statusCode).toBe(200);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("links a contact to the company's own customer only", async () => {
    const [customer] = await withTenant(t.database, tenantA, (tx) =>
      tx.insert(contacts).values({ tenantId: tenantA, type: 'customer', name: 'Linked Ltd' }).returning({ id: contacts.id }),
    );
    const [foreign] = await withTenant(t.database, tenantB, (tx) =>
      tx.insert(contacts).values({ tenantId: tenantB, type: 'customer', name: 'Foreign Ltd' }).returning({ id: contacts.id }),
    );
    const ok = await create(owner, { first_name: 'Link', email: 'link@example.test', accounting_contact_id: customer.id });
    expect(ok.json().data.accounting_contact_id).toBe(customer.id);
    const refused = await create(owner, { first_name: 'Foreign', email: 'foreign@example.test', accounting_contact_id: foreign.id });
    expect(refused.statusCode).toBe(422);
    // deleting the customer keeps the contact, unlinked
    await withTenant(t.database, tenantA, (tx) => tx.delete(contacts).where(sql`${contacts.tenantId} = ${tenantA} and ${contacts.id} = ${customer.id}`));
    expect((await owner.get(`/contacts/get-contact/${ok.json().data.id}`, { json: true })).json().data.accounting_contact_id).toBeNull();
  });
});

describe('consent, suppression and who may be sent to', () => {
  it('sends only to contacts with consent on the channel and no open suppression, and a lifted one reopens it', async () => {
    const ids: number[] = [];
    for (const [i, consent] of (['granted', 'granted', 'withdrawn', undefined] as const).entries()) {
      const res = await create(owner, { first_name: `Send ${i}`, phone: `+2547330000${i}0`, ...(consent ? { consent_sms: consent } : {}) });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().data.id);
    }
    const sendable = () =>
      withTenant(t.database, tenantA, async (tx) =>
        (await tx.select({ id: outreachContacts.id }).from(outreachContacts).where(sql`${outreachContacts.id} = any(${sql.param(ids)}::bigint[]) and ${sendableCondition('sms')}`)).map((r) => r.id).sort(),
      );
    expect(await sendable()).toEqual([ids[0], ids[1]].sort());
    await withTenant(t.database, tenantA, (tx) => suppress(tx, tenantA, [{ contactId: ids[1], channel: 'sms', reason: 'unsubscribed' }]));
    expect(await sendable()).toEqual([ids[0]]);
    // a suppression on another channel changes nothing for SMS
    await withTenant(t.database, tenantA, (tx) => suppress(tx, tenantA, [{ contactId: ids[0], channel: 'email', reason: 'bounced' }]));
    expect(await sendable()).toEqual([ids[0]]);
    await withTenant(t.database, tenantA, (tx) => lift(tx, tenantA, [ids[1]], 'sms'));
    expect(await sendable()).toEqual([ids[0], ids[1]].sort());
  });

  it('records consent for a batch in one call: the last change per contact and channel wins, every change is history, other companies untouched', async () => {
    const a = (await create(owner, { first_name: 'Batch', email: 'batch@example.test' })).json().data.id;
    const n = await withTenant(t.database, tenantA, (tx) =>
      recordConsent(tx, tenantA, [
        { contactId: a, channel: 'email', status: 'granted', method: 'import', userId: null },
        { contactId: a, channel: 'email', status: 'withdrawn', method: 'unsubscribe_link', userId: null },
        { contactId: a, channel: 'voice', status: 'granted', method: 'import', userId: null },
        { contactId: otherContact, channel: 'sms', status: 'granted', method: 'import', userId: null },
      ]),
    );
    expect(n).toBe(1);
    const got = (await owner.get(`/contacts/get-contact/${a}`, { json: true })).json().data;
    expect(got).toMatchObject({ consent_email: 'withdrawn', consent_voice: 'granted', consent_sms: 'unknown' });
    const history = await withTenant(t.database, tenantA, (tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from contact_consent_events where contact_id = ${a}`));
    expect(history[0].n).toBe(3);
    expect((await other.get(`/contacts/get-contact/${otherContact}`, { json: true })).json().data.consent_sms).toBe('unknown');
  });

  it("writes a batch of timeline events in one statement, dropping another company's contacts and refusing a type not in the shared list", async () => {
    const a = (await create(owner, { first_name: 'Timeline', email: 'timeline@example.test' })).json().data.id;
    await withTenant(t.database, tenantA, (tx) =>
      recordContactEvents(tx, tenantA, [
        { contactId: a, type: 'sms.sent', subject: { type: 'sms_message', id: 7 }, data: { segments: 1 } },
        { contactId: a, type: 'sms.delivered', occurredAt: new Date('2026-11-20T10:00:00Z') },
        { contactId: otherContact, type: 'sms.sent' },
      ]),
    );
    const events = await withTenant(t.database, tenantA, (tx) =>
      rows<{ type: string; subject_id: number | null; data: Record<string, unknown> }>(tx, sql`select type, subject_id, data from contact_events where contact_id = ${a} order by type desc`),
    );
    expect(events).toEqual([
      { type: 'sms.sent', subject_id: 7, data: { segments: 1 } },
      { type: 'sms.delivered', subject_id: null, data: {} },
    ]);
    expect(await withTenant(t.database, tenantB, (tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from contact_events`))).toEqual([{ n: 0 }]);
    await expect(withTenant(t.database, tenantA, (tx) => recordContactEvents(tx, tenantA, [{ contactId: a, type: 'Sent SMS' }]))).rejects.toThrow(/CONTACT_EVENT_TYPES/);
    // well formed but unknown: the segment editor could not offer it
    await expect(withTenant(t.database, tenantA, (tx) => recordContactEvents(tx, tenantA, [{ contactId: a, type: 'sms.teleported' }]))).rejects.toThrow(/CONTACT_EVENT_TYPES/);
  });
});
