import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionResult, SurveyRow } from '../../../common/surveys.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { addMember } from '../users/test-helpers.js';
import { WORDS_FROM } from './results.js';
import { personalSurveyToken, surveyToken } from './service.js';

/**
 * Surveys over HTTP (issue 20): the builder's CRUD with its definition rules, close and reopen
 * (by hand, at a time, after N responses), public answering with skip logic enforced on the
 * server (a tampered answer is a 422 and stores nothing), the honeypot, the limits per address,
 * personal links once per contact and the contact's timeline, a survey inside a CMS page, results,
 * counts and the export's columns, the event and group links, another company's ids and the
 * permissions.
 */
let t: TestApp;
let owner: TestClient;
let other: TestClient;
let organiser: TestClient;
let accountant: TestClient;
let guest: TestClient;
let tenantA: number;
let survey: SurveyRow;
let token: string;
let eventId: number;
let groupId: number;
let contactId: number;
let campaignId: number;
const KEY = 'test-key-0123456789-0123456789-0123456789';

const inA = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(t.database, tenantA, fn);
const responses = async (surveyId: number) => Number((await inA((tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from survey_responses where survey_id = ${surveyId}`)))[0].n);
const componentOf = (html: string) => JSON.parse(html.match(/<script data-page="app" type="application\/json"[^>]*>([\s\S]*?)<\/script>/)![1]).component as string;
let ipSeq = 0;
/** each answer from its own address unless told (the per-address limit is tested on its own) */
const answer = (tok: string, body: unknown, ip = `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`) =>
  guest.request('POST', `/s/${tok}`, { body, json: true, headers: { 'x-forwarded-for': ip } });

/** Sections: about you (q1 NPS, q2 shown only when NPS ≤ 6), then a jump to the end when "No" to q3, else section 2 (q4 choice with other, q5 matrix). */
const definition = {
  sections: [
    {
      id: 's1',
      title: 'About you',
      questions: [
        { id: 'q1', type: 'nps', label: 'How likely are you to recommend us?', required: true },
        { id: 'q2', type: 'long_text', label: 'What should we improve?', required: true, show_if: { question: 'q1', op: 'lte', value: 6 } },
        { id: 'q3', type: 'yes_no', label: 'Did you attend the event?', required: true },
      ],
      jumps: [{ when: { question: 'q3', op: 'equals', value: 'no' }, to: 'end' }],
    },
    {
      id: 's2',
      title: 'The event',
      questions: [
        { id: 'q4', type: 'single_choice', label: 'Best part', options: ['Talks', 'Food'], allow_other: true, required: true },
        { id: 'q5', type: 'matrix', label: 'Rate', rows: ['Venue', 'Timing'], columns: ['Good', 'Bad'] },
        { id: 'q6', type: 'short_text', label: 'Code', pattern: '[A-Z]{3}' },
      ],
    },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Surveys A');
  const b = await seedTenant(t.database, 'Surveys B');
  tenantA = a.tenantId;
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  const org = await addMember(t.database, tenantA, 'organiser', 'organiser@surveys-a.test');
  organiser = new TestClient(t.app);
  await organiser.login(org.email, org.password);
  const acc = await addMember(t.database, tenantA, 'accountant', 'accountant@surveys-a.test');
  accountant = new TestClient(t.app);
  await accountant.login(acc.email, acc.password);
  guest = new TestClient(t.app);
  await guest.get('/login');
  const camp = await owner.json('POST', '/campaigns/store', { name: 'Outreach 2026' });
  campaignId = camp.json().data.id;
  const group = await owner.json('POST', '/groups/store', { name: 'Monthly meetups', campaign_id: campaignId });
  groupId = group.json().data.id;
  const ev = await owner.json('POST', '/events/store', { name: 'Launch', campaign_id: camp.json().data.id, group_id: groupId, starts_at: '2026-12-01T18:00', ends_at: '2026-12-01T21:00', status: 'active' });
  expect(ev.statusCode, ev.body).toBe(201);
  eventId = ev.json().data.id;
  const [c] = await inA((tx) => rows<{ id: number }>(tx, sql`insert into outreach_contacts (tenant_id, first_name, last_name, phone) values (${tenantA}, 'Amina', 'Otieno', '+254700000001') returning id`));
  contactId = Number(c.id);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the builder: /surveys/store, json, get-survey, update, delete, fields', () => {
  it('refuses a definition that breaks its own rules, and stores one that holds', async () => {
    const back = { sections: [{ id: 's1', questions: [{ id: 'q1', type: 'short_text', label: 'A' }], jumps: [{ when: { question: 'q1', op: 'answered' }, to: 's1' }] }] };
    const bad = await owner.json('POST', '/surveys/store', { name: 'Bad', definition: back });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json().errors)).toContain('A jump may go only to a later section or to the end.');
    const later = await owner.json('POST', '/surveys/store', { name: 'Bad', definition: { sections: [{ id: 's1', questions: [{ id: 'q1', type: 'short_text', label: 'A', show_if: { question: 'q9', op: 'answered' } }] }] } });
    expect(JSON.stringify(later.json().errors)).toContain('A condition may depend only on an earlier question.');
    const noOptions = await owner.json('POST', '/surveys/store', { name: 'Bad', definition: { sections: [{ id: 's1', questions: [{ id: 'q1', type: 'dropdown', label: 'Pick' }] }] } });
    expect(noOptions.statusCode).toBe(422);
    expect((await owner.json('POST', '/surveys/store', { name: '', definition })).json().errors.name).toEqual(['The name field is required.']);
    expect(await inA((tx) => rows(tx, sql`select id from surveys`))).toHaveLength(0);

    const ok = await owner.json('POST', '/surveys/store', { name: 'Launch feedback', thank_you: 'Asante!', event_id: eventId, definition });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().message).toBe('Survey created successfully.');
    survey = ok.json().data;
    expect(survey).toMatchObject({ name: 'Launch feedback', status: 'open', event_id: eventId, event_name: 'Launch', questions_count: 6, responses_count: 0 });
    expect(survey.campaign_id).not.toBeNull();
    expect(survey.public_url).toMatch(/\/s\/.+/);
    token = survey.public_url.split('/s/')[1];
    expect(token).toBe(surveyToken(KEY, tenantA, survey.id));
  });

  it('lists, reads, updates and answers the fields', async () => {
    const list = await owner.json('GET', '/surveys/json?search=launch');
    expect(list.json()).toMatchObject({ total: 1, data: [{ id: survey.id }] });
    expect((await owner.json('GET', `/surveys/get-survey/${survey.id}`)).json().data.definition.sections).toHaveLength(2);
    const up = await owner.json('PUT', `/surveys/update/${survey.id}`, { description: 'After the launch' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data).toMatchObject({ description: 'After the launch', thank_you: 'Asante!', anonymous: false });
    const fields = (await owner.json('GET', `/surveys/${survey.id}/fields`)).json();
    expect(fields.data.map((f: { id: string }) => f.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', 'q6']);
    expect(fields.data[0]).toMatchObject({ type: 'nps', section: 's1' });
  });

  it('answers 404 for another company, 403 without the permission', async () => {
    for (const [m, u] of [
      ['GET', `/surveys/get-survey/${survey.id}`],
      ['PUT', `/surveys/update/${survey.id}`],
      ['DELETE', `/surveys/delete/${survey.id}`],
      ['GET', `/surveys/${survey.id}/fields`],
      ['POST', `/surveys/close-survey/${survey.id}`],
      ['POST', `/surveys/open-survey/${survey.id}`],
      ['GET', `/surveys/results/json?survey_id=${survey.id}`],
      ['GET', `/surveys/results/count?survey_id=${survey.id}`],
      ['GET', `/events/get-surveys/${eventId}`],
      ['GET', `/groups/participant-survey/${groupId}`],
      ['GET', `/groups/surveys?group_id=${groupId}`],
    ] as const) {
      expect((await other.json(m, u, m === 'PUT' ? { name: 'x' } : undefined)).statusCode, `${m} ${u}`).toBe(404);
    }
    expect((await other.json('POST', '/groups/link-survey', { group_id: groupId, survey_id: survey.id })).statusCode).toBe(404);
    expect((await other.json('POST', '/surveys/results/export', { survey_id: survey.id })).statusCode).toBe(404);
    expect((await other.json('GET', '/surveys/json')).json().total).toBe(0);

    expect((await accountant.json('GET', '/surveys/json')).statusCode).toBe(403);
    expect((await accountant.json('GET', `/surveys/results/json?survey_id=${survey.id}`)).statusCode).toBe(403);
    // the organiser sees surveys, but neither builds nor closes them
    expect((await organiser.json('GET', `/surveys/get-survey/${survey.id}`)).statusCode).toBe(200);
    expect((await organiser.json('POST', '/surveys/store', { name: 'x', definition })).statusCode).toBe(403);
    expect((await organiser.json('POST', `/surveys/close-survey/${survey.id}`)).statusCode).toBe(403);
    expect((await organiser.json('POST', '/groups/link-survey', { group_id: groupId, survey_id: survey.id })).statusCode).toBe(403);
  });
});

describe('public answering: /s/{token}', () => {
  it('shows the form without a login, and 404 for a forged link', async () => {
    const page = await guest.get(`/s/${token}`);
    expect(page.statusCode).toBe(200);
    expect(componentOf(page.body)).toBe('Surveys/View');
    expect(page.body).toContain('How likely are you to recommend us?');
    expect((await guest.get(`/s/${token}x`)).statusCode).toBe(404);
    expect((await guest.get(`/s/${surveyToken('another-key-0123456789-0123456789', tenantA, survey.id)}`)).statusCode).toBe(404);
  });

  it('enforces the skip logic on the server: a tampered answer is a 422 and stores nothing', async () => {
    // q2 is asked only when q1 ≤ 6: answering it with 9 is tampering
    const skipped = await answer(token, { answers: { q1: 9, q2: 'sneaky', q3: true, q4: 'Talks' } });
    expect(skipped.statusCode).toBe(422);
    expect(skipped.json().errors['answers.q2']).toEqual(['This question was not asked: an earlier answer skips it.']);
    // "No" to q3 jumps to the end: section 2 was never asked
    const jumped = await answer(token, { answers: { q1: 10, q3: 'no', q4: 'Food' } });
    expect(jumped.json().errors['answers.q4']).toBeDefined();
    // asked and required: q2 when q1 ≤ 6
    const missing = await answer(token, { answers: { q1: 3, q3: true, q4: 'Talks' } });
    expect(missing.json().errors['answers.q2']).toEqual(['“What should we improve?” is required.']);
    const bad = await answer(token, { answers: { q1: 11, q3: true, q4: 'Drinks', q5: { Venue: 'Great' }, q6: 'abcd', q9: 'x' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['answers.q1', 'answers.q4', 'answers.q5', 'answers.q6', 'answers.q9']);
    expect(await responses(survey.id)).toBe(0);
  });

  it('stores answers that hold, counts them and thanks the respondent', async () => {
    const a = await answer(token, { answers: { q1: 4, q2: 'More chairs please', q3: true, q4: 'Other: the music', q5: { Venue: 'Good', Timing: 'Bad' }, q6: 'ABC' } });
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json().message).toBe('Asante!');
    expect((await answer(token, { answers: { q1: 10, q3: 'no' } })).statusCode).toBe(201);
    expect((await answer(token, { answers: { q1: 9, q3: 'yes', q4: 'Talks', q5: { Venue: 'Good' } } })).statusCode).toBe(201);
    expect(await responses(survey.id)).toBe(3);
    const [stored] = await inA((tx) => rows<{ answers: Record<string, unknown>; event_id: number; contact_id: number | null; source: string }>(tx, sql`select answers, event_id, contact_id, source from survey_responses order by id limit 1`));
    expect(stored).toMatchObject({ answers: { q1: 4, q3: true, q4: 'Other: the music' }, contact_id: null, source: 'link' });
    expect(Number(stored.event_id)).toBe(eventId);
  });

  it('thanks a robot that fills the honeypot and keeps nothing', async () => {
    const r = await answer(token, { answers: { q1: 10, q3: 'no' }, website: 'http://spam.example' });
    expect(r.statusCode).toBe(201);
    expect(await responses(survey.id)).toBe(3);
  });

  it('limits answers per address (429)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await answer(token, { answers: {} }, '192.0.2.77')).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 422)).toBe(true);
    expect(codes[30]).toBe(429);
  });

  it('takes a personal link once, linked to the contact and written to their timeline', async () => {
    const personal = personalSurveyToken(KEY, tenantA, survey.id, contactId);
    const page = await guest.get(`/s/${personal}`);
    expect(page.body).toContain('Amina');
    expect((await answer(personal, { answers: { q1: 5, q2: 'Shorter talks', q3: 'no' } })).statusCode).toBe(201);
    const again = await answer(personal, { answers: { q1: 10, q3: 'no' } });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('You have already answered this survey.');
    const events = await inA((tx) => rows<{ type: string; subject_id: number; data: { nps: number } }>(tx, sql`select type, subject_id, data from contact_events where contact_id = ${contactId}`));
    expect(events).toEqual([expect.objectContaining({ type: 'survey.answered', data: expect.objectContaining({ nps: 5, survey_id: survey.id }) })]);
    // a segment of detractors of this survey finds them
    const seg = await owner.json('POST', '/segments/store', {
      name: 'Detractors',
      type: 'dynamic',
      rules: { match: 'all', rules: [{ kind: 'activity', type: 'survey.answered', op: 'happened', subject_id: survey.id, score_op: 'lte', score: 6 }] },
    });
    expect(seg.statusCode, seg.body).toBe(201);
    expect(seg.json().data.size).toBe(1);
    const promoters = await owner.json('POST', '/segments/store', {
      name: 'Promoters',
      type: 'dynamic',
      rules: { match: 'all', rules: [{ kind: 'activity', type: 'survey.answered', op: 'happened', subject_id: survey.id, score_op: 'gte', score: 9 }] },
    });
    expect(promoters.json().data.size).toBe(0);
  });
});

describe('results: /surveys/results/json, count, export', () => {
  it('answers the responses and every question’s results', async () => {
    const r = await owner.json('GET', `/surveys/results/json?survey_id=${survey.id}`);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json() as { total: number; data: { id: number; contact_name: string | null; created_at: string }[]; summary: QuestionResult[] };
    expect(body.total).toBe(4);
    expect(body.data[0].contact_name).toBe('Amina Otieno');
    expect(body.data[0]).toMatchObject({ survey_id: survey.id, contact_id: contactId, event_id: eventId, source: 'personal' });
    expect(body.data[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(body.data.map((d) => d.id)).toEqual([...body.data.map((d) => d.id)].sort((a, b) => b - a));
    const q = Object.fromEntries(body.summary.map((s) => [s.id, s]));
    expect(q.q1.counts).toMatchObject({ '4': 1, '5': 1, '9': 1, '10': 1, '0': 0 });
    // 2 promoters, 2 detractors of 4
    expect(q.q1.nps).toBe(0);
    expect(q.q3.counts).toEqual({ Yes: 2, No: 2 });
    expect(q.q4.counts).toEqual({ Talks: 1, Food: 0, Other: 1 });
    expect(q.q5.counts['Venue → Good']).toBe(2);
    expect(q.q2.words.map((w) => w.word)).toEqual(expect.arrayContaining(['chairs', 'talks']));
    expect(q.q2.words_from).toBe(2);
    expect(q.q1.answered).toBe(4);
    expect(q.q5.answered).toBe(2);
    const count = await owner.json('GET', `/surveys/results/count?survey_id=${survey.id}&event_id=${eventId}`);
    expect(count.json()).toEqual({ data: 4, event_count: 1 });
    expect((await owner.json('GET', `/surveys/results/count?survey_id=${survey.id}&is_participant=1`)).json()).toEqual({ data: 0, event_count: 0 });
    expect((await owner.json('GET', '/surveys/results/json?event_id=x')).statusCode).toBe(422);
  });

  it('exports one row per response and one column per question, as CSV and XLSX', async () => {
    const csv = await owner.request('POST', '/surveys/results/export', { body: { survey_id: survey.id, format: 'csv' }, json: true });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`survey-${survey.id}-responses`);
    const lines = csv.body.replace(/^\ufeff/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Response ID,Submitted at,Contact,How likely are you to recommend us?,What should we improve?,Did you attend the event?,Best part,Rate,Code');
    expect(lines).toHaveLength(5);
    expect(lines.join('\n')).toContain('Venue: Good; Timing: Bad');
    const xlsx = await owner.request('POST', '/surveys/results/export', { body: { survey_id: survey.id, format: 'xlsx' }, json: true });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(5);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toHaveLength(9);
    expect((await owner.json('POST', '/surveys/results/export', {})).statusCode).toBe(422);
  });
});

/**
 * Every kind of question's figures, and the filters, over responses stored as the answer page
 * stores them (with the campaign, event and group copied on the row), written here directly so
 * each figure below is known by hand.
 */
describe('results: figures per kind of question, and the filters', () => {
  const kinds = {
    sections: [
      {
        id: 'all',
        questions: [
          { id: 'k1', type: 'nps', label: 'Recommend?' },
          { id: 'k2', type: 'single_choice', label: 'Colour', options: ['Red', 'Blue'], allow_other: true },
          { id: 'k3', type: 'multiple_choice', label: 'Drinks', options: ['Tea', 'Coffee', 'Juice'], allow_other: true },
          { id: 'k4', type: 'dropdown', label: 'Letter', options: ['A', 'B'] },
          { id: 'k5', type: 'rating', label: 'Stars', max: 4 },
          { id: 'k6', type: 'scale', label: 'Scale' },
          { id: 'k7', type: 'number', label: 'Number' },
          { id: 'k8', type: 'date', label: 'Day' },
          { id: 'k9', type: 'email', label: 'Email' },
          { id: 'k10', type: 'yes_no', label: 'Came?' },
          { id: 'k11', type: 'matrix', label: 'Rate', rows: ['Venue', 'Food'], columns: ['Good', 'Bad'] },
          { id: 'k12', type: 'short_text', label: 'Say it' },
        ],
      },
    ],
  };
  let kindsId: number;
  let textId: number;
  type Summary = { total: number; summary: QuestionResult[] };
  const resultsOf = async (id: number, filter = '') => {
    const r = await owner.json('GET', `/surveys/results/json?survey_id=${id}${filter}`);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json() as Summary;
    return { total: body.total, ...Object.fromEntries(body.summary.map((s) => [s.id, s])) } as { total: number } & Record<string, QuestionResult>;
  };

  beforeAll(async () => {
    const made = await owner.json('POST', '/surveys/store', { name: 'Every kind', definition: kinds });
    expect(made.statusCode, made.body).toBe(201);
    kindsId = made.json().data.id;
    const answers = [
      // r1: the campaign, the event and the group
      [{ k1: 10, k2: 'Red', k3: ['Tea', 'Coffee'], k4: 'A', k5: 4, k6: 5, k7: 2.5, k8: '2026-01-02', k9: 'a@example.test', k10: true, k11: { Venue: 'Good', Food: 'Bad' }, k12: 'Great coffee, great tea!' }, campaignId, eventId, groupId, '2026-01-10T12:00:00Z'],
      // r2: the campaign only
      [{ k1: 3, k2: 'Other: green', k3: ['Tea', 'Other: mate'], k4: 'B', k5: 2, k6: 1, k7: 10, k8: '2026-01-02', k10: false, k11: { Venue: 'Good' }, k12: 'Coffee was cold' }, campaignId, null, null, '2026-01-11T12:00:00Z'],
      // r3: the event and the group
      [{ k1: 8, k2: 'Blue', k3: ['Juice'], k5: 4, k7: -1, k10: true, k12: 'the tea' }, null, eventId, groupId, '2026-02-01T12:00:00Z'],
      // r4: an option since removed counts as “Other”
      [{ k1: 9, k2: 'Purple' }, null, null, null, '2026-03-05T12:00:00Z'],
      // r5: no answer at all
      [{}, null, null, null, '2026-03-06T12:00:00Z'],
    ] as const;
    await inA(async (tx) => {
      for (const [a, campaign, event, group, at] of answers)
        await tx.execute(
          sql`insert into survey_responses (tenant_id, survey_id, answers, campaign_id, event_id, group_id, created_at) values (${tenantA}, ${kindsId}, ${JSON.stringify(a)}::jsonb, ${campaign}, ${event}, ${group}, ${at})`,
        );
    });
    const text = await owner.json('POST', '/surveys/store', { name: 'Words', definition: { sections: [{ id: 's', questions: [{ id: 't', type: 'long_text', label: 'Tell us' }] }] } });
    textId = text.json().data.id;
    // one old answer, then WORDS_FROM newer ones: the old one falls outside the word list
    await inA((tx) =>
      tx.execute(
        sql`insert into survey_responses (tenant_id, survey_id, answers, created_at)
            select ${tenantA}, ${textId}, jsonb_build_object('t', case when g = 0 then 'ancient words' else 'fresh fresh answer' end), timestamptz '2026-01-01T00:00:00Z' + make_interval(mins => g)
              from generate_series(0, ${WORDS_FROM}) g`,
      ),
    );
  }, 60_000);

  it('counts every kind of question over all the responses', async () => {
    const q = await resultsOf(kindsId);
    expect(q.total).toBe(5);
    expect(q.k1).toMatchObject({ answered: 4, nps: 25, average: 7.5 });
    expect(q.k1.counts).toEqual({ '0': 0, '1': 0, '2': 0, '3': 1, '4': 0, '5': 0, '6': 0, '7': 0, '8': 1, '9': 1, '10': 1 });
    expect(q.k2).toMatchObject({ answered: 4, counts: { Red: 1, Blue: 1, Other: 2 }, nps: null, average: null });
    expect(q.k3).toMatchObject({ answered: 3, counts: { Tea: 2, Coffee: 1, Juice: 1, Other: 1 } });
    // no “Other” without allow_other
    expect(q.k4).toMatchObject({ answered: 2, counts: { A: 1, B: 1 } });
    expect(q.k5).toMatchObject({ answered: 3, counts: { '1': 0, '2': 1, '3': 0, '4': 2 }, average: 3.33 });
    expect(q.k6).toMatchObject({ answered: 2, counts: { '1': 1, '2': 0, '3': 0, '4': 0, '5': 1 }, average: 3 });
    expect(q.k7).toMatchObject({ answered: 3, average: 3.83 });
    expect(q.k7.counts).toEqual({ '-1': 1, '2.5': 1, '10': 1 });
    expect(q.k8).toMatchObject({ answered: 2, counts: { '2026-01-02': 2 } });
    expect(q.k9).toMatchObject({ answered: 1, counts: {}, words: [], words_from: 0 });
    expect(q.k10).toMatchObject({ answered: 3, counts: { Yes: 2, No: 1 } });
    expect(q.k11).toMatchObject({ answered: 2, counts: { 'Venue → Good': 2, 'Venue → Bad': 0, 'Food → Good': 0, 'Food → Bad': 1 } });
    expect(q.k12).toMatchObject({ answered: 3, words_from: 3 });
    // stop words and words under three letters left out; most frequent first, then alphabetically
    expect(q.k12.words).toEqual([
      { word: 'coffee', count: 2 },
      { word: 'great', count: 2 },
      { word: 'tea', count: 2 },
      { word: 'cold', count: 1 },
    ]);
  });

  it('filters by campaign, event, group and dates', async () => {
    const byCampaign = await resultsOf(kindsId, `&campaign_id=${campaignId}`);
    expect(byCampaign.total).toBe(2);
    expect(byCampaign.k1).toMatchObject({ answered: 2, nps: 0, average: 6.5 });
    expect(byCampaign.k10.counts).toEqual({ Yes: 1, No: 1 });
    expect(byCampaign.k12.words.map((w) => w.word)).toEqual(['coffee', 'great', 'cold', 'tea']);
    const byEvent = await resultsOf(kindsId, `&event_id=${eventId}`);
    expect(byEvent.total).toBe(2);
    expect(byEvent.k2.counts).toEqual({ Red: 1, Blue: 1, Other: 0 });
    expect(byEvent.k1.nps).toBe(50);
    const byGroup = await resultsOf(kindsId, `&group_id=${groupId}`);
    expect(byGroup.k3.counts).toEqual({ Tea: 1, Coffee: 1, Juice: 1, Other: 0 });
    expect(byGroup.k5.counts).toEqual({ '1': 0, '2': 0, '3': 0, '4': 2 });
    // both days included
    const byDates = await resultsOf(kindsId, '&date_from=2026-01-11&date_to=2026-02-01');
    expect(byDates.total).toBe(2);
    expect(byDates.k1).toMatchObject({ answered: 2, nps: -50 });
    expect(byDates.k11.counts).toMatchObject({ 'Venue → Good': 1, 'Food → Bad': 0 });
    expect(byDates.k12.words.map((w) => w.word)).toEqual(['coffee', 'cold', 'tea']);
    const none = await resultsOf(kindsId, '&date_from=2027-01-01');
    expect(none.total).toBe(0);
    expect(none.k1).toMatchObject({ answered: 0, nps: null, average: null });
    expect(none.k2.counts).toEqual({ Red: 0, Blue: 0, Other: 0 });
    expect(none.k12).toMatchObject({ answered: 0, words: [], words_from: 0 });
    expect((await resultsOf(kindsId, '&is_participant=0')).k1.answered).toBe(4);
    expect((await resultsOf(kindsId, '&is_participant=1')).k1).toMatchObject({ answered: 0, nps: null });
    const count = await owner.json('GET', `/surveys/results/count?survey_id=${kindsId}&group_id=${groupId}`);
    expect(count.json()).toEqual({ data: 2, event_count: 1 });
  });

  it('counts the words of the latest answers only, and says how many', async () => {
    const q = await resultsOf(textId);
    expect(q.total).toBe(WORDS_FROM + 1);
    expect(q.t).toMatchObject({ answered: WORDS_FROM + 1, words_from: WORDS_FROM });
    expect(q.t.words).toEqual([
      { word: 'fresh', count: 2 * WORDS_FROM },
      { word: 'answer', count: WORDS_FROM },
    ]);
    // the page reads the newest first, with its exact total below the lists' cap
    const page = await owner.json('GET', `/surveys/results/json?survey_id=${textId}&per_page=2&page=2`);
    expect(page.json()).toMatchObject({ total: WORDS_FROM + 1, current_page: 2, last_page: Math.ceil((WORDS_FROM + 1) / 2) });
    expect(page.json().data.map((d: { answers: { t: string } }) => d.answers.t)).toEqual(['fresh fresh answer', 'fresh fresh answer']);
    const last = await owner.json('GET', `/surveys/results/json?survey_id=${textId}&per_page=2&page=${Math.ceil((WORDS_FROM + 1) / 2)}`);
    expect(last.json().data.map((d: { answers: { t: string } }) => d.answers.t)).toEqual(['ancient words']);
  });
});

describe('links: events and groups', () => {
  it('lists an event’s surveys and links a group’s surveys for guests and participants', async () => {
    const ev = await owner.json('GET', `/events/get-surveys/${eventId}`);
    expect(ev.json().data).toEqual([expect.objectContaining({ id: survey.id, event_responses: 4 })]);
    const second = (await owner.json('POST', '/surveys/store', { name: 'Participants check-in', definition: { sections: [{ id: 's1', questions: [{ id: 'q1', type: 'rating', label: 'Stars' }] }] } })).json().data;
    expect((await owner.json('POST', '/groups/link-survey', { group_id: groupId, survey_id: survey.id })).json().message).toBe('Survey linked successfully.');
    expect((await owner.json('POST', '/groups/link-participant-survey', { group_id: groupId, survey_id: second.id })).statusCode).toBe(200);
    const linked = (await owner.json('GET', `/groups/surveys?group_id=${groupId}`)).json().data as SurveyRow[];
    expect(linked.map((s) => [s.id, s.is_participant]).sort()).toEqual([[survey.id, false], [second.id, true]].sort());
    expect((await owner.json('GET', `/groups/participant-survey/${groupId}`)).json().data.id).toBe(second.id);
    expect((await owner.json('POST', '/groups/link-survey', { group_id: groupId })).statusCode).toBe(200);
    expect((await owner.json('GET', `/groups/surveys?group_id=${groupId}`)).json().data).toHaveLength(1);
    expect((await owner.json('POST', '/groups/link-survey', { group_id: 999999, survey_id: survey.id })).statusCode).toBe(404);
    expect((await owner.json('GET', '/groups/surveys')).statusCode).toBe(422);
  });
});

describe('inside a CMS page: /p/{company}/{page}/survey', () => {
  it('answers the page’s survey with the page as its source', async () => {
    const page = await owner.json('POST', '/cms/pages/store', {
      title: 'Feedback',
      slug: 'feedback',
      blocks: [{ id: 'b1', type: 'survey', survey_id: survey.id, label: 'Tell us', intro: 'Two minutes' }],
    });
    expect(page.statusCode, page.body).toBe(201);
    expect((await owner.json('POST', `/cms/pages/${page.json().data.id}/publish`)).statusCode).toBe(200);
    const [{ slug }] = await t.database.query<{ slug: string }>('select slug from tenants where id = $1', [tenantA]);
    const html = await guest.get(`/p/${slug}/feedback`);
    expect(html.body).toContain(`href="/p/${slug}/feedback/survey"`);
    const form = await guest.get(`/p/${slug}/feedback/survey`);
    expect(form.statusCode).toBe(200);
    expect(componentOf(form.body)).toBe('Pages/Survey');
    const r = await guest.request('POST', `/p/${slug}/feedback/survey`, { body: { answers: { q1: 10, q3: 'no' } }, json: true, headers: { 'x-forwarded-for': '10.9.9.9' } });
    expect(r.statusCode, r.body).toBe(201);
    const [last] = await inA((tx) => rows<{ source: string }>(tx, sql`select source from survey_responses order by id desc limit 1`));
    expect(last.source).toBe('page');
    expect((await guest.get(`/p/${slug}/nothing/survey`)).statusCode).toBe(404);
  });
});

describe('pages', () => {
  it('opens every survey page and the group tabs for the company, 404 for another, 403 without the permission', async () => {
    const pages: [string, string][] = [
      ['/surveys', 'Surveys/Index'],
      ['/surveys/create', 'Surveys/Create'],
      [`/surveys/${survey.id}`, 'Surveys/Show'],
      [`/surveys/${survey.id}/edit`, 'Surveys/Edit'],
      [`/surveys/${survey.id}/results`, 'Surveys/Results'],
      [`/groups/${groupId}/surveys`, 'Campaigns/Groups/Surveys'],
      [`/groups/${groupId}/survey-results`, 'Campaigns/Groups/SurveyResults'],
    ];
    for (const [url, component] of pages) {
      const r = await owner.get(url, { inertia: true });
      expect(r.statusCode, url).toBe(200);
      expect(r.json().component).toBe(component);
      if (url.match(/\d/)) expect((await other.get(url, { inertia: true })).statusCode, url).toBe(404);
      expect((await accountant.get(url, { inertia: true })).statusCode, url).toBe(403);
    }
    expect((await organiser.get('/surveys/create', { inertia: true })).statusCode).toBe(403);
  });
});

describe('close and reopen: /surveys/close-survey/{id}, /surveys/open-survey/{id}', () => {
  it('refuses answers while closed and sends visitors to the closed page', async () => {
    const closed = await owner.json('POST', `/surveys/close-survey/${survey.id}`);
    expect(closed.json()).toMatchObject({ message: 'Survey closed successfully.', data: { status: 'closed' } });
    const before = await responses(survey.id);
    const r = await answer(token, { answers: { q1: 10, q3: 'no' } });
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe('This survey is closed.');
    expect(await responses(survey.id)).toBe(before);
    const visit = await guest.get(`/s/${token}`);
    expect(visit.statusCode).toBe(303);
    expect(visit.headers.location).toBe(`/s/${token}/closed`);
    expect(componentOf((await guest.get(`/s/${token}/closed`)).body)).toBe('Surveys/Closed');
    const opened = await owner.json('POST', `/surveys/open-survey/${survey.id}`);
    expect(opened.json()).toMatchObject({ message: 'Survey reopened successfully.', data: { status: 'open', closed_at: null } });
    expect((await answer(token, { answers: { q1: 10, q3: 'no' } })).statusCode).toBe(201);
  });

  it('closes by itself at its closing time and after N responses; reopening lifts both', async () => {
    const count = (await owner.json('GET', `/surveys/get-survey/${survey.id}`)).json().data.responses_count as number;
    await owner.json('PUT', `/surveys/update/${survey.id}`, { max_responses: count + 1 });
    const last = await answer(token, { answers: { q1: 10, q3: 'no' } });
    expect(last.statusCode, last.body).toBe(201);
    expect((await answer(token, { answers: { q1: 10, q3: 'no' } })).json().message).toBe('This survey is closed.');
    expect((await owner.json('POST', `/surveys/open-survey/${survey.id}`)).json().data).toMatchObject({ status: 'open', max_responses: null });
    await owner.json('PUT', `/surveys/update/${survey.id}`, { closes_at: '2020-01-01T00:00:00Z' });
    expect((await owner.json('GET', `/surveys/get-survey/${survey.id}`)).json().data.status).toBe('closed');
    expect((await owner.json('POST', `/surveys/open-survey/${survey.id}`)).json().data).toMatchObject({ status: 'open', closes_at: null });
  });

  it('deletes a survey with its responses', async () => {
    const del = await owner.json('DELETE', `/surveys/delete/${survey.id}`);
    expect(del.json().message).toBe('Survey deleted successfully.');
    expect(await responses(survey.id)).toBe(0);
    expect((await guest.get(`/s/${token}`)).statusCode).toBe(404);
  });
});
