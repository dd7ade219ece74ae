/**
 * Survey results at scale (issue 20), against a hand-written floor, in one run:
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/surveys.ts
 *   RESPONSES=1000000 …                 # default 200,000
 *   DISTINCT=1 …                        # no two responses' answers alike (see below)
 *
 * Seeds one survey (an NPS question, a yes/no, a choice and a text) with RESPONSES answers by
 * generate_series, then times GET /surveys/results/json for it over HTTP (page 1 of responses
 * plus every question's figures) — median of RUNS — against the floor: the NPS distribution,
 * the yes/no and choice counts and page 1 of responses, written by hand in SQL under the same
 * row-level security, in this process. Prints both and the ratio.
 *
 * The four questions' answers repeat (a few hundred distinct documents), so PostgreSQL may reuse
 * one response's figures for the next alike (Memoize). DISTINCT=1 adds to each response a key
 * that no question reads and no figure counts, so no two documents are alike, as with a survey
 * that has a free-text or email question; the floor reads the same four keys either way.
 */
import { withTenant } from '../server/db/tenancy.js';
import { startBench } from './harness.js';

const bench = await startBench();
const RESPONSES = Number(process.env.RESPONSES ?? 200_000);
const RUNS = Number(process.env.RUNS ?? 7);
const DISTINCT = process.env.DISTINCT === '1';
const { database, tenantId } = bench;
const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(bench.cookie)![1]);
const headers = { cookie: bench.cookie, 'x-xsrf-token': xsrf, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

async function median(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const took: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    took.push(performance.now() - t);
  }
  return took.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}

try {
  const definition = {
    sections: [
      {
        id: 's1',
        questions: [
          { id: 'q1', type: 'nps', label: 'Recommend us?', required: true },
          { id: 'q2', type: 'yes_no', label: 'Did you attend?', required: true },
          { id: 'q3', type: 'single_choice', label: 'Best part', options: ['Talks', 'Food', 'Music'] },
          { id: 'q4', type: 'short_text', label: 'One word' },
        ],
      },
    ],
  };
  const made = await fetch(`${bench.base}/surveys/store`, { method: 'POST', headers, body: JSON.stringify({ name: 'Bench', definition }) });
  const survey = ((await made.json()) as { data: { id: number } }).data;
  if (made.status !== 201) throw new Error(`survey: ${made.status}`);
  const t0 = performance.now();
  await database.query(
    `insert into survey_responses (tenant_id, survey_id, answers, created_at)
     select $1, $2, jsonb_build_object('q1', g % 11, 'q2', g % 3 <> 0,
                                       'q3', (array['Talks','Food','Music'])[1 + g % 3], 'q4', (array['great','slow','loud','fun'])[1 + g % 4])
                   || case when $4 then jsonb_build_object('seq', g) else '{}' end,
            now() - make_interval(mins => g % 50000)
       from generate_series(1, $3::int) g`,
    [tenantId, survey.id, RESPONSES, DISTINCT],
  );
  await database.query('vacuum analyze survey_responses');
  console.log(`\n${bench.kind}: ${RESPONSES.toLocaleString('en')} responses to one survey${DISTINCT ? ' (no two alike)' : ''}, seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

  const path = `/surveys/results/json?survey_id=${survey.id}`;
  const first = await fetch(bench.base + path, { headers });
  if (first.status !== 200) throw new Error(`${path}: ${first.status} ${(await first.text()).slice(0, 300)}`);
  const kazi = await median(() => fetch(bench.base + path, { headers }).then((r) => r.text()));
  const S = survey.id;
  const floor = await median(() =>
    withTenant(database, tenantId, async (tx) => {
      await tx.execute(`select answers->>'q1' as v, count(*) from survey_responses where tenant_id = ${tenantId} and survey_id = ${S} group by 1`);
      await tx.execute(`select answers->>'q2' as v, count(*) from survey_responses where tenant_id = ${tenantId} and survey_id = ${S} group by 1`);
      await tx.execute(`select answers->>'q3' as v, count(*) from survey_responses where tenant_id = ${tenantId} and survey_id = ${S} group by 1`);
      await tx.execute(`select answers->>'q4' as v, count(*) from survey_responses where tenant_id = ${tenantId} and survey_id = ${S} group by 1 order by 2 desc limit 20`);
      await tx.execute(`select * from survey_responses where tenant_id = ${tenantId} and survey_id = ${S} order by created_at desc, id desc limit 15`);
    }),
  );
  console.log(`results (page 1 + every question's figures): Kazi ${kazi.toFixed(0)} ms, floor ${floor.toFixed(0)} ms, ratio ${(kazi / floor).toFixed(1)}x`);
} finally {
  await bench.close();
}
