import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { BillingInterval } from '../../../common/subscriptions.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import type { JobQueue } from '../../jobs/queue.js';
import { availableDrivers, startPayment } from '../payments/index.js';
import { grantMonthlyCredits, openInvoice, periodEnd, priceOf, SUBSCRIPTION_PURPOSE } from './billing.js';
import { planById } from './plans.js';
import { SUBSCRIPTION_URL } from './state.js';

/**
 * The subscriptions' maintenance job (docs/decisions/0046), hourly, self-scheduling like the
 * wallet's: trial-end reminders 7, 3 and 1 days before, renewals through the gateway with
 * retries and dunning mail, and each month's included credits. Companies are found in one
 * statement each on the owner connection; each is then worked in its own tenant transaction.
 */
export const SUBSCRIPTIONS_JOB = 'subscriptions.maintenance';
export const REMINDER_DAYS = [7, 3, 1] as const;
/** after a renewal's attempt fails, the next comes this many days later: attempts at the period's end and 1, 3 and 7 days after, the last when the grace (GRACE_DAYS) ends */
export const RETRY_DAYS = [1, 2, 4] as const;

async function ownersOf(app: FastifyInstance, tenantId: number) {
  return withTenant(app.ctx.database, tenantId, (tx) =>
    rows<{ email: string; name: string; company: string }>(
      tx,
      sql`select u.email, u.name, coalesce(t.settings->>'name', t.name) as company
            from memberships m join users u on u.id = m.user_id join roles r on r.tenant_id = m.tenant_id and r.id = m.role_id join tenants t on t.id = m.tenant_id
           where m.tenant_id = ${tenantId} and r.slug = 'owner' and m.status = 'active'`,
    ),
  );
}

/** Mails each trialing company's owners 7, 3 and 1 days before the trial ends, each reminder once. */
export async function sendTrialReminders(app: FastifyInstance): Promise<number> {
  const { database, mailer, config } = app.ctx;
  const due = await database.query<{ tenant_id: number; days: number; ends: string; plan: string }>(
    `select s.tenant_id, d.days, s.trial_ends_at::text as ends, p.name as plan
       from subscriptions s join plans p on p.id = s.plan_id
       cross join lateral (select min(x) as days from unnest($1::int[]) x
                            where s.trial_ends_at - make_interval(days => x) <= now() and not s.trial_reminders @> to_jsonb(x)) d
      where s.status = 'trialing' and s.trial_ends_at > now() and d.days is not null`,
    [REMINDER_DAYS],
  );
  for (const r of due) {
    const tenantId = Number(r.tenant_id);
    // marked first (every reminder up to this one), so a crash after it sends at most one mail too few, never a repeat
    const marked = await withTenant(database, tenantId, (tx) =>
      rows(
        tx,
        sql`update subscriptions set trial_reminders = (select coalesce(jsonb_agg(x), '[]') from unnest(${sql.raw(`array[${REMINDER_DAYS.join(', ')}]`)}::int[]) x where x >= ${r.days}), updated_at = now()
             where tenant_id = ${tenantId} and not trial_reminders @> to_jsonb(${r.days}::int) returning tenant_id`,
      ),
    );
    if (!marked.length) continue;
    const left = Math.max(1, Math.ceil((new Date(r.ends).getTime() - Date.now()) / 86_400_000));
    for (const o of await ownersOf(app, tenantId)) {
      await mailer.send({
        to: o.email,
        subject: `Your Kazi trial ends in ${left} day${left === 1 ? '' : 's'}`,
        text:
          `Hello ${o.name},\n\nThe free trial of the ${r.plan} plan for ${o.company} ends on ${r.ends.slice(0, 10)}. ` +
          `After that the company becomes read-only (nothing is deleted) until a plan is paid.\n\nChoose how to pay: ${config.appUrl}${SUBSCRIPTION_URL}`,
      });
    }
  }
  return due.length;
}

/**
 * Renews every paid subscription whose period has ended: the next plan (a downgrade chosen)
 * takes over, a renewal invoice opens, and the gateway is asked — an M-Pesa push to the number
 * that paid last, the log driver where that is how it was paid; a card or a bank transfer has
 * no off-session charge here, so the owners get the invoice to pay. An attempt that does not
 * pay is retried 1, 3 and 7 days after the period's end with a dunning mail each time; the grace then ends and
 * the company is read-only.
 */
