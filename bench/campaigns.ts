/**
 * The campaigns half's lists at scale (issue 19), against a hand-written floor, in one run:
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/campaigns.ts
 *   npx tsx bench/campaigns.ts          # embedded PGlite (ROWS defaults to 100,000 there)
 *
 * Seeds one company by generate_series: ROWS contacts (default 1,000,000 on PostgreSQL), 100,000
 * campaigns with an organiser each, ROWS events, one event group holding every contact as a
 * participant, and one event to which every contact is invited (a tenth have answered). Then for
 * each list it times page 1 over HTTP as a browser asks for it (signed in, row-level security,
 * the paginator) — median of RUNS — and the same page written by hand: one SQL statement for the
 * rows and a count capped at 10,001, inside a tenant transaction under the same row-level security,
 * in this process. Prints both medians and Kazi's ratio to the floor.
 */
import { withTenant } from '../server/db/tenancy.js';
import { startBench } from './harness.js';

const bench = await startBench();
const pgMode = bench.kind === 'PostgreSQL';
const ROWS = Number(process.env.ROWS ?? (pgMode ? 1_000_000 : 100_000));
const CAMPAIGNS = Math.min(100_000, ROWS);
const RUNS = Number(process.env.RUNS ?? 15);
const { database, tenantId } = bench;
const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(bench.cookie)![1]);
const headers = { cookie: bench.cookie, 'x-xsrf-token': xsrf, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };
const n = (v: number) => v.toLocaleString('en');

