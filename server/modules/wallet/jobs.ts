import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import type { JobQueue } from '../../jobs/queue.js';
import { checkLowBalance, mailLowBalanceAlerts } from './alerts.js';
import { expireDue, lockWallet } from './ledger.js';

/**
 * The wallet's maintenance job, every few minutes: expires the lots past their expiry in
 * companies nobody has touched since (a movement expires its own company's first), and mails
 * the low-balance alerts given since the last run. pg-boss's cron is off (server/jobs/queue.ts),
 * so the job queues its own next run, one per time slot however many processes start.
 */
export const WALLET_MAINTENANCE_JOB = 'wallet.maintenance';
export const MAINTENANCE_MINUTES = 10;

/** Expires every company's due lots, one company per transaction; answers how many lots expired. */
export async function expireAllDue(database: Database): Promise<number> {
  const due = await database.query<{ tenant_id: number }>(
    'select distinct tenant_id from credit_lots where remaining > 0 and expires_at <= now() order by tenant_id',
  );
  let expired = 0;
  for (const { tenant_id } of due) {
    const tenantId = Number(tenant_id);
    expired += await withTenant(database, tenantId, async (tx) => {
      await lockWallet(tx, tenantId);
      const n = await expireDue(tx, tenantId);
      await checkLowBalance(tx, tenantId);
      return n;
    });
  }
  return expired;
}

export function nextMaintenanceAt(now = new Date()): Date {
  const slot = MAINTENANCE_MINUTES * 60_000;
  return new Date(Math.floor(now.getTime() / slot) * slot + slot);
}

function scheduleNext(queue: JobQueue, now = new Date()) {
  const at = nextMaintenanceAt(now);
  return queue.send(WALLET_MAINTENANCE_JOB, {}, { startAfter: at, singletonKey: `wallet:${at.toISOString()}`, singletonSeconds: 10 * 365 * 86_400 });
}

export function walletJobs(app: FastifyInstance) {
  const { queue, database, mailer, config, log } = app.ctx;
  queue.define(
    WALLET_MAINTENANCE_JOB,
    async () => {
      try {
        const expired = await expireAllDue(database);
        const mailed = await mailLowBalanceAlerts({ database, mailer, config });
        if (expired || mailed) log.info({ expired, mailed }, 'wallet maintenance');
      } finally {
        await scheduleNext(queue);
      }
    },
    { batchSize: 1, concurrency: 1 },
  );
  queue.onStarted(async () => {
    if (config.inProcessWorkers) await scheduleNext(queue).catch((err: unknown) => log.error({ err }, 'could not schedule the wallet maintenance'));
  });
}
