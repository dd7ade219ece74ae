import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SurveySendRow } from '../../../common/surveys.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import type { EmailMessage } from '../../providers/email/types.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { captureEmails } from '../../testing/email-capture.js';
import { startAfricasTalkingStandIn, STANDIN_AT, type AfricasTalkingStandIn } from '../../testing/standins/africastalking.js';
import { deliveryEngine } from '../delivery/index.js';
import { addMember } from '../users/test-helpers.js';
import { addCredits } from '../wallet/index.js';
import { readSurveyToken } from './service.js';

/**
 * Sending a survey (issue 20, docs/decisions/0052): to a segment by SMS (the Africa's Talking
 * stand-in) and email (a driver that keeps what it is given), each recipient's message carrying
 * their own personal link, which answers as them once; a second send to the same people reaches
 * only those not reached yet; consent honoured and credits held; a closed survey, a bad variable,
 * another company's records and a member without the permission. Also the per-link limit of
 * public answering.
 */
let t: TestApp;
let at: AfricasTalkingStandIn;
let owner: TestClient;
let other: TestClient;
let organiser: TestClient;
let guest: TestClient;
let tenantA: number;
let segmentId: number;
let surveyId: number;
let groupId: number;
let otherSegment: number;
let otherGroup: number;
const mail: EmailMessage[] = [];
const KEY = 'test-key-0123456789-0123456789-0123456789';
const LINK = /http:\/\/kazi\.test\/s\/([A-Za-z0-9_-]+)/;

const inA = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(t.database, tenantA, fn);
const count = async (q: ReturnType<typeof sql>) => Number((await inA((tx) => rows<{ n: number }>(tx, q)))[0].n);
let ipSeq = 0;
const answer = (token: string, body: unknown, ip = `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`) =>
  guest.request('POST', `/s/${token}`, { body, json: true, headers: { 'x-forwarded-for': ip } });

