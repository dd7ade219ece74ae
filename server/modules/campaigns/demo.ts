import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { DemoCompany } from '../kazi-module.js';
import type { RsvpConfig } from './schema.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** the series' shared RSVP settings (what Groups/RsvpSetup shows) */
const SERIES_RSVP: RsvpConfig = {
  allow_maybe: true,
  max_plus_ones: 1,
  deadline: null,
  reminder_hours: 24,
  waitlist_offer_hours: 24,
  channels: ['sms', 'email'],
  questions: [
    { id: 'diet', label: 'Any dietary needs?', type: 'text', required: false },
    { id: 'transport', label: 'Do you need transport from the bus stage?', type: 'yes_no', required: false },
  ],
  invitation_sms: 'Hi {{ first_name }}, you are invited to {{ event_name }}. Please answer here: {{ rsvp_link }}',
  invitation_email_subject: 'You are invited: {{ event_name }}',
  invitation_email_body: '<p>Hi {{ first_name }},</p><p>We would love to see you at <strong>{{ event_name }}</strong>.</p><p><a href="{{ rsvp_link }}">Tell us if you can come</a></p>',
};

/**
 * The demo company's campaigns (SPEC §2 Campaigns, §7): an active "Clean water 2026" campaign
 * owned by the demo owner with a budget, its events around today — two completed, one on
 * today's date, three to come and a draft — with venues and capacities (the donor evening's small enough for a waitlist), a "Water point
 * openings" series whose participants are the Nairobi donors and which has RSVP settings, the
 * campaign's organisers (a colleague and an outside person) on the events, and a paused campaign
 * of last year. Every event lies in the current month or within five weeks of it, so the
 * calendar opens on something. The RSVP demo (later in the order) invites contacts to these.
 */
