import type { FastifyInstance } from 'fastify';
import { walletJobs } from './jobs.js';
import { requireOperator } from '../platform/index.js';
import { operatorRateRoutes } from './operator.js';
import { walletPages } from './pages.js';
import { checkoutData, purchaseRoutes } from './purchases.js';
import { topUpJob } from './top-up-job.js';
import { walletRoutes as walletEndpoints } from './wallet-routes.js';

/** The wallet (SPEC §7 Wallet): its endpoints, pages, the operator's rates, the maintenance and automatic top-up jobs. */
export async function walletRoutes(app: FastifyInstance) {
  await app.register(walletEndpoints);
  await app.register(purchaseRoutes);
  walletPages(app, { checkout: checkoutData });
  operatorRateRoutes(app, requireOperator);
  walletJobs(app);
  topUpJob(app);
}
