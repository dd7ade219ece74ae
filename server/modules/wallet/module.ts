import { defineModule } from '../kazi-module.js';
import { seedDemoWallet } from './demo.js';
import { seedDemoPurchases } from './purchases.js';
import { walletRoutes } from './routes.js';
import { setUpWallet } from './setup.js';

export const walletModule = defineModule({
  name: 'wallet',
  plugin: walletRoutes,
  setUpCompany: setUpWallet,
  seedDemo: async (tx, demo) => {
    await seedDemoWallet(tx, demo);
    await seedDemoPurchases(tx, demo);
  },
});
