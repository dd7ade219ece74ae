import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { DemoCompany } from '../kazi-module.js';
import { sendableCondition } from '../outreach/consent.js';

/**
 * The demo company's SMS: two templates, its sending rules, and a send to the "Nairobi donors"
 * segment three days ago, every recipient delivered but a few (written as the engine would have,
 * set-based; the wallet's demo history already charges a daily SMS campaign).
 */
export async function seedDemoSms(tx: Tx, demo: DemoCompany) {
  const t = demo.tenantId;
  await tx.execute(sql`insert into sms_templates (tenant_id, name, body, created_by) values
    (${t}, 'Event reminder', 'Hi {{ first_name }}, a reminder: our community event is this Saturday at 10:00. Reply STOP to opt out.', ${demo.ownerId}),
    (${t}, 'Thank you', 'Thank you {{ first_name }} for your support this year! — Kazi Foundation', ${demo.ownerId})`);
  await tx.execute(sql`insert into sms_settings (tenant_id, sender_ids) values (${t}, '["KAZI"]'::jsonb)`);
  const [seg] = await rows<{ id: number; name: string }>(tx, sql`select id, name from segments where tenant_id = ${t} and name = 'Nairobi donors'`);
  if (!seg) return;
  const at = new Date(demo.today.getTime() - 3 * 86_400_000).toISOString();
  const body = 'Our water project in Kibera is funded: thank you! See what your gift built at kazi.example/kibera';
  const [send] = await rows<{ id: number }>(
    tx,
    sql`insert into sends (tenant_id, channel, status, driver, body, sender_id, audience, audience_label, encoding, parts, started_at, completed_at, settled_at, created_by, created_at, updated_at)
        values (${t}, 'sms', 'completed', 'log', ${body}, 'KAZI', ${JSON.stringify({ contact_ids: [], segment_ids: [Number(seg.id)], numbers: [] })}::jsonb,
                ${`Segment: ${seg.name}`}, 'GSM-7', 1, ${at}, ${at}, ${at}, ${demo.ownerId}, ${at}, ${at})
        returning id`,
  );
  const [{ n }] = await rows<{ n: number }>(
    tx,
    sql`with r as (
          insert into deliveries (tenant_id, send_id, channel, contact_id, address, state, attempts, claimed_at, provider_id, provider_status, reason, units, credits, credit_state, sent_at, done_at, created_at, updated_at)
          select ${t}, ${send.id}, 'sms', outreach_contacts.id, outreach_contacts.phone,
                 case when row_number() over (order by outreach_contacts.id) % 25 = 0 then 'failed' else 'delivered' end, 1, ${at}::timestamptz,
                 'demo-' || outreach_contacts.id, case when row_number() over (order by outreach_contacts.id) % 25 = 0 then 'AbsentSubscriber' else 'Success' end,
                 case when row_number() over (order by outreach_contacts.id) % 25 = 0 then 'The phone was off or out of coverage until the message expired.' end,
                 1, 1, case when row_number() over (order by outreach_contacts.id) % 25 = 0 then 'refunded' else 'held' end,
                 ${at}::timestamptz, ${at}::timestamptz + interval '40 seconds', ${at}::timestamptz, ${at}::timestamptz
            from outreach_contacts
           where outreach_contacts.tenant_id = ${t} and outreach_contacts.phone is not null and outreach_contacts.location = 'Nairobi'
             and 'donor' = any(outreach_contacts.tags) and ${sendableCondition('sms')}
          returning 1
        ) select count(*)::int as n from r`,
  );
  await tx.execute(sql`update sends set recipients = ${n}, answered = ${n}, credits_reserved = ${n} where tenant_id = ${t} and id = ${send.id}`);
}
