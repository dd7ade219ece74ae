import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import { refreshPayment } from './service.js';

/**
 * The payments' sweep (docs/decisions/0031), every minute:
 *  1. pending payments past their expires_at expire — one UPDATE across every company;
 *  2. Stripe and M-Pesa payments whose callback is late (pending for more than LATE_AFTER_SECONDS,
 *     or expired within the last day without a final word) are asked about at the provider and
 *     settled from its answer: a success after expiry still credits, once, marked late.
 */
export const SWEEP_JOB = 'payments.sweep';
export const LATE_AFTER_SECONDS = 90;
/** payments asked about per run: the rest wait for the next minute */
export const QUERIES_PER_RUN = 50;

/** Expires every overdue pending payment; answers how many. */
export async function expireOverduePayments(database: Database): Promise<number> {
  // the owner connection, like the other jobs that work across companies (documents/reminders.ts)
  const expired = await database.query(
    `update payments set status = 'expired', failure_reason = coalesce(failure_reason, 'The payment was not completed in time.'), updated_at = now()
      where status = 'pending' and expires_at <= now() returning id`,
  );
  return expired.length;
}

/** The provider payments whose callback is late, oldest first. */
export async function latePayments(database: Database, limit = QUERIES_PER_RUN): Promise<{ tenant_id: number; id: number }[]> {
  return database.query<{ tenant_id: number; id: number }>(
    `select tenant_id, id from payments
      where driver in ('stripe', 'mpesa') and provider_ref is not null
        and ((status = 'pending' and updated_at < now() - make_interval(secs => $1))
          or (status = 'expired' and settled_at is null and expires_at > now() - interval '1 day'
              and not exists (select 1 from payment_events e where e.tenant_id = payments.tenant_id and e.payment_id = payments.id and e.outcome in ('failed', 'expired'))))
      order by updated_at limit $2`,
    [LATE_AFTER_SECONDS, limit],
  );
}

export interface SweepRun {
  expired: number;
  queried: number;
  failed: number;
}

/** One run of the sweep; a provider that does not answer for one payment does not stop the others. */
export async function sweepPayments(app: FastifyInstance): Promise<SweepRun> {
  const run: SweepRun = { expired: await expireOverduePayments(app.ctx.database), queried: 0, failed: 0 };
  for (const p of await latePayments(app.ctx.database)) {
    try {
      await refreshPayment(app, Number(p.tenant_id), Number(p.id));
      run.queried++;
    } catch (err) {
      run.failed++;
      app.log.warn({ err, paymentId: p.id }, 'payment status query failed');
    }
  }
  return run;
}

/** The next minute's run; its singleton key is that minute, so several processes queue one. */
export function scheduleNextSweep(queue: JobQueue, now = new Date()) {
  const at = new Date(Math.floor(now.getTime() / 60_000) * 60_000 + 60_000);
  return queue.send(SWEEP_JOB, {}, { startAfter: at, singletonKey: `payments.sweep:${at.toISOString()}`, singletonSeconds: 24 * 3600 });
}

export function paymentJobs(app: FastifyInstance) {
  const { queue, log } = app.ctx;
  queue.define(
    SWEEP_JOB,
    async () => {
      try {
        const run = await sweepPayments(app);
        if (run.expired || run.queried || run.failed) log.info(run, 'payments swept');
      } finally {
        await scheduleNextSweep(queue);
      }
    },
    { batchSize: 1, concurrency: 1 },
  );
  queue.onStarted(async () => {
    await scheduleNextSweep(queue);
  });
}
