import { accountingSearch } from './search.js';
import { defineModule } from '../kazi-module.js';
import { seedDemoAccounting } from './demo.js';
import { accountingRoutes } from './routes.js';
import { setUpBooks } from './setup.js';

export const accountingModule = defineModule({
  name: 'accounting',
  plugin: accountingRoutes,
  setUpCompany: setUpBooks,
  seedDemo: seedDemoAccounting,
  search: accountingSearch,
});
