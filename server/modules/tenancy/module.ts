import { defineModule } from '../kazi-module.js';
import { tenancyRoutes } from './routes.js';

// The company's own row, its roles and its owner are made by createTenant itself (service.ts).
export const tenancyModule = defineModule({ name: 'tenancy', plugin: tenancyRoutes });
