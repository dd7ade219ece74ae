import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { startSmtp } from '../../testing/smtp.js';
import { renewDue, RETRY_DAYS, sendTrialReminders } from './jobs.js';

/**
 * The subscriptions' maintenance (docs/decisions/0046): the trial-end reminders go once each,
 * 7, 3 and 1 days before; a renewal is charged through the gateway (the log driver pays at once),
 * and one the gateway cannot charge is retried with a dunning mail each time until the grace
 * ends and the company is read-only.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ MAIL_URL: smtp.url, PAYMENT_DRIVERS: 'offline,log' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const planId = async (code: string) => (await t.database.query<{ id: number }>('select id from plans where code = $1', [code]))[0].id;
const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to));
const until = async (check: () => boolean) => {
  const end = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('subscriptions maintenance', () => {
  it('reminds a trial 7, 3 and 1 days before its end, each reminder once', async () => {
    const a = await seedTenant(t.database, 'Trial Reminded');
    await t.database.query(`update subscriptions set status = 'trialing', plan_id = $2, trial_ends_at = now() + interval '6 days 23 hours' where tenant_id = $1`, [
      a.tenantId,
      await planId('starter'),
    ]);
    await sendTrialReminders(t.app);
    await sendTrialReminders(t.app);
    await until(() => mailsTo(a.email).length >= 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(a.email)).toHaveLength(1);
    expect(mailsTo(a.email)[0].raw).toMatch(/Subject: Your Kazi trial ends in 7 days/);
    // two days later: the 3-day one, not the 7-day one again
    await t.database.query(`update subscriptions set trial_ends_at = now() + interval '2 days 23 hours' where tenant_id = $1`, [a.tenantId]);
    await sendTrialReminders(t.app);
    await until(() => mailsTo(a.email).length >= 2);
    expect(mailsTo(a.email)[1].raw).toMatch(/Subject: Your Kazi trial ends in 3 days/);
    const [s] = await t.database.query<{ r: number[] }>('select trial_reminders as r from subscriptions where tenant_id = $1', [a.tenantId]);
    expect([...s.r].sort()).toEqual([3, 7]);
  });

  it('renews a period through the gateway: paid by the log driver at once, the period moved on by one month', async () => {
    const a = await seedTenant(t.database, 'Renewed');
    await t.database.query(
      `update subscriptions set status = 'active', plan_id = $2, interval = 'monthly', last_driver = 'log',
              current_period_start = now() - interval '1 month 1 minute', current_period_end = now() - interval '1 minute' where tenant_id = $1`,
      [a.tenantId, await planId('growth')],
    );
    await renewDue(t.app);
    const [s] = await t.database.query<{ status: string; ahead: boolean }>(
      "select status, current_period_end > now() + interval '27 days' as ahead from subscriptions where tenant_id = $1",
      [a.tenantId],
    );
    expect(s).toEqual({ status: 'active', ahead: true });
    const inv = await t.database.query<{ kind: string; status: string; number: string }>('select kind, status, number from subscription_invoices where tenant_id = $1', [a.tenantId]);
    expect(inv).toEqual([{ kind: 'renewal', status: 'paid', number: 'SUB-00001' }]);
  });

  it('a renewal the gateway cannot charge is retried with dunning mail, then the company lapses (read-only)', async () => {
    const a = await seedTenant(t.database, 'Dunned');
    // paid by card last time: there is no off-session charge, so the owner is asked to pay
    await t.database.query(
      `update subscriptions set status = 'active', plan_id = $2, interval = 'monthly', last_driver = 'stripe',
              current_period_start = now() - interval '1 month 1 minute', current_period_end = now() - interval '1 minute' where tenant_id = $1`,
      [a.tenantId, await planId('growth')],
    );
    for (let attempt = 1; attempt <= RETRY_DAYS.length + 1; attempt++) {
      await renewDue(t.app);
      await renewDue(t.app); // not due again until the retry's time
      await until(() => mailsTo(a.email).length >= attempt);
      await t.database.query('update subscriptions set next_renewal_attempt_at = now() - interval \'1 second\' where tenant_id = $1', [a.tenantId]);
    }
    const mails = mailsTo(a.email);
    expect(mails).toHaveLength(RETRY_DAYS.length + 1);
    expect(mails[0].raw).toMatch(/we will try again in 1 day/);
    expect(mails.at(-1)!.raw).toMatch(/Subject: Your Kazi subscription has lapsed/);
    // one renewal invoice, still open, whatever the number of attempts
    const inv = await t.database.query<{ n: number }>("select count(*)::int as n from subscription_invoices where tenant_id = $1 and status = 'open'", [a.tenantId]);
    expect(inv[0].n).toBe(1);
    // the grace over, the company is read-only
    await t.database.query("update subscriptions set current_period_end = now() - interval '8 days' where tenant_id = $1", [a.tenantId]);
    const { subscriptionState } = await import('./state.js');
    const { withTenant } = await import('../../db/tenancy.js');
    const state = await withTenant(t.database, a.tenantId, (tx) => subscriptionState(tx, a.tenantId));
    expect(state).toMatchObject({ status: 'past_due', effective: 'lapsed', read_only: true });
  });
});
