import { sql } from 'drizzle-orm';
import { CONTACT_EVENT_TYPES } from '../../../common/outreach.js';
import { rows, type Tx } from '../../db/client.js';
import type { DemoCompany } from '../kazi-module.js';
import { segments } from './schema.js';
import { segmentCondition } from './segment-rules.js';

const CONTACTS = 3000;
const FIRST = ['Amina', 'Brian', 'Chebet', 'David', 'Esther', 'Felix', 'Grace', 'Hassan', 'Imani', 'Joseph', 'Kendi', 'Lucy', 'Moses', 'Njeri', 'Otieno', 'Purity', 'Rashid', 'Sarah', 'Tumaini', 'Wanjiru'];
const LAST = ['Achieng', 'Barasa', 'Chege', 'Kamau', 'Kariuki', 'Kiprop', 'Mutua', 'Mwangi', 'Njoroge', 'Odhiambo', 'Omondi', 'Onyango', 'Wafula', 'Wambui', 'Waweru'];
const PLACES = ['Nairobi', 'Mombasa', 'Kisumu', 'Nakuru', 'Eldoret', 'Thika', 'Malindi'];
const EVENTS = CONTACT_EVENT_TYPES.filter((t) => t !== 'survey.answered');

/**
 * The demo company's address book (issue 14): 3,000 contacts with names, Kenyan mobiles, e-mail
 * for most, tags, two custom fields, consent as history, a few unsubscribed, a month of activity, and four segments
 * (dynamic and static) whose sizes are counted — so every outreach page shows something at once.
 * Set-based, a few statements in all.
 */
export async function seedDemoOutreach(tx: Tx, demo: DemoCompany) {
  const t = demo.tenantId;
  const first = sql.param(FIRST);
  const last = sql.param(LAST);
  const places = sql.param(PLACES);
  await tx.execute(sql`
    insert into outreach_contacts (tenant_id, first_name, last_name, phone, email, gender, location, tags, source, consent_sms, consent_email, created_at, updated_at)
    select ${t}, (${first}::text[])[1 + i % ${FIRST.length}], (${last}::text[])[1 + (i * 7) % ${LAST.length}],
           '+2547' || lpad((10000000 + i * 3163 % 89999999)::text, 8, '0'),
           case when i % 5 = 0 then null else lower((${first}::text[])[1 + i % ${FIRST.length}]) || '.' || i || '@example.org' end,
           case when i % 2 = 0 then 'female' else 'male' end,
           (${places}::text[])[1 + i % ${PLACES.length}],
           array_remove(array[case when i % 4 = 0 then 'donor' end, case when i % 9 = 0 then 'volunteer' end, case when i % 25 = 0 then 'vip' end, case when i % 3 = 0 then 'member' end], null),
           (array['Website form', 'Event sign-up', 'Import', 'Referral'])[1 + i % 4],
           case when i % 11 = 0 then 'withdrawn' when i % 6 = 0 then 'unknown' else 'granted' end,
           case when i % 5 = 0 then 'unknown' when i % 13 = 0 then 'withdrawn' else 'granted' end,
           ${demo.today.toISOString()}::timestamptz - make_interval(days => (i % 120), hours => i % 24),
           ${demo.today.toISOString()}::timestamptz - make_interval(days => (i % 120))
      from generate_series(1, ${CONTACTS}) i`);
  // two fields of the company's own, filled in for most of the book
  await tx.execute(sql`
    insert into contact_fields (tenant_id, key, label, type, choices) values
      (${t}, 'membership', 'Membership', 'choice', array['Member', 'Associate', 'Youth']),
      (${t}, 'household', 'Household size', 'number', '{}')`);
  await tx.execute(sql`
    update outreach_contacts set custom = jsonb_build_object('membership', (array['Member', 'Associate', 'Youth'])[1 + id % 3], 'household', 1 + id % 6)
     where tenant_id = ${t} and id % 7 <> 0`);
  // the consent they gave or withdrew, as history (how: the source's form, or an import)
  await tx.execute(sql`
    insert into contact_consent_events (tenant_id, contact_id, channel, status, method, user_id, created_at)
    select ${t}, o.id, ch.channel, ch.status, case when o.source = 'Import' then 'import' else 'form' end, null, o.created_at
      from outreach_contacts o
      cross join lateral (values ('sms', o.consent_sms), ('email', o.consent_email)) as ch(channel, status)
     where o.tenant_id = ${t} and ch.status <> 'unknown'`);
  // a few unsubscribed by their link: SMS closed for them
  await tx.execute(sql`
    insert into contact_suppressions (tenant_id, contact_id, channel, reason, created_at)
    select ${t}, id, 'sms', 'unsubscribed', updated_at from outreach_contacts where tenant_id = ${t} and consent_sms = 'withdrawn' and id % 2 = 0`);
  // a month of activity for the timelines and the segment dashboards
  await tx.execute(sql`
    insert into contact_events (tenant_id, contact_id, type, occurred_at)
    select ${t}, o.id, (${sql.param(EVENTS)}::text[])[1 + (o.id + k) % ${EVENTS.length}], ${demo.today.toISOString()}::timestamptz - make_interval(days => ((o.id * 7 + k * 3) % 30)::int, hours => (k % 12)::int)
      from outreach_contacts o cross join generate_series(0, 2) k
     where o.tenant_id = ${t} and o.id % 3 <> 0`);

  const defined = [
    { name: 'Nairobi donors', description: 'Donors in Nairobi who may be sent SMS', type: 'dynamic' as const, rules: { match: 'all' as const, rules: [{ kind: 'text' as const, field: 'location' as const, op: 'is' as const, value: 'Nairobi' }, { kind: 'tags' as const, op: 'has_any' as const, value: ['donor'] }, { kind: 'sendable' as const, channel: 'sms' as const, op: 'is' as const }] } },
    { name: 'Volunteers or VIPs', description: 'Anyone tagged volunteer or vip', type: 'dynamic' as const, rules: { match: 'any' as const, rules: [{ kind: 'tags' as const, op: 'has_any' as const, value: ['volunteer'] }, { kind: 'tags' as const, op: 'has_any' as const, value: ['vip'] }] } },
    { name: 'Opened an email this month', description: null, type: 'dynamic' as const, rules: { match: 'all' as const, rules: [{ kind: 'activity' as const, type: 'email.opened', op: 'happened' as const, within_days: 30 }] } },
    { name: 'Gala guest list', description: 'Picked by hand for the annual gala', type: 'static' as const, rules: { match: 'all' as const, rules: [] } },
  ];
  const created = await tx
    .insert(segments)
    .values(defined.map((d, i) => ({ tenantId: t, name: d.name, description: d.description, type: d.type, rules: d.rules, createdBy: demo.ownerId, createdAt: new Date(demo.today.getTime() - (30 - i) * 86_400_000).toISOString() })))
    .returning({ id: segments.id, type: segments.type, rules: segments.rules });
  const gala = created[3];
  await tx.execute(sql`
    insert into segment_contacts (tenant_id, segment_id, contact_id, created_at)
    select ${t}, ${gala.id}, id, ${demo.today.toISOString()}::timestamptz - make_interval(days => (id % 10)::int)
      from outreach_contacts where tenant_id = ${t} and tags @> array['vip'] order by id limit 80`);
  for (const s of created) {
    const where = await segmentCondition(tx, t, s);
    const [{ n }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from outreach_contacts where ${where}`);
    await tx.execute(sql`update segments set size = ${n}, size_at = now() where tenant_id = ${t} and id = ${s.id}`);
  }
}