export async function renewDue(app: FastifyInstance): Promise<number> {
  const { database, mailer, config } = app.ctx;
  const due = await database.query<{ tenant_id: number }>(
    `select tenant_id from subscriptions
      where status in ('active', 'past_due') and not cancel_at_period_end and current_period_end <= now()
        and renewal_attempts <= $1 and (next_renewal_attempt_at is null or next_renewal_attempt_at <= now())
      order by current_period_end limit 200`,
    [RETRY_DAYS.length],
  );
  let renewed = 0;
  for (const { tenant_id } of due) {
    const tenantId = Number(tenant_id);
    const job = await withTenant(database, tenantId, async (tx) => {
      const [s] = await rows<{
        plan_id: number; next_plan_id: number | null; interval: BillingInterval; next_interval: BillingInterval | null; currency: string;
        end: string; attempts: number; driver: string | null; phone: string | null;
      }>(
        tx,
        sql`select plan_id, next_plan_id, interval, next_interval, currency, current_period_end as end, renewal_attempts as attempts,
                   last_driver as driver, mpesa_phone as phone
              from subscriptions where tenant_id = ${tenantId} for update`,
      );
      const plan = await planById(tx, s.next_plan_id ?? s.plan_id);
      if (!plan) return null;
      const interval = s.next_interval ?? s.interval;
      const price = priceOf(plan, s.currency, interval);
      const start = new Date(s.end);
      const invoiceId = await openInvoice(tx, tenantId, { kind: 'renewal', plan, interval, ...price, periodStart: start, periodEnd: periodEnd(start, interval), userId: null });
      const attempt = s.attempts + 1;
      await tx.execute(
        sql`update subscriptions set status = 'past_due', plan_id = ${plan.id}, interval = ${interval}, next_plan_id = null, next_interval = null,
                   renewal_attempts = ${attempt},
                   next_renewal_attempt_at = ${attempt <= RETRY_DAYS.length ? sql`now() + make_interval(days => ${RETRY_DAYS[attempt - 1]})` : null},
                   updated_at = now()
             where tenant_id = ${tenantId}`,
      );
      return { invoiceId, plan: plan.name, amount: price.amount, currency: price.currency, attempt, driver: s.driver, phone: s.phone };
    });
    if (!job) continue;
    const offered = availableDrivers(app);
    const driver = job.driver === 'mpesa' && job.phone && offered.includes('mpesa') ? 'mpesa' : job.driver === 'log' && offered.includes('log') ? 'log' : null;
    let paid = false;
    if (driver) {
      try {
        const started = await startPayment(app, {
          tenantId,
          purpose: SUBSCRIPTION_PURPOSE,
          reference: String(job.invoiceId),
          amount: job.amount,
          currency: job.currency,
          description: `Kazi renewal: ${job.plan}`,
          driver,
          phone: driver === 'mpesa' ? job.phone : null,
          email: null,
          userId: null,
          returnPath: `${SUBSCRIPTION_URL}?invoice=${job.invoiceId}`,
        });
        paid = started.status === 'succeeded';
      } catch (err) {
        app.log.warn({ err, tenantId, invoiceId: job.invoiceId }, 'subscription renewal: the payment could not be started');
      }
    }
    if (paid) {
      renewed++;
      continue;
    }
    const last = job.attempt > RETRY_DAYS.length;
    for (const o of await ownersOf(app, tenantId)) {
      await mailer.send({
        to: o.email,
        subject: last ? `Your Kazi subscription has lapsed` : `Your Kazi subscription is due: ${job.currency} ${job.amount}`,
        text:
          `Hello ${o.name},\n\nThe ${job.plan} plan of ${o.company} is due for renewal (${job.currency} ${job.amount}). ` +
          (driver === 'mpesa' ? 'An M-Pesa request went to your phone; ' : '') +
          (last
            ? 'We could not collect it, and the company is now read-only (nothing is deleted). '
            : `If it is not paid, we will try again in ${RETRY_DAYS[job.attempt - 1]} day${RETRY_DAYS[job.attempt - 1] === 1 ? '' : 's'}. `) +
          `Pay here: ${config.appUrl}${SUBSCRIPTION_URL}?invoice=${job.invoiceId}`,
      });
    }
  }
  return renewed;
}

/** Each month's included credits for every working company whose plan includes some. */
export async function grantDueCredits(app: FastifyInstance): Promise<number> {
  const due = await app.ctx.database.query<{ tenant_id: number }>(
    `select s.tenant_id from subscriptions s join plans p on p.id = s.plan_id
      where s.status = 'active' and p.included_credits > 0 and coalesce(s.credits_granted_for, '') <> to_char(now(), 'YYYY-MM')`,
  );
  for (const { tenant_id } of due) await withTenant(app.ctx.database, Number(tenant_id), (tx) => grantMonthlyCredits(tx, Number(tenant_id)));
  return due.length;
}

function nextRunAt(now = new Date()) {
  return new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 + 3_600_000);
}

function scheduleNext(queue: JobQueue) {
  const at = nextRunAt();
  return queue.send(SUBSCRIPTIONS_JOB, {}, { startAfter: at, singletonKey: `subscriptions:${at.toISOString()}`, singletonSeconds: 10 * 365 * 86_400 });
}

export function subscriptionJobs(app: FastifyInstance) {
  const { queue, config, log } = app.ctx;
  queue.define(
    SUBSCRIPTIONS_JOB,
    async () => {
      try {
        const reminded = await sendTrialReminders(app);
        const renewed = await renewDue(app);
        const granted = await grantDueCredits(app);
        if (reminded || renewed || granted) log.info({ reminded, renewed, granted }, 'subscriptions maintenance');
      } finally {
        await scheduleNext(queue);
      }
    },
    { batchSize: 1, concurrency: 1 },
  );
  queue.onStarted(async () => {
    if (config.inProcessWorkers) await scheduleNext(queue).catch((err: unknown) => log.error({ err }, 'could not schedule the subscriptions maintenance'));
  });
}
