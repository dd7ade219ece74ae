import type { FastifyInstance } from 'fastify';
import { defineModule } from '../kazi-module.js';
import { seedDemoCompanySettings } from './demo.js';
import { companyPublicRoutes } from './public.js';
import { companySettingsRoutes } from './routes.js';

/** Settings/Index and the company's own settings (SPEC §2 Settings, Company: Index, SEO meta, Terms, Theme), its public logos and terms. */
export const companySettingsModule = defineModule({
  name: 'company-settings',
  plugin: async (app: FastifyInstance) => {
    await companySettingsRoutes(app);
    companyPublicRoutes(app);
  },
  seedDemo: seedDemoCompanySettings,
});
