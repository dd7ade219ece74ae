import { defineModule } from '../kazi-module.js';
import { seedDemoEmail } from './demo.js';
import { emailRoutes } from './routes.js';

/** Email outreach (SPEC §2 Email, §7 Email; issue 17): the company's Mailgun or SMTP settings and its sending domains. */
export const emailModule = defineModule({
  name: 'email',
  plugin: emailRoutes,
  seedDemo: seedDemoEmail,
});