export async function seedDemoCampaigns(tx: Tx, demo: DemoCompany) {
  const t = demo.tenantId;
  const owner = demo.ownerId;
  const today = demo.today;
  // midnight of today (UTC) so the hours below are read the same whatever time the seed runs
  const day0 = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const iso = (ms: number) => new Date(ms).toISOString();
  const ymd = (ms: number) => iso(ms).slice(0, 10);
  const [{ timezone }] = await rows<{ timezone: string }>(tx, sql`select timezone from tenants where id = ${t}`);
  const [cover] = await rows<{ id: number }>(tx, sql`select id from media_files where tenant_id = ${t} and original_name = 'kibera-water-project.jpg' and kind = 'image' limit 1`);
  const [gala] = await rows<{ id: number }>(tx, sql`select id from media_files where tenant_id = ${t} and original_name = 'community-day.jpg' and kind = 'image' limit 1`);

  const [water] = await rows<{ id: number }>(
    tx,
    sql`insert into campaigns (tenant_id, name, goal, description, starts_on, ends_on, owner_id, status, budget, created_by, created_at, updated_at)
        values (${t}, 'Clean water 2026', 'Open four new water points and raise KES 2,000,000 for their upkeep',
                'Community meetings, water point openings and a donor evening around the Kibera and Kisumu projects.',
                ${ymd(day0 - 45 * DAY)}, ${ymd(day0 + 75 * DAY)}, ${owner}, 'active', '150000', ${owner},
                ${iso(day0 - 50 * DAY)}, ${iso(day0 - 2 * DAY)})
        returning id`,
  );
  await tx.execute(
    sql`insert into campaigns (tenant_id, name, goal, starts_on, ends_on, owner_id, status, budget, created_by, created_at, updated_at)
        values (${t}, 'School supplies drive', 'Books and uniforms for 300 pupils in Kisumu', ${ymd(day0 - 200 * DAY)}, ${ymd(day0 - 120 * DAY)},
                ${owner}, 'paused', '40000', ${owner}, ${iso(day0 - 210 * DAY)}, ${iso(day0 - 110 * DAY)}),
               (${t}, 'Year-end appeal', 'Thank donors and invite them to give again', null, null, ${owner}, 'draft', null, ${owner}, ${iso(day0 - DAY)}, ${iso(day0 - DAY)})`,
  );

  const [series] = await rows<{ id: number }>(
    tx,
    sql`insert into event_groups (tenant_id, name, description, campaign_id, rsvp_config, created_by, created_at, updated_at)
        values (${t}, 'Water point openings', 'One opening per new water point, with the donors who paid for it.', ${water.id},
                ${JSON.stringify(SERIES_RSVP)}::jsonb, ${owner}, ${iso(day0 - 40 * DAY)}, ${iso(day0 - 3 * DAY)})
        returning id`,
  );
  // the series' participants: the Nairobi donors (contacts tagged donor in Nairobi), set-based
  await tx.execute(
    sql`insert into group_participants (tenant_id, group_id, contact_id, created_at, updated_at)
        select ${t}, ${series.id}, id, ${iso(day0 - 30 * DAY)}, ${iso(day0 - 30 * DAY)}
          from outreach_contacts where tenant_id = ${t} and location = 'Nairobi' and tags @> array['donor'] order by id limit 60`,
  );

  // [name, description, days from today, start hour (UTC), hours long, venue, address, online, capacity, status, grouped, cover]
  const plan: [string, string, number, number, number, string | null, string | null, string | null, number | null, string, boolean, number | null][] = [
    ['Kibera community meeting', 'Choosing the site of the next water point with the neighbours.', -20, 7, 3, 'Kibera Social Hall', 'Olympic Estate, Kibera, Nairobi', null, 80, 'completed', false, cover?.id ?? null],
    ['Kibera water point opening', 'The first water point of the campaign opens: ribbon, songs and a tour.', -6, 8, 4, 'Kibera water point', 'Laini Saba, Kibera, Nairobi', null, 120, 'completed', true, cover?.id ?? null],
    ['Volunteer briefing', 'Roles, safety and transport for the openings to come.', 0, 15, 2, null, null, 'https://meet.kazi.example/briefing', null, 'active', false, null],
    ['Mathare water point opening', 'The second water point opens in Mathare.', 9, 8, 4, 'Mathare North grounds', 'Mathare North, Nairobi', null, 40, 'active', true, gala?.id ?? null],
    ['Donor evening', 'An evening with the donors: what the water points changed, and what comes next.', 16, 15, 3, 'Serena Hotel', 'Kenyatta Avenue, Nairobi', null, 12, 'active', false, gala?.id ?? null],
    ['Kisumu water point opening', 'The third water point opens by the lake.', 30, 7, 4, 'Nyalenda grounds', 'Nyalenda, Kisumu', null, 100, 'active', true, null],
    ['Fundraising run', 'A 10 km run along the Nairobi river. Route and date still being agreed.', 38, 5, 4, 'Uhuru Park', 'Uhuru Highway, Nairobi', null, 300, 'draft', false, null],
  ];
  const values = plan.map(
    ([name, description, days, hour, hours, venue, address, online, capacity, status, grouped, media]) =>
      sql`(${t}, ${name}, ${description}, ${water.id}, ${grouped ? series.id : null}::bigint, ${venue}, ${address}, ${online},
           ${iso(day0 + days * DAY + hour * HOUR)}::timestamptz, ${iso(day0 + days * DAY + (hour + hours) * HOUR)}::timestamptz, ${timezone},
           ${capacity}::int, ${status}, ${media}::bigint, ${owner}, ${iso(day0 + Math.min(days, 0) * DAY - 30 * DAY)}::timestamptz, ${iso(day0 - DAY)}::timestamptz)`,
  );
  await tx.execute(
    sql`insert into events (tenant_id, name, description, campaign_id, group_id, venue, address, online_url, starts_at, ends_at, timezone, capacity, status, cover_media_id, created_by, created_at, updated_at)
        values ${sql.join(values, sql`, `)}`,
  );

  // organisers: a colleague (a member: she sees and manages the events she organises) and an outside person
  const [colleague] = await rows<{ user_id: number; name: string; email: string }>(
    tx,
    sql`select m.user_id, u.name, u.email from memberships m join users u on u.id = m.user_id
         where m.tenant_id = ${t} and m.user_id <> ${owner} and m.status = 'active' order by m.id limit 1`,
  );
  await tx.execute(
    sql`insert into organisers (tenant_id, campaign_id, user_id, name, email, phone, role, created_by, created_at, updated_at) values
        ${colleague ? sql`(${t}, ${water.id}, ${colleague.user_id}, ${colleague.name}, ${colleague.email}, null, 'lead', ${owner}, ${iso(day0 - 44 * DAY)}, ${iso(day0 - 44 * DAY)}),` : sql``}
        (${t}, ${water.id}, null, 'Joseph Kamau', 'joseph.kamau@maji.example', '+254712345678', 'community liaison', ${owner}, ${iso(day0 - 40 * DAY)}, ${iso(day0 - 40 * DAY)})`,
  );
  // the colleague organises every event of the campaign; the outside person the openings and the meeting
  await tx.execute(
    sql`insert into event_organisers (tenant_id, event_id, organiser_id)
        select ${t}, e.id, o.id from events e join organisers o on o.tenant_id = e.tenant_id and o.campaign_id = e.campaign_id
         where e.tenant_id = ${t} and e.campaign_id = ${water.id}
           and (o.user_id is not null or e.group_id is not null or e.name = 'Kibera community meeting')`,
  );
}
