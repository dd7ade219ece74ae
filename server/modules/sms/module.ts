import { defineModule } from '../kazi-module.js';
import { seedDemoSms } from './demo.js';
import { smsRoutes } from './routes.js';

/** Bulk SMS (SPEC §2 SMS, §7 SMS; issue 16): sends, templates, transactions and the provider's callbacks. */
export const smsModule = defineModule({
  name: 'sms',
  plugin: smsRoutes,
  seedDemo: seedDemoSms,
});
