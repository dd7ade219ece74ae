import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { DemoCompany } from '../kazi-module.js';
import { sendableCondition } from '../outreach/consent.js';

const NEWSLETTERS = [
  {
    daysAgo: 12,
    subject: 'Kibera water project: the first taps are running',
    html: '<h1>The first taps are running</h1><p>Dear {{ first_name | default: "friend" }},</p><p>Thanks to you, 1,200 families in Kibera now have clean water a short walk from home.</p><p><a href="https://kazi.example/kibera">See the photos</a></p>',
  },
  {
    daysAgo: 3,
    subject: 'You are invited: our annual gala, 14 December',
    html: '<h1>Join us at the gala</h1><p>Hello {{ first_name | default: "there" }},</p><p>Celebrate the year with us on 14 December at the Sarova Stanley, Nairobi.</p><p><a href="https://kazi.example/gala">Reserve your seat</a></p>',
  },
];

/**
 * The demo company's email sends (docs/decisions/0038): two newsletters to every contact who may
 * be emailed, written as the engine and Mailgun's events would have left them — most delivered,
 * a few bounced, about four in ten opened and one in ten clicked — so Email/Overview, Transactions
 * and GroupTransactions show figures at once. Set-based; the wallet's demo history charges emails.
 */
export async function seedDemoEmailSends(tx: Tx, demo: DemoCompany) {
  const t = demo.tenantId;
  for (const [i, n] of NEWSLETTERS.entries()) {
    const at = new Date(demo.today.getTime() - n.daysAgo * 86_400_000).toISOString();
    const [send] = await rows<{ id: number }>(
      tx,
      sql`insert into sends (tenant_id, channel, status, driver, body, sender_id, audience, audience_label, personalised, started_at, completed_at, settled_at, created_by, created_at, updated_at)
          values (${t}, 'email', 'completed', 'mailgun', ${n.subject}, 'news@mg.kazi.example', ${JSON.stringify({ contact_ids: [], segment_ids: [], addresses: [] })}::jsonb,
                  'Everyone who may be emailed', true, ${at}, ${at}, ${at}, ${demo.ownerId}, ${at}, ${at})
          returning id`,
    );
    await tx.execute(
      sql`insert into email_sends (tenant_id, send_id, subject, html, from_name, from_address, reply_to, bulk)
          values (${t}, ${send.id}, ${n.subject}, ${n.html}, 'Kazi Foundation', 'news@mg.kazi.example', 'hello@kazi.example', true)`,
    );
    const [{ count }] = await rows<{ count: number }>(
      tx,
      sql`with r as (
            insert into deliveries (tenant_id, send_id, channel, contact_id, address, state, attempts, claimed_at, provider_id, provider_status, reason, units, credits, credit_state, sent_at, done_at, created_at, updated_at)
            select ${t}, ${send.id}, 'email', outreach_contacts.id, outreach_contacts.email,
                   case when (outreach_contacts.id + ${i}) % 23 = 0 then 'failed' else 'delivered' end, 1, ${at}::timestamptz,
                   'demo-' || ${send.id} || '-' || outreach_contacts.id || '@mg.kazi.example',
                   case when (outreach_contacts.id + ${i}) % 23 = 0 then 'failed (permanent)' else 'delivered' end,
                   case when (outreach_contacts.id + ${i}) % 23 = 0 then '550 5.1.1 The email account that you tried to reach does not exist.' end,
                   1, 0.1, case when (outreach_contacts.id + ${i}) % 23 = 0 then 'refunded' else 'held' end,
                   ${at}::timestamptz, ${at}::timestamptz + interval '20 seconds', ${at}::timestamptz, ${at}::timestamptz
              from outreach_contacts
             where outreach_contacts.tenant_id = ${t} and outreach_contacts.email is not null and ${sendableCondition('email')}
            returning id, contact_id, address, state
          ), e as (
            insert into email_events (tenant_id, delivery_id, send_id, kind, severity, recipient, reason, url, provider_event_id, occurred_at)
            select ${t}, r.id, ${send.id}, k.kind, case when k.kind = 'failed' then 'permanent' end, r.address,
                   case when k.kind = 'failed' then '550 5.1.1 The email account that you tried to reach does not exist.' end,
                   case when k.kind = 'clicked' then 'https://kazi.example/' end,
                   'demo-' || r.id || '-' || k.kind, ${at}::timestamptz + make_interval(hours => k.hours + (r.id % 30)::int)
              from r cross join lateral (values ('delivered', 0), ('opened', 2), ('clicked', 3), ('failed', 0)) as k(kind, hours)
             where (k.kind = 'delivered' and r.state = 'delivered')
                or (k.kind = 'failed' and r.state = 'failed')
                or (k.kind = 'opened' and r.state = 'delivered' and (r.id + ${i}) % 5 in (0, 2))
                or (k.kind = 'clicked' and r.state = 'delivered' and (r.id + ${i}) % 10 = 0)
            returning 1
          )
          select (select count(*)::int from r) as count, (select count(*) from e) as events`,
    );
    await tx.execute(sql`update sends set recipients = ${count}, answered = ${count}, credits_reserved = ${count} * 0.1 where tenant_id = ${t} and id = ${send.id}`);
  }
}
