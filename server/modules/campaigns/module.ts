import { defineModule } from '../kazi-module.js';

/** Campaigns, organisers, events, event groups and the calendar (SPEC §2 Campaigns, §7; issue 19). */
export const campaignsModule = defineModule({
  name: 'campaigns',
});
