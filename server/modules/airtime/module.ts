import { defineModule } from '../kazi-module.js';
import { airtimeRoutes } from './routes.js';

/** Airtime top-ups (SPEC §2 Airtime, §7 Airtime; issue 16) through the delivery engine. */
export const airtimeModule = defineModule({
  name: 'airtime',
  plugin: airtimeRoutes,
});
