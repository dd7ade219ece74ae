import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { demoCompany } from '../../testing/demo.js';
import { DEMO_RESPONSES } from './demo.js';

/** The demo company's survey: a few hundred answers linked to a demo event, and its results page reads them. */
const company = demoCompany();

it('holds a survey of an event with its answers, counted, charted and on the contacts’ timelines', async () => {
  const [s] = await withTenant(company.t.database, company.tenantId, (tx) =>
    rows<{ id: number; event_id: number | null; responses_count: number; stored: number; timeline: number }>(
      tx,
      sql`select s.id, s.event_id, s.responses_count, (select count(*)::int from survey_responses r where r.survey_id = s.id) as stored,
                 (select count(*)::int from contact_events e where e.type = 'survey.answered' and e.subject_id = s.id) as timeline
            from surveys s where s.tenant_id = ${company.tenantId}`,
    ),
  );
  expect(s.event_id).not.toBeNull();
  expect(s).toMatchObject({ responses_count: DEMO_RESPONSES, stored: DEMO_RESPONSES });
  expect(s.timeline).toBeGreaterThan(0);
  const results = (await company.demo.json('GET', `/surveys/results/json?survey_id=${s.id}`)).json();
  expect(results.total).toBe(DEMO_RESPONSES);
  const nps = results.summary.find((q: { id: string }) => q.id === 'q1');
  expect(nps.nps).toBeGreaterThan(0);
  expect((await company.demo.json('GET', `/surveys/results/count?event_id=${s.event_id}`)).json()).toEqual({ data: DEMO_RESPONSES, event_count: 1 });
  for (const page of [`/surveys/${s.id}`, `/surveys/${s.id}/results`, `/surveys/${s.id}/edit`, '/surveys']) expect((await company.demo.get(page, { inertia: true })).statusCode, page).toBe(200);
});
