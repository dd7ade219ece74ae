import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { DemoCompany } from '../kazi-module.js';

/**
 * The demo company's RSVPs: on each of its events but drafts (the campaigns' demo, or an event of
 * its own when there is none), invitations to contacts with a mix of answers — confirmed guests
 * with plus-ones, declines, maybes, a waitlist once the capacity is reached, and some who have
 * not answered — written set-based with the seats they hold; a past event also has its check-ins.
 */
export async function seedDemoRsvp(tx: Tx, demo: DemoCompany) {
  const t = demo.tenantId;
  const day = 86_400_000;
  let events = await rows<{ id: number; capacity: number | null; past: boolean }>(
    tx,
    sql`select id, capacity, starts_at < ${demo.today.toISOString()}::timestamptz as past from events where tenant_id = ${t} and status <> 'draft' order by starts_at limit 6`,
  );
  if (!events.length) {
    const starts = new Date(demo.today.getTime() + 14 * day + 10 * 3_600_000);
    const past = new Date(demo.today.getTime() - 7 * day + 9 * 3_600_000);
    events = await rows<{ id: number; capacity: number | null; past: boolean }>(
      tx,
      sql`insert into events (tenant_id, name, description, venue, address, starts_at, ends_at, timezone, capacity, status, rsvp_config, created_by) values
            (${t}, 'Community open day', 'Meet the team, see the projects you support and share a lunch.', 'Kazi Hall', 'Ngong Road, Nairobi',
             ${starts.toISOString()}, ${new Date(starts.getTime() + 5 * 3_600_000).toISOString()}, 'Africa/Nairobi', 40, 'active',
             ${JSON.stringify({ max_plus_ones: 2, questions: [{ id: 'diet', label: 'Any dietary needs?', type: 'text', required: false }] })}::jsonb, ${demo.ownerId}),
            (${t}, 'Donor breakfast', 'A thank-you breakfast for this year''s donors.', 'Serena Hotel', 'Kenyatta Avenue, Nairobi',
             ${past.toISOString()}, ${new Date(past.getTime() + 2 * 3_600_000).toISOString()}, 'Africa/Nairobi', 30, 'completed', null, ${demo.ownerId})
          returning id, capacity, starts_at < ${demo.today.toISOString()}::timestamptz as past`,
    );
  }
  for (const [n, e] of events.entries()) {
    const capacity = e.capacity ?? 1_000_000;
    // 36 contacts each (a different slice per event): the i-th answers by i % 9 — 0-3 yes, 4-5 no, 6 maybe, 7-8 not yet
    await tx.execute(
      sql`insert into rsvp_invitations (tenant_id, event_id, contact_id, channels, sent_count, last_sent_at, answer, answered_at, plus_ones, invited_by, created_at, updated_at)
          select ${t}, ${e.id}, c.id, '["sms","email"]'::jsonb, 1, ${new Date(demo.today.getTime() - 10 * day).toISOString()}::timestamptz,
                 case when c.rn % 9 < 4 then 'yes' when c.rn % 9 < 6 then 'no' when c.rn % 9 = 6 then 'maybe' end,
                 case when c.rn % 9 < 7 then ${new Date(demo.today.getTime() - 9 * day).toISOString()}::timestamptz + make_interval(hours => (c.rn * 5)::int) end,
                 case when c.rn % 9 = 1 then 1 else 0 end, ${demo.ownerId},
                 ${new Date(demo.today.getTime() - 10 * day).toISOString()}::timestamptz, ${new Date(demo.today.getTime() - 9 * day).toISOString()}::timestamptz
            from (select id, row_number() over (order by id) as rn from outreach_contacts where tenant_id = ${t} order by id offset ${n * 20} limit 36) c`,
    );
    // the yes answers take places in the order they came until the capacity is reached; the rest wait
    await tx.execute(
      sql`with yes as (
            select id, 1 + plus_ones as need, sum(1 + plus_ones) over (order by answered_at, id) as running
              from rsvp_invitations where tenant_id = ${t} and event_id = ${e.id} and answer = 'yes'
          )
          update rsvp_invitations i set place = case when yes.running <= ${capacity} then 'confirmed' else 'waitlisted' end,
                 seats = case when yes.running <= ${capacity} then yes.need else 0 end,
                 waitlisted_at = case when yes.running > ${capacity} then i.answered_at end,
                 checked_in_at = case when ${e.past} and yes.running <= ${capacity} and i.id % 5 <> 0 then (select starts_at from events where tenant_id = ${t} and id = ${e.id}) + make_interval(mins => (i.id % 40)::int) end
            from yes where i.tenant_id = ${t} and i.id = yes.id`,
    );
    await tx.execute(
      sql`update events set seats_taken = (select coalesce(sum(seats), 0) from rsvp_invitations where tenant_id = ${t} and event_id = ${e.id}) where tenant_id = ${t} and id = ${e.id}`,
    );
  }
  await tx.execute(
    sql`insert into contact_events (tenant_id, contact_id, type, occurred_at, subject_type, subject_id, data)
        select tenant_id, contact_id, 'rsvp.invited', last_sent_at, 'event', event_id, '{"kind":"invitation"}'::jsonb from rsvp_invitations where tenant_id = ${t}
        union all
        select tenant_id, contact_id, 'rsvp.answered', answered_at, 'event', event_id, jsonb_build_object('answer', answer) from rsvp_invitations where tenant_id = ${t} and answer is not null
        union all
        select tenant_id, contact_id, 'rsvp.checked_in', checked_in_at, 'event', event_id, '{}'::jsonb from rsvp_invitations where tenant_id = ${t} and checked_in_at is not null`,
  );
}
