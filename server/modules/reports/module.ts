import { defineModule } from '../kazi-module.js';
import { createStandardReports } from './resource.js';
import { reportRoutes } from './routes.js';

export const reportsModule = defineModule({
  name: 'reports',
  plugin: reportRoutes,
  // the standard report definitions, one per type
  seedDemo: async (tx, { tenantId }) => {
    await createStandardReports(tx, tenantId);
  },
});
