import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RsvpDashboard, RsvpInvitationPage, RsvpInvitationRow } from '../../../common/answers/rsvp.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import type { EmailMessage } from '../../providers/email/types.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { captureEmails } from '../../testing/email-capture.js';
import { deliveryEngine } from '../delivery/index.js';
import { addMember } from '../users/test-helpers.js';
import { addCredits } from '../wallet/index.js';
import { rsvpSweep } from './jobs.js';
import { checkInToken, readRsvpToken, rsvpToken } from './service.js';

/**
 * RSVP over HTTP (issue 19): invitations by SMS and email through the delivery engine with each
 * invitee's signed link, the public form (answers, plus-ones, questions, change and cancel), the
 * capacity under 500 simultaneous answers, the waitlist's offers and their expiry, follow-ups,
 * the automatic reminder sent once, check-in once, the dashboard and the export; another
 * company's event, an organiser's view and a member without the permission.
 */
let t: TestApp;
let owner: TestClient;
let other: TestClient;
let organiser: TestClient;
let accountant: TestClient;
let guest: TestClient;
let tenantA: number;
let ownerId: number;
let organiserId: number;
let segmentId: number;
const mail: EmailMessage[] = [];
const KEY = 'test-key-0123456789-0123456789-0123456789';

const inA = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(t.database, tenantA, fn);

async function newEvent(o: { name?: string; capacity?: number | null; startsInHours?: number; createdBy?: number; rsvp?: Record<string, unknown> } = {}) {
  const starts = new Date(Date.now() + (o.startsInHours ?? 24 * 10) * 3_600_000);
  const [e] = await inA((tx) =>
    rows<{ id: number }>(
      tx,
      sql`insert into events (tenant_id, name, venue, starts_at, ends_at, timezone, capacity, status, rsvp_config, created_by)
          values (${tenantA}, ${o.name ?? 'Gala'}, 'Kazi Hall', ${starts.toISOString()}, ${new Date(starts.getTime() + 3 * 3_600_000).toISOString()}, 'Africa/Nairobi',
                  ${o.capacity === undefined ? null : o.capacity}, 'active', ${o.rsvp ? JSON.stringify(o.rsvp) : null}::jsonb, ${o.createdBy ?? ownerId})
          returning id`,
    ),
  );
  return Number(e.id);
}

/** invitations made directly (no messages): the race and the waitlist need many, fast */
async function invitationsFor(eventId: number, count: number, firstName = 'Guest') {
  const list = await inA(async (tx) => {
    await tx.execute(sql`insert into outreach_contacts (tenant_id, first_name, last_name, phone, consent_sms)
      select ${tenantA}, ${firstName}, lpad(i::text, 4, '0'), '+2547' || lpad((${eventId} * 10000 + i)::text, 8, '0'), 'granted' from generate_series(1, ${count}) i`);
    return rows<{ id: number }>(
      tx,
      sql`insert into rsvp_invitations (tenant_id, event_id, contact_id, channels, sent_count)
          select ${tenantA}, ${eventId}, id, '["sms"]'::jsonb, 1 from outreach_contacts where tenant_id = ${tenantA} and first_name = ${firstName}
          order by id returning id`,
    );
  });
  return list.map((r) => rsvpToken(KEY, tenantA, Number(r.id), 1));
}

const invitation = async (id: number) =>
  (await inA((tx) => rows<RsvpInvitationRow & { link_version: number; auto_reminder_sent_at: string | null }>(tx, sql`select * from rsvp_invitations where tenant_id = ${tenantA} and id = ${id}`)))[0];
const seatsTaken = async (eventId: number) => Number((await inA((tx) => rows<{ s: number }>(tx, sql`select seats_taken as s from events where tenant_id = ${tenantA} and id = ${eventId}`)))[0].s);
const sendsOf = async (eventId: number) =>
  inA((tx) => rows<{ id: number; channel: string; recipients: number; audience: { rsvp: string } }>(tx, sql`select id, channel, recipients, audience from sends where tenant_id = ${tenantA} and event_id = ${eventId} order by id`));
