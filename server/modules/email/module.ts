import { defineModule } from '../kazi-module.js';
import { emailRoutes } from './routes.js';

/** Email outreach (SPEC §2 Email, §7 Email; issue 17). */
export const emailModule = defineModule({
  name: 'email',
  plugin: emailRoutes,
});
