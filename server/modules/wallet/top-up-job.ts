import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { HttpError } from '../../http/errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import { startPayment } from '../payments/index.js';
import { creditsInWords } from './ledger.js';
import { PURCHASE_PURPOSE } from './price.js';
import type { AutoTopUp } from './schema.js';
import { QUEUED_TOP_UP_TTL } from './top-up.js';

/**
 * Starts the payments of the automatic purchases the low-balance crossing queued (top-up.ts):
 * each is taken once (`started_at`), then paid through the ordinary payment start with the saved
 * method — an STK push to the saved M-Pesa number, which the payer approves on the phone. A start
 * that fails (M-Pesa not offered, a foreign currency, the provider down) is recorded on the
 * purchase as its failure and not retried. The job runs every minute (self-scheduling, one per
 * minute across processes, like the payments' sweep).
 */
export const TOP_UP_JOB = 'wallet.top-up';

interface Claimed {
  credits: string;
  amount: string;
  currency: string;
  created_by: number | null;
  email: string | null;
  auto: AutoTopUp | null;
}

/** Starts every queued automatic purchase; answers how many payments were started. */
export async function startAutomaticTopUps(app: FastifyInstance): Promise<number> {
  const { database } = app.ctx;
  const queued = await database.query<{ tenant_id: number; id: number }>(
    `select tenant_id, id from credit_purchases
      where automatic and paid_at is null and started_at is null and start_failure is null and created_at > now() - ${QUEUED_TOP_UP_TTL}
      order by created_at, id limit 100`,
  );
  let started = 0;
  for (const q of queued) {
    const tenantId = Number(q.tenant_id);
    const id = Number(q.id);
    const claimed = await withTenant(database, tenantId, async (tx) => {
      const [c] = await rows<Claimed>(
        tx,
        sql`update credit_purchases cp set started_at = now(), updated_at = now()
             where cp.tenant_id = ${tenantId} and cp.id = ${id} and cp.started_at is null and cp.start_failure is null and cp.paid_at is null
         returning cp.credits::text as credits, cp.amount::text as amount, cp.currency, cp.created_by,
                   (select email from users where id = cp.created_by) as email,
                   (select auto_top_up from wallets where tenant_id = ${tenantId}) as auto`,
      );
      return c ?? null;
    });
    if (!claimed) continue;
    const method = claimed.auto?.enabled ? claimed.auto.method : null;
    try {
      if (method?.driver !== 'mpesa') throw new HttpError(409, 'The automatic top-up was turned off before its payment started.');
      await startPayment(app, {
        tenantId,
        purpose: PURCHASE_PURPOSE,
        reference: String(id),
        amount: claimed.amount,
        currency: claimed.currency,
        description: `${creditsInWords(claimed.credits)} Kazi credits (automatic top-up)`,
        driver: 'mpesa',
        phone: method.phone,
        email: claimed.email,
        userId: claimed.created_by === null ? null : Number(claimed.created_by),
        returnPath: `/wallet/checkout/${id}`,
      });
      started++;
    } catch (err) {
      const reason = err instanceof HttpError ? err.message : 'The payment could not be started.';
      if (!(err instanceof HttpError)) app.log.error({ err, tenantId, purchaseId: id }, 'automatic top-up: the payment could not be started');
      await withTenant(database, tenantId, (tx) =>
        tx.execute(sql`update credit_purchases set start_failure = ${reason.slice(0, 500)}, updated_at = now() where tenant_id = ${tenantId} and id = ${id}`),
      );
    }
  }
  return started;
}

function scheduleNext(queue: JobQueue, now = new Date()) {
  const at = new Date(Math.floor(now.getTime() / 60_000) * 60_000 + 60_000);
  return queue.send(TOP_UP_JOB, {}, { startAfter: at, singletonKey: `wallet.top-up:${at.toISOString()}`, singletonSeconds: 24 * 3600 });
}

export function topUpJob(app: FastifyInstance) {
  const { queue, config, log } = app.ctx;
  queue.define(
    TOP_UP_JOB,
    async () => {
      try {
        const started = await startAutomaticTopUps(app);
        if (started) log.info({ started }, 'automatic top-ups started');
      } finally {
        await scheduleNext(queue);
      }
    },
    { batchSize: 1, concurrency: 1 },
  );
  queue.onStarted(async () => {
    if (config.inProcessWorkers) await scheduleNext(queue).catch((err: unknown) => log.error({ err }, 'could not schedule the automatic top-ups'));
  });
}
