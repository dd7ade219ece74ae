import type { FastifyInstance } from 'fastify';
import { walletJobs } from './jobs.js';
import { requireOperator } from '../platform/index.js';
import { operatorRateRoutes } from './operator.js';
import { walletPages } from './pages.js';
import { walletRoutes as walletEndpoints } from './wallet-routes.js';

/** The wallet (SPEC §7 Wallet): its endpoints, pages, the operator's rates and the maintenance job. */
export async function walletRoutes(app: FastifyInstance) {
  await app.register(walletEndpoints);
  // the purchase's checkout data comes from purchases.ts (the payments side) once it is merged
  walletPages(app, { checkout: async () => null });
  operatorRateRoutes(app, requireOperator);
  walletJobs(app);
}