/** works a send until `n` of its recipients were handed to the provider (polled, no fixed sleep) */
async function dispatched(sendId: number, n: number) {
  const end = Date.now() + 20_000;
  for (;;) {
    await deliveryEngine(t.app.ctx).dispatch(tenantA, sendId);
    const done = await count(sql`select count(*)::int as n from deliveries where send_id = ${sendId} and state in ('sent', 'delivered')`);
    if (done >= n || Date.now() > end) return expect(done).toBe(n);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const definition = { sections: [{ id: 's1', questions: [{ id: 'q1', type: 'nps', label: 'How likely are you to recommend us?', required: true }] }] };

beforeAll(async () => {
  at = await startAfricasTalkingStandIn();
  t = await createTestApp({ AT_USERNAME: STANDIN_AT.username, AT_API_KEY: STANDIN_AT.apiKey, AT_API_URL: at.url, AT_SENDER_ID: 'KAZI', SMS_DRIVERS: 'africastalking' });
  captureEmails(t.app, mail, { name: 'Survey A', address: 'hello@survey-a.test' });
  const a = await seedTenant(t.database, 'Survey Sends A');
  const b = await seedTenant(t.database, 'Survey Sends B');
  tenantA = a.tenantId;
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  const org = await addMember(t.database, tenantA, 'organiser', 'organiser@survey-sends-a.test');
  organiser = new TestClient(t.app);
  await organiser.login(org.email, org.password);
  guest = new TestClient(t.app);
  await guest.get('/login');
  await inA(async (tx) => {
    await addCredits(tx, { tenantId: tenantA, kind: 'paid', movement: 'purchase', credits: '1000', description: 'Bought', amount: '1000', currency: 'KES' });
    // members 0-3: both channels granted; 4: SMS withdrawn (email only); 5: no consent at all
    await tx.execute(sql`insert into outreach_contacts (tenant_id, first_name, last_name, phone, email, consent_sms, consent_email)
      select ${tenantA}, 'Member', i::text, '+25471000000' || i, 'member' || i || '@example.test',
             case when i < 4 then 'granted' else 'withdrawn' end, case when i < 5 then 'granted' else 'withdrawn' end
        from generate_series(0, 5) i`);
  });
  const seg = await owner.json('POST', '/segments/store', { name: 'Members', type: 'dynamic', rules: { match: 'all', rules: [{ kind: 'text', field: 'first_name', op: 'is', value: 'Member' }] } });
  expect(seg.statusCode, seg.body).toBe(201);
  segmentId = seg.json().data.id;
  const s = await owner.json('POST', '/surveys/store', { name: 'Service check', definition });
  expect(s.statusCode, s.body).toBe(201);
  surveyId = s.json().data.id;
  const g = await owner.json('POST', '/groups/store', { name: 'Volunteers' });
  expect(g.statusCode, g.body).toBe(201);
  groupId = g.json().data.id;
  const oseg = await other.json('POST', '/segments/store', { name: 'Theirs', type: 'dynamic', rules: { match: 'all', rules: [{ kind: 'text', field: 'first_name', op: 'is', value: 'X' }] } });
  otherSegment = oseg.json().data.id;
  otherGroup = (await other.json('POST', '/groups/store', { name: 'Theirs' })).json().data.id;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await at?.close();
});

const sendsOf = () =>
  inA((tx) => rows<{ id: number; channel: string; recipients: number; credits_reserved: string; audience_label: string }>(tx, sql`select id, channel, recipients, credits_reserved, audience_label from sends where survey_id = ${surveyId} order by id`));

describe('sending a survey: POST /surveys/send-survey/{id}', () => {
  it('refuses a bad variable on its field and writes nothing', async () => {
    const r = await owner.json('POST', `/surveys/send-survey/${surveyId}`, { segment_ids: [segmentId], channels: ['sms', 'email'], message: 'Hi {{ first_name }}: {{ survey_url }}' });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.message[0]).toMatch(/survey_url/);
    const html = await owner.json('POST', `/surveys/send-survey/${surveyId}`, { segment_ids: [segmentId], channels: ['email'], body: '<p>{{ nope }}</p>' });
    expect(html.statusCode).toBe(422);
    expect(Object.keys(html.json().errors)).toEqual(['body']);
    const none = await owner.json('POST', `/surveys/send-survey/${surveyId}`, { channels: ['sms'] });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.audience[0]).toMatch(/Choose who/);
    expect(await sendsOf()).toHaveLength(0);
    expect(await count(sql`select count(*)::int as n from credit_reservations`)).toBe(0);
  });

  it('sends to a segment by SMS and email, each recipient their own personal link, consent honoured and credits held', async () => {
    const r = await owner.json('POST', `/surveys/send-survey/${surveyId}`, {
      segment_ids: [segmentId],
      channels: ['sms', 'email'],
      message: 'Hi {{ first_name }} {{ last_name }}, {{ survey_name }}: {{ survey_link }}',
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ message: 'Send Successfully', data: { recipients: 9 } });
    const sends = await sendsOf();
    expect(sends.map((s) => [s.channel, Number(s.recipients)])).toEqual([
      ['sms', 4],
      ['email', 5],
    ]);
    expect(sends[0].audience_label).toBe('Service check: Segment: Members (4 recipients)');
    for (const s of sends) expect(Number(s.credits_reserved)).toBeGreaterThan(0);

    await dispatched(Number(sends[0].id), 4);
    const texts = at.received().filter((m) => m.to.startsWith('+25471000000'));
    expect(texts.map((m) => m.to).sort()).toEqual(['+254710000000', '+254710000001', '+254710000002', '+254710000003']);
    const byNumber = new Map<string, number>();
    for (const m of texts) {
      expect(m.message).toMatch(/^Hi Member \d, Service check: http:\/\/kazi\.test\/s\//);
      const link = readSurveyToken(KEY, LINK.exec(m.message)![1]);
      expect(link).toMatchObject({ tenantId: tenantA, surveyId });
      byNumber.set(m.to, link!.contactId!);
    }
    const contacts = await inA((tx) => rows<{ id: number; phone: string }>(tx, sql`select id, phone from outreach_contacts where first_name = 'Member'`));
    for (const c of contacts) if (byNumber.has(c.phone)) expect(byNumber.get(c.phone)).toBe(Number(c.id));

    await dispatched(Number(sends[1].id), 5);
    const emails = mail.filter((m) => m.tags?.includes(`send-${sends[1].id}`));
    expect(emails).toHaveLength(5);
    expect(emails[0].subject).toBe('Service check: we would like your opinion');
    const emailLinks = emails.map((m) => readSurveyToken(KEY, LINK.exec(m.html ?? '')![1])!.contactId);
    expect(new Set(emailLinks).size).toBe(5);

    // the survey's page lists its sends with their figures
    const list = await owner.json('GET', `/surveys/get-sends/${surveyId}`);
    expect(list.statusCode, list.body).toBe(200);
    const data = list.json().data as SurveySendRow[];
    expect(data.map((d) => [d.channel, d.recipients, d.counts.sent + d.counts.delivered])).toEqual([
      ['email', 5, 5],
      ['sms', 4, 4],
    ]);
  });

  it('answers as the contact through their link, exactly once', async () => {
    const text = at.received().find((m) => m.to === '+254710000002')!;
    const token = LINK.exec(text.message)![1];
    const page = await guest.get(`/s/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Member');
    expect((await answer(token, { answers: { q1: 9 } })).statusCode).toBe(201);
    const again = await answer(token, { answers: { q1: 3 } });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('You have already answered this survey.');
    const stored = await inA((tx) => rows<{ contact_id: number; source: string }>(tx, sql`select contact_id, source from survey_responses where survey_id = ${surveyId}`));
    const [c] = await inA((tx) => rows<{ id: number }>(tx, sql`select id from outreach_contacts where phone = '+254710000002'`));
    expect(stored).toEqual([{ contact_id: c.id, source: 'personal' }]);
  });

  it('a second send to the same people reaches only those not reached yet', async () => {
    const before = at.received().length;
    const again = await owner.json('POST', `/surveys/send-survey/${surveyId}`, { segment_ids: [segmentId], channels: ['sms', 'email'] });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.audience[0]).toMatch(/No one to send to/);
    expect(await sendsOf()).toHaveLength(2);
    // a new member joins the segment: the next send goes to them alone
    await inA((tx) => tx.execute(sql`insert into outreach_contacts (tenant_id, first_name, last_name, phone, consent_sms) values (${tenantA}, 'Member', 'New', '+254710000009', 'granted')`));
    const r = await owner.json('POST', `/surveys/send-survey/${surveyId}`, { segment_ids: [segmentId], channels: ['sms'] });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data.recipients).toBe(1);
    const [, , third] = await sendsOf();
    await dispatched(Number(third.id), 1);
    expect(at.received().slice(before).map((m) => m.to)).toEqual(['+254710000009']);
    expect(at.duplicates()).toEqual([]);
  });

  it('sends to a group’s participants', async () => {
    await inA(async (tx) => {
      await tx.execute(sql`insert into outreach_contacts (tenant_id, first_name, phone, consent_sms) values (${tenantA}, 'Volunteer', '+254720000001', 'granted')`);
      await tx.execute(sql`insert into group_participants (tenant_id, group_id, contact_id) select ${tenantA}, ${groupId}, id from outreach_contacts where first_name = 'Volunteer'`);
    });
    const r = await owner.json('POST', `/surveys/send-survey/${surveyId}`, { group_ids: [groupId], channels: ['sms'] });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data.recipients).toBe(1);
    const last = (await sendsOf()).at(-1)!;
    expect(last.audience_label).toBe('Service check: Group: Volunteers (participants) (1 recipient)');
  });

  it('refuses a closed survey with a clear message', async () => {
    await owner.json('POST', `/surveys/close-survey/${surveyId}`);
    const n = (await sendsOf()).length;
    const r = await owner.json('POST', `/surveys/send-survey/${surveyId}`, { contact_ids: [1], channels: ['sms'] });
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe('This survey is closed: reopen it before sending it.');
    expect(await sendsOf()).toHaveLength(n);
    await owner.json('POST', `/surveys/open-survey/${surveyId}`);
  });

  it('answers 404 for another company’s survey, segment or group, and 403 without the permission', async () => {
    const body = { segment_ids: [segmentId], channels: ['sms'] };
    expect((await other.json('POST', `/surveys/send-survey/${surveyId}`, body)).statusCode).toBe(404);
    expect((await other.json('GET', `/surveys/get-sends/${surveyId}`)).statusCode).toBe(404);
    const seg = await owner.json('POST', `/surveys/send-survey/${surveyId}`, { segment_ids: [otherSegment], channels: ['sms'] });
    expect(seg.statusCode).toBe(404);
    expect(seg.json().message).toMatch(/Segment/);
    const grp = await owner.json('POST', `/surveys/send-survey/${surveyId}`, { group_ids: [otherGroup], channels: ['sms'] });
    expect(grp.statusCode).toBe(404);
    expect((await owner.json('POST', '/surveys/send-survey/99999999', body)).statusCode).toBe(404);
    expect((await organiser.json('POST', `/surveys/send-survey/${surveyId}`, body)).statusCode).toBe(403);
    expect((await organiser.json('GET', `/surveys/get-sends/${surveyId}`)).statusCode).toBe(200);
  });
});

describe('public answering: the limit per link', () => {
  it('takes at most 300 answers a minute through one link, whatever their addresses (429 after)', async () => {
    const s = await owner.json('POST', '/surveys/store', { name: 'Busy link', definition });
    const token = (s.json().data.public_url as string).split('/s/')[1];
    const codes: number[] = [];
    // every request from its own address: only the link's limit can stop them (an empty answer is a 422 and stores nothing)
    for (let i = 0; i < 301; i++) codes.push((await answer(token, { answers: {} }, `10.77.${Math.floor(i / 250)}.${i % 250}`)).statusCode);
    expect(codes.slice(0, 300).every((c) => c === 422)).toBe(true);
    expect(codes[300]).toBe(429);
    // another link of the same company is not held back
    const free = await owner.json('POST', '/surveys/store', { name: 'Quiet link', definition });
    expect((await answer((free.json().data.public_url as string).split('/s/')[1], { answers: { q1: 7 } })).statusCode).toBe(201);
  }, 120_000);
});
