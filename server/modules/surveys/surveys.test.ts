import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionResult, SurveyRow } from '../../../common/surveys.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { addMember } from '../users/test-helpers.js';
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
  const group = await owner.json('POST', '/groups/store', { name: 'Monthly meetups', campaign_id: camp.json().data.id });
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
    const body = r.json() as { total: number; data: { contact_name: string | null }[]; summary: QuestionResult[] };
    expect(body.total).toBe(4);
    expect(body.data[0].contact_name).toBe('Amina Otieno');
    const q = Object.fromEntries(body.summary.map((s) => [s.id, s]));
    expect(q.q1.counts).toMatchObject({ '4': 1, '5': 1, '9': 1, '10': 1, '0': 0 });
    // 2 promoters, 2 detractors of 4
    expect(q.q1.nps).toBe(0);
    expect(q.q3.counts).toEqual({ Yes: 2, No: 2 });
    expect(q.q4.counts).toEqual({ Talks: 1, Food: 0, Other: 1 });
    expect(q.q5.counts['Venue → Good']).toBe(2);
    expect(q.q2.words.map((w) => w.word)).toEqual(expect.arrayContaining(['chairs', 'talks']));
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
