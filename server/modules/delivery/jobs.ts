import type { FastifyInstance } from 'fastify';
import { DISPATCH_JOB, SWEEP_JOB, deliveryEngine } from './engine.js';

/**
 * The delivery engine's jobs: `delivery.dispatch` works one send for a slice of time (several
 * sends at once per worker), `delivery.sweep` runs every DELIVERY_SWEEP_SECONDS and when a worker
 * starts, queueing its own next run (pg-boss's cron is off, as for the wallet's maintenance).
 */
export async function deliveryJobs(app: FastifyInstance) {
  const { queue, config, log } = app.ctx;
  const engine = deliveryEngine(app.ctx);
  const every = config.delivery.sweepSeconds;
  const next = () => {
    const slot = every * 1000;
    const at = new Date(Math.floor(Date.now() / slot) * slot + slot);
    return queue.send(SWEEP_JOB, {}, { startAfter: at, singletonKey: `delivery-sweep:${at.toISOString()}`, singletonSeconds: 10 * 365 * 86_400 });
  };
  queue.define<{ tenantId: number; sendId: number }>(DISPATCH_JOB, (job) => engine.dispatch(Number(job.tenantId), Number(job.sendId)), { batchSize: 1, concurrency: 4 });
  queue.define(
    SWEEP_JOB,
    async () => {
      try {
        const done = await engine.sweep();
        if (done.started || done.resumed || done.requeued || done.refunded) log.info(done, 'delivery sweep');
      } finally {
        await next();
      }
    },
    { batchSize: 1, concurrency: 1 },
  );
  queue.onStarted(async () => {
    await queue.send(SWEEP_JOB, {});
  });
}
