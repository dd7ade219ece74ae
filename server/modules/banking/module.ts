import { bankingSearch } from './search.js';
import { defineModule } from '../kazi-module.js';
import { seedDemoBanking } from './demo.js';
import { bankingRoutes } from './routes.js';

export const bankingModule = defineModule({ name: 'banking', plugin: bankingRoutes, seedDemo: seedDemoBanking, search: bankingSearch });