async function get(path: string): Promise<{ total: number; data: unknown[] }> {
  const res = await fetch(bench.base + path, { headers });
  const json = (await res.json()) as { total: number; data: unknown[] };
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

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

/** the floor: the page's rows and a capped count, by hand, under row-level security */
const floor = (page: string, count: string) => () =>
  withTenant(database, tenantId, async (tx) => {
    await tx.execute(page);
    await tx.execute(`select count(*) from (${count} limit 10001) capped`);
  });

try {
  console.log(`\n${bench.kind}: ${n(ROWS)} contacts, events, participants and invitations; ${n(CAMPAIGNS)} campaigns — one company\n`);
  const t0 = performance.now();
  const seed = async (table: string, insert: string, params: unknown[]) => {
    const indexes = await database.query<{ name: string; def: string }>(
      // secondary indexes only: those behind a key or unique constraint stay
      `select indexname as name, indexdef as def from pg_indexes
        where tablename = $1 and indexname not in (select conname from pg_constraint) and indexdef not like 'CREATE UNIQUE%'`,
      [table],
    );
    for (const i of indexes) await database.query(`drop index ${i.name}`);
    await database.query(insert, params);
    for (const i of indexes) await database.query(pgMode ? `set maintenance_work_mem = '512MB'; ${i.def}` : i.def);
    await database.query(`vacuum analyze ${table}`);
  };
  await seed(
    'outreach_contacts',
    `insert into outreach_contacts (tenant_id, first_name, last_name, phone, email, consent_sms, created_at)
     select $1, 'Person', 'No ' || g, '+2547' || lpad(g::text, 8, '0'), 'p' || g || '@example.test', 'granted', now() - make_interval(mins => g % 100000)
       from generate_series(1, $2::int) g`,
    [tenantId, ROWS],
  );
  await seed(
    'campaigns',
    `insert into campaigns (tenant_id, name, status, created_at) select $1, 'Campaign ' || g, (array['draft','active','completed','paused'])[1 + g % 4], now() - make_interval(mins => g)
       from generate_series(1, $2::int) g`,
    [tenantId, CAMPAIGNS],
  );
  await seed(
    'organisers',
    `insert into organisers (tenant_id, campaign_id, name, email, role) select $1, id, 'Organiser of ' || name, 'org' || id || '@example.test', 'organiser' from campaigns where tenant_id = $1`,
    [tenantId],
  );
  await seed(
    'events',
    `insert into events (tenant_id, name, campaign_id, starts_at, ends_at, status)
     select $1, 'Event ' || g, (select min(id) from campaigns where tenant_id = $1) + g % $3, now() + make_interval(hours => g % 20000), now() + make_interval(hours => g % 20000 + 2), 'active'
       from generate_series(1, $2::int) g`,
    [tenantId, ROWS, CAMPAIGNS],
  );
  const [group] = await database.query<{ id: number }>(`insert into event_groups (tenant_id, name) values ($1, 'Everyone') returning id`, [tenantId]);
  await seed('group_participants', `insert into group_participants (tenant_id, group_id, contact_id) select $1, $2, id from outreach_contacts where tenant_id = $1`, [tenantId, group.id]);
  const [event] = await database.query<{ id: number }>(
    `insert into events (tenant_id, name, starts_at, ends_at, status) values ($1, 'The big one', now() + interval '30 days', now() + interval '30 days 3 hours', 'active') returning id`,
    [tenantId],
  );
  await seed(
    'rsvp_invitations',
    `insert into rsvp_invitations (tenant_id, event_id, contact_id, sent_count, answer, answered_at)
     select $1, $2, id, 1, case when id % 10 = 0 then 'yes' end, case when id % 10 = 0 then now() end from outreach_contacts where tenant_id = $1`,
    [tenantId, event.id],
  );
  if (pgMode) await database.query('checkpoint');
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

  const T = tenantId;
  const cases: { label: string; path: string; page: string; count: string; expect: number }[] = [
    {
      label: 'campaigns, page 1',
      path: '/campaigns/json',
      page: `select c.*, (select count(*) from events e where e.tenant_id = c.tenant_id and e.campaign_id = c.id) from campaigns c where c.tenant_id = ${T} order by created_at desc, id desc limit 15`,
      count: `select 1 from campaigns where tenant_id = ${T}`,
      expect: CAMPAIGNS,
    },
    {
      label: 'campaigns, searched',
      path: '/campaigns/json?search=Campaign%2099',
      page: `select * from campaigns where tenant_id = ${T} and name ilike '%Campaign 99%' order by created_at desc, id desc limit 15`,
      count: `select 1 from campaigns where tenant_id = ${T} and name ilike '%Campaign 99%'`,
      expect: -1,
    },
    {
      label: 'organisers, page 1',
      path: '/organisers/json',
      page: `select * from organisers where tenant_id = ${T} order by name, id limit 15`,
      count: `select 1 from organisers where tenant_id = ${T}`,
      expect: CAMPAIGNS,
    },
    {
      label: 'events, page 1',
      path: '/events/json',
      page: `select * from events where tenant_id = ${T} order by starts_at desc, id desc limit 15`,
      count: `select 1 from events where tenant_id = ${T}`,
      expect: ROWS + 1,
    },
    {
      label: 'group participants, page 1',
      path: `/groups/participants/json?group_id=${group.id}`,
      page: `select p.*, o.first_name, o.last_name, o.phone, o.email from group_participants p join outreach_contacts o on o.tenant_id = p.tenant_id and o.id = p.contact_id
              where p.tenant_id = ${T} and p.group_id = ${group.id} order by p.created_at desc, p.id desc limit 15`,
      count: `select 1 from group_participants where tenant_id = ${T} and group_id = ${group.id}`,
      expect: ROWS,
    },
    {
      label: 'RSVP invitations, page 1',
      path: `/events/get-rsvp-invitations/${event.id}`,
      page: `select i.*, o.first_name, o.last_name, o.phone, o.email from rsvp_invitations i join outreach_contacts o on o.tenant_id = i.tenant_id and o.id = i.contact_id
              where i.tenant_id = ${T} and i.event_id = ${event.id} order by i.id desc limit 15`,
      count: `select 1 from rsvp_invitations where tenant_id = ${T} and event_id = ${event.id}`,
      expect: ROWS,
    },
    {
      label: 'RSVP non-responded, page 1',
      path: `/events/get-non-responded-invitations/${event.id}`,
      page: `select i.*, o.first_name, o.last_name, o.phone, o.email from rsvp_invitations i join outreach_contacts o on o.tenant_id = i.tenant_id and o.id = i.contact_id
              where i.tenant_id = ${T} and i.event_id = ${event.id} and i.answer is null order by i.id desc limit 15`,
      count: `select 1 from rsvp_invitations where tenant_id = ${T} and event_id = ${event.id} and answer is null`,
      expect: -1,
    },
  ];
  console.log(`${'list'.padEnd(28)} ${'Kazi (HTTP)'.padStart(12)} ${'floor (SQL)'.padStart(12)}  ratio   total answered`);
  for (const c of cases) {
    const first = await get(c.path);
    if (c.expect >= 0 && Math.abs(first.total - c.expect) > c.expect * 0.1) throw new Error(`${c.path}: total ${first.total}, expected about ${c.expect}`);
    if (first.data.length === 0) throw new Error(`${c.path}: an empty page`);
    const kazi = await median(() => get(c.path));
    const base = await median(floor(c.page, c.count));
    console.log(`${c.label.padEnd(28)} ${`${kazi.toFixed(1)} ms`.padStart(12)} ${`${base.toFixed(1)} ms`.padStart(12)}  ${(kazi / base).toFixed(1).padStart(4)}x   ${n(first.total)}`);
  }
} finally {
  await bench.close();
}
