import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { DemoCompany } from '../kazi-module.js';
import { SUBSCRIPTION_PURPOSE } from './billing.js';

/**
 * The demo company's subscription: on the Growth plan, monthly, paid by M-Pesa, twelve days into
 * its current period, with the invoices (numbered, paid) of the last three months and their
 * payments, so the Subscriptions page shows a plan, its usage (the demo's contacts, users, sends
 * and media) against the limits, and a history. Set-based, in the demo's transaction.
 */
export async function seedDemoSubscription(tx: Tx, demo: DemoCompany) {
  const t = demo.tenantId;
  const today = demo.today.toISOString();
  const [plan] = await rows<{ id: number }>(tx, sql`select id from plans where code = 'growth'`);
  if (!plan) return;
  await tx.execute(sql`
    update subscriptions s set status = 'active', plan_id = ${plan.id}, interval = 'monthly',
           currency = case when p.prices ? s.currency then s.currency else 'USD' end, onboarding_step = 'done',
           current_period_start = ${today}::timestamptz - interval '12 days', current_period_end = ${today}::timestamptz - interval '12 days' + interval '1 month',
           last_driver = 'mpesa', mpesa_phone = '+254712345678', credits_granted_for = to_char(${today}::timestamptz, 'YYYY-MM'), updated_at = ${today}::timestamptz
      from plans p where p.id = ${plan.id} and s.tenant_id = ${t}`);
  await tx.execute(sql`
    insert into subscription_invoices (tenant_id, kind, plan_id, interval, amount, currency, period_start, period_end, description, status, number, paid_at, created_by, created_at, updated_at)
    select ${t}, case when m = 2 then 'signup' else 'renewal' end, ${plan.id}, 'monthly', (p.prices -> s.currency ->> 'monthly')::numeric, s.currency,
           (s.current_period_start - make_interval(months => m))::date, (s.current_period_end - make_interval(months => m))::date,
           case when m = 2 then 'Subscription' else 'Renewal' end || ': ' || p.name || ', monthly', 'paid',
           'SUB-' || lpad((3 - m)::text, 5, '0'), s.current_period_start - make_interval(months => m), ${demo.ownerId},
           s.current_period_start - make_interval(months => m), s.current_period_start - make_interval(months => m)
      from subscriptions s join plans p on p.id = s.plan_id, generate_series(0, 2) m
     where s.tenant_id = ${t}`);
  await tx.execute(sql`
    insert into payments (tenant_id, purpose, reference, description, amount, currency, driver, status, provider_ref, provider_receipt,
                          action, expires_at, settled_at, created_by, created_at, updated_at)
    select ${t}, ${SUBSCRIPTION_PURPOSE}, i.id::text, 'Kazi ' || i.description, i.amount, i.currency, 'mpesa', 'succeeded',
           'ws_CO_SUB' || i.id, 'SUB' || upper(substr(md5(i.id::text), 1, 7)), '{"kind":"done"}'::jsonb,
           i.paid_at + interval '30 minutes', i.paid_at, i.created_by, i.paid_at, i.paid_at
      from subscription_invoices i where i.tenant_id = ${t}`);
  await tx.execute(sql`
    update subscription_invoices i set payment_id = y.id
      from payments y where y.tenant_id = i.tenant_id and y.purpose = ${SUBSCRIPTION_PURPOSE} and y.reference = i.id::text and i.tenant_id = ${t}`);
  await tx.execute(sql`
    insert into payment_attempts (tenant_id, payment_id, driver, provider_ref, action, created_by, created_at, updated_at)
    select y.tenant_id, y.id, y.driver, y.provider_ref, y.action, y.created_by, y.created_at, y.created_at
      from payments y where y.tenant_id = ${t} and y.purpose = ${SUBSCRIPTION_PURPOSE}`);
}
