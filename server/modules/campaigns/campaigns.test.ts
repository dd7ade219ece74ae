import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarItem, CampaignRow, EventRow, GroupRow, OrganiserRow } from '../../../common/answers/campaigns.js';
import { withTenant } from '../../db/tenancy.js';
import { rows } from '../../db/client.js';
import { sql } from 'drizzle-orm';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { addMember } from '../users/test-helpers.js';

/**
 * Campaigns, organisers, events, groups and the calendar over HTTP (issue 19): every endpoint's
 * 422s, another company's ids (404), who sees an event (an organiser only theirs), the calendar's
 * roles filter, the delete rules, the iCal file and the private feed.
 */
let t: TestApp;
let owner: TestClient;
let other: TestClient;
let organiserClient: TestClient;
let viewer: TestClient;
let tenantA: number;
let ownerId: number;
let organiserUserId: number;

const ok = async <T>(res: Promise<import('fastify').LightMyRequestResponse>, code = 200): Promise<T> => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(code);
  return r.json() as T;
};
const storeCampaign = async (c: TestClient, body: Record<string, unknown>) => (await ok<{ data: CampaignRow }>(c.json('POST', '/campaigns/store', body), 201)).data;
const storeEvent = async (c: TestClient, body: Record<string, unknown>) => (await ok<{ data: EventRow }>(c.json('POST', '/events/store', body), 201)).data;

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Events Alpha');
  const b = await seedTenant(t.database, 'Events Beta');
  tenantA = a.tenantId;
  ownerId = a.userId;
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  const org = await addMember(t.database, tenantA, 'organiser', 'organiser@events-alpha.test', 'Olive Organiser');
  organiserUserId = org.userId;
  organiserClient = new TestClient(t.app);
  await organiserClient.login(org.email, org.password);
  const v = await addMember(t.database, tenantA, 'viewer', 'viewer@events-alpha.test');
  viewer = new TestClient(t.app);
  await viewer.login(v.email, v.password);
});
afterAll(async () => t?.close());