/** the messages of a send as the email driver got them, once `count` have gone (the workers dispatch it; polled, no fixed sleep) */
async function mailOf(sendId: number, count: number) {
  const end = Date.now() + 20_000;
  for (;;) {
    await deliveryEngine(t.app.ctx).dispatch(tenantA, sendId);
    const sent = mail.filter((m) => m.tags?.includes(`send-${sendId}`));
    if (sent.length >= count || Date.now() > end) {
      expect(sent.length).toBe(count);
      return sent;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
const answerAs = (token: string, body: unknown) => guest.json('POST', `/rsvp/${token}`, body);

beforeAll(async () => {
  t = await createTestApp({ SMS_DRIVERS: 'log' });
  captureEmails(t.app, mail, { name: 'Rsvp A', address: 'events@rsvp-a.test' });
  const a = await seedTenant(t.database, 'Rsvp A');
  const b = await seedTenant(t.database, 'Rsvp B');
  tenantA = a.tenantId;
  ownerId = a.userId;
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  const org = await addMember(t.database, tenantA, 'organiser', 'organiser@rsvp-a.test');
  organiserId = org.userId;
  organiser = new TestClient(t.app);
  await organiser.login(org.email, org.password);
  const acc = await addMember(t.database, tenantA, 'accountant', 'accountant@rsvp-a.test');
  accountant = new TestClient(t.app);
  await accountant.login(acc.email, acc.password);
  guest = new TestClient(t.app);
  await guest.get('/login');
  await inA(async (tx) => {
    await addCredits(tx, { tenantId: tenantA, kind: 'paid', movement: 'purchase', credits: '100000', description: 'Bought', amount: '100000', currency: 'KES' });
    // members: 0-7 both channels granted, 8 SMS withdrawn (email only), 9 no consent at all
    await tx.execute(sql`insert into outreach_contacts (tenant_id, first_name, last_name, phone, email, consent_sms, consent_email)
      select ${tenantA}, 'Member', lpad(i::text, 2, '0'), '+2547100000' || lpad(i::text, 2, '0'), 'member' || i || '@example.test',
             case when i < 8 then 'granted' else 'withdrawn' end, case when i < 9 then 'granted' else 'withdrawn' end
        from generate_series(0, 9) i`);
  });
  const seg = await owner.json('POST', '/segments/store', {
    name: 'Members',
    type: 'dynamic',
    rules: { match: 'all', rules: [{ kind: 'text', field: 'first_name', op: 'is', value: 'Member' }] },
  });
  expect(seg.statusCode, seg.body).toBe(201);
  segmentId = seg.json().data.id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('invitations', () => {
  let eventId: number;
  let list: RsvpInvitationRow[];

  it('sends one send per channel with the event set, each invitee their own link, consent honoured and credits held', async () => {
    eventId = await newEvent({ capacity: 50, rsvp: { invitation_sms: 'Hi {{ first_name }}: {{ event_name }} {{ rsvp_link }}' } });
    const r = await owner.json('POST', `/events/send-invitations/${eventId}`, { segment_ids: [segmentId], channels: ['sms', 'email'] });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ message: 'Send Successfully', data: { invited: 10, invitations: 10 } });
    const sends = await sendsOf(eventId);
    expect(sends.map((s) => [s.channel, Number(s.recipients)])).toEqual([
      ['sms', 8],
      ['email', 9],
    ]);
    const bodies = await inA((tx) =>
      rows<{ address: string; body: string; contact_id: number }>(tx, sql`select address, body, contact_id from deliveries where tenant_id = ${tenantA} and send_id = ${sends[0].id} order by address`),
    );
    const links = bodies.map((b) => /http:\/\/kazi\.test\/rsvp\/(\S+)$/.exec(b.body)?.[1]);
    expect(new Set(links).size).toBe(8);
    expect(bodies[0].body).toMatch(/^Hi Member: Gala http:\/\/kazi\.test\/rsvp\//);
    for (const l of links) expect(readRsvpToken(KEY, l!)).toMatchObject({ tenantId: tenantA, linkVersion: 1 });
    const held = await inA((tx) => rows<{ n: string }>(tx, sql`select sum(credits_reserved)::text as n from sends where tenant_id = ${tenantA} and event_id = ${eventId}`));
    expect(Number(held[0].n)).toBeGreaterThan(0);
    const timeline = await inA((tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from contact_events where tenant_id = ${tenantA} and type = 'rsvp.invited' and subject_id = ${eventId}`));
    expect(timeline[0].n).toBe(10);

    // the email goes out with the invitee's own link in it
    const sent = await mailOf(Number(sends[1].id), 9);
    expect(sent[0].subject).toBe('Invitation: Gala');
    expect(sent[0].html).toMatch(/href="http:\/\/kazi\.test\/rsvp\/[^"]+"/);
  });

  it('lists the invitations paged, with the totals on request, and refuses inviting the same people again', async () => {
    const r = await owner.get(`/events/get-rsvp-invitations/${eventId}?per_page=4&meta=1`, { json: true });
    expect(r.statusCode, r.body).toBe(200);
    const page = r.json() as RsvpInvitationPage;
    expect(page).toMatchObject({ current_page: 1, per_page: 4, total: 10, last_page: 3, from: 1, to: 4 });
    expect(page.meta).toMatchObject({ invited: 10, answered: 0, not_answered: 10, capacity: 50 });
    expect((await owner.get(`/events/get-rsvp-invitations/${eventId}`, { json: true })).json().meta).toBeUndefined();
    list = (await owner.get(`/events/get-rsvp-invitations/${eventId}?per_page=50`, { json: true })).json().data;
    expect(list.map((i) => i.id)).toEqual([...list.map((i) => i.id)].sort((a, b) => b - a));
    expect(list.every((i) => i.name.startsWith('Member ') && i.phone)).toBe(true);
    // searched by the contact's name, and filtered by answer: each page its own contacts only
    const found = (await owner.get(`/events/get-rsvp-invitations/${eventId}?search=member%2003`, { json: true })).json() as RsvpInvitationPage;
    expect(found.total).toBe(1);
    expect(found.data.map((i) => i.name)).toEqual(['Member 03']);
    expect((await owner.get(`/events/get-rsvp-invitations/${eventId}?answer=yes`, { json: true })).json().total).toBe(0);
    expect((await owner.get(`/events/get-rsvp-invitations/${eventId}?answer=none&search=nobody`, { json: true })).json().total).toBe(0);
    const again = await owner.json('POST', `/events/send-invitations/${eventId}`, { segment_ids: [segmentId], channels: ['sms'] });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.audience[0]).toMatch(/already been invited/);
    expect((await owner.json('POST', `/events/send-invitations/${eventId}`, { channels: ['sms'] })).statusCode).toBe(422);
  });

  it('resends one with a fresh link: the old link stops working', async () => {
    const inv = list.find((i) => i.name === 'Member 00')!;
    const old = rsvpToken(KEY, tenantA, inv.id, 1);
    expect((await guest.get(`/rsvp/${old}`, { inertia: true })).statusCode).toBe(200);
    const r = await owner.json('POST', `/events/resend-invitation/${eventId}`, { invitation_id: inv.id });
    expect(r.statusCode, r.body).toBe(200);
    expect((await invitation(inv.id)).link_version).toBe(2);
    expect((await invitation(inv.id)).sent_count).toBe(2);
    const stale = await answerAs(old, { answer: 'yes' });
    expect(stale.statusCode).toBe(404);
    expect((await invitation(inv.id)).answer).toBeNull();
    const fresh = rsvpToken(KEY, tenantA, inv.id, 2);
    expect((await answerAs(fresh, { answer: 'yes' })).statusCode).toBe(200);
    expect((await owner.json('POST', `/events/resend-invitation/${eventId}`, { invitation_id: 999999 })).statusCode).toBe(404);
  });

  it('another company, an organiser of other events and a member without the permission get nothing', async () => {
    for (const [method, url, body] of [
      ['GET', `/events/get-rsvp-invitations/${eventId}`, undefined],
      ['GET', `/events/get-rsvp-responses/${eventId}`, undefined],
      ['GET', `/events/get-non-responded-invitations/${eventId}`, undefined],
      ['GET', `/events/rsvp-dashboard/${eventId}`, undefined],
      ['POST', `/events/send-invitations/${eventId}`, { segment_ids: [segmentId] }],
      ['POST', `/events/resend-invitation/${eventId}`, { invitation_id: list[0].id }],
      ['POST', `/events/send-follow-up-reminders/${eventId}`, { invitation_ids: [list[0].id] }],
      ['POST', `/events/send-follow-up-reminder/${eventId}/${list[0].id}`, {}],
      ['POST', `/events/check-in/${eventId}`, { invitation_id: list[0].id }],
    ] as const) {
      expect((await other.json(method, url, body)).statusCode, `${method} ${url} (other company)`).toBe(404);
      expect((await organiser.json(method, url, body)).statusCode, `${method} ${url} (organiser)`).toBe(404);
      expect((await accountant.json(method, url, body)).statusCode, `${method} ${url} (accountant)`).toBe(403);
    }
    expect((await owner.get(`/events/${eventId}/rsvp`, { inertia: true })).statusCode).toBe(200);
    expect((await organiser.get(`/events/${eventId}/rsvp`, { inertia: true })).statusCode).toBe(404);
    // an event the organiser made is theirs to see
    const own = await newEvent({ createdBy: organiserId });
    expect((await organiser.get(`/events/get-rsvp-invitations/${own}`, { json: true })).statusCode).toBe(200);
    expect((await organiser.get(`/events/${own}/check-in`, { inertia: true })).statusCode).toBe(200);
  });
});

describe('the public form', () => {
  it('answers with plus-ones and the event’s questions, changes and cancels the answer, and refuses a forged link', async () => {
    const eventId = await newEvent({
      capacity: 10,
      rsvp: { max_plus_ones: 2, allow_maybe: false, questions: [{ id: 'diet', label: 'Dietary needs', type: 'choice', required: true, choices: ['None', 'Vegetarian'] }] },
    });
    const [token] = await invitationsFor(eventId, 1, 'Form');
    const { invitationId } = readRsvpToken(KEY, token)!;
    const page = await guest.get(`/rsvp/${token}`, { inertia: true });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ component: 'RsvpForm', props: { company: { name: 'Rsvp A' }, event: { name: 'Gala' }, config: { max_plus_ones: 2, allow_maybe: false }, open: true } });
    expect(page.json().props.google_calendar_url).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/);

    const bad = await answerAs(token, { answer: 'maybe', plus_ones: 3, answers: {} });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['answer', 'plus_ones']);
    const noDiet = await answerAs(token, { answer: 'yes', plus_ones: 1, answers: {} });
    expect(noDiet.statusCode).toBe(422);
    expect(noDiet.json().errors['answers.diet']).toBeDefined();
    expect((await invitation(invitationId)).answer).toBeNull();

    const yes = await answerAs(token, { answer: 'yes', plus_ones: 2, answers: { diet: 'Vegetarian' } });
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json().data).toMatchObject({ answer: 'yes', place: 'confirmed', plus_ones: 2, answers: { diet: 'Vegetarian' } });
    expect(yes.json().data.qr).toMatch(/^\/rsvp\/qr\/.+\.png$/);
    expect(await seatsTaken(eventId)).toBe(3);
    const qr = await guest.get(yes.json().data.qr);
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');

    expect((await answerAs(token, { answer: 'yes', plus_ones: 0, answers: { diet: 'None' } })).statusCode).toBe(200);
    expect(await seatsTaken(eventId)).toBe(1);
    expect((await answerAs(token, { answer: 'no' })).json().data).toMatchObject({ answer: 'no', place: null });
    expect(await seatsTaken(eventId)).toBe(0);

    // forged: another invitation's id under this signature, or the signature altered
    const forged = token.replace(/^(\d+)-(\d+)-/, (_m, tn, id) => `${tn}-${Number(id) + 1}-`);
    const altered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    for (const f of [forged, altered, 'nothing']) {
      expect((await guest.get(`/rsvp/${f}`, { inertia: true })).statusCode).toBe(404);
      expect((await answerAs(f, { answer: 'yes' })).statusCode).toBe(404);
    }
    expect((await invitation(invitationId)).answer).toBe('no');
    // the member who made the event hears of each answer; a refused answer tells no one
    const news = ((await owner.json('GET', '/notifications/json?per_page=50')).json().data as { type: string; title: string; url: string }[]).filter(
      (n) => n.type === 'rsvp.received' && n.url === `/events/${eventId}/rsvp`,
    );
    expect(news.map((n) => n.title)).toEqual(['RSVP: Form 0001 is not coming to Gala', 'RSVP: Form 0001 is coming to Gala', 'RSVP: Form 0001 is coming to Gala']);
    expect(
      ((await organiser.json('GET', '/notifications/json?per_page=50')).json().data as { type: string }[]).filter((n) => n.type === 'rsvp.received'),
    ).toEqual([]);

    const ics = await guest.get(`/rsvp/${token}/event.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain('BEGIN:VEVENT');
    expect(ics.body).toContain('SUMMARY:Gala');
  });

  it('refuses answers after the deadline, and nothing changes', async () => {
    const eventId = await newEvent({ rsvp: { deadline: new Date(Date.now() - 60_000).toISOString() } });
    const [token] = await invitationsFor(eventId, 1, 'Late');
    const r = await answerAs(token, { answer: 'yes' });
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe('Answers for this event are closed.');
    expect((await invitation(readRsvpToken(KEY, token)!.invitationId)).answer).toBeNull();
  });
});

describe('capacity and waitlist', () => {
  it('500 simultaneous yes answers for 100 places leave exactly 100 confirmed', async () => {
    const eventId = await newEvent({ capacity: 100 });
    const tokens = await invitationsFor(eventId, 500, 'Racer');
    const answers = await Promise.all(tokens.map((tk) => answerAs(tk, { answer: 'yes' })));
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.body)).toEqual([]);
    const [f] = await inA((tx) =>
      rows<{ confirmed: number; waitlisted: number; seats: number }>(
        tx,
        sql`select count(*) filter (where place = 'confirmed')::int as confirmed, count(*) filter (where place = 'waitlisted')::int as waitlisted, coalesce(sum(seats), 0)::int as seats
              from rsvp_invitations where tenant_id = ${tenantA} and event_id = ${eventId}`,
      ),
    );
    expect(f).toEqual({ confirmed: 100, waitlisted: 400, seats: 100 });
    expect(await seatsTaken(eventId)).toBe(100);
    expect(answers.filter((a) => /waitlist/.test(a.json().message)).length).toBe(400);
  }, 180_000);

  it('a freed place is offered to the next in line, who has until the offer expires; then the one after', async () => {
    const eventId = await newEvent({ capacity: 1, rsvp: { waitlist_offer_hours: 2 } });
    const [first, second, third] = await invitationsFor(eventId, 3, 'Wait');
    const id = (tk: string) => readRsvpToken(KEY, tk)!.invitationId;
    expect((await answerAs(first, { answer: 'yes' })).json().data.place).toBe('confirmed');
    expect((await answerAs(second, { answer: 'yes' })).json().data.place).toBe('waitlisted');
    expect((await answerAs(third, { answer: 'yes' })).json().data.place).toBe('waitlisted');
    // nobody jumps the queue while one waits, even a guest who answers again
    expect((await answerAs(third, { answer: 'yes' })).json().data.place).toBe('waitlisted');

    expect((await answerAs(first, { answer: 'no' })).statusCode).toBe(200);
    const offered = await invitation(id(second));
    expect(offered.place).toBe('offered');
    expect(new Date(offered.offer_expires_at!).getTime()).toBeGreaterThan(Date.now() + 3_600_000);
    expect((await sendsOf(eventId)).map((s) => s.audience.rsvp)).toContain('offer');
    // the third cannot take the place held for the second
    expect((await answerAs(third, { answer: 'yes' })).json().data.place).toBe('waitlisted');

    // the offer lapses: the sweep gives it to the one after, the second goes to the end of the line
    await inA((tx) => tx.execute(sql`update rsvp_invitations set offer_expires_at = now() - interval '1 minute' where tenant_id = ${tenantA} and id = ${id(second)}`));
    await rsvpSweep(t.app);
    expect((await invitation(id(second))).place).toBe('waitlisted');
    expect((await invitation(id(third))).place).toBe('offered');
    const taken = await answerAs(third, { answer: 'yes' });
    expect(taken.json().data.place).toBe('confirmed');
    expect(await seatsTaken(eventId)).toBe(1);
    expect((await sendsOf(eventId)).filter((s) => s.audience.rsvp === 'confirmation').length).toBeGreaterThan(0);
  });

  it('a confirmed guest who asks for more plus-ones than are free keeps their place', async () => {
    const eventId = await newEvent({ capacity: 2, rsvp: { max_plus_ones: 3 } });
    const [tk] = await invitationsFor(eventId, 1, 'Plus');
    expect((await answerAs(tk, { answer: 'yes', plus_ones: 1 })).json().data.place).toBe('confirmed');
    const more = await answerAs(tk, { answer: 'yes', plus_ones: 3 });
    expect(more.statusCode).toBe(409);
    expect((await invitation(readRsvpToken(KEY, tk)!.invitationId)).seats).toBe(2);
    expect(await seatsTaken(eventId)).toBe(2);
  });
});

describe('follow-ups, reminders and check-in', () => {
  it('lists who has not answered and reminds them, not those who answered', async () => {
    const eventId = await newEvent({ capacity: 20 });
    const tokens = await invitationsFor(eventId, 4, 'Follow');
    await answerAs(tokens[0], { answer: 'yes' });
    const open = (await owner.get(`/events/get-non-responded-invitations/${eventId}`, { json: true })).json();
    expect(open.total).toBe(3);
    const answered = readRsvpToken(KEY, tokens[0])!.invitationId;
    const refused = await owner.json('POST', `/events/send-follow-up-reminders/${eventId}`, { invitation_ids: [answered] });
    expect(refused.statusCode).toBe(422);
    expect((await owner.json('POST', `/events/send-follow-up-reminders/${eventId}`, { invitation_ids: [] })).statusCode).toBe(422);
    const ids = open.data.map((r: RsvpInvitationRow) => r.id);
    const r = await owner.json('POST', `/events/send-follow-up-reminders/${eventId}`, { invitation_ids: [...ids, answered] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ message: 'Send Successfully', data: { recipients: 3 } });
    const one = await owner.json('POST', `/events/send-follow-up-reminder/${eventId}/${ids[0]}`, {});
    expect(one.statusCode, one.body).toBe(200);
    expect((await invitation(ids[0])).reminder_count).toBe(2);
    expect((await invitation(answered)).reminder_count).toBe(0);
    expect((await owner.json('POST', `/events/send-follow-up-reminder/${eventId}/${answered}`, {})).statusCode).toBe(422);
  });

  it('reminds confirmed guests before the event once, with the iCal file attached to the email', async () => {
    const eventId = await newEvent({ capacity: 20, startsInHours: 3, rsvp: { reminder_hours: 6, channels: ['email'] } });
    await inA((tx) =>
      tx.execute(sql`insert into rsvp_invitations (tenant_id, event_id, contact_id, channels, answer, answered_at, place, seats)
        select ${tenantA}, ${eventId}, id, '["email"]'::jsonb, 'yes', now(), 'confirmed', 1 from outreach_contacts where tenant_id = ${tenantA} and first_name = 'Member' and email is not null`),
    );
    await inA((tx) => tx.execute(sql`update events set seats_taken = 10 where tenant_id = ${tenantA} and id = ${eventId}`));
    await Promise.all([rsvpSweep(t.app), rsvpSweep(t.app)]);
    await rsvpSweep(t.app);
    const sends = (await sendsOf(eventId)).filter((s) => s.audience.rsvp === 'reminder');
    expect(sends.length).toBe(1);
    expect(Number(sends[0].recipients)).toBe(9);
    const left = await inA((tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from rsvp_invitations where tenant_id = ${tenantA} and event_id = ${eventId} and auto_reminder_sent_at is null`));
    expect(left[0].n).toBe(0);
    const sent = await mailOf(Number(sends[0].id), 9);
    expect(sent[0].attachments?.[0]).toMatchObject({ filename: 'event.ics' });
    expect(sent[0].attachments?.[0].content).toContain('METHOD:REQUEST');
  });

  it('checks a guest in once by their code; the second scan says when', async () => {
    const eventId = await newEvent({ capacity: 5 });
    const [tk, waiting] = await invitationsFor(eventId, 2, 'Door');
    await answerAs(tk, { answer: 'yes' });
    const id = readRsvpToken(KEY, tk)!.invitationId;
    const code = checkInToken(KEY, tenantA, eventId, id);
    const first = await owner.json('POST', `/events/check-in/${eventId}`, { code });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ invitation_id: id, first_time: true });
    const second = await owner.json('POST', `/events/check-in/${eventId}`, { code });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/already checked in at/);
    expect(second.json().data.checked_in_at).toBe(first.json().data.checked_in_at);
    const forged = await owner.json('POST', `/events/check-in/${eventId}`, { code: code.slice(0, -3) + 'xyz' });
    expect(forged.statusCode).toBe(422);
    const otherEvent = await owner.json('POST', `/events/check-in/${eventId + 1}`, { code });
    expect([404, 422]).toContain(otherEvent.statusCode);
    const notComing = await owner.json('POST', `/events/check-in/${eventId}`, { invitation_id: readRsvpToken(KEY, waiting)!.invitationId });
    expect(notComing.statusCode).toBe(422);
    const timeline = await inA((tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from contact_events where tenant_id = ${tenantA} and type = 'rsvp.checked_in' and subject_id = ${eventId}`));
    expect(timeline[0].n).toBe(1);
    // a checked-in guest's answer can no longer change
    expect((await answerAs(tk, { answer: 'no' })).statusCode).toBe(422);

    const guests = (await owner.get(`/events/check-in-guests/${eventId}?search=Door`, { json: true })).json();
    expect(guests.data.length).toBe(1);
    expect(guests.meta).toMatchObject({ checked_in: 1, confirmed: 1 });

    const dash = (await owner.get(`/events/rsvp-dashboard/${eventId}`, { json: true })).json().data as RsvpDashboard;
    expect(dash.totals).toMatchObject({ invited: 2, yes: 1, confirmed: 1, checked_in: 1 });
    expect(dash.check_ins_by_hour.reduce((a, h) => a + h.count, 0)).toBe(1);

    const responses = (await owner.get(`/events/get-rsvp-responses/${eventId}`, { json: true })).json();
    expect(responses.total).toBe(1);
    expect(responses.meta).toMatchObject({ yes: 1 });
    const csv = await owner.get(`/events/rsvp-responses/export?event_id=${eventId}&format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body.split('\n')[0]).toMatch(/Name/);
    expect(csv.body).toContain('Door 0001');
    const xlsx = await owner.get(`/events/rsvp-responses/export?event_id=${eventId}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect((await other.get(`/events/rsvp-responses/export?event_id=${eventId}&format=csv`)).statusCode).toBe(404);
  });
});
