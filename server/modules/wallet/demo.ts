import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { DemoCompany } from '../kazi-module.js';
import { rateSettings } from './rates.js';
import type { AutoTopUp } from './schema.js';

/** Days of history, the monthly purchase and its price, the welcome grant. */
const DAYS = 180;
const MONTHLY = 10_000;
const GRANT = 2_000;

/**
 * The demo company's wallet (issue 15): six months of history — a welcome grant, a purchase of
 * 10,000 credits (KES 10,000 by M-Pesa) each month, and every day an SMS campaign, a newsletter
 * and, every third day, airtime, each reserved and settled at the company's rates. Written
 * set-based: the sends, then every ledger line with its running balance in one statement, then
 * the lots' remainders by the spending rule (granted first, then the oldest), so the balance,
 * the ledger's sum and the lots agree as if each movement had gone through the service.
 */
export async function seedDemoWallet(tx: Tx, demo: DemoCompany) {
  const t = demo.tenantId;
  const rates = (await rateSettings(tx, t)).service;
  const today = demo.today.toISOString();
  // day d (1..DAYS) is DAYS - d days before today; sends at 10:00 and settled ten minutes later
  await tx.execute(sql`
    insert into credit_reservations (tenant_id, service, units, rate, credits, status, settled_units, settled_credits, allocations, reference, user_id, created_at, updated_at, closed_at)
    select ${t}, s.service, s.units, s.rate, round(s.units * s.rate, 4), 'settled', s.units, round(s.units * s.rate, 4), '[]'::jsonb,
           s.service || '_campaign:' || s.d, ${demo.ownerId}, s.at, s.at + interval '10 minutes', s.at + interval '10 minutes'
      from (
        select 'sms' as service, (100 + (d * 37) % 200)::numeric as units, ${rates.sms}::numeric as rate, d,
               date_trunc('day', ${today}::timestamptz) - make_interval(days => ${DAYS} - d) + interval '10 hours' as at
          from generate_series(1, ${DAYS}) d
        union all
        select 'email', (50 + (d * 53) % 400)::numeric, ${rates.email}::numeric, d,
               date_trunc('day', ${today}::timestamptz) - make_interval(days => ${DAYS} - d) + interval '11 hours'
          from generate_series(1, ${DAYS}) d
        union all
        select 'airtime', (50 + (d * 29) % 200)::numeric, ${rates.airtime}::numeric, d,
               date_trunc('day', ${today}::timestamptz) - make_interval(days => ${DAYS} - d) + interval '12 hours'
          from generate_series(1, ${DAYS}) d where d % 3 = 0
      ) s`);

  // every line, in time order, with its running balance; a send's lines say which kind paid for it
  await tx.execute(sql`
    with inbound as (
      select 'grant' as movement, 'granted' as kind, ${GRANT}::numeric as credits, 'Welcome credits' as description, 'grant:welcome' as reference,
             null::bigint as user_id, null::numeric as amount, null::text as currency,
             date_trunc('day', ${today}::timestamptz) - make_interval(days => ${DAYS}) + interval '8 hours' as at
      union all
      select 'purchase', 'paid', ${MONTHLY}::numeric, ${`Bought ${MONTHLY.toLocaleString('en')} credits (M-Pesa)`}, 'demo_purchase:' || m,
             ${demo.ownerId}::bigint, ${MONTHLY}::numeric, 'KES',
             date_trunc('day', ${today}::timestamptz) - make_interval(days => ${DAYS} - m * 30) + interval '9 hours'
        from generate_series(0, ${DAYS / 30 - 1}) m
    ), sends as (
      select r.id, r.service, r.units, r.credits, r.reference, r.user_id, r.created_at, r.closed_at,
             sum(r.credits) over (order by r.created_at, r.id) - r.credits as spent_before
        from credit_reservations r where r.tenant_id = ${t}
    ), lines as (
      select movement, kind, null::text as service, credits, description, reference, user_id, null::bigint as reservation_id, amount, currency, at, 0 as ord from inbound
      union all
      select 'reserve', case when spent_before < ${GRANT} then 'granted' else 'paid' end, service, -credits,
             case service when 'sms' then 'SMS' when 'email' then 'Email' else 'Airtime' end || ': ' || trim(to_char(units, 'FM999,999.####'), '.') || ' ' ||
               case service when 'sms' then 'parts' when 'email' then 'emails' else 'units' end || ' held',
             reference, user_id, id, null, null, created_at, 1
        from sends
      union all
      select 'settle', case when spent_before < ${GRANT} then 'granted' else 'paid' end, service, 0,
             case service when 'sms' then 'SMS' when 'email' then 'Email' else 'Airtime' end || ': ' || trim(to_char(credits, 'FM999,999.####'), '.') || ' credits charged',
             reference, user_id, id, null, null, closed_at, 2
        from sends
    )
    insert into credit_movements (tenant_id, movement, kind, service, credits, balance_after, description, reference, user_id, reservation_id, amount, currency, created_at, updated_at)
    select ${t}, movement, kind, service, credits, sum(credits) over (order by at, ord, reference), description,
           reference, user_id, reservation_id, amount, currency, at, at
      from lines order by at, ord, reference`);

  // the lots: what the sends took, granted first, then the oldest purchase
  await tx.execute(sql`
    with spent as (select coalesce(sum(settled_credits), 0) as c from credit_reservations where tenant_id = ${t} and status = 'settled'),
    lots as (
      select id, kind, credits, created_at,
             sum(credits) over (order by kind = 'paid', created_at, id) as upto
        from credit_movements where tenant_id = ${t} and movement in ('grant', 'purchase')
    )
    insert into credit_lots (tenant_id, movement_id, kind, credits, remaining, created_at, updated_at)
    select ${t}, l.id, l.kind, l.credits, greatest(0, least(l.credits, l.upto - spent.c)), l.created_at, l.created_at
      from lots l cross join spent`);
  await tx.execute(sql`
    insert into wallets (tenant_id, balance, low_balance_threshold, auto_top_up)
    values (${t}, (select coalesce(sum(credits), 0) from credit_movements where tenant_id = ${t}), 2000, ${JSON.stringify(demoTopUp(demo.ownerId))}::jsonb)
    on conflict (tenant_id) do update set balance = excluded.balance, low_balance_threshold = excluded.low_balance_threshold,
                                          auto_top_up = excluded.auto_top_up, updated_at = now()`);
}

/** The demo company's automatic top-up: off, with the owner's M-Pesa number saved and a target of 10,000 credits, one tick away from on. */
const demoTopUp = (ownerId: number): AutoTopUp => ({ enabled: false, target_balance: '10000.0000', method: { driver: 'mpesa', phone: '+254712345678' }, saved_by: ownerId });
