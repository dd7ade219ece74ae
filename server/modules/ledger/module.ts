import { defineModule } from '../kazi-module.js';
import { seedSystemAccounts } from './service.js';

// No routes: the ledger is read and written by the areas above it (decision 0006).
export const ledgerModule = defineModule({
  name: 'ledger',
  setUpCompany: (tx, { tenantId }) => seedSystemAccounts(tx, tenantId),
});