describe('campaigns', () => {
  it('stores, reads, lists with filter_by / search / paging, updates', async () => {
    const c = await storeCampaign(owner, { name: 'Harvest drive', goal: 'Reach 500 farmers', starts_on: '2026-01-01', ends_on: '2026-06-30', budget: '1500.5', status: 'active' });
    expect(c).toMatchObject({ name: 'Harvest drive', owner_id: ownerId, status: 'active', budget: '1500.5000', events_count: 0 });
    await storeCampaign(owner, { name: 'Winter fair' });
    const list = await ok<{ data: CampaignRow[]; total: number; per_page: number }>(owner.json('GET', '/campaigns/json?filter_by=status&filter=active&search=harv'));
    expect(list.data.map((r) => r.name)).toEqual(['Harvest drive']);
    const paged = await ok<{ data: CampaignRow[]; total: number; last_page: number }>(owner.json('GET', '/campaigns/json?per_page=1&page=2'));
    expect(paged).toMatchObject({ total: 2, last_page: 2 });
    expect(paged.data).toHaveLength(1);
    const up = await ok<{ message: string; data: CampaignRow }>(owner.json('PUT', `/campaigns/update/${c.id}`, { status: 'paused' }));
    expect(up).toMatchObject({ message: 'Campaign updated successfully.', data: { status: 'paused', name: 'Harvest drive' } });
  });

  it('refuses bad input with 422 and writes nothing', async () => {
    const before = (await ok<{ total: number }>(owner.json('GET', '/campaigns/json'))).total;
    for (const body of [{}, { name: '' }, { name: 'x', status: 'running' }, { name: 'x', budget: '-3' }, { name: 'x', starts_on: '2026-05-01', ends_on: '2026-04-01' }, { name: 'x', owner_id: 999999 }]) {
      const r = await owner.json('POST', '/campaigns/store', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await owner.json('GET', '/campaigns/json?filter_by=nope&filter=1')).statusCode).toBe(422);
    expect((await ok<{ total: number }>(owner.json('GET', '/campaigns/json'))).total).toBe(before);
  });

  it("another company's campaign is a 404", async () => {
    const c = await storeCampaign(owner, { name: 'Private' });
    for (const [m, u] of [['GET', `/campaigns/get-campaign/${c.id}`], ['PUT', `/campaigns/update/${c.id}`], ['DELETE', `/campaigns/delete/${c.id}`], ['GET', `/campaigns/${c.id}/stats`]] as const) {
      expect((await other.json(m, u, m === 'PUT' ? { name: 'Mine' } : undefined)).statusCode, `${m} ${u}`).toBe(404);
    }
  });

  it('a campaign with events cannot be deleted; without them it goes with its organisers', async () => {
    const c = await storeCampaign(owner, { name: 'Short-lived' });
    const org = (await ok<{ data: OrganiserRow }>(owner.json('POST', '/organisers/store', { campaign_id: c.id, name: 'Outside helper', email: 'helper@example.test' }), 201)).data;
    const ev = await storeEvent(owner, { name: 'Kick-off', campaign_id: c.id, starts_at: '2026-03-01T10:00', ends_at: '2026-03-01T12:00' });
    const refused = await owner.json('DELETE', `/campaigns/delete/${c.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.id[0]).toMatch(/has events or event groups/);
    await ok(owner.json('DELETE', `/events/delete/${ev.id}`));
    expect((await ok<{ message: string }>(owner.json('DELETE', `/campaigns/delete/${c.id}`))).message).toBe('Campaign deleted successfully.');
    expect((await owner.json('GET', `/organisers/get-organiser/${org.id}`)).statusCode).toBe(404);
  });
});

describe('organisers', () => {
  it('a member (named after their account) or an outside person; counted per campaign; 422s', async () => {
    const c = await storeCampaign(owner, { name: 'Organised' });
    const member = (await ok<{ data: OrganiserRow }>(owner.json('POST', '/organisers/store', { campaign_id: c.id, user_id: organiserUserId, role: 'lead' }), 201)).data;
    expect(member).toMatchObject({ name: 'Olive Organiser', user_id: organiserUserId, role: 'lead', campaign_name: 'Organised' });
    await ok(owner.json('POST', '/organisers/store', { campaign_id: c.id, name: 'Pat Volunteer', phone: '+254700000001' }), 201);
    expect((await owner.json('POST', '/organisers/store', { campaign_id: c.id, user_id: organiserUserId })).statusCode).toBe(422);
    expect((await owner.json('POST', '/organisers/store', { campaign_id: c.id, name: 'Nobody' })).statusCode).toBe(422);
    expect((await owner.json('POST', '/organisers/store', { name: 'No campaign', email: 'a@b.test' })).statusCode).toBe(422);
    expect((await other.json('POST', '/organisers/store', { campaign_id: c.id, name: 'Sneaky', email: 'a@b.test' })).statusCode).toBe(422);
    expect(await ok(owner.json('GET', `/organisers/count?campaign_id=${c.id}`))).toEqual({ data: { count: 2 } });
    const list = await ok<OrganiserRow[]>(owner.json('GET', `/organisers/json?campaign_id=${c.id}&paginate=false`));
    expect(list.map((o) => o.name)).toEqual(['Olive Organiser', 'Pat Volunteer']);
    expect((await other.json('GET', `/organisers/get-organiser/${member.id}`)).statusCode).toBe(404);
  });
});

describe('events', () => {
  it('times typed in the company timezone are kept in UTC; counts and locations; 422s', async () => {
    await withTenant(t.database, tenantA, (tx) => tx.execute(sql`update tenants set timezone = 'Africa/Nairobi' where id = ${tenantA}`));
    const c = await storeCampaign(owner, { name: 'Timed' });
    const ev = await storeEvent(owner, { name: 'Town hall', campaign_id: c.id, venue: 'Civic centre', address: 'Main St 1', starts_at: '2026-12-01T18:00', ends_at: '2026-12-01T20:30', capacity: 50 });
    await withTenant(t.database, tenantA, (tx) => tx.execute(sql`update tenants set timezone = 'UTC' where id = ${tenantA}`));
    expect(ev).toMatchObject({ starts_at: '2026-12-01T15:00:00Z', ends_at: '2026-12-01T17:30:00Z', timezone: 'Africa/Nairobi', status: 'draft', created_by: ownerId, campaign_name: 'Timed' });
    await storeEvent(owner, { name: 'Webinar', campaign_id: c.id, online_url: 'https://meet.example.test/x', starts_at: '2026-12-02T09:00:00Z', ends_at: '2026-12-02T10:00:00Z' });
    expect(await ok(owner.json('GET', `/events/count?campaign_id=${c.id}`))).toEqual({ data: { count: 2 } });
    const locations = await ok<{ data: { location: string; events: number }[] }>(owner.json('GET', `/events/locations?campaign_id=${c.id}`));
    expect(locations.data.map((l) => l.location).sort()).toEqual(['Civic centre, Main St 1', 'Online']);
    const bad = [
      { name: 'x', starts_at: '2026-12-01T10:00', ends_at: '2026-12-01T09:00' },
      { name: 'x', starts_at: 'tomorrow', ends_at: '2026-12-01T09:00' },
      { name: 'x', starts_at: '2026-02-30T10:00', ends_at: '2026-03-01T09:00' },
      { name: '', starts_at: '2026-12-01T10:00', ends_at: '2026-12-01T11:00' },
      { name: 'x', starts_at: '2026-12-01T10:00', ends_at: '2026-12-01T11:00', status: 'live' },
      { name: 'x', starts_at: '2026-12-01T10:00', ends_at: '2026-12-01T11:00', online_url: 'javascript:alert(1)' },
      { name: 'x', starts_at: '2026-12-01T10:00', ends_at: '2026-12-01T11:00', cover_media_id: 123456 },
      { name: 'x', starts_at: '2026-12-01T10:00', ends_at: '2026-12-01T11:00', campaign_id: 999999 },
      { name: 'x', starts_at: '2026-12-01T10:00', ends_at: '2026-12-01T11:00', capacity: -1 },
    ];
    for (const body of bad) expect((await owner.json('POST', '/events/store', body)).statusCode, JSON.stringify(body)).toBe(422);
    // an update that would put the end before the stored start
    expect((await owner.json('PUT', `/events/update/${ev.id}`, { ends_at: '2026-11-01T10:00:00Z' })).statusCode).toBe(422);
    expect((await owner.json('GET', `/events/count?campaign_id=${c.id}`)).json()).toEqual({ data: { count: 2 } });
  });

  it("another company's event is a 404 everywhere", async () => {
    const ev = await storeEvent(owner, { name: 'Ours', starts_at: '2026-12-05T10:00', ends_at: '2026-12-05T11:00' });
    for (const [m, u] of [['GET', `/events/get-event/${ev.id}`], ['PUT', `/events/update/${ev.id}`], ['DELETE', `/events/delete/${ev.id}`], ['GET', `/events/${ev.id}/ical`], ['GET', `/events/${ev.id}`]] as const) {
      expect((await other.json(m, u, m === 'PUT' ? { name: 'Theirs' } : undefined)).statusCode, `${m} ${u}`).toBe(404);
    }
    expect((await other.json('GET', '/events/json')).json().data.some((e: EventRow) => e.id === ev.id)).toBe(false);
  });

  it('an organiser sees and manages only the events they organise or made; organiser links follow the campaign', async () => {
    const c = await storeCampaign(owner, { name: 'Split' });
    const org = (await ok<{ data: OrganiserRow }>(owner.json('POST', '/organisers/store', { campaign_id: c.id, user_id: organiserUserId }), 201)).data;
    const theirs = await storeEvent(owner, { name: 'Theirs to run', campaign_id: c.id, organiser_ids: [org.id], starts_at: '2026-12-10T10:00', ends_at: '2026-12-10T11:00' });
    expect(theirs.organiser_ids).toEqual([org.id]);
    const notTheirs = await storeEvent(owner, { name: 'Not theirs', campaign_id: c.id, starts_at: '2026-12-11T10:00', ends_at: '2026-12-11T11:00' });
    const seen = await ok<EventRow[]>(organiserClient.json('GET', '/events/json?paginate=false'));
    expect(seen.map((e) => e.name)).toEqual(['Theirs to run']);
    expect((await organiserClient.json('GET', `/events/get-event/${notTheirs.id}`)).statusCode).toBe(404);
    expect((await organiserClient.json('PUT', `/events/update/${notTheirs.id}`, { name: 'Taken' })).statusCode).toBe(404);
    expect((await organiserClient.json('GET', `/events/${notTheirs.id}/ical`)).statusCode).toBe(404);
    await ok(organiserClient.json('PUT', `/events/update/${theirs.id}`, { venue: 'Hall B' }));
    // they made this one: theirs too
    const made = await storeEvent(organiserClient, { name: 'Own meetup', starts_at: '2026-12-12T10:00', ends_at: '2026-12-12T11:00' });
    expect(made.created_by).toBe(organiserUserId);
    expect((await ok<{ data: { count: number } }>(organiserClient.json('GET', '/events/count'))).data.count).toBe(2);
    // a viewer (no events.view_all) made none and organises none
    expect((await ok<{ total: number }>(viewer.json('GET', '/events/json'))).total).toBe(0);
    // organisers of another campaign cannot be linked
    const c2 = await storeCampaign(owner, { name: 'Elsewhere' });
    const stranger = (await ok<{ data: OrganiserRow }>(owner.json('POST', '/organisers/store', { campaign_id: c2.id, name: 'Stranger', email: 's@x.test' }), 201)).data;
    expect((await owner.json('PUT', `/events/update/${theirs.id}`, { organiser_ids: [stranger.id] })).statusCode).toBe(422);
    // moving the event to another campaign unlinks the old campaign's organisers
    const moved = await ok<{ data: EventRow }>(owner.json('PUT', `/events/update/${theirs.id}`, { campaign_id: c2.id }));
    expect(moved.data.organiser_ids).toEqual([]);
    expect((await organiserClient.json('GET', `/events/get-event/${theirs.id}`)).statusCode).toBe(404);
  });

  it('the campaign owner sees the events of their campaign', async () => {
    const c = await storeCampaign(owner, { name: 'Owned by organiser', owner_id: organiserUserId });
    const ev = await storeEvent(owner, { name: 'Owner sees', campaign_id: c.id, starts_at: '2026-12-20T10:00', ends_at: '2026-12-20T11:00' });
    await ok(organiserClient.json('GET', `/events/get-event/${ev.id}`));
  });

  it('an .ics file per event, its Google link fields, and delete', async () => {
    const ev = await storeEvent(owner, { name: 'Harvest, "Fest"', description: 'Bring boots', venue: 'Farm', starts_at: '2026-12-24T08:00:00Z', ends_at: '2026-12-24T10:00:00Z', status: 'active' });
    const r = await owner.get(`/events/${ev.id}/ical`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/calendar/);
    expect(r.headers['content-disposition']).toBe(`attachment; filename="harvest-fest-${ev.id}.ics"`);
    expect(r.body).toContain('BEGIN:VEVENT');
    expect(r.body).toContain(`UID:kazi-event-${tenantA}-${ev.id}`);
    expect(r.body).toContain('DTSTART:20261224T080000Z');
    expect(r.body).toContain('DTEND:20261224T100000Z');
    expect(r.body).toContain('SUMMARY:Harvest\\, "Fest"');
    expect(r.body).toContain('LOCATION:Farm');
    expect(r.body).toContain('STATUS:CONFIRMED');
    expect((await ok<{ message: string }>(owner.json('DELETE', `/events/delete/${ev.id}`))).message).toBe('Event deleted successfully.');
    expect((await owner.get(`/events/${ev.id}/ical`)).statusCode).toBe(404);
  });
});

describe('calendar', () => {
  it('GET /events/calendar answers the month with the extras; filters by status and by role', async () => {
    const c = await storeCampaign(owner, { name: 'Calendar camp', owner_id: organiserUserId });
    const org = (await ok<{ data: OrganiserRow }>(owner.json('POST', '/organisers/store', { campaign_id: c.id, user_id: organiserUserId }), 201)).data;
    const a = await storeEvent(owner, { name: 'Jan organised', campaign_id: c.id, organiser_ids: [org.id], status: 'active', starts_at: '2027-01-10T10:00', ends_at: '2027-01-10T12:00' });
    const b = await storeEvent(owner, { name: 'Jan owned', campaign_id: c.id, starts_at: '2027-01-20T10:00', ends_at: '2027-01-20T12:00' });
    const made = await storeEvent(organiserClient, { name: 'Jan made', starts_at: '2027-01-25T10:00', ends_at: '2027-01-25T12:00' });
    await storeEvent(owner, { name: 'Feb', campaign_id: c.id, starts_at: '2027-02-02T10:00', ends_at: '2027-02-02T12:00' });

    const all = await ok<{ data: CalendarItem[] }>(owner.json('GET', '/events/calendar?year=2027&month=1'));
    expect(all.data.map((i) => i.title)).toEqual(['Jan organised', 'Jan owned', 'Jan made']);
    expect(all.data[0]).toMatchObject({ id: a.id, title: 'Jan organised', start_date: a.starts_at, end_date: a.ends_at, campaign_id: c.id, campaign_name: 'Calendar camp', status: 'active', is_creator: true, is_organizer: false, user_role: 'creator', editable: true, venue: null });

    const mine = await ok<{ data: CalendarItem[] }>(organiserClient.json('GET', `/events/calendar?year=2027&month=1&campaign_id=${c.id}`));
    expect(mine.data.map((i) => [i.title, i.user_role, i.is_organizer, i.is_creator])).toEqual([
      ['Jan organised', 'organizer', true, false],
      ['Jan owned', 'campaign_owner', false, false],
    ]);
    const role = async (r: string) => (await ok<{ data: CalendarItem[] }>(organiserClient.json('GET', `/events/calendar?year=2027&month=1&role=${r}`))).data.map((i) => i.id);
    expect(await role('creator')).toEqual([made.id]);
    expect(await role('organizer')).toEqual([a.id]);
    expect(await role('campaign_owner')).toEqual([a.id, b.id]);
    const active = await ok<{ data: CalendarItem[] }>(owner.json('GET', '/events/calendar?year=2027&month=1&status=active'));
    expect(active.data.map((i) => i.id)).toEqual([a.id]);
    for (const q of ['month=13', 'year=abc', 'role=boss', 'status=gone']) expect((await owner.json('GET', `/events/calendar?${q}`)).statusCode, q).toBe(422);

    const range = await ok<{ data: CalendarItem[] }>(owner.json('GET', '/calendar/events?start=2027-01-15&end=2027-02-05'));
    expect(range.data.map((i) => i.title)).toEqual(['Jan owned', 'Jan made', 'Feb']);
    expect((await owner.json('GET', '/calendar/events?start=2027-02-05&end=2027-01-15')).statusCode).toBe(422);
    expect((await owner.json('GET', '/calendar/events?start=2027-01-01')).statusCode).toBe(422);

    // a drag: the new times alone
    const dragged = await ok<{ data: EventRow }>(owner.json('PUT', `/events/update/${b.id}`, { starts_at: '2027-01-21T10:00:00Z', ends_at: '2027-01-21T12:00:00Z' }));
    expect(dragged.data).toMatchObject({ starts_at: '2027-01-21T10:00:00Z', name: 'Jan owned' });
  });

  it('the private feed: a token in the address, regenerable; a wrong or old token is a 404', async () => {
    expect((await organiserClient.json('GET', '/calendar/feed-url')).statusCode).toBe(403);
    const { data } = await ok<{ data: { url: string } }>(owner.json('GET', '/calendar/feed-url'));
    expect((await ok<{ data: { url: string } }>(owner.json('GET', '/calendar/feed-url'))).data.url).toBe(data.url);
    const path = new URL(data.url).pathname;
    const anonymous = new TestClient(t.app);
    const feed = await anonymous.get(path);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expect(feed.body).toContain('SUMMARY:Jan organised');
    expect((await anonymous.get(path.replace(/.{6}\.ics$/, 'AAAAAA.ics'))).statusCode).toBe(404);
    expect((await anonymous.get('/calendar/feed/1-abc-def.ics')).statusCode).toBe(404);
    const renewed = await ok<{ message: string; data: { url: string } }>(owner.json('POST', '/calendar/feed-url/regenerate'));
    expect(renewed.data.url).not.toBe(data.url);
    expect((await anonymous.get(path)).statusCode).toBe(404);
    expect((await anonymous.get(new URL(renewed.data.url).pathname)).statusCode).toBe(200);
    // another company's feed holds none of ours
    const theirs = await ok<{ data: { url: string } }>(other.json('GET', '/calendar/feed-url'));
    expect((await anonymous.get(new URL(theirs.data.url).pathname)).body).not.toContain('Jan organised');
  });
});

describe('groups', () => {
  it('CRUD, participants from contacts and from a segment (one INSERT … SELECT), RSVP settings', async () => {
    const c = await storeCampaign(owner, { name: 'Series camp' });
    const g = (await ok<{ data: GroupRow }>(owner.json('POST', '/groups/store', { name: 'Monthly meetups', campaign_id: c.id }), 201)).data;
    expect(g).toMatchObject({ name: 'Monthly meetups', campaign_name: 'Series camp', participants_count: 0, has_rsvp_config: false });
    expect((await owner.json('POST', '/groups/store', { name: '' })).statusCode).toBe(422);
    const ids = await withTenant(t.database, tenantA, async (tx) =>
      (
        await rows<{ id: number }>(
          tx,
          sql`insert into outreach_contacts (tenant_id, first_name, last_name, phone, tags)
              select ${tenantA}, 'Guest', n::text, '+2547100' || lpad(n::text, 5, '0'), case when n <= 30 then '{vip}'::text[] else '{}'::text[] end
                from generate_series(1, 40) n returning id`,
        )
      ).map((r) => Number(r.id)),
    );
    const seg = await ok<{ data: { id: number } }>(owner.json('POST', '/segments/store', { name: 'VIPs', type: 'dynamic', rules: { match: 'all', rules: [{ kind: 'tags', op: 'has_any', value: ['vip'] }] } }), 201);
    const picked = await ok<{ data: { added: number } }>(owner.json('POST', `/groups/${g.id}/participants`, { contact_ids: [ids[35], ids[36]] }), 201);
    expect(picked.data.added).toBe(2);
    const fromSegment = await ok<{ message: string; data: { added: number } }>(owner.json('POST', `/groups/${g.id}/participants`, { segment_id: seg.data.id }), 201);
    expect(fromSegment).toEqual({ message: '30 participants added.', data: { added: 30 } });
    // again: nobody twice
    expect((await ok<{ data: { added: number } }>(owner.json('POST', `/groups/${g.id}/participants`, { segment_id: seg.data.id }), 201)).data.added).toBe(0);
    const page = await ok<{ total: number; data: { name: string }[] }>(owner.json('GET', `/groups/participants/json?group_id=${g.id}`));
    expect(page.total).toBe(32);
    expect((await owner.json('GET', '/groups/participants/json')).statusCode).toBe(422);
    for (const body of [{}, { contact_ids: [] }, { segment_id: 999999 }, { contact_ids: [999999] }, { contact_ids: [ids[0]], segment_id: seg.data.id }]) {
      expect((await owner.json('POST', `/groups/${g.id}/participants`, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await other.json('POST', `/groups/${g.id}/participants`, { contact_ids: [ids[0]] })).statusCode).toBe(404);
    await ok(owner.json('DELETE', `/groups/${g.id}/participants/${ids[35]}`));
    expect((await owner.json('DELETE', `/groups/${g.id}/participants/${ids[35]}`)).statusCode).toBe(404);

    // RSVP settings
    expect(await ok(owner.json('GET', `/api/event-groups/${g.id}/rsvp-config`))).toEqual({ data: null });
    const saved = await ok<{ message: string }>(owner.json('POST', `/api/event-groups/${g.id}/rsvp-config`, { allow_maybe: false, max_plus_ones: 2, channels: ['sms', 'email'], reminder_hours: 24 }), 201);
    expect(saved.message).toBe('RSVP settings saved successfully');
    const updated = await ok<{ message: string }>(owner.json('PUT', `/api/event-groups/${g.id}/rsvp-config`, { allow_maybe: true, questions: [{ id: 'diet', label: 'Diet?', type: 'choice', choices: ['None', 'Vegetarian'] }] }));
    expect(updated.message).toBe('RSVP settings updated successfully');
    const cfg = await ok<{ data: Record<string, unknown> }>(owner.json('GET', `/api/event-groups/${g.id}/rsvp-config`));
    expect(cfg.data).toMatchObject({ allow_maybe: true, max_plus_ones: 0, channels: ['sms'], questions: [{ id: 'diet', type: 'choice' }] });
    for (const body of [{ channels: [] }, { max_plus_ones: 99 }, { questions: [{ id: 'q', label: 'Pick', type: 'choice', choices: ['one'] }] }, { unknown_field: 1 }]) {
      expect((await owner.json('PUT', `/api/event-groups/${g.id}/rsvp-config`, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    // the invitation's own words are read when saved: an unknown variable or broken Liquid is a 422 on its field, and nothing changes
    const words = { invitation_sms: 'Hi {{ first_name }}, join {{ event_name }}: {{ rsvp_link }}', invitation_email_subject: 'Come to {{ event_name }}' };
    await ok(owner.json('PUT', `/api/event-groups/${g.id}/rsvp-config`, words));
    for (const [field, text] of [['invitation_sms', 'Hi {{ shoe_size }}'], ['invitation_email_body', '<p>{{ event_name </p>']] as const) {
      const refused = await owner.json('PUT', `/api/event-groups/${g.id}/rsvp-config`, { ...words, [field]: text });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual([field]);
    }
    expect((await ok<{ data: Record<string, unknown> }>(owner.json('GET', `/api/event-groups/${g.id}/rsvp-config`))).data).toMatchObject(words);
    expect((await other.json('GET', `/api/event-groups/${g.id}/rsvp-config`)).statusCode).toBe(404);
    expect((await viewer.json('PUT', `/api/event-groups/${g.id}/rsvp-config`, {})).statusCode).toBe(403);

    // the group's calendar, and deleting the group keeps its events
    const ev = await storeEvent(owner, { name: 'Meetup 1', group_id: g.id, starts_at: '2027-03-03T18:00', ends_at: '2027-03-03T20:00' });
    await storeEvent(owner, { name: 'Loose', starts_at: '2027-03-04T18:00', ends_at: '2027-03-04T20:00' });
    const gcal = await ok<{ data: CalendarItem[] }>(owner.json('GET', '/groups/calendar?year=2027&month=3'));
    expect(gcal.data.map((i) => i.title)).toEqual(['Meetup 1']);
    expect((await ok<{ data: { count: number } }>(owner.json('GET', `/events/count?group_id=${g.id}`))).data.count).toBe(1);
    await ok(owner.json('DELETE', `/groups/delete/${g.id}`));
    expect((await ok<{ data: EventRow }>(owner.json('GET', `/events/get-event/${ev.id}`))).data.group_id).toBeNull();
  });
});

describe('Campaigns/Show figures', () => {
  it('counts, spend of its sends and reach', async () => {
    const c = await storeCampaign(owner, { name: 'Measured' });
    await storeEvent(owner, { name: 'M1', campaign_id: c.id, venue: 'Hall', status: 'active', starts_at: '2027-04-01T10:00', ends_at: '2027-04-01T11:00' });
    const stats = await ok<{ data: Record<string, unknown> }>(owner.json('GET', `/campaigns/${c.id}/stats`));
    expect(stats.data).toMatchObject({ events: 1, organisers: 0, locations: 1, spend: '0.0000', messages_sent: 0, rsvps: 0, events_by_status: { active: 1, draft: 0 } });
  });
});

describe('pages', () => {
  it('render their components; a bad or foreign id is a 404', async () => {
    const c = await storeCampaign(owner, { name: 'Paged' });
    const ev = await storeEvent(owner, { name: 'Paged event', campaign_id: c.id, starts_at: '2027-05-01T10:00', ends_at: '2027-05-01T11:00' });
    const g = (await ok<{ data: GroupRow }>(owner.json('POST', '/groups/store', { name: 'Paged group' }), 201)).data;
    const pages: [string, string][] = [
      ['/campaigns', 'Campaigns/Index'],
      ['/campaigns/calendar', 'Campaigns/Calendar'],
      [`/campaigns/${c.id}`, 'Campaigns/Show'],
      ['/organisers', 'Campaigns/Organisers/Index'],
      ['/organisers/create', 'Campaigns/Organisers/Create'],
      ['/events', 'Campaigns/Events/Index'],
      ['/events/create', 'Campaigns/Events/Create'],
      [`/events/${ev.id}`, 'Campaigns/Events/Show'],
      [`/events/${ev.id}/edit`, 'Campaigns/Events/Edit'],
      [`/events/${ev.id}/media`, 'Campaigns/Events/Media'],
      ['/groups', 'Campaigns/Groups/Index'],
      [`/groups/${g.id}`, 'Campaigns/Groups/Show'],
      [`/groups/${g.id}/events`, 'Campaigns/Groups/Events'],
      [`/groups/${g.id}/participants`, 'Campaigns/Groups/Participants'],
      [`/groups/${g.id}/rsvp-setup`, 'Campaigns/Groups/RsvpSetup'],
      ['/calendar', 'Calendar/Overview'],
    ];
    for (const [url, component] of pages) {
      const r = await owner.get(url, { inertia: true });
      expect(r.statusCode, url).toBe(200);
      expect(r.json().component, url).toBe(component);
    }
    for (const url of [`/campaigns/${c.id}`, `/events/${ev.id}`, `/events/${ev.id}/edit`, `/groups/${g.id}`, '/events/abc']) {
      expect((await other.get(url, { inertia: true })).statusCode, url).toBe(404);
    }
  });

  it('event media: the library takes files for an event of the company only', async () => {
    const ev = await storeEvent(owner, { name: 'With media', starts_at: '2027-05-02T10:00', ends_at: '2027-05-02T11:00' });
    await ok(owner.json('GET', `/media/get-model-media?model_type=event&model_id=${ev.id}`));
    expect((await other.json('GET', `/media/get-model-media?model_type=event&model_id=${ev.id}`)).statusCode).toBe(404);
  });
});
