import { defineModule } from '../kazi-module.js';
import { seedDemoCampaigns } from './demo.js';
import { campaignRoutes } from './routes.js';

/** Campaigns, organisers, events, event groups and the calendar (SPEC §2 Campaigns, §7; issue 19; decision 0042). */
export const campaignsModule = defineModule({
  name: 'campaigns',
  plugin: campaignRoutes,
  seedDemo: seedDemoCampaigns,
});
