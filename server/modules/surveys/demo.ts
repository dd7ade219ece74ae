import { sql } from 'drizzle-orm';
import type { SurveyDefinition } from '../../../common/surveys.js';
import { rows, type Tx } from '../../db/client.js';
import type { DemoCompany } from '../kazi-module.js';

export const DEMO_RESPONSES = 320;

const definition: SurveyDefinition = {
  sections: [
    {
      id: 's1',
      title: 'Your visit',
      description: null,
      jumps: [],
      questions: [
        { id: 'q1', type: 'nps', label: 'How likely are you to recommend our events to a friend?', help: null, required: true, options: [], allow_other: false, rows: [], columns: [], min: null, max: null, pattern: null, show_if: null },
        { id: 'q2', type: 'long_text', label: 'What should we do better?', help: 'Asked when the score is 6 or less.', required: false, options: [], allow_other: false, rows: [], columns: [], min: null, max: null, pattern: null, show_if: { question: 'q1', op: 'lte', value: 6 } },
        { id: 'q3', type: 'single_choice', label: 'How did you hear about the event?', help: null, required: true, options: ['A friend', 'Social media', 'Radio', 'Our website'], allow_other: true, rows: [], columns: [], min: null, max: null, pattern: null, show_if: null },
        { id: 'q4', type: 'rating', label: 'How was the venue?', help: null, required: false, options: [], allow_other: false, rows: [], columns: [], min: null, max: 5, pattern: null, show_if: null },
        { id: 'q5', type: 'yes_no', label: 'Would you come again?', help: null, required: true, options: [], allow_other: false, rows: [], columns: [], min: null, max: null, pattern: null, show_if: null },
      ],
    },
  ],
};

/**
 * The demo company's survey: feedback on its first event, with DEMO_RESPONSES answers written in
 * one INSERT … SELECT (promoters, passives and detractors; the detractors say why), the first of
 * them linked to contacts and on their timelines, the rest anonymous.
 */
export async function seedDemoSurveys(tx: Tx, demo: DemoCompany) {
  const t = demo.tenantId;
  const [event] = await rows<{ id: number; campaign_id: number | null; group_id: number | null }>(
    tx,
    sql`select id, campaign_id, group_id from events where tenant_id = ${t} and status <> 'draft' order by starts_at limit 1`,
  );
  const [survey] = await rows<{ id: number }>(
    tx,
    sql`insert into surveys (tenant_id, name, description, thank_you, definition, event_id, campaign_id, created_by, created_at, updated_at)
        values (${t}, 'Event feedback', 'Two minutes to tell us how the event went.', 'Thank you: we read every answer.', ${JSON.stringify(definition)}::jsonb,
                ${event?.id ?? null}, ${event?.campaign_id ?? null}, ${demo.ownerId}, ${new Date(demo.today.getTime() - 21 * 86_400_000).toISOString()}::timestamptz, now())
        returning id`,
  );
  const id = Number(survey.id);
  await tx.execute(
    sql`insert into survey_responses (tenant_id, survey_id, contact_id, answers, campaign_id, event_id, group_id, source, created_at, updated_at)
        select ${t}, ${id}, c.id,
               jsonb_build_object('q1', r.nps, 'q3', (array['A friend', 'Social media', 'Radio', 'Our website', 'Other: a poster in town'])[1 + r.i % 5], 'q4', 1 + (r.i * 3) % 5, 'q5', r.nps >= 7)
                 || case when r.nps <= 6 then jsonb_build_object('q2', (array['The queue at the entrance was too long', 'More seats please', 'The sound was too low at the back', 'Start on time', 'Better signs to the venue'])[1 + r.i % 5]) else '{}'::jsonb end,
               ${event?.campaign_id ?? null}, ${event?.id ?? null}, ${event?.group_id ?? null}, 'link', r.at, r.at
          from (select i, case when i % 10 < 5 then 9 + i % 2 when i % 10 < 8 then 7 + i % 2 else i % 7 end as nps,
                       ${demo.today.toISOString()}::timestamptz - make_interval(days => (i % 20)::int, hours => (i % 11)::int) as at
                  from generate_series(1, ${DEMO_RESPONSES}) i) r
          left join (select id, row_number() over (order by id) as rn from outreach_contacts where tenant_id = ${t}) c on c.rn = r.i`,
  );
  await tx.execute(sql`update surveys set responses_count = ${DEMO_RESPONSES} where tenant_id = ${t} and id = ${id}`);
  await tx.execute(
    sql`insert into contact_events (tenant_id, contact_id, type, occurred_at, subject_type, subject_id, data)
        select tenant_id, contact_id, 'survey.answered', created_at, 'survey', survey_id,
               jsonb_build_object('survey_id', survey_id, 'survey', 'Event feedback', 'response_id', id, 'nps', answers->'q1')
          from survey_responses where tenant_id = ${t} and survey_id = ${id} and contact_id is not null`,
  );
}
